import { useEffect, useState, type ReactNode } from "react";
import type { AliasPair } from "../autocomplete";
import type { Question, QuestionSection } from "../../api/applications";
import { language, t } from "../../lib/i18n";
import { Autocomplete } from "../lazy-autocomplete";
import {
  DETAIL_MAX,
  LIST_MAX,
  LONG_MAX,
  NUMERIC_MIN,
  SHORT_MAX,
  describedChoice,
  errorId,
  fieldId,
  toggleOption,
  type AnswerValue,
} from "./form-model";

/** The ids for a control's aria-describedby: the question's help text, its hint and its error
 *  (each if any). */
export function describedBy(key: string, { hint, error, help }: { hint?: boolean; error?: string | null; help?: boolean }) {
  return (
    [help ? helpId(key) : null, hint ? `${fieldId(key)}-hint` : null, error ? errorId(key) : null].filter(Boolean).join(" ") ||
    undefined
  );
}

function helpId(key: string): string {
  return `${fieldId(key)}-help`;
}

/** The organizer's line under a question (the builder's help text), read out with the control. */
export function HelpText({ name, text }: { name: string; text?: string | null }) {
  if (!text || !text.trim()) return null;
  return (
    <p id={helpId(name)} className="field__hint apply-help">
      {text}
    </p>
  );
}

/** A question's label: its text, and "(optional)" when the builder made it so. */
export function QuestionLabel({ question }: { question: Pick<Question, "question_text" | "required"> }) {
  return (
    <>
      {question.question_text}
      {question.required === false ? (
        <>
          {" "}
          <span className="apply-optional">{t("(optional)")}</span>
        </>
      ) : null}
    </>
  );
}

export function FieldError({ name, error }: { name: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p id={errorId(name)} className="field__error apply-error">
      <span aria-hidden="true">⚠ </span>
      {/* The form's own checks give the English text of CHECK_MESSAGES (the catalog has it); the
          server's messages come in the page's language already and pass through unchanged. */}
      {t(error)}
    </p>
  );
}

export function FieldHint({ name, children }: { name: string; children: ReactNode }) {
  return (
    <p id={`${fieldId(name)}-hint`} className="field__hint">
      {children}
    </p>
  );
}

/** A label, a single control, its hint and its error. */
export function FieldShell({
  name,
  label,
  hint,
  help,
  error,
  children,
}: {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The question's help text, between the label and the control. */
  help?: string | null;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <div className={`field apply-field${error ? " apply-field--invalid" : ""}`} data-invalid={error ? "true" : undefined}>
      <label htmlFor={fieldId(name)}>{label}</label>
      <HelpText name={name} text={help} />
      {children}
      {hint ? <FieldHint name={name}>{hint}</FieldHint> : null}
      <FieldError name={name} error={error} />
    </div>
  );
}

/** A one-line text answer in its FieldShell: the label, the input wired to its error, the error. */
export function TextInput({
  name,
  label,
  value,
  error,
  autoComplete,
  maxLength,
  onChange,
}: {
  name: string;
  label: ReactNode;
  value: string;
  error?: string | null;
  autoComplete?: string;
  maxLength?: number;
  onChange: (value: string) => void;
}) {
  return (
    <FieldShell name={name} label={label} error={error}>
      <input
        id={fieldId(name)}
        className="input"
        autoComplete={autoComplete}
        maxLength={maxLength}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, { error })}
      />
    </FieldShell>
  );
}

/** A fieldset of radios or checkboxes with its legend, hint and error. */
export function GroupShell({
  name,
  legend,
  hint,
  help,
  error,
  children,
  className = "",
}: {
  name: string;
  legend: ReactNode;
  hint?: ReactNode;
  help?: string | null;
  error?: string | null;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset
      id={fieldId(name)}
      className={`apply-group${error ? " apply-field--invalid" : ""} ${className}`.trim()}
      data-invalid={error ? "true" : undefined}
      aria-describedby={describedBy(name, { hint: Boolean(hint), error, help: Boolean(help && help.trim()) })}
    >
      <legend className="label">{legend}</legend>
      <HelpText name={name} text={help} />
      {hint ? <FieldHint name={name}>{hint}</FieldHint> : null}
      {children}
      <FieldError name={name} error={error} />
    </fieldset>
  );
}

