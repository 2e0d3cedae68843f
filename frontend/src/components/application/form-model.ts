// The application form's state, decoded from the contract's body, and the form's own messages.
// The client checks of the form's validation rules, with their messages, and the encoding back
// are form-checks.ts, loaded apart. The server stays the authority; the checks give instant
// feedback.
import type { Application, Question, QuestionSection, SectionAnswers } from "../../api/applications";
import { t } from "../../lib/i18n";
import exclusiveOptions from "./exclusive-options.json";

export const SHORT_MAX = 100;
export const LONG_MAX = 1200;
export const NUMERIC_MIN = 16;
export const LIST_MAX = 3;
export const RESUME_MAX_BYTES = 2_097_152;
export const TEAM_CODE_MIN = 100_000;
export const TEAM_CODE_MAX = 99_999_999;

// English, marked for the catalog: a module runs before the page's catalog is loaded, and the
// form compares some of them (the banner asking for fixes). Shown through t() (the form's
// banner, the resume's status line). The checks' messages are form-checks.ts's CHECK_MESSAGES.
export const MESSAGES = {
  submitted: t.noop("Application submitted successfully"),
  saved: t.noop("Draft saved"),
  submitFailed: t.noop("Error submitting application"),
  saveFailed: t.noop("Error saving application"),
  // One sentence for a file of the wrong type, content or size (the server's too).
  resumeRejected: t.noop("Please upload your resume as a PDF file of at most 2 MB."),
  resumeNone: t.noop("No resume uploaded."),
  resumeUploaded: t.noop("New resume successfully uploaded"),
  resumeOnFile: t.noop("Resume previously submitted"),
  closed: t.noop("Applications are not currently open"),
  fixFields: t.noop("Please fix the highlighted fields."),
};

/** Options that rule out the others ("None yet" and a language can't both be true), the
 *  server's list (apps/cycles/questions.py EXCLUSIVE_OPTIONS): it refuses them together. */
export const EXCLUSIVE_OPTIONS: readonly string[] = exclusiveOptions;

/** The multiselect's options after `option` is ticked or unticked: ticking an exclusive option
 *  unticks the others, and ticking another unticks the exclusive ones. */
export function toggleOption(chosen: string[], option: string, checked: boolean): string[] {
  if (!checked) return chosen.filter((item) => item !== option);
  const kept = EXCLUSIVE_OPTIONS.includes(option) ? [] : chosen.filter((item) => !EXCLUSIVE_OPTIONS.includes(item));
  return kept.includes(option) ? kept : [...kept, option];
}

/** The school list's option for a school it does not hold; its name is then typed. */
export const COLLEGE_NOT_PRESENT = "College Not Present";

/** A list answer is edited as separate entries, a multiselect as the chosen options. */
export type AnswerValue = string | string[];

export type TeamChoice = "" | "yes" | "no" | "alone";

export interface FormState {
  first: string;
  last: string;
  school: string;
  /** The school's name as typed when it is not in the list (school COLLEGE_NOT_PRESENT). */
  schoolOther: string;
  answers: Record<string, AnswerValue>;
  checkboxes: [boolean, boolean, boolean];
  teamChoice: TeamChoice;
  /** The generated code (choice yes) or the teammate's code being typed (choice no). */
  teamcode: string;
  /** Per question_id, the words typed beside an "Other" or "Prefer to self-describe" option. */
  details?: Record<string, string>;
}

/** The longest description the server keeps beside "Other" / "Prefer to self-describe". */
export const DETAIL_MAX = 200;

/** Whether an option asks for the applicant's own words (the server's rule too). */
export function describesOption(option: string): boolean {
  const words = option.trim().toLowerCase();
  return words === "other" || words.includes("self-describe");
}

/** The describing option an answer chose ("Other", "Prefer to self-describe"), or null: the
 *  text box beside the question shows while there is one. */
export function describedChoice(question: Pick<Question, "question_type">, value: AnswerValue | undefined): string | null {
  if (question.question_type === "multiple_choice" && typeof value === "string") return describesOption(value) ? value : null;
  if (question.question_type === "multiselect" && Array.isArray(value)) return value.find(describesOption) ?? null;
  return null;
}

