import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useReducer, useRef, useState, type ReactNode } from "react";
import type { QuestionSection as SectionDto, QuestionType } from "../../api/applications";
import { reportsApi } from "../../api/reports";
import { applicationsApi } from "../../api/applications";
import { ReportHeader } from "../../components/page-header";
import { LoadError } from "../../components/load-error";
import { SectionFields } from "../../components/application/question-field";
import { NUMERIC_MIN, type AnswerValue } from "../../components/application/form-model";
import { Alert } from "../../components/alert";
import { Spinner } from "../../components/spinner";
import { ApiError } from "../../lib/api";
import { t } from "../../lib/i18n";
import { queryKeys } from "../../lib/query-keys";
import { useSubmit } from "../../lib/use-submit";
import {
  HELP_TEXT_MAX,
  MISSING_INFO,
  previewSection,
  QUESTION_TYPES,
  reviewerVisibilityHint,
  builderReducer,
  conditionChoices,
  fromDto,
  hasOptions,
  isValid,
  problemsFromServer,
  textsOf,
  toDto,
  validate,
  type BuilderAction,
  type BuilderLanguage,
  type BuilderProblems,
  type BuilderQuestion,
  type BuilderSection,
  type BuilderState,
} from "./builder-state";


/** The two question sets of a cycle the builder edits: the application form, and the RSVP form
 *  asked when an accepted applicant confirms (its own set: reviewers never see it, and it
 *  holds no resume question). */
export type BuilderKind = "application" | "rsvp";

interface KindSettings {
  label: string;
  queryKey: readonly string[];
  load: () => Promise<SectionDto[]>;
  save: (sections: ReturnType<typeof toDto>) => Promise<unknown>;
  saved: string;
  types: typeof QUESTION_TYPES;
}

// The labels and messages stay English in the module (the catalog loads after it runs) and are
// shown through t().
export const KINDS: Record<BuilderKind, KindSettings> = {
  application: {
    label: t.noop("Application"),
    queryKey: queryKeys.questions,
    load: reportsApi.questions,
    save: reportsApi.saveQuestions,
    saved: t.noop("Questions saved. The application form uses them now."),
    types: QUESTION_TYPES,
  },
  rsvp: {
    label: t.noop("RSVP (asked at confirmation)"),
    queryKey: queryKeys.rsvpQuestions,
    load: reportsApi.rsvpQuestions,
    save: reportsApi.saveRsvpQuestions,
    saved: t.noop("RSVP questions saved. Applicants answer them when they confirm."),
    types: QUESTION_TYPES.filter((type) => type.value !== "resume"),
  },
};

/** Why applicants can't change their answers any more, by the cycle's status past "open". */
const CLOSED_NOTES: Record<string, string> = {
  closed: t.noop("The cycle is closed: applicants can no longer change their answers."),
  released: t.noop("The cycle's decisions are released: applicants can no longer change their answers."),
  confirmation_closed: t.noop("The cycle's confirmation is closed: applicants can no longer change their answers."),
  waitlist_closed: t.noop("The cycle's waitlist is closed: applicants can no longer change their answers."),
  second_confirmation_closed: t.noop("The cycle's second confirmation is closed: applicants can no longer change their answers."),
};

/** A translated sentence with one `{link}` in it, the link put in its place. */
function withLink(sentence: string, link: ReactNode): ReactNode {
  const [before, after = ""] = sentence.split("{link}");
  return (
    <>
      {before}
      {link}
      {after}
    </>
  );
}

const KindContext = createContext<BuilderKind>("application");
/** The language whose texts are being written besides the default's, or null for none. */
const LanguageContext = createContext<BuilderLanguage | null>(null);

export interface QuestionBuilderProps {
  cycle?: string;
  cycleStatus?: string;
  /** The enabled languages other than the default, whose texts the builder can hold. */
  languages?: BuilderLanguage[];
  /** The default language: what the texts are written in, and what shows where one is missing. */
  defaultLanguage?: BuilderLanguage;
}

