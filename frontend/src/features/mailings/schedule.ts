// Pure helpers of the batch emails form, kept apart so that tests can pin them down.

export const AUDIENCES: { value: string; label: string }[] = [
  { value: "started", label: "Started" },
  { value: "submitted", label: "Submitted" },
  { value: "accepted", label: "Accepted" },
  { value: "waitlisted", label: "Waitlisted" },
  { value: "waitlist_accepted", label: "Waitlist accepted" },
  { value: "rejected", label: "Rejected" },
  { value: "custom", label: "Custom list" },
];

export function audienceLabel(value: string): string {
  return AUDIENCES.find((a) => a.value === value)?.label ?? value;
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
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "your local time";
  } catch {
    return "your local time";
  }
}

const dateTimeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export function formatSendAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

/** An audience in the select, with how many people it holds once that is known. */
export function audienceOption(label: string, count: number | undefined): string {
  if (count === undefined) return label;
  return `${label} (${count})`;
}

export function recipientsText(count: number): string {
  return count === 1 ? "1 recipient" : `${count} recipients`;
}

/** Whose values the preview shows: a real recipient ("recipient 2 of 40"), or the sample person. */
export function previewWhom(
  recipient: { index: number; email: string; first_name: string; last_name: string } | null,
  recipients: number,
): string {
  if (!recipient) return "Nobody is in this audience yet: the preview uses sample values.";
  const name = `${recipient.first_name} ${recipient.last_name}`.trim();
  const who = name ? `${name} <${recipient.email}>` : recipient.email;
  return `As ${who} will get it (recipient ${recipient.index + 1} of ${recipients}).`;
}
