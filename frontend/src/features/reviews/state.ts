// Pure view logic of the review pages: scoring inputs, the ranking's plain-words readings,
// fill-to-capacity and the capacity bar. Table-tested in state.test.ts. The words go through
// t() when the function runs (a render), so they are in the page's language.
import { formatDate, formatNumber, t } from "../../lib/i18n";

export interface ScaleCriterion {
  id: number;
  name: string;
  scale_min: number;
  scale_max: number;
}

/** A scale this short is a row of radio buttons (one tap on a phone); a longer one a number box. */
export const RADIO_SCALE_MAX_STEPS = 11;

export function usesRadios(c: ScaleCriterion): boolean {
  return c.scale_max - c.scale_min + 1 <= RADIO_SCALE_MAX_STEPS;
}

export function scaleValues(c: ScaleCriterion): number[] {
  return Array.from({ length: c.scale_max - c.scale_min + 1 }, (_, i) => c.scale_min + i);
}

/** Per criterion id, what is wrong with the typed score; empty when every score can be saved. */
export function scoreErrors(criteria: ScaleCriterion[], scores: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const c of criteria) {
    const raw = (scores[String(c.id)] ?? "").trim();
    const range = { name: c.name, min: c.scale_min, max: c.scale_max };
    if (!raw) errors[c.id] = t("Score {name} from {min} to {max}.", range);
    else if (!/^-?\d+$/.test(raw) || Number(raw) < c.scale_min || Number(raw) > c.scale_max)
      errors[c.id] = t("A whole number from {min} to {max}.", range);
  }
  return errors;
}

/** The scores as PUT review takes them: {"<criterion id>": int}. */
export function scoresPayload(criteria: ScaleCriterion[], scores: Record<string, string>): Record<string, number> {
  return Object.fromEntries(criteria.map((c) => [String(c.id), Number((scores[String(c.id)] ?? "").trim())]));
}

/** A stored review's scores as the inputs hold them (text). */
export function scoresText(scores: Record<string, number> | null | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(scores ?? {}).map(([k, v]) => [k, String(v)]));
}

/** Krippendorff's alpha in words, on the bands organizers know from Landis & Koch, plus
 * Krippendorff's own caution that below 0.667 conclusions are shaky. */
export function agreementWords(alpha: number | null | undefined): string {
  if (alpha === null || alpha === undefined || Number.isNaN(alpha))
    return t("not enough applications with two or more reviews to tell");
  const a = { alpha: formatScore(alpha) };
  if (alpha < 0) return t("alpha {alpha} — reviewers disagree more than chance", a);
  if (alpha < 0.2) return t("alpha {alpha} — slight agreement", a);
  if (alpha < 0.4) return t("alpha {alpha} — fair agreement", a);
  if (alpha < 0.6) return t("alpha {alpha} — moderate agreement", a);
  if (alpha < 0.8) return t("alpha {alpha} — substantial agreement", a);
  return t("alpha {alpha} — strong agreement", a);
}

/** A score for a table cell: two decimals (the page's decimal sign), a dash when there is none. */
export function formatScore(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined || Number.isNaN(value)
    ? "—"
    : formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
}

/** How old the shown ranking is: "updated 12 s ago", "updated 3 min ago", and
 * "· recalculating…" while a review change waits for its recalibration (the server serves the
 * last ranking meanwhile rather than make the page wait). */
export function freshnessWords(refreshedAt: string | null | undefined, recalculating: boolean, now: number): string {
  const parts: string[] = [];
  const at = refreshedAt ? Date.parse(refreshedAt) : Number.NaN;
  if (!Number.isNaN(at)) {
    const seconds = Math.max(0, Math.round((now - at) / 1000));
    if (seconds < 60) parts.push(t("updated {seconds} s ago", { seconds }));
    else if (seconds < 3600) parts.push(t("updated {minutes} min ago", { minutes: Math.floor(seconds / 60) }));
    else parts.push(t("updated {when}", { when: formatDate(at, { dateStyle: "medium", timeStyle: "short" }) }));
  } else if (!recalculating) {
    parts.push(t("not calculated yet"));
  }
  if (recalculating) parts.push(t("recalculating…"));
  return parts.join(" · ");
}

