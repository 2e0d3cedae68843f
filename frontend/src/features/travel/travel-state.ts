// What the dashboard's travel card shows, from GET travel/mine, the status and the time: pure,
// so each case is table-tested.
import type { OwnTravel } from "../../api/travel";
import { formatDate, formatNumber, t } from "../../lib/i18n";

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

export function formatMoment(iso: string, timeZone?: string): string {
  return formatDate(iso, { dateStyle: "long", timeStyle: "short", timeZone });
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

/** A receipt's status in the applicant's words. */
export function receiptLabel(status: string): string {
  if (status === "approved") return t("Approved");
  if (status === "rejected") return t("Not approved");
  return t("Waiting for review");
}
