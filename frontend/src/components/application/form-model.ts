// The application form's state, its encoding to and from the contract's body, and the
// client checks of the form's validation rules. The server stays the authority; these give instant feedback.
import type { Application, ApplicationBody, Question, QuestionSection, SectionAnswers } from "../../api/applications";
import exclusiveOptions from "./exclusive-options.json";

export const SHORT_MAX = 100;
export const LONG_MAX = 1200;
export const NUMERIC_MIN = 16;
export const LIST_MAX = 3;
export const RESUME_MAX_BYTES = 2_097_152;
export const TEAM_CODE_MIN = 100_000;
export const TEAM_CODE_MAX = 99_999_999;

export const MESSAGES = {
  submitted: "Application submitted successfully",
  saved: "Draft saved",
  submitFailed: "Error submitting application",
  saveFailed: "Error saving application",
  // One sentence for a file of the wrong type, content or size (the server's too).
  resumeRejected: "Please upload your resume as a PDF file of at most 2 MB.",
  resumeNone: "No resume uploaded.",
  resumeUploaded: "New resume successfully uploaded",
  resumeOnFile: "Resume previously submitted",
  resumeMissing: "Please select a valid resume file.",
  closed: "Applications are not currently open",
  required: "This field is required.",
  chooseOne: "Choose one of the options.",
  chooseSome: "Choose at least one option.",
  yesOrNo: "Choose Yes or No.",
  number: "Enter a number.",
  numericMin: `Must be at least ${NUMERIC_MIN}.`,
  shortMax: `Use at most ${SHORT_MAX} characters.`,
  longMax: `Use at most ${LONG_MAX} characters.`,
  listMax: `Add at most ${LIST_MAX} entries.`,
  listComma: "An entry can't contain a comma.",
  school: "Choose your school from the list.",
  schoolOther: "Type the name of your school.",
  country: "Choose a country from the list.",
  checkboxes: "Please agree to the code of conduct and the terms to apply.",
  teamChoice: "Choose Yes or No.",
  teamcodeMissing: "Enter your teammate's team code.",
  teamcodeDigits: "A team code is 6 to 8 digits.",
  teamcodePending: "Your team code is still being made. Try again in a moment.",
  fixFields: "Please fix the highlighted fields.",
} as const;

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

/** The body's team_choice: Yes once its code has arrived, No always (a code may come later). */
export function teamChoiceOf(state: Pick<FormState, "teamChoice" | "teamcode">): ApplicationBody["team_choice"] {
  if (state.teamChoice === "no") return "join";
  if (state.teamChoice === "alone") return "alone";
  if (state.teamChoice === "yes" && state.teamcode.trim()) return "new";
  return null;
}

/** A random team code from 100000 to 99999999 (six to eight digits, as the server checks), from the browser's CSPRNG. */
export function generateTeamCode(random: () => number = secureRandom): string {
  const span = TEAM_CODE_MAX - TEAM_CODE_MIN + 1;
  return String(TEAM_CODE_MIN + Math.floor(random() * span));
}

