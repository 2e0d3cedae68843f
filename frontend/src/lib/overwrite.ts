// What a decision form says before it overwrites an applicant's own answer or emails people:
// pure text from the server's counts, so every form words it alike.
import type { ReleasePreview } from "../api/organizer";

/** Statuses an applicant reached by answering, and what the single decision form says about them. */
export const ANSWERED_NOTES: Record<string, string> = {
  confirmed: "This applicant has confirmed attendance; changing the decision needs Override.",
  declined: "This applicant has declined their offer; changing the decision needs Override.",
};

/** The batch result's reasons for applicants left alone without Override. */
export const SKIP_REASONS = { confirmed: "already confirmed", declined: "already declined" } as const;

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The batch form's line about applicants who already answered, from a dry run without Override:
 * "3 of these have already confirmed — tick Override to change them." With Override ticked it
 * says who will be changed. Null when nobody in the list has answered.
 */
export function overwriteNotice(skipped: { reason: string }[], override: boolean): string | null {
  const confirmed = skipped.filter((s) => s.reason === SKIP_REASONS.confirmed).length;
  const declined = skipped.filter((s) => s.reason === SKIP_REASONS.declined).length;
  if (!confirmed && !declined) return null;
  if (override) {
    const who = [
      confirmed ? count(confirmed, "applicant who has confirmed", "applicants who have confirmed") : null,
      declined ? count(declined, "applicant who has declined", "applicants who have declined") : null,
    ].filter(Boolean);
    return `Override is ticked: this will also change ${who.join(" and ")}.`;
  }
  const has = (n: number) => (n === 1 ? "has" : "have");
  const [first, firstVerb] = confirmed ? [confirmed, "confirmed"] : [declined, "declined"];
  let text = `${first} of these ${has(first)} already ${firstVerb}`;
  if (confirmed && declined) text += ` and ${declined} ${has(declined)} declined`;
  return `${text} — tick Override to change ${confirmed + declined === 1 ? "it" : "them"}.`;
}

/** "10 Accepted, 13 Rejected" — the decisions a release emails, zeros left out. */
export function countsList(preview: ReleasePreview): string {
  return preview.counts
    .filter((c) => c.count > 0)
    .map((c) => `${c.count} ${c.label}`)
    .join(", ");
}

/** "Release and email 23 applicants". */
export function emailButton(verb: string, n: number): string {
  return `${verb} and email ${count(n, "applicant", "applicants")}`;
}