/** The saved descriptions, by question_id. */
export function initialDetails(savedSections: SectionAnswers[] | undefined): Record<string, string> {
  const details: Record<string, string> = {};
  for (const section of savedSections ?? [])
    for (const answer of section.answers ?? []) if (answer.detail) details[answer.question_id] = answer.detail;
  return details;
}

/** Field errors keyed as the server keys them: first, last, school, checkboxes, teamcode, resume or a question_id. */
export type FieldErrors = Record<string, string>;

/** The multiselect options held in a comma-joined answer. Options may themselves contain commas. */
export function decodeMultiselect(answer: string, options: string[]): string[] {
  if (!answer) return [];
  const wrapped = `,${answer},`;
  const chosen = options.filter((option) => wrapped.includes(`,${option},`));
  if (chosen.length) return chosen;
  return answer.split(",").filter(Boolean);
}

export function decodeList(answer: string): string[] {
  const entries = answer
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.length ? entries : [""];
}

function emptyValue(question: Question): AnswerValue {
  if (question.question_type === "multiselect") return [];
  if (question.question_type === "list") return [""];
  return "";
}

/** Every question's answer as the form edits it, decoded from the saved sections (or empty). */
export function initialAnswers(sections: QuestionSection[], savedSections: SectionAnswers[] | undefined): Record<string, AnswerValue> {
  const saved = new Map<string, string>();
  for (const section of savedSections ?? []) {
    for (const answer of section.answers ?? []) saved.set(answer.question_id, answer.answer ?? "");
  }
  const answers: Record<string, AnswerValue> = {};
  for (const section of sections) {
    for (const question of section.questions) {
      const answer = saved.get(question.question_id);
      if (answer === undefined || answer === null) answers[question.question_id] = emptyValue(question);
      else if (question.question_type === "multiselect")
        answers[question.question_id] = decodeMultiselect(answer, question.options);
      else if (question.question_type === "list") answers[question.question_id] = decodeList(answer);
      else answers[question.question_id] = answer;
    }
  }
  return answers;
}

/** The form as a returning applicant left it, or empty. */
export function initialState(sections: QuestionSection[], application: Application | null): FormState {
  const answers = initialAnswers(sections, application?.sections);
  const boxes = application?.checkboxes ?? [];
  const teamcode = application?.teamcode ? String(application.teamcode) : "";
  return {
    first: application?.first ?? "",
    last: application?.last ?? "",
    school: application?.school ?? "",
    schoolOther: application?.school_other ?? "",
    answers,
    checkboxes: [Boolean(boxes[0]), Boolean(boxes[1]), Boolean(boxes[2])],
    teamChoice: savedTeamChoice(application?.team_choice, teamcode),
    teamcode,
    details: initialDetails(application?.sections),
  };
}

/** The team answer as it was saved: "new" is Yes, "join" is No (with the teammate's code, or
 *  none yet). An application saved before the choice was kept has none: its code, whoever made
 *  it, is shown as the applicant's team to share. */
export function savedTeamChoice(choice: Application["team_choice"] | undefined, teamcode: string): TeamChoice {
  if (choice === "new") return "yes";
  if (choice === "join") return "no";
  if (choice === "alone") return "alone";
  return teamcode ? "yes" : "";
}

/**
 * Sections shown now: those without a condition, and those whose question is answered "yes".
 * As on the server (apps/applications/validation.py, active_sections), the question must itself
 * be in a section shown, so a chain of conditions holds in order: with A, B (on q1) and C (on
 * q2, which lives in B), q1 "no" hides B and therefore C, whatever q2 says. The applicant form,
 * the organizer's editor and the review page all use this one rule; section-cases.json holds
 * the cases the server's test runs too.
 */
export function visibleSections(sections: QuestionSection[], answers: Record<string, AnswerValue>): QuestionSection[] {
  const shown: QuestionSection[] = [];
  const shownIds = new Set<string>();
  for (const section of sections) {
    const condition = section.conditional_on;
    if (!condition || (shownIds.has(condition) && answers[condition] === "yes")) {
      shown.push(section);
      for (const question of section.questions) shownIds.add(question.question_id);
    }
  }
  return shown;
}

/** The DOM id of the element that carries a field's error (and receives focus). */
export function fieldId(key: string): string {
  return `apply-${key.replace(/[^A-Za-z0-9_-]/g, "_")}`;
}

export function errorId(key: string): string {
  return `${fieldId(key)}-error`;
}