function secureRandom(): number {
  const buffer = new Uint32Array(1);
  crypto.getRandomValues(buffer);
  return buffer[0] / 2 ** 32;
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

function encode(question: Question, value: AnswerValue | undefined): string {
  if (Array.isArray(value)) {
    if (question.question_type === "multiselect") {
      // Keep the options' own order so that equal choices encode equally.
      const chosen = new Set(value);
      const ordered = question.options.filter((option) => chosen.has(option));
      return ordered.length === chosen.size ? ordered.join(",") : value.join(",");
    }
    return value
      .map((entry) => entry.trim())
      .filter(Boolean)
      .join(",");
  }
  return (value ?? "").trim();
}

/** The contract's `sections` for the given sections, answers encoded as strings. */
export function encodeSections(
  sections: QuestionSection[],
  answers: Record<string, AnswerValue>,
  resumeOnFile: boolean,
  details: Record<string, string> = {},
): SectionAnswers[] {
  return sections.map((section) => ({
    section_name: section.section_name,
    answers: section.questions.map((question) => {
      const value = answers[question.question_id];
      // Sent only with the option it describes: choosing another drops what was typed.
      const detail = describedChoice(question, value) ? (details[question.question_id] ?? "").trim() : "";
      return {
        question_id: question.question_id,
        // The upload is what counts for a resume question; its answer only records that it is there.
        answer: question.question_type === "resume" ? (resumeOnFile ? "uploaded" : "") : encode(question, value),
        ...(detail ? { detail } : {}),
      };
    }),
  }));
}

/** The body of submit and save, answers encoded per the contract. */
export function toBody(sections: QuestionSection[], state: FormState, resumeOnFile: boolean): ApplicationBody {
  return {
    first: state.first.trim(),
    last: state.last.trim(),
    school: state.school,
    school_other: state.school === COLLEGE_NOT_PRESENT ? state.schoolOther.trim() : "",
    sections: encodeSections(sections, state.answers, resumeOnFile, state.details),
    checkboxes: state.checkboxes,
    teamcode: (state.teamChoice === "yes" || state.teamChoice === "no") && state.teamcode ? state.teamcode.trim() : null,
    team_choice: teamChoiceOf(state),
  };
}

export interface CheckContext {
  /** Null when the list is not loaded: the answer is then left to the server. */
  schools: string[] | null;
  countries: string[] | null;
  resumeOnFile: boolean;
}

export interface Names {
  first: string;
  last: string;
  school: string;
}

function questionError(question: Question, value: AnswerValue | undefined, ctx: Pick<CheckContext, "countries">): string | null {
  const type = question.question_type;
  if (type === "resume") return null; // Checked once, under the key "resume".
  if (type === "list") {
    const entries = (Array.isArray(value) ? value : [value ?? ""]).map((e) => e.trim()).filter(Boolean);
    if (entries.length > LIST_MAX) return MESSAGES.listMax;
    if (entries.some((entry) => entry.includes(","))) return MESSAGES.listComma;
    return null; // Lists are the one optional question type.
  }
  // A question the builder made optional may be left empty (the server agrees); what is given
  // is still checked.
  const optional = question.required === false;
  if (type === "multiselect") {
    const chosen = Array.isArray(value) ? value : [];
    if (!chosen.length) return optional ? null : MESSAGES.chooseSome;
    if (chosen.some((option) => !question.options.includes(option))) return MESSAGES.chooseOne;
    return null;
  }
  const text = (Array.isArray(value) ? value.join(",") : (value ?? "")).trim();
  if (!text) return optional ? null : type === "boolean" ? MESSAGES.yesOrNo : MESSAGES.required;
  switch (type) {
    case "numeric": {
      if (!/^\d+(\.\d+)?$/.test(text)) return MESSAGES.number;
      return Number(text) < NUMERIC_MIN ? MESSAGES.numericMin : null;
    }
    case "boolean":
      return text === "yes" || text === "no" ? null : MESSAGES.yesOrNo;
    case "short_answer":
      return text.length > SHORT_MAX ? MESSAGES.shortMax : null;
    case "long_answer":
      return text.length > LONG_MAX ? MESSAGES.longMax : null;
    case "multiple_choice":
      return question.options.includes(text) ? null : MESSAGES.chooseOne;
    case "country":
      return ctx.countries && !ctx.countries.includes(text) ? MESSAGES.country : null;
    default:
      return null;
  }
}

/**
 * The problems of the name, the school and every answer in a section shown, by field, in the
 * order the form shows them: what the applicant's submit and the organizer's save both check.
 */
export function checkAnswers(
  sections: QuestionSection[],
  names: Names,
  answers: Record<string, AnswerValue>,
  ctx: Pick<CheckContext, "schools" | "countries">,
): FieldErrors {
  const errors: FieldErrors = {};
  if (!names.first.trim()) errors.first = MESSAGES.required;
  if (!names.last.trim()) errors.last = MESSAGES.required;
  if (!names.school) errors.school = MESSAGES.required;
  // The text must match one option exactly, case included.
  else if (ctx.schools && !ctx.schools.includes(names.school)) errors.school = MESSAGES.school;
  for (const section of visibleSections(sections, answers)) {
    for (const question of section.questions) {
      const error = questionError(question, answers[question.question_id], ctx);
      if (error) errors[question.question_id] = error;
    }
  }
  return errors;
}

/** Every client-side problem of a submit, by field, in the order the form shows them. */
export function checkForSubmit(sections: QuestionSection[], state: FormState, ctx: CheckContext): FieldErrors {
  const errors = checkAnswers(sections, state, state.answers, ctx);
  if (!errors.school && state.school === COLLEGE_NOT_PRESENT && !state.schoolOther.trim()) {
    errors.school_other = MESSAGES.schoolOther;
  }
  if (!ctx.resumeOnFile) errors.resume = MESSAGES.resumeMissing;
  if (!state.teamChoice) errors.teamcode = MESSAGES.teamChoice;
  else if (state.teamChoice === "yes" && !state.teamcode) errors.teamcode = MESSAGES.teamcodePending;
  else if (state.teamChoice === "no") {
    const code = state.teamcode.trim();
    if (!code) errors.teamcode = MESSAGES.teamcodeMissing;
    else if (!/^\d{6,8}$/.test(code)) errors.teamcode = MESSAGES.teamcodeDigits;
  }
  if (!state.checkboxes[0] || !state.checkboxes[1]) errors.checkboxes = MESSAGES.checkboxes;
  return errors;
}

/** A draft keeps what was typed; only a list longer than the form allows can't be saved. */
export function checkForSave(sections: QuestionSection[], state: FormState): FieldErrors {
  const errors: FieldErrors = {};
  for (const section of sections) {
    for (const question of section.questions) {
      if (question.question_type !== "list") continue;
      const error = questionError(question, state.answers[question.question_id], { countries: null });
      if (error) errors[question.question_id] = error;
    }
  }
  return errors;
}

/** The DOM id of the element that carries a field's error (and receives focus). */
export function fieldId(key: string): string {
  return `apply-${key.replace(/[^A-Za-z0-9_-]/g, "_")}`;
}

export function errorId(key: string): string {
  return `${fieldId(key)}-error`;
}

/** What leaving the teammate's-code field can tell without the server: nothing to check yet
 * (empty, or not joining), the shape's message, or "ask" (the server knows the teams). */
export function joinCodeCheck(choice: TeamChoice, code: string): null | "ask" | string {
  if (choice !== "no" || !code) return null;
  return /^\d{6,8}$/.test(code) ? "ask" : MESSAGES.teamcodeDigits;
}
