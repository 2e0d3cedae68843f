import { describe, expect, it } from "vitest";
import {
  CONFIRM_MESSAGE,
  INVALID_ENTRY,
  LOGIN_EMAIL_MESSAGE,
  PASSWORD_MESSAGE,
  RESET_EMAIL_MESSAGE,
  STUDENT_EMAIL_MESSAGE,
  confirmError,
  emailError,
  mayBeAccepted,
  isValidPassword,
  looksLikeStudentEmail,
  OUTSIDE_EMAIL_HINT,
  outsideEmailHint,
  passwordError,
} from "./validation";
import shared from "./register-email-cases.json";

describe("the spec's messages", () => {
  it("are word for word those of section 5", () => {
    expect(STUDENT_EMAIL_MESSAGE).toBe("Must be a student email assigned by a university");
    expect(LOGIN_EMAIL_MESSAGE).toBe("Must be a student email address");
    expect(RESET_EMAIL_MESSAGE).toBe("Must be a valid email address");
    expect(PASSWORD_MESSAGE).toBe("Password must have at least 8 characters, 1 number, and 1 special character");
    expect(CONFIRM_MESSAGE).toBe("This field must match the password");
    expect(INVALID_ENTRY).toBe("Invalid Entry");
  });
});

describe("mayBeAccepted", () => {
  // The pages don't hold the whitelist (single addresses are never shown to anyone but
  // organizers, and running the organizers' patterns in the page could freeze it), so they
  // block only what no rule of the server can accept and let the server decide the rest.
  it.each(["ada@princeton.edu", "ada@gmail.com", "guest@partner.org", "odd@localhost", "  Ada@X.EDU "])(
    "lets %j through to the server",
    (email) => expect(mayBeAccepted(email)).toBe(true),
  );

  it.each(["", "   ", "ada", "ada@", "@princeton.edu", "a da@princeton.edu", `${"a".repeat(250)}@x.edu`])(
    "blocks %j, which no rule can accept",
    (email) => expect(mayBeAccepted(email)).toBe(false),
  );

  it("runs no organizer pattern, so a backtracking one can't freeze the page", () => {
    const started = performance.now();
    expect(mayBeAccepted(`${"a".repeat(40)}-@partner.org`)).toBe(true);
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe("the register cases shared with the server (register-email-cases.json)", () => {
  // apps/accounts/tests/test_register_email_cases.py registers each value: with a catch-all
  // whitelist pattern the server takes exactly the "shaped" ones, with no whitelist exactly the
  // "student" ones. So the page never blocks an address some whitelist rule could let in.
  it.each(shared.cases.map((c) => [c.value, c] as const))("%j", (_value, c) => {
    expect(mayBeAccepted(c.value)).toBe(c.shaped);
    expect(looksLikeStudentEmail(c.value)).toBe(c.student);
    expect(outsideEmailHint(c.value)).toBe(c.shaped && !c.student ? OUTSIDE_EMAIL_HINT : undefined);
  });

  it("cover each outcome", () => {
    const outcomes = new Set(shared.cases.map((c) => `${c.shaped}/${c.student}`));
    expect([...outcomes].sort()).toEqual(["false/false", "true/false", "true/true"]);
  });

  it("count length by code point, as the server does", () => {
    const emoji = `${"😀".repeat(240)}@gmail.com`; // 250 code points, 490 UTF-16 units
    expect(mayBeAccepted(emoji)).toBe(true);
  });

  it("call an address on an extra student domain a university one", () => {
    expect(looksLikeStudentEmail("ada@cs.princeton.org", ["princeton.org"])).toBe(true);
    expect(looksLikeStudentEmail("ada@notprinceton.org", ["princeton.org"])).toBe(false);
    expect(outsideEmailHint("ada@princeton.org", ["princeton.org"])).toBeUndefined();
  });
});

describe("isValidPassword", () => {
  it.each(["Coffee-42", "abcdefg1!", "12345678?", "pass_word9", "x~y~z~12"])("accepts %s", (pw) =>
    expect(isValidPassword(pw)).toBe(true),
  );

  it("accepts each special character of the rule", () => {
    for (const special of "-~!@#$%^&*()_?") expect(isValidPassword(`abcdef1${special}`)).toBe(true);
  });

  it.each([
    ["too short", "Ab1-xyz"],
    ["no digit", "Coffee-Beans"],
    ["no special", "CoffeeBeans42"],
    ["a special outside the list", "CoffeeBeans42+"],
    ["empty", ""],
  ])("refuses a password with %s", (_why, pw) => expect(isValidPassword(pw)).toBe(false));
});

describe("field messages", () => {
  it("emailError shows the caller's message only for a non-empty address no rule can accept", () => {
    expect(emailError("", STUDENT_EMAIL_MESSAGE)).toBeNull();
    expect(emailError("ada@princeton.edu", STUDENT_EMAIL_MESSAGE)).toBeNull();
    expect(emailError("ada@gmail.com", STUDENT_EMAIL_MESSAGE)).toBeNull(); // the server decides
    expect(emailError("ada", STUDENT_EMAIL_MESSAGE)).toBe(STUDENT_EMAIL_MESSAGE);
    expect(emailError("ada", LOGIN_EMAIL_MESSAGE)).toBe(LOGIN_EMAIL_MESSAGE);
    expect(emailError("ada", RESET_EMAIL_MESSAGE)).toBe(RESET_EMAIL_MESSAGE);
  });

  it("login and reset accept every address registration accepts (the contract widens section 5)", () => {
    for (const email of ["a@x.ng", "a@x.uk", "a@x.it"]) {
      expect(emailError(email, LOGIN_EMAIL_MESSAGE)).toBeNull();
      expect(emailError(email, RESET_EMAIL_MESSAGE)).toBeNull();
    }
  });

  it("passwordError shows the password message only for a non-empty weak password", () => {
    expect(passwordError("")).toBeNull();
    expect(passwordError("weak")).toBe(PASSWORD_MESSAGE);
    expect(passwordError("Coffee-Beans-42")).toBeNull();
  });

  it("confirmError asks the confirmation to match the password", () => {
    expect(confirmError("Coffee-Beans-42", "")).toBeNull();
    expect(confirmError("Coffee-Beans-42", "Coffee-Beans-4")).toBe(CONFIRM_MESSAGE);
    expect(confirmError("Coffee-Beans-42", "coffee-beans-42")).toBe(CONFIRM_MESSAGE);
    expect(confirmError("Coffee-Beans-42", "Coffee-Beans-42")).toBeNull();
  });
});
