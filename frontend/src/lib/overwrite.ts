// What a decision form says before it overwrites an applicant's own answer or emails people:
// pure text from the server's counts, so every form words it alike.
import type { ReleasePreview } from "../api/organizer";
import { formatNumber, language, t } from "./i18n";

/** Statuses an applicant reached by answering, and what the single decision form says about them
 *  (English here: the catalog loads after this module; the form translates). */
export const ANSWERED_NOTES: Record<string, string> = {
  confirmed: t.noop("This applicant has confirmed attendance; changing the decision needs Override."),
  declined: t.noop("This applicant has declined their offer; changing the decision needs Override."),
  // The server guards a check-in too: without the box here, the form could only be refused.
  checked_in: t.noop("This applicant has checked in; changing the decision needs Override."),
};

/** The batch result's codes for applicants left alone without Override (`code`; the `reason`
 *  beside it is in the reader's language): the answers the server guards (status_machine.ANSWERED). */
export const SKIP_REASONS = { confirmed: "already confirmed", declined: "already declined", checkedIn: "already checked in" } as const;
export type Answer = keyof typeof SKIP_REASONS;
const ANSWERS = Object.keys(SKIP_REASONS) as Answer[];

/** What a skipped applicant is compared by: its code (a server before codes sent the English
 *  word as the reason). */
export const skipCode = (item: { reason: string; code?: string }): string => item.code ?? item.reason;

/** How many of `skipped` were left alone for each answer, in SKIP_REASONS' order, zeros left out. */
export function answeredCounts(skipped: { reason: string; code?: string }[]): [Answer, number][] {
  return ANSWERS.map((answer): [Answer, number] => [answer, skipped.filter((s) => skipCode(s) === SKIP_REASONS[answer]).length]).filter(
    ([, n]) => n > 0,
  );
}

/** "a and b", "a, b and c" in the page's language. */
export function listText(parts: string[]): string {
  return new Intl.ListFormat(language(), { type: "conjunction" }).format(parts);
}

/**
 * The batch form's line about applicants who already answered, from a dry run without Override:
 * "3 of these have already confirmed — tick Override to change them." With Override ticked it
 * says who will be changed. Null when nobody in the list has answered.
 */
export function overwriteNotice(skipped: { reason: string; code?: string }[], override: boolean): string | null {
  const counts = answeredCounts(skipped);
  if (!counts.length) return null;
  if (override) {
    const who = counts.map(([answer, n]) =>
      answer === "confirmed"
        ? t.plural(n, { one: "{count} applicant who has confirmed", other: "{count} applicants who have confirmed" })
        : answer === "declined"
          ? t.plural(n, { one: "{count} applicant who has declined", other: "{count} applicants who have declined" })
          : t.plural(n, { one: "{count} applicant who has checked in", other: "{count} applicants who have checked in" }),
    );
    return t("Override is ticked: this will also change {who}.", { who: listText(who) });
  }
  // The first answer with "of these … already", the others after it short ("and 1 has declined"),
  // each a whole phrase of its own so each language words it its own way.
  const parts = counts.map(([answer, n], index) => {
    if (index === 0) {
      if (answer === "confirmed") return t.plural(n, { one: "{count} of these has already confirmed", other: "{count} of these have already confirmed" });
      if (answer === "declined") return t.plural(n, { one: "{count} of these has already declined", other: "{count} of these have already declined" });
      return t.plural(n, { one: "{count} of these has already checked in", other: "{count} of these have already checked in" });
    }
    if (answer === "declined") return t.plural(n, { one: "{count} has declined", other: "{count} have declined" });
    return t.plural(n, { one: "{count} has checked in", other: "{count} have checked in" });
  });
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  return t.plural(total, { one: "{text} — tick Override to change it.", other: "{text} — tick Override to change them." }, { text: listText(parts) });
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

/** The decisions that carry travel reimbursement: an offer of a place. The server refuses
 *  "Yes" with any other (apps/decisions/travel.py), and "Yes" grants the default travel support
 *  where no grant stands. */
export const TRAVEL_WITH: ReadonlySet<string> = new Set(["accepted", "waitlist_accepted"]);

/** The travel answer a decision form sends: its Yes only with an offer. */
export function travelSent(status: string, travel: boolean): boolean {
  return TRAVEL_WITH.has(status) && travel;
}

/** The travel select's hint beside `status`. */
export function travelHint(status: string): string {
  return TRAVEL_WITH.has(status)
    ? t("Yes grants travel support from the budget, unless a grant stands: the Travel page shows and changes the amount.")
    : t("Only with an offer of a place: Accepted or Waitlist accepted.");
}
