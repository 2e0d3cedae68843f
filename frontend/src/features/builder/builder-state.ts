// The question builder's state: sections and questions held locally until Confirm Questions.
// Existing questions keep their question_id (their answers stay attached); new ones get a slug
// of their text when the set is saved.
import type { Question as QuestionDto, QuestionSection as SectionDto, QuestionType } from "../../api/applications";
import { NUMERIC_MIN } from "../../components/application/form-model";
import { t } from "../../lib/i18n";

// English in the module (the catalog loads after it runs): shown through t().
export const MISSING_INFO = t.noop("Error: Question is missing information and cannot be submitted yet.");

export const QUESTION_TYPES: { value: QuestionType; label: string }[] = [
  { value: "short_answer", label: t.noop("Short answer") },
  { value: "long_answer", label: t.noop("Long answer") },
  { value: "numeric", label: t.noop("Number") },
  { value: "boolean", label: t.noop("Yes / no") },
  { value: "multiple_choice", label: t.noop("Multiple choice") },
  { value: "multiselect", label: t.noop("Multiselect") },
  { value: "list", label: t.noop("List (up to 3)") },
  { value: "resume", label: t.noop("Resume") },
  { value: "country", label: t.noop("Country") },
];

export const CHOICE_TYPES: QuestionType[] = ["multiple_choice", "multiselect"];

export function hasOptions(type: QuestionType): boolean {
  return CHOICE_TYPES.includes(type);
}

export interface BuilderQuestion {
  key: string;
  /** The saved id of an existing question; null for a question added in this session. */
  questionId: string | null;
  text: string;
  type: QuestionType;
  options: string[];
  /** Shown to reviewers when the cycle reviews blind. null: not chosen yet (a new question),
   *  so the server's default decides when the set is saved. */
  reviewerVisible: boolean | null;
  /** Must be answered to submit (the default); false lets applicants leave it empty. */
  required: boolean;
  /** A line shown under the question on the form; empty for none. */
  helpText: string;
  /** A number question's largest answer as typed; empty for none (every number question's
   *  smallest is NUMERIC_MIN). Sent only for number questions. */
  maxValue: string;
  /** The texts in other languages, by language code; null while unknown (a set loaded without
   *  them, or a new question), so the save leaves them out and the server keeps what it has. */
  translations: Record<string, QuestionTexts> | null;
}

/** A question's texts in one language; empty means "as written in the default language".
 *  `options` runs beside the question's options, one label per option by position, so that
 *  renaming or moving an option keeps its label. */
export interface QuestionTexts {
  text: string;
  helpText: string;
  options: string[];
}

/** A language the builder offers besides the default: its code and its name in itself. */
export interface BuilderLanguage {
  code: string;
  name: string;
}

const NO_TEXTS: QuestionTexts = { text: "", helpText: "", options: [] };

/** The question's texts in `language` (empty ones when it has none). */
export function textsOf(question: BuilderQuestion, language: string): QuestionTexts {
  return question.translations?.[language] ?? NO_TEXTS;
}

/** The longest help text the server keeps. */
export const HELP_TEXT_MAX = 500;

export interface BuilderSection {
  key: string;
  name: string;
  /** The key of the boolean question this section depends on, or null. */
  conditionalOn: string | null;
  questions: BuilderQuestion[];
  /** The name in other languages, by language code; null while unknown (as a question's). */
  translations: Record<string, string> | null;
}

export interface BuilderState {
  sections: BuilderSection[];
  nextKey: number;
}

export function fromDto(sections: SectionDto[]): BuilderState {
  let next = 1;
  const keyOfId = new Map<string, string>();
  const built: BuilderSection[] = sections.map((section) => ({
    key: `s${next++}`,
    name: section.section_name,
    conditionalOn: section.conditional_on,
    translations: section.translations
      ? Object.fromEntries(Object.entries(section.translations).map(([code, t]) => [code, t.section_name ?? ""]))
      : null,
    questions: section.questions.map((q) => {
      const key = `q${next++}`;
      keyOfId.set(q.question_id, key);
      return {
        key,
        questionId: q.question_id,
        text: q.question_text,
        type: q.question_type,
        options: hasOptions(q.question_type) ? [...(q.options ?? [])] : [],
        reviewerVisible: q.reviewer_visible ?? null,
        required: q.required ?? true,
        helpText: q.help_text ?? "",
        maxValue: q.max_value === null || q.max_value === undefined ? "" : String(q.max_value),
        translations: q.translations
          ? Object.fromEntries(
              Object.entries(q.translations).map(([code, t]) => [
                code,
                {
                  text: t.question_text ?? "",
                  helpText: t.help_text ?? "",
                  options: hasOptions(q.question_type) ? (q.options ?? []).map((o) => t.options?.[o] ?? "") : [],
                },
              ]),
            )
          : null,
      };
    }),
  }));
  // conditional_on names a question_id on the wire and a question key in the builder.
  for (const section of built) {
    section.conditionalOn = section.conditionalOn ? (keyOfId.get(section.conditionalOn) ?? null) : null;
  }
  return { sections: built, nextKey: next };
}

