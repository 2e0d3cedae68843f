// Pure helpers of the batch emails form, kept apart so that tests can pin them down.
import { formatDate, t } from "../../lib/i18n";

export interface AudienceChoice {
  value: string;
  label: string;
  group: "status" | "accounts" | "table" | "custom";
}

/** Every audience the composer offers, grouped: each application status, the accounts that
 * never started, the table's filter (when the page was opened from the table) and a pasted list.
 * English until shown (the catalog loads after the module runs): through t() where drawn. */
export const AUDIENCES: AudienceChoice[] = [
  { value: "started", label: t.noop("Started"), group: "status" },
  // The status, not the admin panel's "Submitted" (everyone past the draft, decided or not).
  { value: "submitted", label: t.noop("Submitted, no decision yet"), group: "status" },
  { value: "accepted", label: t.noop("Accepted"), group: "status" },
  { value: "waitlisted", label: t.noop("Waitlisted"), group: "status" },
  { value: "waitlist_accepted", label: t.noop("Waitlist accepted"), group: "status" },
  { value: "waitlist_confirmed", label: t.noop("Waitlist confirmed"), group: "status" },
  { value: "confirmed", label: t.noop("Confirmed"), group: "status" },
  { value: "checked_in", label: t.noop("Checked in"), group: "status" },
  { value: "rejected", label: t.noop("Rejected"), group: "status" },
  { value: "declined", label: t.noop("Declined"), group: "status" },
  { value: "expired", label: t.noop("Expired"), group: "status" },
  { value: "never_started", label: t.noop("Registered, never started"), group: "accounts" },
  { value: "filter", label: t.noop("The table's filter"), group: "table" },
  { value: "custom", label: t.noop("Custom list"), group: "custom" },
];

export const AUDIENCE_GROUP_LABELS: Record<AudienceChoice["group"], string> = {
  status: t.noop("By application status"),
  accounts: t.noop("Accounts"),
  table: t.noop("From the applications table"),
  custom: t.noop("Your own list"),
};

/** The audiences to offer: the table's filter only when there is one to use. */
export function offeredAudiences(hasTableFilter: boolean): AudienceChoice[] {
  return AUDIENCES.filter((a) => a.value !== "filter" || hasTableFilter);
}

/** What the composer starts with, from its address (`?audience=never_started`, or the table's
 * `?audience=filter&filters=selection%3Dconfirmed`); an unknown audience falls back. */
export function initialAudience(search: string, fallback = "submitted"): { audience: string; filters: string } {
  const params = new URLSearchParams(search);
  const filters = params.get("filters") ?? "";
  const wanted = params.get("audience") ?? "";
  const known = offeredAudiences(filters !== "").some((a) => a.value === wanted);
  return { audience: known ? wanted : fallback, filters };
}

/** An audience's name in the page's language (its value when it is none of ours). */
export function audienceLabel(value: string): string {
  const found = AUDIENCES.find((a) => a.value === value);
  return found ? t(found.label) : value;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/**
 * A `datetime-local` value ("2026-03-01T09:30"), read in the browser's time zone, as ISO 8601
 * with that zone's offset ("2026-03-01T09:30:00-05:00"). Null when the value is not a date.
 */
export function localToIso(value: string): string | null {
  const match = value.match(/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  if (Number.isNaN(date.getTime())) return null;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? "+" : "-";
  const abs = Math.abs(offset);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** A Date as a `datetime-local` value in the browser's zone (minutes precision). */
export function dateToLocalInput(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || t("your local time");
  } catch {
    return t("your local time");
  }
}

/** A send time in the page's language, in the browser's zone. */
export function formatSendAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatDate(date, { dateStyle: "medium", timeStyle: "short" });
}

/** An audience in the select, with how many people it holds once that is known. */
export function audienceOption(label: string, count: number | undefined): string {
  if (count === undefined) return label;
  return `${label} (${count})`;
}

export function recipientsText(count: number): string {
  return t.plural(count, { one: "{count} recipient", other: "{count} recipients" });
}

/**
 * Which language's email the previewed recipient gets (the server renders the preview as the
 * sending will: `language` they read, `version` the one of the email's language versions they
 * get, "" the message written first). Nothing to say for a reader of the default language or
 * the sample person. `languages`: the enabled ones besides the default, with their names.
 */
export function previewLanguage(
  preview: { language: string; version: string; recipient: { email: string } | null },
  languages: readonly { code: string; name: string }[],
): string | null {
  if (!preview.recipient) return null;
  const read = languages.find((language) => language.code === preview.language);
  if (!read) return null;
  const values = { email: preview.recipient.email, language: read.name };
  return preview.version
    ? t("{email} reads {language}: this is the {language} version.", values)
    : t("{email} reads {language}, which has no version here: they get the first message, its footer in {language}.", values);
}

/** Whose values the preview shows: a real recipient ("recipient 2 of 40"), or the sample person. */
export function previewWhom(
  recipient: { index: number; email: string; first_name: string; last_name: string } | null,
  recipients: number,
): string {
  if (!recipient) return t("Nobody is in this audience yet: the preview uses sample values.");
  const name = `${recipient.first_name} ${recipient.last_name}`.trim();
  const who = name ? `${name} <${recipient.email}>` : recipient.email;
  return t("As {who} will get it (recipient {n} of {count}).", { who, n: recipient.index + 1, count: recipients });
}
