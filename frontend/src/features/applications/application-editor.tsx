// The full application of one applicant, editable by an organizer (without the code-of-conduct
// block): Save sends PUT /api/applications/{email} and maps the server's field errors back.
// The questions are the applicant's own form: the same sections shown (form-model's
// visibleSections, the server's rule), the same checks and the same input per question type
// (SectionFields, QuestionField), so the two sides can't disagree on what an application holds.
import { useMemo, useState, type FormEvent } from "react";
import { organizerApi, type Application, type QuestionSection } from "../../api/organizer";
import { Alert } from "../../components/alert";
import { Field } from "../../components/field";
import { fieldErrors } from "../../lib/api";
import { failureOf, useSubmit } from "../../lib/use-submit";
import {
  initialAnswers,
  initialDetails,
  visibleSections,
  type AnswerValue,
  type FieldErrors,
} from "../../components/application/form-model";
import {
  checkAnswers,
  encodeSections,
} from "../../components/application/form-checks";
import { SectionFields } from "../../components/application/question-field";
import { t } from "../../lib/i18n";

/** The parts of the application this form does not show: their server errors join the message. */
const HIDDEN_KEYS = ["checkboxes", "teamcode", "resume"];

/** The resume is uploaded by the applicant; here a resume question only says where to find it. */
function ResumeNote({ label }: { label: string }) {
  return (
    <div className="field">
      <span className="label">{label}</span>
      <p className="field__hint">{t("The resume is uploaded by the applicant; use Download Resume above.")}</p>
    </div>
  );
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
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>(() => initialAnswers(sections, application.sections));
  const [details, setDetails] = useState<Record<string, string>>(() => initialDetails(application.sections));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const { busy, error, setError, run } = useSubmit();
  const shown = useMemo(() => visibleSections(sections, answers), [sections, answers]);

  function setAnswer(questionId: string, value: AnswerValue) {
    setAnswers((prev) => ({ ...prev, [questionId]: value }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // An empty list means it did not load: the server, which checks the same, decides then.
    const found = checkAnswers(sections, basics, answers, {
      schools: schools.length ? schools : null,
      countries: countries.length ? countries : null,
    });
    setErrors(found);
    setSaved(false);
    if (Object.keys(found).length) {
      setError(t("Please fix the highlighted answers."));
      return;
    }
    // Errors on parts this form does not show (checkboxes, team code, resume) join the message.
    let hidden: string[] = [];
    await run(
      async () => {
        try {
          const stored = await organizerApi.updateApplication(application.email, {
            ...basics,
            // Only the sections that apply: the server ignores the others' answers anyway. A resume
            // question's answer is ignored too (the upload is what counts), so none is claimed.
            sections: encodeSections(shown, answers, false, details),
            // The code-of-conduct block is not shown here; the applicant's choices are kept.
            checkboxes: application.checkboxes,
            teamcode: application.teamcode,
          });
          setSaved(true);
          onSaved(stored ?? { ...application, ...basics });
        } catch (e) {
          const fields = fieldErrors(e);
          setErrors(fields);
          hidden = Object.entries(fields)
            .filter(([key]) => HIDDEN_KEYS.includes(key))
            .map(([, text]) => text);
          throw e;
        }
      },
      (e) => [failureOf<string>(e, t("Error saving application")), ...hidden].join(" "),
    );
  }

  return (
    <form className="stack org-editor" onSubmit={submit} noValidate aria-label={t("Application")}>
      <div className="org-grid">
        <Field
          label={t("First name")}
          value={basics.first}
          onChange={(e) => setBasics({ ...basics, first: e.target.value })}
          error={errors.first}
          maxLength={100}
        />
        <Field
          label={t("Last name")}
          value={basics.last}
          onChange={(e) => setBasics({ ...basics, last: e.target.value })}
          error={errors.last}
          maxLength={100}
        />
        <Field
          label={t("School")}
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
      <SectionFields
        shown={shown}
        sections={sections}
        answers={answers}
        errors={errors}
        className="org-section"
        onChange={setAnswer}
        countries={countries}
        resume={(label) => <ResumeNote label={label} />}
        details={details}
        onDetail={(questionId, text) => setDetails((prev) => ({ ...prev, [questionId]: text }))}
      />
      {error ? (
        <Alert kind="error">{error}</Alert>
      ) : saved ? (
        <Alert kind="success">{t("Application saved successfully")}</Alert>
      ) : null}
      <div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? t("Saving…") : t("Save Application")}
        </button>
      </div>
    </form>
  );
}
