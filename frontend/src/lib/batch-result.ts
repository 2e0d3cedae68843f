// What a batch decision's result says, on the applications table and on /admin/batch: never a
// green "Rejected: 0 of 1 decided." with nothing else. Every skipped and failed applicant is
// named with the reason; the decided list is headed by the decision ("Waitlisted 3"), not
// "Approved"; and the applicants skipped because they already answered can be decided again
// with Override, behind a confirmation that says what it overwrites. Pure functions,
// table-tested in batch-result.test.ts.
import { t } from "./i18n";
import { SKIP_REASONS, answeredCounts, listText, skipCode } from "./overwrite";

export interface Reasoned {
  email: string;
  /** Why, in the reader's language. */
  reason: string;
  /** What is compared (a skipped applicant's "already confirmed"…). */
  code?: string;
}

export interface BatchOutcome {
  approved: string[];
  failed: Reasoned[];
  skipped?: Reasoned[];
}

export interface ResultView {
  /** Green only when every applicant asked for was decided. */
  kind: "success" | "info" | "error";
  summary: string;
  /** The decided list's heading: the decision itself. */
  doneTitle: string;
  /** The skipped applicants Override would decide (they confirmed or declined). */
  overridable: Reasoned[];
}

/** "2 already confirmed, 1 already declined": each reason with how many have it, in first-seen order. */
export function reasonsText(items: Reasoned[]): string {
  const tally = new Map<string, number>();
  for (const item of items) tally.set(item.reason, (tally.get(item.reason) ?? 0) + 1);
  return [...tally].map(([reason, n]) => `${n} ${reason}`).join(", ");
}

/** "No application for this email; Not submitted yet (×2)": the server's sentences, each once,
 *  with how many have it when more than one, their full stops left to the summary's own. */
export function sentencesText(items: Reasoned[]): string {
  const tally = new Map<string, number>();
  for (const item of items) {
    const reason = item.reason.trim().replace(/\.$/, "");
    tally.set(reason, (tally.get(reason) ?? 0) + 1);
  }
  return [...tally].map(([reason, n]) => (n > 1 ? `${reason} (×${n})` : reason)).join("; ");
}

const ANSWERED: string[] = Object.values(SKIP_REASONS);

/**
 * The result of deciding `requested` applicants as `label` ("Waitlisted"), optionally with
 * Override (`override`): its summary line, its colour and who Override could still decide.
 */
export function decisionResultView(result: BatchOutcome, label: string, requested: number, override = false): ResultView {
  const skipped = result.skipped ?? [];
  const decided = result.approved.length;
  const parts = [
    override
      ? t.plural(requested, { one: "{label} with Override: {decided} of {count} applicant decided.", other: "{label} with Override: {decided} of {count} applicants decided." }, { label, decided })
      : t.plural(requested, { one: "{label}: {decided} of {count} applicant decided.", other: "{label}: {decided} of {count} applicants decided." }, { label, decided }),
  ];
  if (skipped.length) {
    const reasons = reasonsText(skipped);
    parts.push(t.plural(skipped.length, { one: "{count} applicant skipped ({reasons}).", other: "{count} applicants skipped ({reasons})." }, { reasons }));
  }
  // Right after the skipped ones it is about, not after the failures it can't help.
  const overridable = skipped.filter((item) => ANSWERED.includes(skipCode(item)));
  if (overridable.length) parts.push(t.plural(overridable.length, { one: "Override decides it anyway.", other: "Override decides them anyway." }));
  if (result.failed.length) {
    // The server's sentences ("No application for this email."), not phrases to count.
    const reasons = sentencesText(result.failed);
    parts.push(t.plural(result.failed.length, { one: "{count} applicant not decided: {reasons}.", other: "{count} applicants not decided: {reasons}." }, { reasons }));
  }
  const complete = decided === requested && !skipped.length && !result.failed.length;
  return {
    kind: complete ? "success" : decided === 0 ? "error" : "info",
    summary: parts.join(" "),
    doneTitle: label,
    overridable,
  };
}

/** The Override confirmation's words: what it overwrites, for whom, and the button. */
export function overrideConfirmation(overridable: Reasoned[], label: string) {
  const answers = listText(
    answeredCounts(overridable).map(([answer, n]) =>
      answer === "confirmed"
        ? t.plural(n, { one: "{count} confirmation of attendance", other: "{count} confirmations of attendance" })
        : answer === "declined"
          ? t.plural(n, { one: "{count} decline of an offer", other: "{count} declines of an offer" })
          : t.plural(n, { one: "{count} check-in", other: "{count} check-ins" }),
    ),
  );
  const n = overridable.length;
  return {
    title: t.plural(n, { one: "Overwrite an applicant's answer?", other: "Overwrite applicants' answers?" }),
    body: t.plural(n, {
      one: "This sets {count} applicant to “{label}”, overwriting {answers}. Each change is recorded in the applicant's history.",
      other: "This sets {count} applicants to “{label}”, overwriting {answers}. Each change is recorded in the applicant's history.",
    }, { label, answers }),
    confirmLabel: t.plural(n, { one: "Override and set {count} applicant to {label}", other: "Override and set {count} applicants to {label}" }, { label }),
  };
}
