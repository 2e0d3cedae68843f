// The full application of one applicant, editable by an organizer (without the code-of-conduct
// block): Save sends PUT /api/applications/{email} and maps the server's field errors back.
import { useId, useMemo, useState, type FormEvent } from "react";
import { organizerApi, type Application, type Question, type QuestionSection } from "../../api/organizer";
import { Alert } from "../../components/alert";
import { Field } from "../../components/field";
import { fieldErrors } from "../../lib/api";
import { serverMessage } from "./common";

export type Answers = Record<string, string>;

export const SHORT_MAX = 100;
export const LONG_MAX = 1200;
export const NUMERIC_MIN = 16;
export const LIST_MAX = 3;
const REQUIRED = "This field is required";

export function answersOf(application: Application): Answers {
  const answers: Answers = {};
  for (const section of application.sections ?? []) {
    for (const a of section.answers ?? []) answers[a.question_id] = a.answer ?? "";
  }
  return answers;
}

/** A section with conditional_on shows only when that question is answered yes. */
export function visibleSections(sections: QuestionSection[], answers: Answers): QuestionSection[] {
  return sections.filter((s) => !s.conditional_on || (answers[s.conditional_on] ?? "").toLowerCase() === "yes");
}

export function splitList(value: string): string[] {
  return value ? value.split(",").map((v) => v.trim()) : [];
}

/** The sections payload of the contract, answers encoded as strings (lists comma-joined). */
export function buildSections(sections: QuestionSection[], answers: Answers) {
  return visibleSections(sections, answers).map((section) => ({
    section_name: section.section_name,
    answers: section.questions.map((q) => ({ question_id: q.question_id, answer: answers[q.question_id] ?? "" })),
  }));
}

/** Client checks for comfort (the server decides): required answers, the numeric minimum, lengths. */
export function validate(
  basics: { first: string; last: string; school: string },
  sections: QuestionSection[],
  answers: Answers,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const key of ["first", "last", "school"] as const) if (!basics[key].trim()) errors[key] = REQUIRED;
  for (const section of visibleSections(sections, answers)) {
    for (const q of section.questions) {
      const value = (answers[q.question_id] ?? "").trim();
      if (q.question_type === "resume" || q.question_type === "list") continue;
      if (!value) errors[q.question_id] = REQUIRED;
      else if (q.question_type === "numeric" && !(Number(value) >= NUMERIC_MIN))
        errors[q.question_id] = `Must be a number of at least ${NUMERIC_MIN}`;
      else if (q.question_type === "short_answer" && value.length > SHORT_MAX)
        errors[q.question_id] = `At most ${SHORT_MAX} characters`;
      else if (q.question_type === "long_answer" && value.length > LONG_MAX)
        errors[q.question_id] = `At most ${LONG_MAX} characters`;
    }
  }
  return errors;
}

interface QuestionInputProps {
  question: Question;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="field__error" role="alert">
      {error}
    </p>
  ) : null;
}

export function QuestionInput({ question, value, error, onChange }: QuestionInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  } as const;
  const label = question.question_text;

  switch (question.question_type) {
    case "resume":
      return (
        <div className="field">
          <span className="label">{label}</span>
          <p className="field__hint">The resume is uploaded by the applicant; use Download Resume above.</p>
        </div>
      );
    case "boolean":
    case "multiple_choice": {
      const options = question.question_type === "boolean" ? ["yes", "no"] : question.options;
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <select {...common} className="select" value={value} onChange={(e) => onChange(e.target.value)}>
            <option value="">Choose…</option>
            {options.map((o) => (
              <option key={o} value={o}>
                {question.question_type === "boolean" ? (o === "yes" ? "Yes" : "No") : o}
              </option>
            ))}
          </select>
          <ErrorText id={errorId} error={error} />
        </div>
      );
    }
    case "multiselect": {
      const chosen = new Set(splitList(value));
      const toggle = (option: string) => {
        const next = new Set(chosen);
        if (next.has(option)) next.delete(option);
        else next.add(option);
        // Keep the question's order so the stored string is stable.
        onChange(question.options.filter((o) => next.has(o)).join(","));
      };
      return (
        <fieldset className="field org-fieldset" aria-describedby={error ? errorId : undefined}>
          <legend className="label">{label}</legend>
          <div className="org-checks">
            {question.options.map((o) => (
              <label key={o} className="org-check">
                <input type="checkbox" checked={chosen.has(o)} onChange={() => toggle(o)} /> {o}
              </label>
            ))}
          </div>
          <ErrorText id={errorId} error={error} />
        </fieldset>
      );
    }
    case "list": {
      const items = splitList(value);
      const entries = items.length ? items : [""];
      const update = (next: string[]) => onChange(next.join(","));
      return (
        <fieldset className="field org-fieldset" aria-describedby={error ? errorId : undefined}>
          <legend className="label">{label}</legend>
          {entries.map((item, i) => (
            <div key={i} className="org-list-entry">
              <label className="visually-hidden" htmlFor={`${id}-${i}`}>
                {label} entry {i + 1}
              </label>
              <input
                id={`${id}-${i}`}
                className="input"
                value={item}
                onChange={(e) => update(entries.map((v, j) => (j === i ? e.target.value.replace(/,/g, " ") : v)))}
              />
              {i > 0 ? (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => update(entries.filter((_, j) => j !== i))}
                  aria-label={`Remove entry ${i + 1}`}
                >
                  Remove
                </button>
              ) : null}
            </div>
          ))}
          {entries.length < LIST_MAX ? (
            <div>
              <button type="button" className="button button--secondary" onClick={() => update([...entries, ""])}>
                Add another
              </button>
            </div>
          ) : null}
          <ErrorText id={errorId} error={error} />
        </fieldset>
      );
    }
    case "long_answer":
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <textarea
            {...common}
            className="textarea"
            rows={5}
            maxLength={LONG_MAX}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
          <p className="field__hint">
            {value.length} / {LONG_MAX}
          </p>
          <ErrorText id={errorId} error={error} />
        </div>
      );
    case "country":
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <input {...common} className="input" list="org-countries" value={value} onChange={(e) => onChange(e.target.value)} />
          <ErrorText id={errorId} error={error} />
        </div>
      );
    case "numeric":
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <input
            {...common}
            className="input"
            type="number"
            min={NUMERIC_MIN}
            inputMode="numeric"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
          <ErrorText id={errorId} error={error} />
        </div>
      );
    default:
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <input
            {...common}
            className="input"
            maxLength={SHORT_MAX}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
          <ErrorText id={errorId} error={error} />
        </div>
      );
  }
}