export type BuilderAction =
  | { type: "reset"; state: BuilderState }
  | { type: "addSection" }
  | { type: "removeSection"; section: number }
  | { type: "moveSection"; section: number; by: -1 | 1 }
  | { type: "renameSection"; section: number; name: string }
  | { type: "setConditional"; section: number; questionKey: string | null }
  | { type: "addQuestion"; section: number }
  | { type: "removeQuestion"; section: number; question: number }
  | { type: "moveQuestion"; section: number; question: number; by: -1 | 1 }
  | { type: "setText"; section: number; question: number; text: string }
  | { type: "setType"; section: number; question: number; questionType: QuestionType }
  | { type: "setReviewerVisible"; section: number; question: number; visible: boolean }
  | { type: "setRequired"; section: number; question: number; required: boolean }
  | { type: "setHelpText"; section: number; question: number; helpText: string }
  | { type: "setMaxValue"; section: number; question: number; maxValue: string }
  | { type: "addOption"; section: number; question: number }
  | { type: "setOption"; section: number; question: number; option: number; value: string }
  | { type: "removeOption"; section: number; question: number; option: number }
  | { type: "moveOption"; section: number; question: number; option: number; by: -1 | 1 }
  | { type: "translateSection"; section: number; language: string; name: string }
  | {
      type: "translateQuestion";
      section: number;
      question: number;
      language: string;
      field: "text" | "helpText";
      value: string;
    }
  | { type: "translateOption"; section: number; question: number; language: string; option: number; value: string };

function move<T>(list: T[], index: number, by: number): T[] {
  const target = index + by;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return list;
  const copy = [...list];
  [copy[index], copy[target]] = [copy[target], copy[index]];
  return copy;
}

function updateSection(state: BuilderState, index: number, fn: (s: BuilderSection) => BuilderSection): BuilderState {
  if (!state.sections[index]) return state;
  return { ...state, sections: state.sections.map((s, i) => (i === index ? fn(s) : s)) };
}

function updateQuestion(
  state: BuilderState,
  section: number,
  question: number,
  fn: (q: BuilderQuestion) => BuilderQuestion,
): BuilderState {
  return updateSection(state, section, (s) =>
    s.questions[question] ? { ...s, questions: s.questions.map((q, i) => (i === question ? fn(q) : q)) } : s,
  );
}

/** The question with `fn` applied to each language's option labels (they follow the options). */
function withOptionLabels(question: BuilderQuestion, fn: (labels: string[]) => string[]): BuilderQuestion {
  if (!question.translations) return question;
  const translations = Object.fromEntries(
    Object.entries(question.translations).map(([code, t]) => [code, { ...t, options: fn(t.options) }]),
  );
  return { ...question, translations };
}

/** The question with one text of `language` changed. */
function withTexts(question: BuilderQuestion, language: string, change: Partial<QuestionTexts>): BuilderQuestion {
  return { ...question, translations: { ...question.translations, [language]: { ...textsOf(question, language), ...change } } };
}

/** A question as Add Question makes it (and as a new section starts with): the defaults a new
 *  question has until the organizer changes them. */
function blankQuestion(key: string): BuilderQuestion {
  return {
    key,
    questionId: null,
    text: "",
    type: "short_answer",
    options: [],
    reviewerVisible: null,
    required: true,
    helpText: "",
    maxValue: "",
    translations: null,
  };
}