/** A recalculation normally lands within seconds (a read queues it again once its claim, 30 s,
 *  has expired); past this the worker that runs it is most likely not running. */
export const STALLED_AFTER_SECONDS = 120;

/** Whole minutes the ranking has waited for its recalculation since the last review change, once
 *  that is past STALLED_AFTER_SECONDS; null while it is not stalled (or not recalculating). */
export function stalledMinutes(changedAt: string | null | undefined, recalculating: boolean, now: number): number | null {
  const at = changedAt ? Date.parse(changedAt) : Number.NaN;
  if (!recalculating || Number.isNaN(at)) return null;
  const seconds = (now - at) / 1000;
  return seconds >= STALLED_AFTER_SECONDS ? Math.floor(seconds / 60) : null;
}

export interface CapacityView {
  /** 0–100, for the bar's width and aria-valuenow. */
  percent: number;
  label: string;
  full: boolean;
}

/** `filled`: the server's `spots_filled` (everyone confirmed, checked in or not). */
export function capacityView(filled: number, capacity: number | null | undefined): CapacityView {
  if (!capacity || capacity <= 0)
    return {
      percent: 0,
      label: t.plural(filled, { one: "{count} spot filled · no capacity set yet", other: "{count} spots filled · no capacity set yet" }),
      full: false,
    };
  const percent = Math.min(100, Math.round((filled / capacity) * 100));
  return {
    percent,
    label: t("{filled} of {capacity} spots filled ({percent})", {
      filled,
      capacity,
      percent: formatNumber(percent / 100, { style: "percent" }),
    }),
    full: filled >= capacity,
  };
}

export interface FillInput {
  capacity: string;
  attendanceRate: string;
  waitlistSize: string;
}

/** Per field, what is wrong with the fill-to-capacity form; empty when it can be previewed. */
export function fillErrors(input: FillInput): Partial<Record<keyof FillInput, string>> {
  const errors: Partial<Record<keyof FillInput, string>> = {};
  const capacity = input.capacity.trim();
  if (!/^\d+$/.test(capacity) || Number(capacity) < 1) errors.capacity = t("How many people the event can hold (1 or more).");
  const rate = input.attendanceRate.trim();
  if (!/^\d*\.?\d+$/.test(rate) || Number(rate) <= 0 || Number(rate) > 1)
    errors.attendanceRate = t("The share of accepted people who come: above 0, at most 1 (e.g. 0.67).");
  const waitlist = input.waitlistSize.trim();
  if (!/^\d+$/.test(waitlist)) errors.waitlistSize = t("A whole number, 0 or more.");
  return errors;
}

/** How many to accept so that, at the expected attendance, the event is full (the server's rule). */
export function acceptTarget(capacity: number, attendanceRate: number): number {
  return attendanceRate > 0 ? Math.round(capacity / attendanceRate) : 0;
}

/** Who "already admitted" counts: the server's one definition (the `admitted` selection). */
export const ADMITTED_WORDS = t.noop("accepted, waitlist-accepted, confirmed, checked in");

export interface FillCounts {
  accept: number;
  waitlist: number;
  already_admitted: number;
  target: number;
  teams_kept?: number;
}

/** The preview's one-line summary. */
export function fillSummary(counts: FillCounts): string {
  const parts = [
    t.plural(counts.accept, { one: "{count} applicant to accept", other: "{count} applicants to accept" }),
    t("{count} to waitlist", { count: counts.waitlist }),
    t("{count} already admitted ({who})", { count: counts.already_admitted, who: t(ADMITTED_WORDS) }),
  ];
  if (counts.teams_kept) parts.push(t.plural(counts.teams_kept, { one: "{count} team kept together", other: "{count} teams kept together" }));
  return parts.join(" · ");
}

