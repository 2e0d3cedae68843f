// What the dashboard's travel card shows, from GET travel/mine, the status and the time: pure,
// so each case is table-tested.
import type { OwnTravel } from "../../api/travel";
import { formatDate, formatNumber, language, t } from "../../lib/i18n";

export type TravelMode =
  /** No card: a draft, or an application closed (rejected, declined). */
  | "none"
  /** May ask for travel support (nothing asked yet, or changing what was asked). */
  | "ask"
  /** Asked, no grant yet. */
  | "asked"
  /** Granted: receipts go up until the deadline. */
  | "granted"
  /** Granted, but the deadline for receipts has passed. */
  | "closed"
  /** No receipt came by the deadline: the grant lapsed. */
  | "lapsed";

const ASKING = new Set(["submitted", "waitlisted", "waitlist_confirmed", "accepted", "waitlist_accepted", "confirmed", "checked_in"]);

export interface TravelView {
  mode: TravelMode;
  canUpload: boolean;
  /** "Upload receipts by June 1, 2026, 11:59 PM", or null without a deadline. */
  deadline: string | null;
}

/** "250.00 USD" with the amount in the page's language ("250,00 USD"); the server's decimal
 *  string as it came when it isn't a number. */
export function money(amount: string, currency: string | null): string {
  const value = Number(amount);
  const shown = amount.trim() && Number.isFinite(value) ? formatNumber(value, { minimumFractionDigits: amount.includes(".") ? 2 : 0 }) : amount;
  return currency ? `${shown} ${currency}` : shown;
}

/**
 * An amount as typed, in the API's form ("250.50"): the page's language writes amounts with its
 * own marks ("250,50" and "1.250,50" in Spanish, "1,250.50" in English), and the API takes a
 * point. Only what reads one way is changed: a Spanish "250,50" or "1.250,50", an English
 * "1,250.50". Anything else (an English "250,50", which might mean either) goes as typed, and
 * the server's message says what it takes. The server's own amounts ("320.00") pass as they are.
 */
export function typedAmount(text: string, lang: string = language()): string {
  const typed = text.trim().replace(/\s/g, "");
  const parts = new Intl.NumberFormat(lang).formatToParts(12345.6);
  const decimal = parts.find((part) => part.type === "decimal")?.value ?? ".";
  if (decimal === ",") {
    // "1.250,50", "1250,5", "250": groups of three after a point, a comma for the decimals.
    const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(typed);
    if (match && (match[2] !== undefined || match[1].includes("."))) {
      return match[1].replace(/\./g, "") + (match[2] !== undefined ? `.${match[2]}` : "");
    }
    return typed;
  }
  // "1,250.50": commas only as thousands, three digits apart.
  return /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(typed) ? typed.replace(/,/g, "") : typed;
}

/** "May 2, 2026 at 11:59 PM EDT": a deadline with its time zone named, so a student elsewhere
 *  can't take it for their own clock's (dateStyle can't name the zone, hence the fields). */
export function formatMoment(iso: string, timeZone?: string): string {
  return formatDate(iso, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone,
  });
}

export function travelView(mine: OwnTravel | undefined, status: string, now: number, timeZone?: string): TravelView {
  const deadline = mine?.receipts_due ? formatMoment(mine.receipts_due, timeZone) : null;
  const grant = mine?.grant ?? null;
  if (grant) {
    if (grant.status === "lapsed") return { mode: "lapsed", canUpload: false, deadline };
    const past = mine?.receipts_due ? now > new Date(mine.receipts_due).getTime() : false;
    return { mode: past ? "closed" : "granted", canUpload: !past, deadline };
  }
  if (!ASKING.has(status)) return { mode: "none", canUpload: false, deadline };
  return { mode: mine?.request ? "asked" : "ask", canUpload: false, deadline };
}

/** What the approved receipts come to (not capped), when that is more than the grant: the
 *  applicant is told the reimbursement is the grant, as the payout is. Null up to the grant. */
export function approvedPastGrant(grant: GrantReceipts): string | null {
  const total = approvedCents(grant.receipts);
  return total > cents(grant.amount) ? (total / 100).toFixed(2) : null;
}

/** A grant with its receipts, as both the applicant's and the organizers' views have it. */
export interface GrantReceipts {
  amount: string;
  receipts: { amount: string; status: string }[];
}

/** An amount's cents ("12.5" → 1250): the API's decimal strings added without float sums. */
export function cents(amount: string): number {
  return Math.round(Number(amount) * 100);
}

/** The approved receipts' total, in cents (not capped at the grant, as the payout is). */
export function approvedCents(receipts: GrantReceipts["receipts"]): number {
  return receipts.filter((r) => r.status === "approved").reduce((sum, r) => sum + cents(r.amount), 0);
}

/** A receipt's status in the applicant's words. */
export function receiptLabel(status: string): string {
  if (status === "approved") return t("Approved");
  if (status === "rejected") return t("Not approved");
  return t("Waiting for review");
}
