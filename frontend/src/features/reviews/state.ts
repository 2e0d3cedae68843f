// Pure view logic of the review pages: scoring inputs, the ranking's plain-words readings,
// fill-to-capacity and the capacity bar. Table-tested in state.test.ts.

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
    const range = `${c.scale_min} to ${c.scale_max}`;
    if (!raw) errors[c.id] = `Score ${c.name} from ${range}.`;
    else if (!/^-?\d+$/.test(raw) || Number(raw) < c.scale_min || Number(raw) > c.scale_max)
      errors[c.id] = `A whole number from ${range}.`;
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
    return "not enough applications with two or more reviews to tell";
  const a = alpha.toFixed(2);
  if (alpha < 0) return `alpha ${a} — reviewers disagree more than chance`;
  if (alpha < 0.2) return `alpha ${a} — slight agreement`;
  if (alpha < 0.4) return `alpha ${a} — fair agreement`;
  if (alpha < 0.6) return `alpha ${a} — moderate agreement`;
  if (alpha < 0.8) return `alpha ${a} — substantial agreement`;
  return `alpha ${a} — strong agreement`;
}

/** A score for a table cell: two decimals, a dash when there is none. */
export function formatScore(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined || Number.isNaN(value) ? "—" : value.toFixed(digits);
}

/** How old the shown ranking is: "updated 12 s ago", "updated 3 min ago", and
 * "· recalculating…" while a review change waits for its recalibration (the server serves the
 * last ranking meanwhile rather than make the page wait). */
export function freshnessWords(refreshedAt: string | null | undefined, recalculating: boolean, now: number): string {
  const parts: string[] = [];
  const at = refreshedAt ? Date.parse(refreshedAt) : Number.NaN;
  if (!Number.isNaN(at)) {
    const seconds = Math.max(0, Math.round((now - at) / 1000));
    if (seconds < 60) parts.push(`updated ${seconds} s ago`);
    else if (seconds < 3600) parts.push(`updated ${Math.floor(seconds / 60)} min ago`);
    else parts.push(`updated ${new Date(at).toLocaleString()}`);
  } else if (!recalculating) {
    parts.push("not calculated yet");
  }
  if (recalculating) parts.push("recalculating…");
  return parts.join(" · ");
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

export interface CapacityView {
  /** 0–100, for the bar's width and aria-valuenow. */
  percent: number;
  label: string;
  full: boolean;
}

/** `filled`: the server's `spots_filled` (everyone confirmed, checked in or not). */
export function capacityView(filled: number, capacity: number | null | undefined): CapacityView {
  if (!capacity || capacity <= 0) return { percent: 0, label: `${filled} spots filled · no capacity set yet`, full: false };
  const percent = Math.min(100, Math.round((filled / capacity) * 100));
  return {
    percent,
    label: `${filled} of ${capacity} spots filled (${percent}%)`,
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
  if (!/^\d+$/.test(capacity) || Number(capacity) < 1) errors.capacity = "How many people the event can hold (1 or more).";
  const rate = input.attendanceRate.trim();
  if (!/^\d*\.?\d+$/.test(rate) || Number(rate) <= 0 || Number(rate) > 1)
    errors.attendanceRate = "The share of accepted people who come: above 0, at most 1 (e.g. 0.67).";
  const waitlist = input.waitlistSize.trim();
  if (!/^\d+$/.test(waitlist)) errors.waitlistSize = "A whole number, 0 or more.";
  return errors;
}

/** How many to accept so that, at the expected attendance, the event is full (the server's rule). */
export function acceptTarget(capacity: number, attendanceRate: number): number {
  return attendanceRate > 0 ? Math.round(capacity / attendanceRate) : 0;
}

/** Who "already admitted" counts: the server's one definition (the `admitted` selection). */
export const ADMITTED_WORDS = "accepted, waitlist-accepted, confirmed, checked in";

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
    `${plural(counts.accept, "applicant")} to accept`,
    `${counts.waitlist} to waitlist`,
    `${counts.already_admitted} already admitted (${ADMITTED_WORDS})`,
  ];
  if (counts.teams_kept) parts.push(`${plural(counts.teams_kept, "team")} kept together`);
  return parts.join(" · ");
}

/**
 * How the accept count was reached, with the same "already admitted" number the summary shows:
 * "149 to admit in all − 34 already admitted = 115 places to fill." When fewer undecided scored
 * applicants remain than places, it says so.
 */
export function fillArithmetic(counts: FillCounts): string {
  const room = Math.max(0, counts.target - counts.already_admitted);
  const text = `${counts.target} to admit in all − ${counts.already_admitted} already admitted = ${plural(room, "place")} to fill.`;
  if (counts.accept < room)
    return `${text} Only ${plural(counts.accept, "undecided scored applicant")} fit, so ${counts.accept} ${counts.accept === 1 ? "is" : "are"} accepted.`;
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

export function refillSummary(r: RefillFigures): { state: string; arithmetic: string; order: string } {
  const state = !r.enabled ? "Off" : r.paused ? "Paused" : "On";
  const arithmetic =
    r.target === null
      ? "No capacity is set yet: save a fill to capacity first."
      : `${plural(r.admitted, "person", "people")} hold a place of ${r.target} (capacity ÷ attendance rate): ` +
        `${plural(r.free, "spot")} free, ${r.waiting} waiting.`;
  const order = r.ranked
    ? "Next is the best-ranked person on the waitlist; a team only together, if the spots allow."
    : "Next is the earliest waitlisted person; a team only together, if the spots allow.";
  return { state, arithmetic, order };
}

/** The offer days field: empty means "the cycle's date alone"; else a whole number of days, 1 to 365. */
export function offerDaysValue(text: string): { value: number | null; error: string | null } {
  const trimmed = text.trim();
  if (trimmed === "") return { value: null, error: null };
  const n = Number(trimmed);
  if (!Number.isInteger(n) || n < 1 || n > 365) return { value: null, error: "Enter a whole number of days from 1 to 365, or leave it empty." };
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
