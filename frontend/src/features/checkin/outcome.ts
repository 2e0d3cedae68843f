// What one check-in attempt came to, and how the result card shows it. The server's answers
// (docs/api/checkin.md: 200 CheckInResult, 409 CheckInRefusal with a `result` code, 400 invalid)
// become one Outcome; the card is a pure function of it, so every state is table-tested.
import type { CheckInRefusal, CheckInResult, CheckpointResult, Person, SearchHit } from "../../api/checkin";
import { ApiError } from "../../lib/api";
import { t } from "../../lib/i18n";
import { clockTime, zonedClockTime } from "../../lib/time";

/** The checkpoint an outcome is about (a meal shows the dietary needs large). */
export type CheckpointInfo = CheckpointResult["checkpoint"];

export type Outcome =
  | { kind: "checked_in"; person: Person }
  /** Let through at a checkpoint (served lunch, handed swag). */
  | { kind: "passed"; person: Person; checkpoint: CheckpointInfo }
  /** Already had it: the message says when ("Already had Saturday lunch at 12:41."). */
  | { kind: "already_passed"; message: string; person: Person | null; checkpoint: CheckpointInfo | null }
  /** Not through the door yet, or another event's ticket, at a checkpoint. */
  | { kind: "not_in"; message: string; person: Person | null; checkpoint: CheckpointInfo | null }
  | { kind: "already"; message: string; person: Person | null }
  | { kind: "refused"; message: string; person: Person | null }
  | { kind: "replaced"; message: string; person: Person | null }
  | { kind: "invalid"; message: string }
  /** Saved on this device while offline (or the server unreachable): it syncs later. */
  | { kind: "queued"; label: string; scanId?: string; at?: string }
  /** Any other definitive answer (a 403 after the role was taken away, a 404 id). */
  | { kind: "error"; message: string };

/** Shown through t() (the page's catalog is not loaded when this module runs). */
export const INVALID_TICKET = t.noop("This isn't a valid ticket.");

/**
 * Whether a decoded QR code has a ticket token's shape ("<code>.<version>.<signature>", all
 * URL-safe base64). Anything else (a URL, a Wi-Fi code) is refused on the spot, online or not,
 * instead of being queued for the server to refuse later. The signature is the server's to check.
 */
export function looksLikeTicket(text: string): boolean {
  return /^[A-Za-z0-9_-]{8,64}\.\d{1,6}\.[A-Za-z0-9_-]{8,128}$/.test(text.trim());
}

export function outcomeOfResult(result: CheckInResult | CheckpointResult): Outcome {
  if (result.result === "passed") return { kind: "passed", person: result.person, checkpoint: result.checkpoint };
  return { kind: "checked_in", person: result.person };
}

/** A failed request's outcome, when the server answered it (see isTransient for the rest). */
export function outcomeOfError(error: unknown): Outcome {
  if (!(error instanceof ApiError)) return { kind: "error", message: t("Something went wrong. Try again.") };
  const body = error.body as CheckInRefusal;
  const message = body.message || t("Request failed ({status})", { status: error.status });
  const person = body.person ?? null;
  const checkpoint = body.checkpoint ?? null;
  if (checkpoint && body.result !== "invalid") {
    if (body.result === "already_passed") return { kind: "already_passed", message, person, checkpoint };
    return { kind: "not_in", message, person, checkpoint };
  }
  switch (body.result) {
    case "already_checked_in":
      return { kind: "already", message, person };
    case "not_confirmed":
    case "other_event":
      return { kind: "refused", message, person };
    case "replaced":
      return { kind: "replaced", message, person };
    case "invalid":
      return { kind: "invalid", message };
  }
  if (error.status === 400 && body.errors?.token) return { kind: "invalid", message };
  return { kind: "error", message };
}

/**
 * Whether a failure is worth retrying from the queue: no answer at all (offline, a dropped
 * connection: fetch's TypeError), a server or gateway error, a timeout or a rate limit. Any
 * other answer is the server's verdict on this scan and retrying can't change it.
 */
export function isTransient(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 || error.status === 408 || error.status === 429;
  return true;
}

export type Tone = "ok" | "warn" | "err" | "info";

export interface CardView {
  tone: Tone;
  title: string;
  /** The sentence under the title: the server's reason, or what happens next. */
  detail: string | null;
  person: Person | null;
}

export function cardView(outcome: Outcome): CardView {
  switch (outcome.kind) {
    case "checked_in":
      return { tone: "ok", title: t("Checked in"), detail: null, person: outcome.person };
    case "passed":
      return { tone: "ok", title: t("{checkpoint}: go ahead", { checkpoint: outcome.checkpoint.name }), detail: null, person: outcome.person };
    case "already_passed":
      return { tone: "warn", title: t("Already scanned here"), detail: outcome.message, person: outcome.person };
    case "not_in":
      return { tone: "err", title: t("Not let through"), detail: outcome.message, person: outcome.person };
    case "already":
      return { tone: "warn", title: t("Already checked in"), detail: outcome.message, person: outcome.person };
    case "refused":
      return { tone: "err", title: t("Not checked in"), detail: outcome.message, person: outcome.person };
    case "replaced":
      return { tone: "err", title: t("Old ticket"), detail: outcome.message, person: outcome.person };
    case "invalid":
      return { tone: "err", title: t("Not a valid ticket"), detail: t(outcome.message), person: null };
    case "queued":
      return {
        tone: "info",
        title: t("Saved offline"),
        detail: outcome.at
          ? t("{label}: it will be recorded at {checkpoint} when the connection is back.", { label: outcome.label, checkpoint: outcome.at })
          : t("{label}: it will be checked in when the connection is back.", { label: outcome.label }),
        person: null,
      };
    case "error":
      return { tone: "err", title: t("Not checked in"), detail: outcome.message, person: null };
  }
}

/** How one search result shows at the door: only a confirmed person gets "Check in"; anyone
 * else shows a badge and the server's words for why (a volunteer's "Not confirmed.", an
 * organizer's "Not confirmed: on the waitlist.", "Already checked in at … by …"). */
export interface HitView {
  canCheckIn: boolean;
  badge: string | null;
  tone: "ok" | "warn" | "muted";
  reason: string | null;
}

export function hitView(hit: Pick<SearchHit, "door" | "reason" | "checked_in_at" | "status">, timeZone?: string): HitView {
  if (hit.door === "confirmed") return { canCheckIn: true, badge: null, tone: "muted", reason: null };
  if (hit.door === "checked_in") {
    // The event's zone, named: a volunteer's phone may be set to another one.
    const at = timeZone ? zonedClockTime(hit.checked_in_at, timeZone) : clockTime(hit.checked_in_at);
    return { canCheckIn: false, badge: at ? t("In at {time}", { time: at }) : t("Checked in"), tone: "ok", reason: hit.reason };
  }
  // The badge says "Not confirmed"; the line under the name only when the reason says more: an
  // organizer, who sees the status, reads why ("Not confirmed: on the waitlist.");
  // a volunteer's reason is the badge again. Told by the status, not by the reason's words,
  // which are in the page's language.
  return { canCheckIn: false, badge: t("Not confirmed"), tone: "warn", reason: hit.status ? hit.reason : null };
}

/** The checkpoint an outcome is about, if any: a meal's card shows the dietary needs large. */
export function checkpointOf(outcome: Outcome): CheckpointInfo | null {
  if (outcome.kind === "passed") return outcome.checkpoint;
  if (outcome.kind === "already_passed" || outcome.kind === "not_in") return outcome.checkpoint;
  return null;
}