function Counter({ name, length, max }: { name: string; length: number; max: number }) {
  return (
    <p id={`${fieldId(name)}-hint`} className={`field__hint apply-counter${length >= max ? " apply-counter--full" : ""}`}>
      {t("{length} / {max} characters", { length, max })}
    </p>
  );
}

export interface QuestionFieldProps {
  question: Question;
  sectionIndex: number;
  questionIndex: number;
  value: AnswerValue | undefined;
  error?: string | null;
  onChange: (questionId: string, value: AnswerValue) => void;
  countries: string[] | null;
  /** What a `resume` question shows: the upload control, owned by the form, under this label. */
  resume: (label: string) => ReactNode;
  /** The words typed beside "Other" / "Prefer to self-describe", by question_id, and their
   *  setter; without a setter no text box is offered. */
  details?: Record<string, string>;
  onDetail?: (questionId: string, text: string) => void;
}

/** The text box that opens under a question when "Other" or "Prefer to self-describe" is chosen. */
function DetailBox({ questionId, option, value, onChange }: { questionId: string; option: string; value: string; onChange: (text: string) => void }) {
  const id = `${fieldId(questionId)}-detail`;
  const label = /self-describe/i.test(option) ? t("Your own words") : t("Please tell us more");
  return (
    <div className="field apply-detail">
      <label htmlFor={id}>
        {label} <span className="apply-optional">{t("(optional)")}</span>
      </label>
      <input id={id} className="input" type="text" maxLength={DETAIL_MAX} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** One question of a section, rendered by its type. */
export function QuestionField(props: QuestionFieldProps) {
  const { question, value, details, onDetail } = props;
  const option = onDetail ? describedChoice(question, value) : null;
  const field = <QuestionControl {...props} />;
  if (!option || !onDetail) return field;
  return (
    <div className="apply-described">
      {field}
      <DetailBox
        questionId={question.question_id}
        option={option}
        value={details?.[question.question_id] ?? ""}
        onChange={(text) => onDetail(question.question_id, text)}
      />
    </div>
  );
}

/** The countries' names in the page's language, as aliases of the English names the answers
 *  are (country-names.ts): loaded apart, and only on a page in another language, as English
 *  pages need none and the apply page's first download has a budget (lib/js-budget.test.ts). */
function useCountryAliases(countries: string[] | null): AliasPair[] | undefined {
  const [aliases, setAliases] = useState<AliasPair[]>();
  useEffect(() => {
    const lang = language();
    if (!countries || lang.toLowerCase().startsWith("en")) return;
    let current = true;
    void import("./country-names").then((module) => {
      if (current) setAliases(module.countryAliasesOf(countries, lang));
    });
    return () => {
      current = false;
    };
  }, [countries]);
  return aliases;
}

function QuestionControl({
  question,
  sectionIndex,
  questionIndex,
  value,
  error,
  onChange,
  countries,
  resume,
}: QuestionFieldProps) {
  const key = question.question_id;
  const id = fieldId(key);
  const text = typeof value === "string" ? value : "";
  const countryAliases = useCountryAliases(question.question_type === "country" ? countries : null);
  const invalid = error ? true : undefined;
  const set = (next: AnswerValue) => onChange(key, next);
  const help = question.help_text?.trim() || null;
  const hasHelp = Boolean(help);
  const label = <QuestionLabel question={question} />;
  // What each option reads as in the page's language (the server's), when the organizers
  // gave one; the value sent stays the option itself.
  const labels = question.option_labels || {};

  switch (question.question_type) {
    case "numeric":
      return (
        <FieldShell name={key} label={label} help={help} error={error}>
          <input
            id={id}
            className="input apply-input--short"
            type="number"
            inputMode="numeric"
            min={NUMERIC_MIN}
            max={question.max_value ?? undefined}
            step={1}
            value={text}
            onChange={(e) => set(e.target.value)}
            aria-invalid={invalid}
            aria-describedby={describedBy(key, { error, help: hasHelp })}
          />
        </FieldShell>
      );
    case "boolean":
      return (
        <GroupShell name={key} legend={label} help={help} error={error}>
          <div className="apply-group--inline">
            {(["yes", "no"] as const).map((option) => (
              <label key={option} className="apply-choice">
                <input
                  type="radio"
                  name={key}
                  value={option}
                  checked={text === option}
                  onChange={() => set(option)}
                  aria-invalid={invalid}
                />
                <span>{option === "yes" ? t("Yes") : t("No")}</span>
              </label>
            ))}
          </div>
        </GroupShell>
      );
    case "short_answer":
      // The counter is the field's hint paragraph itself (no FieldShell hint around it: a <p>
      // inside a <p> is invalid HTML and would duplicate the hint's id).
      return (
        <div className={`field apply-field${error ? " apply-field--invalid" : ""}`} data-invalid={error ? "true" : undefined}>
          <label htmlFor={id}>{label}</label>
          <HelpText name={key} text={help} />
          <input
            id={id}
            className="input"
            type="text"
            maxLength={SHORT_MAX}
            value={text}
            onChange={(e) => set(e.target.value)}
            aria-invalid={invalid}
            aria-describedby={describedBy(key, { hint: true, error, help: hasHelp })}
          />
          <Counter name={key} length={text.length} max={SHORT_MAX} />
          <FieldError name={key} error={error} />
        </div>
      );
    case "long_answer":
      return (
        <div className={`field apply-field${error ? " apply-field--invalid" : ""}`} data-invalid={error ? "true" : undefined}>
          <label htmlFor={id}>{label}</label>
          <HelpText name={key} text={help} />
          <textarea
            id={id}
            className="textarea"
            rows={6}
            maxLength={LONG_MAX}
            value={text}
            onChange={(e) => set(e.target.value)}
            aria-invalid={invalid}
            aria-describedby={describedBy(key, { hint: true, error, help: hasHelp })}
          />
          <Counter name={key} length={text.length} max={LONG_MAX} />
          <FieldError name={key} error={error} />
        </div>
      );
    case "multiple_choice":
      return (
        <FieldShell name={key} label={label} help={help} error={error}>
          <select
            id={id}
            className="select"
            value={text}
            onChange={(e) => set(e.target.value)}
            aria-invalid={invalid}
            aria-describedby={describedBy(key, { error, help: hasHelp })}
          >
            <option value="">{t("Choose…")}</option>
            {question.options.map((option) => (
              <option key={option} value={option}>
                {labels[option] || option}
              </option>
            ))}
          </select>
        </FieldShell>
      );
    case "multiselect": {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <GroupShell
          name={key}
          legend={label}
          help={help}
          // The default questions already say so; others get the hint.
          hint={/all that apply/i.test(question.question_text) ? undefined : t("Choose all that apply.")}
          error={error}
        >
          <div className="apply-options">
            {question.options.map((option) => (
              <label key={option} className="apply-choice">
                <input
                  type="checkbox"
                  name={key}
                  value={option}
                  checked={chosen.includes(option)}
                  onChange={(e) => set(toggleOption(chosen, option, e.target.checked))}
                  aria-invalid={invalid}
                />
                <span>{labels[option] || option}</span>
              </label>
            ))}
          </div>
        </GroupShell>
      );
    }
    case "list":
      return (
        <ListField
          name={key}
          legend={question.question_text}
          help={help}
          entries={Array.isArray(value) && value.length ? value : [""]}
          error={error}
          onChange={set}
        />
      );
    case "resume":
      return <>{resume(question.question_text)}</>;
    case "country":
      return (
        <FieldShell name={key} label={label} help={help} error={error}>
          <Autocomplete
            inputId={id}
            options={countries ?? []}
            aliases={countryAliases}
            loading={countries === null}
            answer={text}
            sectionIndex={sectionIndex}
            questionIndex={questionIndex}
            onChange={(next) => set(next)}
            describedBy={describedBy(key, { error, help: hasHelp })}
            invalid={Boolean(error)}
            required={question.required !== false}
            placeholder={t("Start typing a country…")}
          />
        </FieldShell>
      );
    default:
      return null;
  }
}

/** Up to three entries: Remove for entries after the first, 'Add another' while fewer than three. */
function ListField({
  name,
  legend,
  help,
  entries,
  error,
  onChange,
}: {
  name: string;
  legend: string;
  help?: string | null;
  entries: string[];
  error?: string | null;
  onChange: (entries: string[]) => void;
}) {
  const id = fieldId(name);
  return (
    <GroupShell name={name} legend={legend} help={help} hint={t("Optional. Up to {max} entries.", { max: LIST_MAX })} error={error}>
      <ol className="apply-list">
        {entries.map((entry, index) => {
          const inputId = index === 0 ? `${id}-entry` : `${id}-entry-${index + 1}`;
          return (
            <li key={index} className="apply-list__row">
              <label htmlFor={inputId} className="visually-hidden">
                {t("{question}, entry {number}", { question: legend, number: index + 1 })}
              </label>
              <input
                id={inputId}
                className="input"
                type="text"
                value={entry}
                onChange={(e) => onChange(entries.map((item, i) => (i === index ? e.target.value : item)))}
                aria-invalid={error ? true : undefined}
              />
              {index > 0 ? (
                <button
                  type="button"
                  className="button button--secondary apply-list__remove"
                  aria-label={t("Remove entry {number}", { number: index + 1 })}
                  onClick={() => onChange(entries.filter((_, i) => i !== index))}
                >
                  {t("Remove")}
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
      {entries.length < LIST_MAX ? (
        <button type="button" className="button button--secondary apply-list__add" onClick={() => onChange([...entries, ""])}>
          {t("Add another")}
        </button>
      ) : null}
    </GroupShell>
  );
}

export interface SectionFieldsProps extends Omit<QuestionFieldProps, "question" | "sectionIndex" | "questionIndex" | "value" | "error"> {
  /** The sections that apply (visibleSections), each rendered as a fieldset. */
  shown: QuestionSection[];
  /** The whole question set: a section's index in it names its fields. */
  sections: QuestionSection[];
  answers: Record<string, AnswerValue | undefined>;
  errors: Record<string, string | null | undefined>;
  className: string;
  legendClassName?: string;
}

/** The sections that apply, each a fieldset of its questions: the one rendering of the
 *  application form, shared by the applicant's /apply and the organizer's editor. */
export function SectionFields({
  shown,
  sections,
  answers,
  errors,
  className,
  legendClassName,
  ...field
}: SectionFieldsProps) {
  return (
    <>
      {shown.map((section) => {
        const sectionIndex = sections.indexOf(section);
        return (
          <fieldset key={`${section.section_name}-${sectionIndex}`} className={className}>
            <legend className={legendClassName}>{section.section_name}</legend>
            <div className="apply-section__body">
              {section.questions.map((question, questionIndex) => (
                <QuestionField
                  key={question.question_id}
                  question={question}
                  sectionIndex={sectionIndex}
                  questionIndex={questionIndex}
                  value={answers[question.question_id]}
                  error={errors[question.question_id]}
                  {...field}
                />
              ))}
            </div>
          </fieldset>
        );
      })}
    </>
  );
}
