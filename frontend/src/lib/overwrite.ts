// What a decision form says before it overwrites an applicant's own answer or emails people:
// pure text from the server's counts, so every form words it alike.
import type { ReleasePreview } from "../api/organizer";
import { formatNumber, t } from "./i18n";

/** Statuses an applicant reached by answering, and what the single decision form says about them
 *  (English here: the catalog loads after this module; the form translates). */
export const ANSWERED_NOTES: Record<string, string> = {
  confirmed: t.noop("This applicant has confirmed attendance; changing the decision needs Override."),
  declined: t.noop("This applicant has declined their offer; changing the decision needs Override."),
};

/** The batch result's codes for applicants left alone without Override (`code`; the `reason`
 *  beside it is in the reader's language). */
export const SKIP_REASONS = { confirmed: "already confirmed", declined: "already declined" } as const;

/** What a skipped applicant is compared by: its code (a server before codes sent the English
 *  word as the reason). */
export const skipCode = (item: { reason: string; code?: string }): string => item.code ?? item.reason;

/**
 * The batch form's line about applicants who already answered, from a dry run without Override:
 * "3 of these have already confirmed — tick Override to change them." With Override ticked it
 * says who will be changed. Null when nobody in the list has answered.
 */
export function overwriteNotice(skipped: { reason: string; code?: string }[], override: boolean): string | null {
  const confirmed = skipped.filter((s) => skipCode(s) === SKIP_REASONS.confirmed).length;
  const declined = skipped.filter((s) => skipCode(s) === SKIP_REASONS.declined).length;
  if (!confirmed && !declined) return null;
  if (override) {
    const first = confirmed ? t.plural(confirmed, { one: "{count} applicant who has confirmed", other: "{count} applicants who have confirmed" }) : "";
    const second = declined ? t.plural(declined, { one: "{count} applicant who has declined", other: "{count} applicants who have declined" }) : "";
    const who = first && second ? t("{first} and {second}", { first, second }) : first || second;
    return t("Override is ticked: this will also change {who}.", { who });
  }
  // Whole sentences for each case, so each language words them its own way.
  const confirmedText = t.plural(confirmed, { one: "{count} of these has already confirmed", other: "{count} of these have already confirmed" });
  const declinedText = t.plural(declined, { one: "{count} of these has already declined", other: "{count} of these have already declined" });
  const text = !confirmed
    ? declinedText
    : declined
      ? t.plural(declined, { one: "{first} and {count} has declined", other: "{first} and {count} have declined" }, { first: confirmedText })
      : confirmedText;
  return t.plural(confirmed + declined, { one: "{text} — tick Override to change it.", other: "{text} — tick Override to change them." }, { text });
}

/** "10 Accepted, 13 Rejected" — the decisions a release emails, zeros left out. */
export function countsList(preview: ReleasePreview): string {
  return preview.counts
    .filter((c) => c.count > 0)
    .map((c) => `${formatNumber(c.count)} ${c.label}`)
    .join(", ");
}

/** "Release and email 23 applicants". */
export function emailButton(verb: "Save" | "Decide" | "Release", n: number): string {
  const vars = { count: formatNumber(n) };
  if (verb === "Save") return t.plural(n, { one: "Save and email {count} applicant", other: "Save and email {count} applicants" }, vars);
  if (verb === "Decide") return t.plural(n, { one: "Decide and email {count} applicant", other: "Decide and email {count} applicants" }, vars);
  return t.plural(n, { one: "Release and email {count} applicant", other: "Release and email {count} applicants" }, vars);
}