/** Sections depending on a question that is gone or no longer yes/no stop depending on it. */
function dropStaleConditions(state: BuilderState): BuilderState {
  const booleans = new Set(
    state.sections.flatMap((s) => s.questions.filter((q) => q.type === "boolean").map((q) => q.key)),
  );
  if (state.sections.every((s) => !s.conditionalOn || booleans.has(s.conditionalOn))) return state;
  return {
    ...state,
    sections: state.sections.map((s) =>
      s.conditionalOn && !booleans.has(s.conditionalOn) ? { ...s, conditionalOn: null } : s,
    ),
  };
}

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.type) {
    case "reset":
      return action.state;
    case "addSection":
      return {
        sections: [
          ...state.sections,
          {
            key: `s${state.nextKey}`,
            name: "",
            conditionalOn: null,
            questions: [blankQuestion(`q${state.nextKey + 1}`)],
            translations: null,
          },
        ],
        nextKey: state.nextKey + 2,
      };
    case "removeSection":
      return dropStaleConditions({ ...state, sections: state.sections.filter((_, i) => i !== action.section) });
    case "moveSection":
      return { ...state, sections: move(state.sections, action.section, action.by) };
    case "renameSection":
      return updateSection(state, action.section, (s) => ({ ...s, name: action.name }));
    case "setConditional":
      return updateSection(state, action.section, (s) => ({ ...s, conditionalOn: action.questionKey }));
    case "addQuestion": {
      const added = updateSection(state, action.section, (s) => ({
        ...s,
        questions: [...s.questions, blankQuestion(`q${state.nextKey}`)],
      }));
      return added === state ? state : { ...added, nextKey: state.nextKey + 1 };
    }
    case "removeQuestion":
      return dropStaleConditions(
        updateSection(state, action.section, (s) => ({
          ...s,
          questions: s.questions.filter((_, i) => i !== action.question),
        })),
      );
    case "moveQuestion":
      return updateSection(state, action.section, (s) => ({
        ...s,
        questions: move(s.questions, action.question, action.by),
      }));
    case "setText":
      return updateQuestion(state, action.section, action.question, (q) => ({ ...q, text: action.text }));
    case "setType":
      return dropStaleConditions(
        updateQuestion(state, action.section, action.question, (q) => ({
          ...q,
          type: action.questionType,
          // A choice question starts with one empty option to fill in; other types have none.
          options: hasOptions(action.questionType) ? (q.options.length ? q.options : [""]) : [],
        })),
      );
    case "setReviewerVisible":
      return updateQuestion(state, action.section, action.question, (q) => ({ ...q, reviewerVisible: action.visible }));
    case "setRequired":
      return updateQuestion(state, action.section, action.question, (q) => ({ ...q, required: action.required }));
    case "setMaxValue":
      return updateQuestion(state, action.section, action.question, (q) => ({ ...q, maxValue: action.maxValue }));
    case "setHelpText":
      return updateQuestion(state, action.section, action.question, (q) => ({ ...q, helpText: action.helpText }));
    case "addOption":
      return updateQuestion(state, action.section, action.question, (q) => ({ ...q, options: [...q.options, ""] }));
    case "setOption":
      return updateQuestion(state, action.section, action.question, (q) => ({
        ...q,
        options: q.options.map((o, i) => (i === action.option ? action.value : o)),
      }));
    case "removeOption":
      return updateQuestion(state, action.section, action.question, (q) =>
        withOptionLabels({ ...q, options: q.options.filter((_, i) => i !== action.option) }, (labels) =>
          labels.filter((_, i) => i !== action.option),
        ),
      );
    case "moveOption":
      return updateQuestion(state, action.section, action.question, (q) =>
        withOptionLabels({ ...q, options: move(q.options, action.option, action.by) }, (labels) => {
          // Labels past the end of a shorter list are empty: pad before moving.
          const padded = q.options.map((_, i) => labels[i] ?? "");
          return move(padded, action.option, action.by);
        }),
      );
    case "translateSection":
      return updateSection(state, action.section, (s) => ({
        ...s,
        translations: { ...s.translations, [action.language]: action.name },
      }));
    case "translateQuestion":
      return updateQuestion(state, action.section, action.question, (q) =>
        withTexts(q, action.language, action.field === "text" ? { text: action.value } : { helpText: action.value }),
      );
    case "translateOption":
      return updateQuestion(state, action.section, action.question, (q) => {
        const labels = q.options.map((_, i) => textsOf(q, action.language).options[i] ?? "");
        labels[action.option] = action.value;
        return withTexts(q, action.language, { options: labels });
      });
    default:
      return state;
  }
}

/** What is missing, keyed by section key / question key, with a human sentence each. */
export interface BuilderProblems {
  sections: Record<string, string>;
  questions: Record<string, string>;
  general: string[];
}