interface EditorProps {
  application: Application;
  sections: QuestionSection[];
  schools: string[];
  countries: string[];
  onSaved: (application: Application) => void;
}

export function ApplicationEditor({ application, sections, schools, countries, onSaved }: EditorProps) {
  const [basics, setBasics] = useState({ first: application.first, last: application.last, school: application.school });
  const [answers, setAnswers] = useState<Answers>(() => answersOf(application));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = useMemo(() => visibleSections(sections, answers), [sections, answers]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(basics, sections, answers);
    setErrors(found);
    if (Object.keys(found).length) {
      setMessage({ ok: false, text: "Please fix the highlighted answers." });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const saved = await organizerApi.updateApplication(application.email, {
        ...basics,
        sections: buildSections(sections, answers),
        // The code-of-conduct block is not shown here; the applicant's choices are kept.
        checkboxes: application.checkboxes,
        teamcode: application.teamcode,
      });
      setMessage({ ok: true, text: "Application saved successfully" });
      onSaved(saved ?? { ...application, ...basics });
    } catch (e) {
      const fields = fieldErrors(e);
      setErrors(fields);
      // Errors on parts this form does not show (checkboxes, team code, resume) go in the message.
      const hidden = Object.entries(fields)
        .filter(([key]) => key === "checkboxes" || key === "teamcode" || key === "resume")
        .map(([, text]) => text);
      setMessage({ ok: false, text: [serverMessage(e, "Error saving application"), ...hidden].join(" ") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="stack org-editor" onSubmit={submit} noValidate aria-label="Application">
      <div className="org-grid">
        <Field
          label="First name"
          value={basics.first}
          onChange={(e) => setBasics({ ...basics, first: e.target.value })}
          error={errors.first}
          maxLength={100}
        />
        <Field
          label="Last name"
          value={basics.last}
          onChange={(e) => setBasics({ ...basics, last: e.target.value })}
          error={errors.last}
          maxLength={100}
        />
        <Field
          label="School"
          value={basics.school}
          list="org-schools"
          onChange={(e) => setBasics({ ...basics, school: e.target.value })}
          error={errors.school}
        />
      </div>
      <datalist id="org-schools">
        {schools.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <datalist id="org-countries">
        {countries.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      {shown.map((section) => (
        <fieldset key={section.section_name} className="org-section">
          <legend>{section.section_name}</legend>
          <div className="stack">
            {section.questions.map((q) => (
              <QuestionInput
                key={q.question_id}
                question={q}
                value={answers[q.question_id] ?? ""}
                error={errors[q.question_id]}
                onChange={(value) => setAnswers((prev) => ({ ...prev, [q.question_id]: value }))}
              />
            ))}
          </div>
        </fieldset>
      ))}
      {message ? <Alert kind={message.ok ? "success" : "error"}>{message.text}</Alert> : null}
      <div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Saving…" : "Save Application"}
        </button>
      </div>
    </form>
  );
}

/** The answers, read-only (the review page). */
export function ApplicationAnswers({ application, sections }: { application: Application; sections: QuestionSection[] }) {
  const answers = answersOf(application);
  const shown = visibleSections(sections, answers);
  return (
    <div className="stack">
      <dl className="org-answers">
        <div>
          <dt>School</dt>
          <dd>{application.school || "—"}</dd>
        </div>
      </dl>
      {shown.map((section) => (
        <section key={section.section_name} className="org-section">
          <h3>{section.section_name}</h3>
          <dl className="org-answers">
            {section.questions
              .filter((q) => q.question_type !== "resume")
              .map((q) => (
                <div key={q.question_id}>
                  <dt>{q.question_text}</dt>
                  <dd>{formatAnswer(q, answers[q.question_id] ?? "")}</dd>
                </div>
              ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

function formatAnswer(question: Question, value: string): string {
  if (!value) return "—";
  if (question.question_type === "boolean") return value === "yes" ? "Yes" : value === "no" ? "No" : value;
  if (question.question_type === "multiselect" || question.question_type === "list") return splitList(value).join(", ");
  return value;
}