/**
 * How the accept count was reached, with the same "already admitted" number the summary shows:
 * "149 to admit in all − 34 already admitted = 115 places to fill." When fewer undecided scored
 * applicants remain than places, it says so.
 */
export function fillArithmetic(counts: FillCounts): string {
  const room = Math.max(0, counts.target - counts.already_admitted);
  const text = t.plural(
    room,
    { one: "{target} to admit in all − {admitted} already admitted = {count} place to fill.", other: "{target} to admit in all − {admitted} already admitted = {count} places to fill." },
    { target: counts.target, admitted: counts.already_admitted },
  );
  if (counts.accept < room)
    return `${text} ${t.plural(counts.accept, { one: "Only {count} undecided scored applicant fits, so {count} is accepted.", other: "Only {count} undecided scored applicants fit, so {count} are accepted." })}`;
  return text;
}

/** The min-reviews filter's value for the API: a whole number ≥ 0, else none. */
export function minReviewsParam(text: string): number | undefined {
  const t = text.trim();
  return /^\d+$/.test(t) ? Number(t) : undefined;
}

/** The waitlist refill panel's words, from GET waitlist-refill. */
export interface RefillFigures {
  enabled: boolean;
  paused: boolean;
  idle_reason: string;
  ranked: boolean;
  waiting: number;
  target: number | null;
  admitted: number;
  free: number;
}

/** `key`: the state for the badge's style ("off", "paused", "on"); `state`: its words. */
export function refillSummary(r: RefillFigures): { key: string; state: string; arithmetic: string; order: string } {
  const key = !r.enabled ? "off" : r.paused ? "paused" : "on";
  const state = !r.enabled ? t("Off") : r.paused ? t("Paused") : t("On");
  const arithmetic =
    r.target === null
      ? t("No capacity is set yet: save a fill to capacity first.")
      : `${t.plural(r.admitted, { one: "{count} person holds a place of {target} (capacity ÷ attendance rate):", other: "{count} people hold a place of {target} (capacity ÷ attendance rate):" }, { target: r.target })} ` +
        t.plural(r.free, { one: "{count} spot free, {waiting} waiting.", other: "{count} spots free, {waiting} waiting." }, { waiting: r.waiting });
  const order = r.ranked
    ? t("Next is the best-ranked person on the waitlist; a team only together, if the spots allow.")
    : t("Next is the earliest waitlisted person; a team only together, if the spots allow.");
  return { key, state, arithmetic, order };
}

/** The offer days field: empty means "the cycle's date alone"; else a whole number of days, 1 to 365. */
export function offerDaysValue(text: string): { value: number | null; error: string | null } {
  const trimmed = text.trim();
  if (trimmed === "") return { value: null, error: null };
  const n = Number(trimmed);
  if (!Number.isInteger(n) || n < 1 || n > 365) return { value: null, error: t("Enter a whole number of days from 1 to 365, or leave it empty.") };
  return { value: n, error: null };
}

/** Whether the scoring form holds something its saved review doesn't: a picked or typed score,
 * or a comment, that leaving the page would drop. */
export function hasUnsavedReview(
  saved: { scores: Record<string, number> | null | undefined; comment: string },
  scores: Record<string, string>,
  comment: string,
): boolean {
  const before = scoresText(saved.scores);
  const keys = new Set([...Object.keys(before), ...Object.keys(scores)]);
  for (const key of keys) if ((before[key] ?? "").trim() !== (scores[key] ?? "").trim()) return true;
  return saved.comment.trim() !== comment.trim();
}

/** Where the reviewer goes after passing an application on. A skip keeps the assignment (it shows
 * as Skipped in the list), so the next one is one further; a conflict removes it, so the next
 * application moves up into the same position. */
export function indexAfterMove(kind: "skip" | "conflict", index: number): number {
  return kind === "skip" ? index + 1 : index;
}