export function validate(state: BuilderState): BuilderProblems {
  const problems: BuilderProblems = { sections: {}, questions: {}, general: [] };
  if (state.sections.length === 0) problems.general.push(t("Add at least one section."));
  const booleans = new Set(
    state.sections.flatMap((s) => s.questions.filter((q) => q.type === "boolean").map((q) => q.key)),
  );
  const seenNames = new Set<string>();
  const earlierBooleans = new Set<string>();
  for (const section of state.sections) {
    const name = section.name.trim();
    if (!name) problems.sections[section.key] = t("Give this section a name.");
    else if (seenNames.has(name.toLowerCase())) problems.sections[section.key] = t("Two sections can't share a name.");
    else if (section.questions.length === 0) problems.sections[section.key] = t("Add a question to this section.");
    else if (section.conditionalOn && !(earlierBooleans.has(section.conditionalOn) && booleans.has(section.conditionalOn)))
      problems.sections[section.key] = t("A section can only depend on a yes/no question of an earlier section.");
    seenNames.add(name.toLowerCase());
    for (const question of section.questions) {
      if (!question.text.trim()) {
        problems.questions[question.key] = t("Write the question's text.");
      } else if (question.helpText.trim().length > HELP_TEXT_MAX) {
        problems.questions[question.key] = t("Keep the help text to {n} characters.", { n: HELP_TEXT_MAX });
      } else if (question.type === "numeric" && question.maxValue.trim() && maxValueOf(question.maxValue) === null) {
        problems.questions[question.key] = t("The largest answer is a whole number of at least {n}.", { n: NUMERIC_MIN });
      } else if (hasOptions(question.type)) {
        const options = question.options.map((o) => o.trim()).filter(Boolean);
        if (options.length === 0) problems.questions[question.key] = t("Give this question at least one option.");
        else if (new Set(options).size !== options.length) problems.questions[question.key] = t("Options must differ.");
        // Multiselect answers are stored comma-joined, so an option can't hold a comma.
        else if (question.type === "multiselect" && options.some((o) => o.includes(",")))
          problems.questions[question.key] = t("Options of a multiselect question can't contain commas.");
      }
    }
    for (const question of section.questions) if (question.type === "boolean") earlierBooleans.add(question.key);
  }
  return problems;
}

/** A largest answer as typed → the number sent, or null: empty, or not a whole number of at
 *  least NUMERIC_MIN (validate says so before anything is sent). */
export function maxValueOf(typed: string): number | null {
  const text = typed.trim();
  if (!/^\d{1,10}$/.test(text)) return null;
  const value = Number(text);
  return value >= NUMERIC_MIN && value <= 1_000_000_000 ? value : null;
}

export function isValid(problems: BuilderProblems): boolean {
  return (
    problems.general.length === 0 &&
    Object.keys(problems.sections).length === 0 &&
    Object.keys(problems.questions).length === 0
  );
}

