import { afterEach, describe, expect, it } from "vitest";
import { setConfig, type PortalConfig } from "./config";
import {
  CONFIRM_MESSAGE,
  INVALID_ENTRY,
  LOGIN_EMAIL_MESSAGE,
  PASSWORD_MESSAGE,
  RESET_EMAIL_MESSAGE,
  STUDENT_EMAIL_MESSAGE,
  confirmError,
  emailError,
  isStudentEmail,
  isValidPassword,
  passwordError,
} from "./validation";

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

describe("isStudentEmail", () => {
  it.each(["ada@princeton.edu", "a@cs.mit.edu", "x@utoronto.ca", "y@iitb.ac.in", "z@unilag.edu.ng", "w@ox.ac.uk", "v@polimi.it"])(
    "accepts the student ending of %s",
    (email) => expect(isStudentEmail(email)).toBe(true),
  );

  it.each(["first.last@x.edu", "under_score@x.edu", "per%cent@x.edu", "plus+tag@x.edu", "dash-ed@x.edu", "D1G1T5@x.edu"])(
    "accepts letters, digits and . _ %% + - in the local part (%s)",
    (email) => expect(isStudentEmail(email)).toBe(true),
  );

  it.each(["ada@gmail.com", "ada@princeton.org", "ada@school.education", "ada@edu.com", "ada@x.io"])(
    "refuses a non-student domain (%s)",
    (email) => expect(isStudentEmail(email)).toBe(false),
  );

  it.each(["", "ada", "ada@", "@princeton.edu", "ada@@princeton.edu", "a da@princeton.edu", "ad!a@princeton.edu", "ada@princeton", "ada@.edu"])(
    "refuses a malformed address (%j)",
    (email) => expect(isStudentEmail(email)).toBe(false),
  );

  it("ignores case and surrounding spaces, as the server does", () => {
    expect(isStudentEmail("  Ada.Lovelace@PRINCETON.EDU ")).toBe(true);
  });

  it("refuses an address longer than 254 characters", () => {
    expect(isStudentEmail(`${"a".repeat(250)}@x.edu`)).toBe(false);
  });

  it("accepts any address matching a whitelist pattern, as a whole", () => {
    const patterns = [".*@partner\\.com", "guest\\d+@example\\.org"];
    expect(isStudentEmail("someone@partner.com", patterns)).toBe(true);
    expect(isStudentEmail("guest42@example.org", patterns)).toBe(true);
    expect(isStudentEmail("guest@example.org", patterns)).toBe(false);
    // Anchored: a pattern must match the whole address, not a part of it.
    expect(isStudentEmail("someone@partner.com.evil.net", patterns)).toBe(false);
  });

  it("skips a whitelist pattern that is not a valid regular expression", () => {
    expect(isStudentEmail("a@b.com", ["(unclosed", "a@b\\.com"])).toBe(true);
    expect(isStudentEmail("a@b.com", ["(unclosed"])).toBe(false);
  });

  it("accepts the configured extra student domains and their subdomains", () => {
    expect(isStudentEmail("ada@princeton.org", [], ["princeton.org"])).toBe(true);
    expect(isStudentEmail("ada@cs.princeton.org", [], ["Princeton.org"])).toBe(true);
    expect(isStudentEmail("ada@notprinceton.org", [], ["princeton.org"])).toBe(false);
  });

  describe("with a page config", () => {
    afterEach(() => setConfig(null));

    it("reads the extra domains from it by default", () => {
      setConfig({ studentDomains: ["hack.example"] } as PortalConfig);
      expect(isStudentEmail("ada@hack.example")).toBe(true);
      expect(emailError("ada@hack.example", STUDENT_EMAIL_MESSAGE)).toBeNull();
    });
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
  it("emailError shows the caller's message only for a non-empty invalid address", () => {
    expect(emailError("", STUDENT_EMAIL_MESSAGE)).toBeNull();
    expect(emailError("ada@princeton.edu", STUDENT_EMAIL_MESSAGE)).toBeNull();
    expect(emailError("ada@gmail.com", STUDENT_EMAIL_MESSAGE)).toBe(STUDENT_EMAIL_MESSAGE);
    expect(emailError("ada@gmail.com", LOGIN_EMAIL_MESSAGE)).toBe(LOGIN_EMAIL_MESSAGE);
    expect(emailError("ada@gmail.com", RESET_EMAIL_MESSAGE)).toBe(RESET_EMAIL_MESSAGE);
    expect(emailError("ada@gmail.com", LOGIN_EMAIL_MESSAGE, [".*@gmail\\.com"])).toBeNull();
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
