// The one client reading of email addresses, for every organizer tool that takes a pasted list
// (batch decisions, review assignments, custom mailing lists) or a single address (whitelist,
// resume book). It mirrors the server's extractor, apps/core/emails.py, rule for rule, so the
// count and the check a form shows are what the server will process: a looser client would
// count "x@y@z.edu" or the "neil@c.edu" inside "o'neil@c.edu" that the server then ignores.
// frontend/src/lib/email-cases.json holds the cases both test suites run, which proves they agree.

/**
 * A local part of letters, digits and . _ % + -, then dot-separated domain labels (no label
 * starts or ends with a hyphen) ending in an alphabetic top-level label of 2 to 63 letters.
 * The lookarounds keep a match from starting or ending inside a longer run of address
 * characters, so text that is not an address yields nothing rather than a fragment of it; a
 * quote counts as a separator only where it opens a token, as in "['a@b.edu']".
 */
const EMAIL_SOURCE =
  "(?<![A-Za-z0-9._%+@!#$&*?^`~-])" +
  "(?<![A-Za-z0-9._%+-]')" +
  "[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*" +
  "\\.[A-Za-z]{2,63}" +
  "(?![A-Za-z0-9_%+@-]|\\.[A-Za-z0-9])";

const EMAIL_IN_TEXT = new RegExp(EMAIL_SOURCE, "g");
const EMAIL_WHOLE = new RegExp(`^(?:${EMAIL_SOURCE})$`);

/** The most characters read from one pasted text, as on the server (MAX_TEXT_LENGTH). */
export const MAX_TEXT_LENGTH = 2_000_000;

/** The addresses in `text`, lower-cased, de-duplicated, in the order they first appear. */
export function extractEmails(text: string): string[] {
  if (typeof text !== "string") return [];
  const found = text.slice(0, MAX_TEXT_LENGTH).match(EMAIL_IN_TEXT) ?? [];
  return [...new Set(found.map((email) => email.toLowerCase()))];
}

/** Whether `value`, trimmed, is exactly one address in the sense of `extractEmails`. */
export function isEmail(value: string): boolean {
  return typeof value === "string" && EMAIL_WHOLE.test(value.trim());
}
