import { describe, expect, it } from "vitest";
import {
  EMPTY_COMPOSE,
  afterScheduled,
  composeErrors,
  customRecipients,
  mailingForm,
  previewDraft,
  previewable,
  reviseErrors,
  serverErrors,
  stepRecipient,
  type Compose,
} from "./compose-state";

const html = new File(["<p>Hi {{ first_name }}</p>"], "welcome.html", { type: "text/html" });
const VALID: Compose = { ...EMPTY_COMPOSE, subject: "Welcome", markdown: "Hi", sendAt: "2026-03-01T09:30" };

describe("composeErrors", () => {
  it.each<[string, Partial<Compose>, Record<string, string>]>([
    ["a complete Markdown email", {}, {}],
    ["a blank subject", { subject: "  " }, { subject: "Enter a subject." }],
    ["an empty Markdown body", { markdown: " \n" }, { markdown: "Write the email." }],
    ["no send time", { sendAt: "" }, { send_at: "Choose when to send." }],
    ["a send time without its hour", { sendAt: "2026-03-01" }, { send_at: "Enter a valid date and time." }],
    ["a custom list without addresses", { audience: "custom", emails: "nobody here" }, { emails: "Paste at least one email address." }],
    ["a custom list with one address in text", { audience: "custom", emails: "send to ada@princeton.edu please" }, {}],
    ["an HTML email without its file", { kind: "html" }, { html: "Choose an HTML file." }],
    ["an HTML email with another kind of file", { kind: "html", file: new File(["x"], "notes.txt") }, { html: "The file must be an .html file." }],
    ["an HTML email with its file", { kind: "html", file: html }, {}],
  ])("%s", (_case, change, expected) => {
    expect(composeErrors({ ...VALID, ...change })).toEqual(expected);
  });
});

describe("mailingForm", () => {
  it("sends the Markdown, the trimmed subject and the time with its offset", () => {
    const form = mailingForm({ ...VALID, subject: " Welcome " }, false);
    expect(form.get("subject")).toBe("Welcome");
    expect(form.get("audience")).toBe("submitted");
    expect(form.get("markdown")).toBe("Hi");
    expect(form.has("emails")).toBe(false);
    expect(form.has("html")).toBe(false);
    expect(String(form.get("send_at"))).toMatch(/^2026-03-01T09:30:00[+-]\d{2}:\d{2}$/);
    expect(form.has("confirm_duplicate")).toBe(false);
  });

  it("sends the HTML file itself, the custom list and the duplicate's confirmation", () => {
    const form = mailingForm({ ...VALID, kind: "html", file: html, audience: "custom", emails: "ada@princeton.edu" }, true);
    expect((form.get("html") as File).name).toBe("welcome.html");
    expect(form.has("markdown")).toBe(false);
    expect(form.get("emails")).toBe("ada@princeton.edu");
    expect(form.get("confirm_duplicate")).toBe("true");
  });
});

describe("the preview", () => {
  it("renders what is being written, for the chosen recipient", () => {
    expect(previewDraft({ ...VALID, kind: "html", fileText: "<p>x</p>", emails: "left over" }, 2)).toEqual({
      subject: "Welcome",
      markdown: "",
      html: "<p>x</p>",
      audience: "submitted",
      emails: "",
      recipient: 2,
    });
  });

  it("sends the complete language versions, so the preview shows each recipient theirs", () => {
    const versions = { es: { subject: " Hola ", markdown: "Hola" }, fr: { subject: "Salut", markdown: "" } };
    expect(previewDraft({ ...VALID, versions }, 0).translations).toEqual({ es: { subject: "Hola", markdown: "Hola" } });
    expect(previewDraft(VALID, 0)).not.toHaveProperty("translations");
  });

  it.each<[string, boolean, Partial<Compose>]>([
    ["Markdown", true, { kind: "markdown" }],
    ["HTML before a file is chosen", false, { kind: "html", file: null }],
    ["HTML with its file", true, { kind: "html", file: html }],
  ])("%s: previewable %s", (_case, expected, change) => {
    expect(previewable({ ...VALID, ...change })).toBe(expected);
  });

  it.each<[number, 1 | -1, number, number]>([
    [0, 1, 3, 1],
    [2, 1, 3, 0],
    [0, -1, 3, 2],
    [1, -1, 3, 0],
    [0, 1, 0, 0],
  ])("from %i, step %i among %i → %i", (current, step, count, expected) => {
    expect(stepRecipient(current, step, count)).toBe(expected);
  });
});

