// The batch email being written, as one value: what it holds, what is wrong with it, what the
// server is sent, and which recipient the preview shows. Pure, so the tests pin each rule down.
import type { MailingDraft } from "../../api/mailings";
import { extractEmails } from "../../lib/emails";
import { t } from "../../lib/i18n";
import { localToIso } from "./schedule";

export type BodyKind = "markdown" | "html";
export type ComposeField = "subject" | "audience" | "emails" | "markdown" | "html" | "send_at" | "translations";
export type ComposeErrors = Partial<Record<ComposeField, string>>;

export interface Compose {
  subject: string;
  audience: string;
  /** The pasted text of a custom list (any text: its addresses are used). */
  emails: string;
  kind: BodyKind;
  markdown: string;
  /** The uploaded HTML file, and its text once read (for the preview). */
  file: File | null;
  fileText: string;
  /** A `datetime-local` value, in the browser's time zone. */
  sendAt: string;
  /** The table's filter as its query string, when the audience is "filter" (the server resolves it). */
  filters: string;
  /** A Markdown email's versions in other enabled languages, by language code: each recipient
   *  whose language has one gets it, everyone else the email above. */
  versions: Record<string, LanguageVersion>;
}

export interface LanguageVersion {
  subject: string;
  markdown: string;
}

export const EMPTY_COMPOSE: Compose = {
  subject: "",
  audience: "submitted",
  emails: "",
  kind: "markdown",
  markdown: "",
  file: null,
  fileText: "",
  sendAt: "",
  filters: "",
  versions: {},
};

/** After scheduling: a blank email to the same audience, written the same way. */
export function afterScheduled(compose: Compose): Compose {
  return { ...EMPTY_COMPOSE, audience: compose.audience, kind: compose.kind, filters: compose.filters };
}

/** The addresses of a custom list (none for a status audience). */
export function customRecipients(compose: Compose): string[] {
  return compose.audience === "custom" ? extractEmails(compose.emails) : [];
}

/** What must be fixed before the email can be scheduled, per field: English, shown through t(). */
export function composeErrors(compose: Compose): ComposeErrors {
  const errors: ComposeErrors = {};
  if (!compose.subject.trim()) errors.subject = t.noop("Enter a subject.");
  if (compose.audience === "custom" && customRecipients(compose).length === 0)
    errors.emails = t.noop("Paste at least one email address.");
  if (compose.kind === "markdown" && !compose.markdown.trim()) errors.markdown = t.noop("Write the email.");
  if (compose.kind === "html") {
    if (!compose.file) errors.html = t.noop("Choose an HTML file.");
    else if (!/\.html?$/i.test(compose.file.name)) errors.html = t.noop("The file must be an .html file.");
  }
  if (compose.kind === "markdown" && Object.values(compose.versions).some((v) => !v.subject.trim() !== !v.markdown.trim()))
    errors.translations = t.noop("Give each language's version both a subject and a message, or leave both empty.");
  if (!compose.sendAt) errors.send_at = t.noop("Choose when to send.");
  else if (!localToIso(compose.sendAt)) errors.send_at = t.noop("Enter a valid date and time.");
  return errors;
}

/** The multipart body of POST /api/mailings (the HTML goes as the file itself). */
export function mailingForm(compose: Compose, confirmDuplicate: boolean): FormData {
  const form = new FormData();
  form.append("subject", compose.subject.trim());
  form.append("audience", compose.audience);
  if (compose.audience === "custom") form.append("emails", compose.emails);
  if (compose.audience === "filter") form.append("filters", compose.filters);
  if (compose.kind === "markdown") form.append("markdown", compose.markdown);
  else if (compose.file) form.append("html", compose.file, compose.file.name);
  const versions = filledVersions(compose);
  if (Object.keys(versions).length) form.append("translations", JSON.stringify(versions));
  form.append("send_at", localToIso(compose.sendAt) ?? "");
  if (confirmDuplicate) form.append("confirm_duplicate", "true");
  return form;
}

/** The server's field errors on the form's fields: a language version's (`translations.es.subject`)
 *  go to the versions' one place, named by the language. */
export function serverErrors(errors: Record<string, string>): ComposeErrors {
  const out: ComposeErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const version = key.match(/^translations\.([^.]+)/);
    if (version) out.translations = out.translations ?? `${version[1]}: ${message}`;
    else out[key as ComposeField] = message;
  }
  return out;
}

/** The language versions written in full (a Markdown email's only), trimmed as sent. */
export function filledVersions(compose: Compose): Record<string, LanguageVersion> {
  if (compose.kind !== "markdown") return {};
  const out: Record<string, LanguageVersion> = {};
  for (const [code, version] of Object.entries(compose.versions))
    if (version.subject.trim() && version.markdown.trim()) out[code] = { subject: version.subject.trim(), markdown: version.markdown };
  return out;
}

/** What the server renders the preview from, for the `recipient`-th recipient. */
export function previewDraft(compose: Compose, recipient: number): MailingDraft {
  return {
    subject: compose.subject,
    markdown: compose.kind === "markdown" ? compose.markdown : "",
    html: compose.kind === "html" ? compose.fileText : "",
    // One of AUDIENCES, whose values are the server's audience names.
    audience: compose.audience as MailingDraft["audience"],
    emails: compose.audience === "custom" ? compose.emails : "",
    ...(compose.audience === "filter" ? { filters: compose.filters } : {}),
    recipient,
    // The recipient's language version, as the sending will pick it (complete ones only).
    ...(Object.keys(filledVersions(compose)).length ? { translations: filledVersions(compose) } : {}),
  };
}

/** The preview needs something to render: Markdown as typed, or a chosen file. */
export function previewable(compose: Compose): boolean {
  return compose.kind === "markdown" || compose.file !== null;
}

/** The recipient `step` places on from `current`, going round among `count`. */
export function stepRecipient(current: number, step: 1 | -1, count: number): number {
  if (count <= 0) return 0;
  return (((current + step) % count) + count) % count;
}

/** Which of the form's values each error is about. */
const FIELD_INPUTS: Record<ComposeField, (keyof Compose)[]> = {
  subject: ["subject"],
  audience: ["audience", "filters"],
  emails: ["emails", "audience"],
  markdown: ["markdown", "kind"],
  html: ["file", "kind"],
  send_at: ["sendAt"],
  translations: ["versions", "kind"],
};

/**
 * The errors still to show after an edit from `before` to `after`: an error whose field changed
 * is checked again and goes once the field is fixed (a server's refusal is taken back too, the
 * server checks again on the next try); the other fields' errors stay as they were.
 */
export function reviseErrors(errors: ComposeErrors, before: Compose, after: Compose): ComposeErrors {
  const now = composeErrors(after);
  const revised: ComposeErrors = {};
  for (const [field, message] of Object.entries(errors) as [ComposeField, string | undefined][]) {
    if (!message) continue;
    const changed = FIELD_INPUTS[field].some((input) => before[input] !== after[input]);
    const still = changed ? now[field] : message;
    if (still) revised[field] = still;
  }
  return revised;
}
