// The organizers' travel page's pure parts: the deadline between the form's local time and the
// API's ISO moment, and what each person's row offers.
import type { TravelPerson } from "../../api/travel";
import { t } from "../../lib/i18n";
import { approvedCents, approvedPastGrant, cents, type GrantReceipts } from "./travel-state";

/** "2026-06-01T23:59" (a datetime-local input, the browser's zone) → ISO, or null when empty. */
export function localToIso(value: string): string | null {
  if (!value.trim()) return null;
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) ? null : moment.toISOString();
}

/** An ISO moment → the datetime-local input's value in the browser's zone ("" for none). */
export function isoToLocal(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

// An application's status as the page names it: English until shown (the catalog loads after the
// module runs), through t() in statusLabel.
const STATUS_LABELS: Record<string, string> = {
  started: t.noop("Started"),
  submitted: t.noop("Submitted"),
  accepted: t.noop("Accepted"),
  waitlisted: t.noop("Waitlisted"),
  waitlist_accepted: t.noop("Waitlist accepted"),
  waitlist_confirmed: t.noop("Waitlist confirmed"),
  confirmed: t.noop("Confirmed"),
  checked_in: t.noop("Checked in"),
  rejected: t.noop("Rejected"),
  declined: t.noop("Declined"),
  expired: t.noop("Expired"),
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ? t(STATUS_LABELS[status]) : status.replace(/_/g, " ");
}

const GRANTABLE = new Set(["accepted", "waitlist_accepted", "confirmed", "checked_in"]);

export interface RowView {
  /** The amount field's starting value: the grant's, else what they asked for when they asked
   *  in the budget's currency (250 EUR is not 250 USD: the field then starts empty). */
  suggested: string;
  canGrant: boolean;
  /** Why not, when they can't be granted (English, shown through t()). */
  note: string | null;
  canWithdraw: boolean;
  pendingReceipts: number;
  /** The approved receipts' total passes the grant: the payout is the grant, not the total. */
  approvedPastGrant: boolean;
}

/** Whether approving `receipt` too would take the approved total past the grant (the payout
 *  stays capped at the grant: the organizer is told before, not left to find out). */
export function approvalPassesGrant(grant: GrantReceipts, receipt: { amount: string }): boolean {
  return approvedCents(grant.receipts) + cents(receipt.amount) > cents(grant.amount);
}

export function rowView(person: TravelPerson, currency: string): RowView {
  const grant = person.grant;
  const receipts = grant?.receipts ?? [];
  const canGrant = GRANTABLE.has(person.status);
  return {
    suggested: grant?.amount ?? (person.request && person.request.currency === currency ? person.request.amount : ""),
    canGrant,
    note: canGrant ? null : t.noop("Not offered a spot"),
    canWithdraw: Boolean(grant) && receipts.length === 0,
    pendingReceipts: receipts.filter((r) => r.status === "pending").length,
    approvedPastGrant: grant ? approvedPastGrant(grant) !== null : false,
  };
}