/** The choice of a language to write the texts in, shown when more than one is enabled. */
export function LanguageChoice({
  languages,
  defaultLanguage,
  value,
  onChange,
}: {
  languages: BuilderLanguage[];
  defaultLanguage: BuilderLanguage;
  value: string;
  onChange: (code: string) => void;
}) {
  return (
    <div className="field builder__language">
      <label htmlFor="builder-language">{t("Translate into")}</label>
      <select
        id="builder-language"
        className="select"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby="builder-language-hint"
      >
        <option value="">{t("No translation: {language} only", { language: defaultLanguage.name })}</option>
        {languages.map((language) => (
          <option key={language.code} value={language.code}>
            {language.name}
          </option>
        ))}
      </select>
      <p id="builder-language-hint" className="field__hint">
        {t(
          "The texts are written in {language}. Choose a language to add each text in it beside the original; applicants reading that language see it, and {language} wherever a text is left empty. Answers, statistics and exports keep the {language} options.",
          { language: defaultLanguage.name },
        )}
      </p>
    </div>
  );
}

/** A question's texts in the language being translated into: its text, help text and each
 *  option's label, each with the original as its placeholder. */
function QuestionTranslation({
  question,
  id,
  base,
  language,
  dispatch,
}: {
  question: BuilderQuestion;
  id: string;
  base: { section: number; question: number };
  language: BuilderLanguage;
  dispatch: (action: BuilderAction) => void;
}) {
  const texts = textsOf(question, language.code);
  const field = `${id}-${language.code}`;
  return (
    <fieldset className="builder-translation">
      <legend>{t("In {language}", { language: language.name })}</legend>
      <div className="field">
        <label htmlFor={`${field}-text`}>{t("Question text in {language}", { language: language.name })}</label>
        <input
          id={`${field}-text`}
          lang={language.code}
          className="input"
          value={texts.text}
          maxLength={2000}
          placeholder={question.text}
          onChange={(e) =>
            dispatch({ type: "translateQuestion", ...base, language: language.code, field: "text", value: e.target.value })
          }
        />
      </div>
      <div className="field">
        <label htmlFor={`${field}-help`}>{t("Help text in {language} (optional)", { language: language.name })}</label>
        <input
          id={`${field}-help`}
          lang={language.code}
          className="input"
          value={texts.helpText}
          maxLength={HELP_TEXT_MAX}
          placeholder={question.helpText}
          onChange={(e) =>
            dispatch({ type: "translateQuestion", ...base, language: language.code, field: "helpText", value: e.target.value })
          }
        />
      </div>
      {hasOptions(question.type)
        ? question.options.map((option, o) => (
            <div key={o} className="field">
              <label htmlFor={`${field}-option-${o}`}>
                {option.trim()
                  ? t("Option {n} ({option}) in {language}", { n: o + 1, option: option.trim(), language: language.name })
                  : t("Option {n} (empty) in {language}", { n: o + 1, language: language.name })}
              </label>
              <input
                id={`${field}-option-${o}`}
                lang={language.code}
                className="input"
                value={texts.options[o] ?? ""}
                maxLength={200}
                placeholder={option}
                onChange={(e) =>
                  dispatch({ type: "translateOption", ...base, language: language.code, option: o, value: e.target.value })
                }
              />
            </div>
          ))
        : null}
    </fieldset>
  );
}

function typeLabel(type: QuestionType): string {
  const found = QUESTION_TYPES.find((choice) => choice.value === type);
  return found ? t(found.label) : type;
}

