// What a batch decision's result says, on the applications table and on /admin/batch: never a
// green "Rejected: 0 of 1 decided." with nothing else. Every skipped and failed applicant is
// named with the reason; the decided list is headed by the decision ("Waitlisted 3"), not
// "Approved"; and the applicants skipped because they already answered can be decided again
// with Override, behind a confirmation that says what it overwrites. Pure functions,
// table-tested in batch-result.test.ts.
import { SKIP_REASONS } from "./overwrite";

export interface Reasoned {
  email: string;
  reason: string;
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

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "2 already confirmed, 1 already declined": each reason with how many have it, in first-seen order. */
export function reasonsText(items: Reasoned[]): string {
  const tally = new Map<string, number>();
  for (const item of items) tally.set(item.reason, (tally.get(item.reason) ?? 0) + 1);
  return [...tally].map(([reason, n]) => `${n} ${reason}`).join(", ");
}

const ANSWERED: string[] = Object.values(SKIP_REASONS);

/**
 * The result of deciding `requested` applicants as `label` ("Waitlisted"), optionally with
 * Override (`override`): its summary line, its colour and who Override could still decide.
 */
export function decisionResultView(result: BatchOutcome, label: string, requested: number, override = false): ResultView {
  const skipped = result.skipped ?? [];
  const decided = result.approved.length;
  const parts = [`${label}${override ? " with Override" : ""}: ${decided} of ${count(requested, "applicant")} decided.`];
  if (skipped.length) parts.push(`${count(skipped.length, "applicant")} skipped (${reasonsText(skipped)}).`);
  if (result.failed.length) parts.push(`${count(result.failed.length, "applicant")} not decided (${reasonsText(result.failed)}).`);
  const overridable = skipped.filter((item) => ANSWERED.includes(item.reason));
  if (overridable.length) parts.push(`Override decides ${overridable.length === 1 ? "it" : "them"} anyway.`);
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
  const confirmed = overridable.filter((item) => item.reason === SKIP_REASONS.confirmed).length;
  const declined = overridable.filter((item) => item.reason === SKIP_REASONS.declined).length;
  const answers = [
    confirmed ? `${count(confirmed, "confirmation")} of attendance` : null,
    declined ? `${count(declined, "decline")} of an offer` : null,
  ].filter(Boolean);
  return {
    title: `Overwrite ${overridable.length === 1 ? "an applicant's answer" : "applicants' answers"}?`,
    body: `This sets ${count(overridable.length, "applicant")} to “${label}”, overwriting ${answers.join(" and ")}. Each change is recorded in the applicant's history.`,
    confirmLabel: `Override and set ${count(overridable.length, "applicant")} to ${label}`,
  };
}
