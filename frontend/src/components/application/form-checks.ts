// The application form's checks and its encoding to the contract's body: what a submit or a
// save needs, and nothing the form's first paint does. A module of its own, so that the
// applicant pages load it after the form shows (the apply form asks for it as it mounts, and
// again at a submit), outside their first download (lib/js-budget.test.ts).
import type { ApplicationBody, Question, QuestionSection, SectionAnswers } from "../../api/applications";
import { t } from "../../lib/i18n";
import {
  COLLEGE_NOT_PRESENT,
  LIST_MAX,
  LONG_MAX,
  NUMERIC_MIN,
  SHORT_MAX,
  TEAM_CODE_MAX,
  TEAM_CODE_MIN,
  describedChoice,
  visibleSections,
  type AnswerValue,
  type FieldErrors,
  type FormState,
  type TeamChoice,
} from "./form-model";

// The checks' messages: English, marked for the catalog (a module runs before the page's catalog
// is loaded), shown through t() beside their fields (FieldError). They live with the checks, the
// only code that gives them, so that they load apart from the page with them. The limits are
// written out (extraction reads only literals): the test of form-model checks them against the
// constants of form-model.ts.
export const CHECK_MESSAGES = {
  resumeMissing: t.noop("Please select a valid resume file."),
  required: t.noop("This field is required."),
  chooseOne: t.noop("Choose one of the options."),
  chooseSome: t.noop("Choose at least one option."),
  yesOrNo: t.noop("Choose Yes or No."),
  number: t.noop("Enter a number."),
  numericMin: t.noop("Must be at least 16."),
  shortMax: t.noop("Use at most 100 characters."),
  longMax: t.noop("Use at most 1200 characters."),
  listMax: t.noop("Add at most 3 entries."),
  listComma: t.noop("An entry can't contain a comma."),
  school: t.noop("Choose your school from the list."),
  schoolOther: t.noop("Type the name of your school."),
  country: t.noop("Choose a country from the list."),
  checkboxes: t.noop("Please agree to the code of conduct and the terms to apply."),
  teamChoice: t.noop("Choose Yes or No, or that you're applying alone."),
  teamcodeMissing: t.noop("Enter your teammate's team code."),
  teamcodeDigits: t.noop("A team code is 6 to 8 digits."),
  teamcodePending: t.noop("Your team code is still being made. Try again in a moment."),
};

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
    if (entries.length > LIST_MAX) return CHECK_MESSAGES.listMax;
    if (entries.some((entry) => entry.includes(","))) return CHECK_MESSAGES.listComma;
    return null; // Lists are the one optional question type.
  }
  // A question the builder made optional may be left empty (the server agrees); what is given
  // is still checked.
  const optional = question.required === false;
  if (type === "multiselect") {
    const chosen = Array.isArray(value) ? value : [];
    if (!chosen.length) return optional ? null : CHECK_MESSAGES.chooseSome;
    if (chosen.some((option) => !question.options.includes(option))) return CHECK_MESSAGES.chooseOne;
    return null;
  }
  const text = (Array.isArray(value) ? value.join(",") : (value ?? "")).trim();
  if (!text) return optional ? null : type === "boolean" ? CHECK_MESSAGES.yesOrNo : CHECK_MESSAGES.required;
  switch (type) {
    case "numeric": {
      if (!/^\d+(\.\d+)?$/.test(text)) return CHECK_MESSAGES.number;
      if (Number(text) < NUMERIC_MIN) return CHECK_MESSAGES.numericMin;
      // The largest answer the organizers set (the server checks it too): said in the page's
      // language here, as a server message is (FieldError passes it through).
      const maximum = question.max_value;
      if (maximum !== null && maximum !== undefined && Number(text) > maximum) return t("Must be at most {maximum}.", { maximum });
      return null;
    }
    case "boolean":
      return text === "yes" || text === "no" ? null : CHECK_MESSAGES.yesOrNo;
    case "short_answer":
      return text.length > SHORT_MAX ? CHECK_MESSAGES.shortMax : null;
    case "long_answer":
      return text.length > LONG_MAX ? CHECK_MESSAGES.longMax : null;
    case "multiple_choice":
      return question.options.includes(text) ? null : CHECK_MESSAGES.chooseOne;
    case "country":
      return ctx.countries && !ctx.countries.includes(text) ? CHECK_MESSAGES.country : null;
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
  if (!names.first.trim()) errors.first = CHECK_MESSAGES.required;
  if (!names.last.trim()) errors.last = CHECK_MESSAGES.required;
  if (!names.school) errors.school = CHECK_MESSAGES.required;
  // The text must match one option exactly, case included.
  else if (ctx.schools && !ctx.schools.includes(names.school)) errors.school = CHECK_MESSAGES.school;
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
    errors.school_other = CHECK_MESSAGES.schoolOther;
  }
  if (!ctx.resumeOnFile) errors.resume = CHECK_MESSAGES.resumeMissing;
  if (!state.teamChoice) errors.teamcode = CHECK_MESSAGES.teamChoice;
  else if (state.teamChoice === "yes" && !state.teamcode) errors.teamcode = CHECK_MESSAGES.teamcodePending;
  else if (state.teamChoice === "no") {
    const code = state.teamcode.trim();
    if (!code) errors.teamcode = CHECK_MESSAGES.teamcodeMissing;
    else if (!/^\d{6,8}$/.test(code)) errors.teamcode = CHECK_MESSAGES.teamcodeDigits;
  }
  if (!state.checkboxes[0] || !state.checkboxes[1]) errors.checkboxes = CHECK_MESSAGES.checkboxes;
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

/** What leaving the teammate's-code field can tell without the server: nothing to check yet
 * (empty, or not joining), the shape's message, or "ask" (the server knows the teams). */
export function joinCodeCheck(choice: TeamChoice, code: string): null | "ask" | string {
  if (choice !== "no" || !code) return null;
  return /^\d{6,8}$/.test(code) ? "ask" : CHECK_MESSAGES.teamcodeDigits;
}