function MoveButtons({
  what,
  index,
  count,
  onMove,
  onRemove,
}: {
  what: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <div className="builder__tools">
      <button
        type="button"
        className="icon-button"
        onClick={() => onMove(-1)}
        disabled={index === 0}
        aria-label={t("Move {what} up", { what })}
        title={t("Move up")}
      >
        ↑
      </button>
      <button
        type="button"
        className="icon-button"
        onClick={() => onMove(1)}
        disabled={index === count - 1}
        aria-label={t("Move {what} down", { what })}
        title={t("Move down")}
      >
        ↓
      </button>
      <button type="button" className="icon-button icon-button--danger" onClick={onRemove} aria-label={t("Remove {what}", { what })} title={t("Remove")}>
        ✕
      </button>
    </div>
  );
}

/** The question's blind-review switch. A new question shows it mixed (neither on nor off): the
 *  server decides by its default rule when the set is saved, unless the organizer chooses. */
function ReviewerSwitch({
  id,
  visible,
  onChange,
}: {
  id: string;
  visible: boolean | null;
  onChange: (visible: boolean) => void;
}) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = visible === null;
  }, [visible]);
  return (
    <div className="builder-reviewers">
      <input
        ref={box}
        id={`${id}-reviewers`}
        type="checkbox"
        checked={visible === true}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-reviewers-hint`}
      />
      <label htmlFor={`${id}-reviewers`}>{t("Shown to reviewers in blind review")}</label>
      <p id={`${id}-reviewers-hint`} className="field__hint builder-reviewers__hint">
        {reviewerVisibilityHint(visible)}
      </p>
    </div>
  );
}

function QuestionEditor({
  question,
  sectionIndex,
  index,
  count,
  problem,
  showProblems,
  dispatch,
}: {
  question: BuilderQuestion;
  sectionIndex: number;
  index: number;
  count: number;
  problem?: string;
  showProblems: boolean;
  dispatch: (action: BuilderAction) => void;
}) {
  const kind = useContext(KindContext);
  const language = useContext(LanguageContext);
  const base = { section: sectionIndex, question: index };
  const id = `builder-${question.key}`;
  const name = t("question {number}", { number: `${sectionIndex + 1}.${index + 1}` });
  const invalid = showProblems && Boolean(problem);
  return (
    <li className={`builder-question${invalid ? " builder-question--invalid" : ""}`}>
      <div className="builder-question__head">
        <span className="builder-question__number">{t("Question {n}", { n: index + 1 })}</span>
        <span className="builder-question__id muted">
          {question.questionId ? <code title={t("Stable id: existing answers stay attached")}>{question.questionId}</code> : t("New")}
        </span>
        <MoveButtons
          what={name}
          index={index}
          count={count}
          onMove={(by) => dispatch({ type: "moveQuestion", ...base, by })}
          onRemove={() => dispatch({ type: "removeQuestion", ...base })}
        />
      </div>
      <div className="builder-question__fields">
        <div className="field builder-question__text">
          <label htmlFor={`${id}-text`}>{t("Question text")}</label>
          <input
            id={`${id}-text`}
            className="input"
            value={question.text}
            maxLength={2000}
            onChange={(e) => dispatch({ type: "setText", ...base, text: e.target.value })}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
          />
        </div>
        <div className="field builder-question__type">
          <label htmlFor={`${id}-type`}>{t("Type")}</label>
          <select
            id={`${id}-type`}
            className="select"
            value={question.type}
            onChange={(e) => dispatch({ type: "setType", ...base, questionType: e.target.value as QuestionType })}
          >
            {KINDS[kind].types.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {t(choice.label)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="builder-reviewers">
        <input
          id={`${id}-required`}
          type="checkbox"
          checked={question.required}
          onChange={(e) => dispatch({ type: "setRequired", ...base, required: e.target.checked })}
          aria-describedby={`${id}-required-hint`}
        />
        <label htmlFor={`${id}-required`}>{kind === "rsvp" ? t("Required to confirm") : t("Required to submit")}</label>
        <p id={`${id}-required-hint`} className="field__hint builder-reviewers__hint">
          {question.required
            ? kind === "rsvp"
              ? t("Applicants must answer it to confirm.")
              : t("Applicants must answer it to submit.")
            : t("Optional: applicants may leave it empty; the form marks it (optional).")}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-help`}>{t("Help text (optional)")}</label>
        <input
          id={`${id}-help`}
          className="input"
          value={question.helpText}
          maxLength={HELP_TEXT_MAX}
          onChange={(e) => dispatch({ type: "setHelpText", ...base, helpText: e.target.value })}
          aria-describedby={`${id}-help-hint`}
        />
        <p id={`${id}-help-hint`} className="field__hint">
          {kind === "rsvp"
            ? t("A line shown under the question on the RSVP form.")
            : t("A line shown under the question on the application form.")}
        </p>
      </div>
      {question.type === "numeric" ? (
        <div className="field">
          <label htmlFor={`${id}-max`}>{t("Largest answer (optional)")}</label>
          <input
            id={`${id}-max`}
            className="input apply-input--short"
            inputMode="numeric"
            value={question.maxValue}
            onChange={(e) => dispatch({ type: "setMaxValue", ...base, maxValue: e.target.value })}
            aria-describedby={`${id}-max-hint`}
          />
          <p id={`${id}-max-hint`} className="field__hint">
            {t("Answers must be at least {min}; leave this empty for no largest answer (an age: 100).", { min: NUMERIC_MIN })}
          </p>
        </div>
      ) : null}
      {kind === "application" ? (
        <ReviewerSwitch
          id={id}
          visible={question.reviewerVisible}
          onChange={(visible) => dispatch({ type: "setReviewerVisible", ...base, visible })}
        />
      ) : null}
      {hasOptions(question.type) ? (
        <fieldset className="builder-options">
          <legend>{t("Options for {type}", { type: typeLabel(question.type).toLowerCase() })}</legend>
          <ol className="builder-options__list">
            {question.options.map((option, o) => (
              <li key={o} className="builder-options__item">
                <label className="visually-hidden" htmlFor={`${id}-option-${o}`}>
                  {t("Option {n}", { n: o + 1 })}
                </label>
                <input
                  id={`${id}-option-${o}`}
                  className="input"
                  value={option}
                  maxLength={200}
                  placeholder={t("Option {n}", { n: o + 1 })}
                  onChange={(e) => dispatch({ type: "setOption", ...base, option: o, value: e.target.value })}
                />
                <button
                  type="button"
                  className="icon-button"
                  onClick={() => dispatch({ type: "moveOption", ...base, option: o, by: -1 })}
                  disabled={o === 0}
                  aria-label={t("Move option {n} up", { n: o + 1 })}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="icon-button icon-button--danger"
                  onClick={() => dispatch({ type: "removeOption", ...base, option: o })}
                  aria-label={t("Remove option {n}", { n: o + 1 })}
                >
                  ✕
                </button>
              </li>
            ))}
          </ol>
          <button type="button" className="button button--secondary button--small" onClick={() => dispatch({ type: "addOption", ...base })}>
            {t("Add option")}
          </button>
        </fieldset>
      ) : null}
      {language ? <QuestionTranslation question={question} id={id} base={base} language={language} dispatch={dispatch} /> : null}
      {invalid ? (
        <p id={`${id}-error`} className="field__error">
          {problem}
        </p>
      ) : null}
    </li>
  );
}

