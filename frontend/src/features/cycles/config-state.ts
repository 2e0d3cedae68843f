// The configuration page's rules, mirrored from the server (apps.cycles.services.DATE_ORDER,
// apps.decisions.cycle_release) for instant feedback: the server stays the authority and its
// 400/409 answers are shown the same way. Pure functions, table-tested.
import type { CycleConfig } from "../../api/organizer";
import { formatDate, t } from "../../lib/i18n";

type DateKey = keyof CycleConfig["dates"];
type Status = CycleConfig["status"];

export const PRE_RELEASE: readonly Status[] = ["not_open", "open", "closed"];
export const POST_RELEASE: readonly Status[] = [
  "released",
  "confirmation_closed",
  "waitlist_closed",
  "second_confirmation_closed",
];

// English until shown (the catalog loads after the module runs): through t() where used.
const LABELS: Record<DateKey, string> = {
  due: t.noop("the application due date"),
  start: t.noop("the event's start"),
  end: t.noop("the event's end"),
  housing: t.noop("the housing form date"),
  confirmation_first_deadline: t.noop("the first confirmation deadline"),
  confirmation_second_deadline: t.noop("the second confirmation deadline"),
  waitlist_deadline: t.noop("the waitlist deadline"),
};

/** "March 7, 2026": how the portal shows a date (long format, UTC), in the page's language. */
export function longDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return formatDate(date, { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" });
}

/** (earlier, later, the field that shows the error): the server's DATE_ORDER. */
export const DATE_ORDER: readonly [DateKey, DateKey, DateKey][] = [
  ["due", "start", "due"],
  ["start", "end", "end"],
  ["confirmation_first_deadline", "confirmation_second_deadline", "confirmation_second_deadline"],
  ["confirmation_first_deadline", "end", "confirmation_first_deadline"],
  ["confirmation_second_deadline", "end", "confirmation_second_deadline"],
  ["waitlist_deadline", "end", "waitlist_deadline"],
  ["housing", "end", "housing"],
];

/** Each date out of order, at the field the server names ("Must be on or after the event's start
 *  (2026-03-07)."). Dates that are missing or malformed are left to the other checks. */
export function dateOrderErrors(dates: Partial<Record<DateKey, string>>): Partial<Record<DateKey, string>> {
  const errors: Partial<Record<DateKey, string>> = {};
  for (const [earlier, later, blamed] of DATE_ORDER) {
    const a = dates[earlier];
    const b = dates[later];
    if (!a || !b || !/^\d{4}-\d{2}-\d{2}$/.test(a) || !/^\d{4}-\d{2}-\d{2}$/.test(b) || a <= b) continue;
    if (errors[blamed]) continue;
    errors[blamed] =
      blamed === earlier
        ? t("Must be on or before {other} ({date}).", { other: t(LABELS[later]), date: longDate(b) })
        : t("Must be on or after {other} ({date}).", { other: t(LABELS[earlier]), date: longDate(a) });
  }
  return errors;
}

/** What a save from the stored status `saved` to `next` means for the applicants. */
export type StatusMove = "release" | "unrelease" | "plain";

export function statusMove(saved: Status, next: Status): StatusMove {
  if (POST_RELEASE.includes(next) && (PRE_RELEASE.includes(saved) || next === "released")) return "release";
  if (POST_RELEASE.includes(saved) && PRE_RELEASE.includes(next)) return "unrelease";
  return "plain";
}

/** The server's field errors keyed by the form's fields: "dates.end" → "end". */
export function formFieldErrors(errors: Record<string, string>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) flat[key.replace(/^dates\./, "")] = value;
  return flat;
}

/** The errors left once `field` changed: its own goes (it may be fixed now), the rest stay. */
export function withoutError(errors: Record<string, string>, field: string): Record<string, string> {
  if (!(field in errors)) return errors;
  const rest = { ...errors };
  delete rest[field];
  return rest;
}

/** "Hide 3 decisions" / "Hide 1 decision": the confirm button. */
export function hideDecisions(n: number): string {
  return t.plural(n, { one: "Hide {count} decision", other: "Hide {count} decisions" });
}

/** "4 applicants' decisions" / "1 applicant's decision". */
export function decisionsNoun(n: number): string {
  return t.plural(n, { one: "{count} applicant's decision", other: "{count} applicants' decisions" });
}

/** What the release dialog says when applications are still open: releasing moves the cycle off
 *  "open", which closes the form before its due date. `today` is the date in UTC (YYYY-MM-DD), as
 *  the portal's dates are. Null when applications are already closed and past their due date. */
export function stillOpenNote(saved: Status, due: string | undefined, today: string): string | null {
  const dueValid = Boolean(due && /^\d{4}-\d{2}-\d{2}$/.test(due));
  const beforeDue = dueValid && today <= (due as string);
  if (saved === "open" && beforeDue)
    return t("Applications are still open until {date}. Releasing closes them now: nobody can submit after this save.", {
      date: longDate(due as string),
    });
  if (saved === "open") return t("Applications are still open. Releasing closes them now: nobody can submit after this save.");
  if (beforeDue)
    return t("Applications are due {date}, which hasn't passed yet: anyone still applying can't submit once decisions are out.", {
      date: longDate(due as string),
    });
  return null;
}

/** Today's date in UTC as YYYY-MM-DD. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