describe("after scheduling", () => {
  it("starts a blank email to the same audience, written the same way", () => {
    const sent: Compose = { ...VALID, audience: "custom", emails: "ada@princeton.edu", kind: "html", file: html, fileText: "x" };
    expect(afterScheduled(sent)).toEqual({ ...EMPTY_COMPOSE, audience: "custom", kind: "html" });
  });

  it("finds the custom list's addresses only for a custom audience", () => {
    expect(customRecipients({ ...VALID, audience: "custom", emails: "a@x.edu, b@y.edu" })).toEqual(["a@x.edu", "b@y.edu"]);
    expect(customRecipients({ ...VALID, emails: "a@x.edu" })).toEqual([]);
  });
});

describe("reviseErrors", () => {
  const EMPTY_ERRORS = composeErrors(EMPTY_COMPOSE);

  it.each([
    ["a subject typed", { subject: "Welcome" }, "subject"],
    ["the email written", { markdown: "Hi" }, "markdown"],
    ["a time chosen", { sendAt: "2026-03-01T09:30" }, "send_at"],
    ["switched to an HTML file and one chosen", { kind: "html" as const, file: html }, "markdown"],
  ])("%s clears its error and leaves the others", (_name, patch, field) => {
    const after = { ...EMPTY_COMPOSE, ...patch };
    const revised = reviseErrors(EMPTY_ERRORS, EMPTY_COMPOSE, after);
    expect(revised).not.toHaveProperty(field);
    for (const other of Object.keys(EMPTY_ERRORS).filter((f) => f !== field)) expect(revised).toHaveProperty(other);
  });

  it("a field changed but still wrong keeps an error, with the current words", () => {
    const before = { ...VALID, sendAt: "" };
    const revised = reviseErrors({ send_at: "Choose when to send." }, before, { ...before, sendAt: "not a time" });
    expect(revised).toEqual({ send_at: "Enter a valid date and time." });
  });

  it("a server's refusal goes when its field is edited, and stays while it isn't", () => {
    const refused = { subject: "The subject must be one line." };
    expect(reviseErrors(refused, VALID, { ...VALID, markdown: "Hi again" })).toEqual(refused);
    expect(reviseErrors(refused, VALID, { ...VALID, subject: "Welcome!" })).toEqual({});
  });

  it("pasting addresses clears the custom list's error", () => {
    const before = { ...VALID, audience: "custom" };
    const errors = composeErrors(before);
    expect(errors).toHaveProperty("emails");
    expect(reviseErrors(errors, before, { ...before, emails: "a@x.edu" })).toEqual({});
  });
});

describe("language versions", () => {
  const spanish = { es: { subject: " Hola ", markdown: "Hola {{ first_name }}" } };

  it("go with a Markdown email when written in full, trimmed", () => {
    const form = mailingForm({ ...VALID, versions: spanish }, false);
    expect(JSON.parse(form.get("translations") as string)).toEqual({
      es: { subject: "Hola", markdown: "Hola {{ first_name }}" },
    });
    expect(mailingForm({ ...VALID, versions: { es: { subject: "", markdown: "" } } }, false).get("translations")).toBeNull();
    expect(mailingForm({ ...VALID, kind: "html", file: html, versions: spanish }, false).get("translations")).toBeNull();
  });

  it("need both a subject and a message", () => {
    expect(composeErrors({ ...VALID, versions: { es: { subject: "Hola", markdown: " " } } }).translations).toMatch(
      /both a subject and a message/,
    );
    expect(composeErrors({ ...VALID, versions: spanish }).translations).toBeUndefined();
  });

  it("take the server's refusal of a version, naming its language", () => {
    expect(serverErrors({ "translations.es.markdown": "Unknown placeholder: nope.", subject: "Enter a subject." })).toEqual({
      translations: "es: Unknown placeholder: nope.",
      subject: "Enter a subject.",
    });
  });
});