/** A question_id for a new question: a slug of its text, unique among `taken`. */
export function slugFor(text: string, taken: Set<string>): string {
  let base = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 40)
    .replace(/_+$/g, "");
  if (!base) base = "question";
  if (/^\d/.test(base)) base = `q_${base}`;
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}_${n}`;
  return slug;
}

/** The wire shape for PUT /api/applications/questions, with ids for new questions. */
/** Ids the application itself uses for its fixed fields; a new question never takes one. */
export const RESERVED_IDS = ["first", "last", "school", "checkboxes", "teamcode", "resume", "sections", "non_field_errors"];

export function toDto(state: BuilderState): SectionDto[] {
  const taken = new Set([
    ...RESERVED_IDS,
    ...(state.sections.flatMap((s) => s.questions.map((q) => q.questionId).filter(Boolean)) as string[]),
  ]);
  const idOfKey = new Map<string, string>();
  for (const section of state.sections) {
    for (const question of section.questions) {
      const id = question.questionId ?? slugFor(question.text, taken);
      taken.add(id);
      idOfKey.set(question.key, id);
    }
  }
  return state.sections.map((section) => ({
    section_name: section.name.trim(),
    conditional_on: section.conditionalOn ? (idOfKey.get(section.conditionalOn) ?? null) : null,
    ...(section.translations === null ? {} : { translations: sectionTextsDto(section.translations) }),
    questions: section.questions.map(
      (q): QuestionDto => ({
        question_id: idOfKey.get(q.key) as string,
        question_text: q.text.trim(),
        question_type: q.type,
        options: hasOptions(q.type) ? q.options.map((o) => o.trim()).filter(Boolean) : [],
        // Left out until the organizer chooses: the server then applies its default rule.
        ...(q.reviewerVisible === null ? {} : { reviewer_visible: q.reviewerVisible }),
        required: q.required,
        help_text: q.helpText.trim(),
        // A number question's largest answer; left out for none (the server stores none then).
        ...(q.type === "numeric" && maxValueOf(q.maxValue) !== null ? { max_value: maxValueOf(q.maxValue) } : {}),
        // Left out while unknown, so the server keeps the stored ones (see BuilderQuestion).
        ...(q.translations === null ? {} : { translations: questionTextsDto(q) }),
      }),
    ),
  }));
}

type SectionTextsDto = NonNullable<SectionDto["translations"]>;
type QuestionTextsDto = NonNullable<QuestionDto["translations"]>;

function sectionTextsDto(translations: Record<string, string>): SectionTextsDto {
  const out: SectionTextsDto = {};
  for (const [code, name] of Object.entries(translations)) if (name.trim()) out[code] = { section_name: name.trim() };
  return out;
}

/** The question's translations on the wire: empty texts left out (they show as written), and
 *  option labels keyed by the option they label. */
function questionTextsDto(question: BuilderQuestion): QuestionTextsDto {
  const out: QuestionTextsDto = {};
  for (const [code, texts] of Object.entries(question.translations ?? {})) {
    const entry: QuestionTextsDto[string] = {};
    if (texts.text.trim()) entry.question_text = texts.text.trim();
    if (texts.helpText.trim()) entry.help_text = texts.helpText.trim();
    if (hasOptions(question.type)) {
      const labels: Record<string, string> = {};
      question.options.forEach((option, i) => {
        const label = texts.options[i]?.trim();
        if (option.trim() && label) labels[option.trim()] = label;
      });
      if (Object.keys(labels).length) entry.options = labels;
    }
    if (Object.keys(entry).length) out[code] = entry;
  }
  return out;
}

/** The yes/no questions a section may depend on: those of the earlier sections. */
export function conditionChoices(state: BuilderState, sectionIndex: number): { key: string; label: string }[] {
  return state.sections.flatMap((section, i) =>
    i >= sectionIndex
      ? []
      : section.questions
          .filter((q) => q.type === "boolean")
          .map((q) => ({ key: q.key, label: q.text.trim() || "(untitled yes/no question)" })),
  );
}

/**
 * The server's field errors (keyed by position, e.g. `sections.1.questions.0.options`) placed
 * on the builder's sections and questions; what has no place goes to `general`.
 */
export function problemsFromServer(state: BuilderState, errors: Record<string, string[]>): BuilderProblems {
  const problems: BuilderProblems = { sections: {}, questions: {}, general: [] };
  for (const [path, messages] of Object.entries(errors)) {
    const message = messages.join(" ");
    const match = path.match(/^sections\.(\d+)(?:\.questions\.(\d+))?/);
    const section = match ? state.sections[Number(match[1])] : undefined;
    const question = section && match?.[2] !== undefined ? section.questions[Number(match[2])] : undefined;
    if (question) problems.questions[question.key] = message;
    else if (section) problems.sections[section.key] = message;
    else problems.general.push(message);
  }
  return problems;
}

/** The words under a question's blind-review switch, for its state. */
export function reviewerVisibilityHint(visible: boolean | null): string {
  if (visible === null)
    return t("Not chosen yet: when you confirm, links, age, location, demographics and contact details are hidden, anything else shown.");
  return visible
    ? t("Reviewers see this question and its answers, with the applicant's name, emails and links masked in free text.")
    : t("Hidden from reviewers while the cycle reviews blind. Applicants and organizers still see it.");
}

/** One section as the application form receives it (the wire shape, ids for new questions
 *  included), for the builder's live preview: what applicants will see, before it is saved. */
export function previewSection(state: BuilderState, sectionIndex: number, language?: string): SectionDto | null {
  const section = toDto(state)[sectionIndex];
  if (!section) return null;
  return language ? localizedSection(section, language) : section;
}

/** A section as an applicant reading `language` gets it from the server: each text in that
 *  language where given, else as written, and the options' labels beside them (the options
 *  themselves stay what answers are stored as). */
export function localizedSection(section: SectionDto, language: string): SectionDto {
  return {
    ...section,
    section_name: section.translations?.[language]?.section_name || section.section_name,
    questions: section.questions.map((q) => {
      const texts = q.translations?.[language];
      return {
        ...q,
        question_text: texts?.question_text || q.question_text,
        help_text: texts?.help_text || q.help_text,
        ...(texts?.options ? { option_labels: texts.options } : {}),
      };
    }),
  };
}