function SectionEditor({
  state,
  section,
  index,
  problems,
  showProblems,
  dispatch,
}: {
  state: BuilderState;
  section: BuilderSection;
  index: number;
  problems: BuilderProblems;
  showProblems: boolean;
  dispatch: (action: BuilderAction) => void;
}) {
  const id = `builder-${section.key}`;
  const language = useContext(LanguageContext);
  const problem = showProblems ? problems.sections[section.key] : undefined;
  const choices = conditionChoices(state, index);
  if (section.conditionalOn && !choices.some((c) => c.key === section.conditionalOn)) {
    // Keep showing a dependency that became invalid (e.g. after reordering) so it can be fixed.
    const question = state.sections.flatMap((s) => s.questions).find((q) => q.key === section.conditionalOn);
    if (question) choices.push({ key: question.key, label: question.text.trim() || t("(untitled yes/no question)") });
  }
  const title = section.name.trim() || t("Section {n}", { n: index + 1 });
  return (
    <li className="card builder-section" aria-labelledby={`${id}-title`}>
      {/* The editor and, beside it on a wide screen, the section as applicants will see it. */}
      <div className="builder-section__layout">
        <div className="builder-section__editor">
          <div className="builder-section__head">
            <h2 id={`${id}-title`} className="builder-section__title">
              <span className="muted">{t("Section {n}", { n: index + 1 })}</span> {section.name.trim() ? `· ${section.name.trim()}` : null}
            </h2>
            <MoveButtons
              what={t("section {title}", { title })}
              index={index}
              count={state.sections.length}
              onMove={(by) => dispatch({ type: "moveSection", section: index, by })}
              onRemove={() => dispatch({ type: "removeSection", section: index })}
            />
          </div>
          <div className="builder-section__fields">
            <div className="field">
              <label htmlFor={`${id}-name`}>{t("Section name")}</label>
              <input
                id={`${id}-name`}
                className="input"
                value={section.name}
                maxLength={200}
                onChange={(e) => dispatch({ type: "renameSection", section: index, name: e.target.value })}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-error` : undefined}
              />
            </div>
            {language ? (
              <div className="field">
                <label htmlFor={`${id}-name-${language.code}`}>{t("Section name in {language}", { language: language.name })}</label>
                <input
                  id={`${id}-name-${language.code}`}
                  lang={language.code}
                  className="input"
                  value={section.translations?.[language.code] ?? ""}
                  maxLength={200}
                  placeholder={section.name}
                  onChange={(e) =>
                    dispatch({ type: "translateSection", section: index, language: language.code, name: e.target.value })
                  }
                />
              </div>
            ) : null}
            <div className="field">
              <label htmlFor={`${id}-conditional`}>{t("Show this section")}</label>
              <select
                id={`${id}-conditional`}
                className="select"
                value={section.conditionalOn ?? ""}
                onChange={(e) => dispatch({ type: "setConditional", section: index, questionKey: e.target.value || null })}
              >
                <option value="">{t("Always")}</option>
                {choices.map((c) => (
                  <option key={c.key} value={c.key}>
                    {t("Only if “{question}” is yes", { question: c.label })}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {problem ? (
            <p id={`${id}-error`} className="field__error">
              {problem}
            </p>
          ) : null}
          <ol className="builder-questions" aria-label={t("Questions of {title}", { title })}>
            {section.questions.map((question, q) => (
              <QuestionEditor
                key={question.key}
                question={question}
                sectionIndex={index}
                index={q}
                count={section.questions.length}
                problem={problems.questions[question.key]}
                showProblems={showProblems}
                dispatch={dispatch}
              />
            ))}
          </ol>
          <button type="button" className="button button--secondary" onClick={() => dispatch({ type: "addQuestion", section: index })}>
            {t("Add question to {title}", { title })}
          </button>
        </div>
        <SectionPreview state={state} index={index} title={title} />
      </div>
    </li>
  );
}

/** The section as applicants will see it, drawn by the application form's own field components
 *  from the unsaved edits. It can be filled in to try it; nothing is saved. */
function SectionPreview({ state, index, title }: { state: BuilderState; index: number; title: string }) {
  const language = useContext(LanguageContext);
  const section = previewSection(state, index, language?.code);
  const [answers, setAnswers] = useState<Record<string, AnswerValue | undefined>>({});
  const needsCountries = Boolean(section?.questions.some((q) => q.question_type === "country"));
  const countries = useQuery({
    queryKey: queryKeys.countries,
    queryFn: applicationsApi.countries,
    enabled: needsCountries,
    staleTime: Infinity,
  });
  if (!section) return null;
  const shown = { ...section, section_name: section.section_name || title };
  const headingId = `builder-preview-${index}`;
  return (
    <section className="builder-preview" aria-labelledby={headingId}>
      <h3 id={headingId} className="builder-preview__title">
        {language
          ? t("Preview: {title} as applicants reading {language} see it", { title, language: language.name })
          : t("Preview: {title} as applicants see it", { title })}
      </h3>
      {section.questions.length === 0 ? (
        <p className="muted">{t("No questions yet.")}</p>
      ) : (
        <SectionFields
          shown={[shown]}
          sections={[shown]}
          answers={answers}
          errors={{}}
          className="card apply-section builder-preview__form"
          legendClassName="apply-section__title"
          onChange={(questionId, value) => setAnswers((a) => ({ ...a, [questionId]: value }))}
          countries={needsCountries ? (countries.data ?? null) : []}
          resume={(label) => (
            <div className="field apply-field">
              <p className="label">{label}</p>
              <p className="field__hint">{t("Applicants upload a PDF here.")}</p>
            </div>
          )}
        />
      )}
    </section>
  );
}

export function QuestionBuilder({ cycle, cycleStatus, languages = [], defaultLanguage }: QuestionBuilderProps) {
  const [kind, setKind] = useState<BuilderKind>("application");
  const [languageCode, setLanguageCode] = useState("");
  const language = languages.find((l) => l.code === languageCode) ?? null;
  const settings = KINDS[kind];
  const query = useQuery({ queryKey: settings.queryKey, queryFn: settings.load });

  return (
    <div className="stack reports builder">
      <ReportHeader title={t("Question Builder")}>
        <p className="muted">
          {cycle ? `${t("The {cycle} application.", { cycle })} ` : ""}
          {t("Changes apply to the form when you confirm them; existing answers stay attached to their questions.")}{" "}
          {withLink(t("What reviewers score is on the {link} page."), <a href="/admin/rubric">{t("Review Rubric")}</a>)}
        </p>
        <p className="muted builder__blind-note" hidden={kind !== "application"}>
          {t(
            "“Shown to reviewers in blind review”, on each question, decides whether reviewers see that question and its answers while the cycle reviews blind (switched on the Review Rubric page). Applicants and organizers always see every question. New questions about links, age, where someone lives or travels from, demographics, emails or websites start hidden; reviewers read free text with the applicant's name, emails and links masked.",
          )}
        </p>
      </ReportHeader>
      <div className="builder__kinds" role="group" aria-label={t("Which form")}>
        {(Object.keys(KINDS) as BuilderKind[]).map((k) => (
          <button
            key={k}
            type="button"
            className={`button ${k === kind ? "" : "button--secondary"}`}
            aria-pressed={k === kind}
            onClick={() => setKind(k)}
          >
            {t(KINDS[k].label)}
          </button>
        ))}
      </div>
      {languages.length > 0 && defaultLanguage ? (
        <LanguageChoice languages={languages} defaultLanguage={defaultLanguage} value={languageCode} onChange={setLanguageCode} />
      ) : null}
      {kind === "rsvp" ? (
        <p className="muted">
          {t(
            "Asked when an accepted applicant confirms their place: confirming needs the required ones, and answers can be changed until the event starts. Dietary needs, t-shirt size and accessibility needs ({ids}) show on the check-in card.",
            { ids: "rsvp_dietary, rsvp_tshirt, rsvp_accessibility" },
          )}
        </p>
      ) : null}
      {kind === "application" && cycleStatus && cycleStatus !== "open" && cycleStatus !== "not_open" ? (
        <Alert kind="info">{t(CLOSED_NOTES[cycleStatus] ?? CLOSED_NOTES.closed)}</Alert>
      ) : null}
      {query.isError ? (
        <LoadError message={t("The questions could not be loaded.")} onRetry={() => void query.refetch()} />
      ) : query.data === undefined ? (
        <div className="reports__loading">
          <Spinner label={t("Loading questions…")} />
        </div>
      ) : (
        <KindContext.Provider value={kind}>
          <LanguageContext.Provider value={language}>
            <BuilderEditor key={kind} initial={query.data} />
          </LanguageContext.Provider>
        </KindContext.Provider>
      )}
    </div>
  );
}

/** The loaded question set being edited: it starts from what the server sent and keeps the
 *  organizer's edits (a later refetch doesn't reset them); Confirm stores it. */
function BuilderEditor({ initial }: { initial: SectionDto[] }) {
  const queryClient = useQueryClient();
  const settings = KINDS[useContext(KindContext)];
  const [state, dispatch] = useReducer(builderReducer, initial, fromDto);
  const [showProblems, setShowProblems] = useState(false);
  const { busy: saving, error, setError, run } = useSubmit();
  const [saved, setSaved] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [serverProblems, setServerProblems] = useState<BuilderProblems | null>(null);

  const edit = useCallback((action: BuilderAction) => {
    dispatch(action);
    setDirty(true);
    setServerProblems(null);
    setSaved(false);
  }, []);

  const problems = validate(state);
  const valid = isValid(problems);
  // What the fields show: the client's checks once Confirm was pressed, else the server's refusal.
  const shown: BuilderProblems = serverProblems ?? problems;
  const questionCount = state.sections.reduce((n, s) => n + s.questions.length, 0);

  async function confirm() {
    setShowProblems(true);
    setSaved(false);
    if (!valid) {
      // The spec's one message, with each problem also shown beside its field.
      setError([t(MISSING_INFO), ...problems.general].join(" "));
      return;
    }
    const payload = toDto(state);
    let placed: BuilderProblems | null = null;
    const ok = await run(
      async () => {
        try {
          const answer = await settings.save(payload);
          const stored = Array.isArray(answer) ? (answer as SectionDto[]) : payload;
          dispatch({ type: "reset", state: fromDto(stored) });
          queryClient.setQueryData(settings.queryKey, stored);
        } catch (e) {
          // The server's refusals, placed beside the fields they are about.
          placed = e instanceof ApiError && e.body.errors ? problemsFromServer(state, e.body.errors) : null;
          if (placed) setServerProblems(placed);
          throw e;
        }
      },
      (e) =>
        [e instanceof ApiError ? e.message : t("The questions could not be saved."), ...(placed?.general ?? [])].join(" "),
    );
    if (ok) {
      setShowProblems(false);
      setDirty(false);
      setSaved(true);
    }
  }

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  return (
    <>
      {state.sections.length === 0 ? <p className="muted empty-note">{t("No sections yet. Add one to start.")}</p> : null}
      <ol className="builder-sections" aria-label={t("Sections")}>
        {state.sections.map((section, index) => (
          <SectionEditor
            key={section.key}
            state={state}
            section={section}
            index={index}
            problems={shown}
            showProblems={showProblems || serverProblems !== null}
            dispatch={edit}
          />
        ))}
      </ol>
      <button type="button" className="button button--secondary builder__add-section" onClick={() => edit({ type: "addSection" })}>
        {t("Add section")}
      </button>
      <div className="builder__footer">
        <div aria-live="polite" className="builder__notice">
          {saved ? <Alert kind="success">{t(settings.saved)}</Alert> : null}
          {error ? <Alert kind="error">{error}</Alert> : null}
        </div>
        <div className="builder__footer-row">
          <span className="muted">
            {t("{sections}, {questions}", {
              sections: t.plural(state.sections.length, { one: "{count} section", other: "{count} sections" }),
              questions: t.plural(questionCount, { one: "{count} question", other: "{count} questions" }),
            })}
            {dirty ? ` · ${t("unsaved changes")}` : ""}
          </span>
          <button type="button" className="button" onClick={() => void confirm()} disabled={saving}>
            {saving ? t("Saving…") : t("Confirm Questions")}
          </button>
        </div>
      </div>
    </>
  );
}
