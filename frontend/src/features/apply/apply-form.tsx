import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { applicationsApi, isDraft, type Application, type QuestionSection } from "../../api/applications";
import { Alert } from "../../components/alert";
import { fieldErrors } from "../../lib/api";
import { t } from "../../lib/i18n";
import { useSubmit } from "../../lib/use-submit";
import { Autocomplete } from "../../components/lazy-autocomplete";
import type { AliasPair } from "../../components/autocomplete";
import type { ConsentText } from "./code-of-conduct";
import {
  COLLEGE_NOT_PRESENT,
  MESSAGES,
  fieldId,
  initialState,
  visibleSections,
  type AnswerValue,
  type FieldErrors,
  type FormState,
} from "../../components/application/form-model";
import { FieldShell, SectionFields, TextInput, describedBy } from "../../components/application/question-field";
import { Spinner } from "../../components/spinner";

// Parts that sit below the first screen of questions load apart from the page
// (lib/js-budget.test.ts: the page's first download carries what its first screen shows): the
// resume upload, the team answer with its behaviour (the code asked for or made, the teammate's
// code checked) and the consents with their texts. The form asks for them as it first renders,
// so they are there well before anyone scrolls to them; until then each shows a spinner in its
// place, under its heading.
const TeamSection = lazy(() => import("./team-code").then((module) => ({ default: module.TeamSection })));
const ResumeUpload = lazy(() => import("./resume-upload").then((module) => ({ default: module.ResumeUpload })));
const CodeOfConduct = lazy(() => import("./code-of-conduct").then((module) => ({ default: module.CodeOfConduct })));
const ExtraConsents = lazy(() => import("./code-of-conduct").then((module) => ({ default: module.ExtraConsents })));

/** What the school picker offers when nothing matches: the list's own "not present" entry. */
const SCHOOL_FALLBACK = { value: COLLEGE_NOT_PRESENT, label: t.noop("College not present: my school isn't listed") };

/** What a submit or a save runs (form-submit.ts: the checks, the body's encoding, the banner of a
 *  refusal): asked for as the form mounts, so it is there by the first submit, but outside the
 *  page's first download. */
const loadChecks = () => import("./form-submit");

/** How long the success message shows before the move to the dashboard. */
export const REDIRECT_DELAY_MS = 1200;

export interface ApplyFormProps {
  sections: QuestionSection[];
  application: Application | null;
  resumeSubmitted: boolean;
  /** Null while the lists load. */
  schools: string[] | null;
  countries: string[] | null;
  /** Short names that find a school ("UCLA"). */
  schoolAliases?: readonly AliasPair[];
  /** The school the email's domain names: the answer while the application has none. */
  schoolFromEmail?: string | null;
  hostSchool: string;
  /** The consents asked, with their texts (the page's props: apps/applications/consents.py). */
  consents: ConsentText[];
  /** Whether the sponsors' consent is given now (its checkbox's first state). */
  shareResumeWithSponsors?: boolean;
  /** Where to go after a successful submit or save; tests pass a spy. */
  navigate?: (to: string) => void;
}

/** A part's place while its code loads: its heading (the team answer's is its card's legend),
 *  so that the form doesn't jump, and a spinner. */
function PartLoading({ title, label, className = "" }: { title?: string; label: string; className?: string }) {
  return (
    <div className={`field apply-field ${className}`.trim()} aria-busy="true">
      {title ? <span className="label">{title}</span> : null}
      <Spinner label={label} />
    </div>
  );
}

type Outcome = { kind: "success" | "error"; text: string } | null;

export function ApplyForm({
  sections,
  application,
  resumeSubmitted,
  schools,
  countries,
  schoolAliases,
  schoolFromEmail = null,
  hostSchool,
  consents,
  shareResumeWithSponsors = false,
  navigate = (to) => window.location.assign(to),
}: ApplyFormProps) {
  const [state, setState] = useState<FormState>(() => {
    const initial = initialState(sections, application);
    return !initial.school && schoolFromEmail ? { ...initial, school: schoolFromEmail } : initial;
  });
  // Said beside the field while the prefilled school stands, so that nobody keeps it unawares.
  const prefilled = Boolean(schoolFromEmail) && state.school === schoolFromEmail && !application?.school;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [resumeOnFile, setResumeOnFile] = useState(resumeSubmitted);
  // Outside FormState: it is no answer of the application, only a consent its submit records.
  const [extraConsents, setExtraConsents] = useState<Record<string, boolean>>({
    share_resume_with_sponsors: shareResumeWithSponsors,
  });
  const submitting = useSubmit();
  const saving = useSubmit();
  const busy = submitting.busy ? "submit" : saving.busy ? "save" : null;
  const [outcome, setOutcome] = useState<Outcome>(null);
  // One object for the picker's life (it recomputes its suggestions when this changes).
  const schoolFallback = useMemo(() => ({ ...SCHOOL_FALLBACK, label: t(SCHOOL_FALLBACK.label) }), []);
  const [focusRequest, setFocusRequest] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  // The submit's module once a submit or a save has loaded it: the focus request comes after.
  const submitModule = useRef<Awaited<ReturnType<typeof loadChecks>> | null>(null);
  const status = application?.status ?? "unsubmitted";
  const submitted = !isDraft(status);
  const shown = useMemo(() => visibleSections(sections, state.answers), [sections, state.answers]);
  const hasResumeQuestion = sections.some((s) => s.questions.some((q) => q.question_type === "resume"));

  useEffect(() => {
    if (focusRequest) submitModule.current?.focusFirstError(form.current);
  }, [focusRequest]);

  useEffect(() => {
    // A failed load is asked again at the submit, which says so if it fails again.
    loadChecks().catch(() => undefined);
  }, []);

  // Once every highlighted field is fixed, the banner asking for fixes has done its job.
  useEffect(() => {
    if (!Object.keys(errors).length) setOutcome((current) => (current?.text === MESSAGES.fixFields ? null : current));
  }, [errors]);

  function clearError(key: string) {
    setErrors((current) => {
      if (!(key in current)) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  }

  function update(patch: Partial<FormState>, key: string) {
    setState((current) => ({ ...current, ...patch }));
    clearError(key);
  }

  function setAnswer(questionId: string, value: AnswerValue) {
    setState((current) => ({ ...current, answers: { ...current.answers, [questionId]: value } }));
    clearError(questionId);
  }

  async function send(kind: "submit" | "save") {
    // One banner at a time: a new attempt drops the last one's, whichever button made it.
    setOutcome(null);
    submitting.setError(null);
    saving.setError(null);
    let checks: Awaited<ReturnType<typeof loadChecks>>;
    try {
      checks = submitModule.current = await loadChecks();
    } catch {
      // The checks' code could not be fetched (the connection dropped): nothing was sent.
      setOutcome({ kind: "error", text: kind === "submit" ? MESSAGES.submitFailed : MESSAGES.saveFailed });
      return;
    }
    const { checkForSave, checkForSubmit, toBody } = checks;
    if (kind === "submit") {
      const local = checkForSubmit(sections, state, { schools, countries, resumeOnFile });
      if (Object.keys(local).length) {
        setErrors(local);
        setOutcome({ kind: "error", text: MESSAGES.fixFields });
        setFocusRequest((n) => n + 1);
        return;
      }
    } else {
      const local = checkForSave(sections, state);
      if (Object.keys(local).length) {
        setErrors(local);
        setOutcome({ kind: "error", text: MESSAGES.saveFailed });
        setFocusRequest((n) => n + 1);
        return;
      }
    }
    setErrors({});
    const body = {
      ...toBody(sections, state, resumeOnFile),
      share_resume_with_sponsors: Boolean(extraConsents.share_resume_with_sponsors),
    };
    await (kind === "submit" ? submitting : saving).run(
      async () => {
        try {
          if (kind === "submit") await applicationsApi.submit(body);
          else await applicationsApi.save(body);
        } catch (err) {
          // The server's field errors go beside their fields, like the local checks' do.
          setErrors(fieldErrors(err));
          setFocusRequest((n) => n + 1);
          throw err;
        }
        setOutcome({ kind: "success", text: kind === "submit" ? MESSAGES.submitted : MESSAGES.saved });
        window.setTimeout(() => navigate("/dashboard"), REDIRECT_DELAY_MS);
      },
      (err) => checks.failureText(kind, err, sections),
      // The move to the dashboard follows: the buttons stay disabled until then.
      { leaving: true },
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!busy) void send("submit");
  }

  const resumeBlock = (label = t("Resume")) => (
    <Suspense fallback={<PartLoading title={label} label={t("Loading the resume upload…")} />}>
      <ResumeUpload
        label={label}
        onFile={resumeSubmitted}
        error={errors.resume}
        onUploaded={() => {
          setResumeOnFile(true);
          clearError("resume");
        }}
      />
    </Suspense>
  );
  const done = outcome?.kind === "success";
  const failed = submitting.error ?? saving.error;
  const shownOutcome: Outcome = outcome ?? (failed ? { kind: "error", text: failed } : null);

  return (
    <form ref={form} className="apply-form" onSubmit={onSubmit} noValidate aria-labelledby="apply-title">
      <header className="apply-header">
        <h1 id="apply-title">{t("Apply")}</h1>
        {submitted ? (
          <Alert kind="info">
            {t("Your application is submitted. You can change your answers and submit again until applications close.")}
          </Alert>
        ) : status === "started" ? (
          <p className="muted">{t("Welcome back: your saved draft is below. Finish it and submit when you are ready.")}</p>
        ) : (
          <p className="muted">
            {t("Every field is required unless it says otherwise. Save for later at any time and come back to finish.")}
          </p>
        )}
      </header>

      <fieldset className="card apply-section">
        <legend className="apply-section__title">{t("Name and school")}</legend>
        <div className="apply-grid">
          <TextInput
            name="first"
            label={t("First name")}
            autoComplete="given-name"
            maxLength={100}
            value={state.first}
            error={errors.first}
            onChange={(first) => update({ first }, "first")}
          />
          <TextInput
            name="last"
            label={t("Last name")}
            autoComplete="family-name"
            maxLength={100}
            value={state.last}
            error={errors.last}
            onChange={(last) => update({ last }, "last")}
          />
        </div>
        <FieldShell
          name="school"
          label={t("School")}
          error={errors.school}
          hint={
            prefilled
              ? t("Filled in from your email address. Not your school? Type part of its name and pick it from the list.")
              : t("Type part of your school's name and pick it from the list. Not listed? Choose 'College not present' and type its name.")
          }
        >
          <Autocomplete
            inputId={fieldId("school")}
            options={schools ?? []}
            aliases={schoolAliases}
            loading={schools === null}
            answer={state.school}
            onChange={(value) => {
              update({ school: value }, "school");
              clearError("school_other");
            }}
            fallback={schoolFallback}
            describedBy={describedBy("school", { hint: true, error: errors.school })}
            invalid={Boolean(errors.school)}
            required
            placeholder={t("Start typing your school…")}
          />
        </FieldShell>
        {state.school === COLLEGE_NOT_PRESENT ? (
          <TextInput
            name="school_other"
            label={t("Your school's name")}
            autoComplete="organization"
            maxLength={255}
            value={state.schoolOther}
            error={errors.school_other}
            onChange={(schoolOther) => update({ schoolOther }, "school_other")}
          />
        ) : null}
      </fieldset>

      <SectionFields
        shown={shown}
        sections={sections}
        answers={state.answers}
        errors={errors}
        className="card apply-section" legendClassName="apply-section__title"
        onChange={setAnswer}
        countries={countries}
        resume={resumeBlock}
        details={state.details}
        onDetail={(questionId, text) =>
          setState((current) => ({ ...current, details: { ...current.details, [questionId]: text } }))
        }
      />

      <fieldset className="card apply-section">
        <legend className="apply-section__title">{hasResumeQuestion ? t("Your team") : t("Resume and team")}</legend>
        <div className="apply-section__body">
          {hasResumeQuestion ? null : resumeBlock()}
          <Suspense fallback={<PartLoading label={t("Loading the team question…")} />}>
            <TeamSection
              choice={state.teamChoice}
              code={state.teamcode}
              error={errors.teamcode}
              onAnswer={(answer) => update(answer, "teamcode")}
              onCodeMade={(teamcode) => setState((current) => ({ ...current, teamcode }))}
              onProblem={(problem) => setErrors((current) => ({ ...current, teamcode: problem }))}
            />
          </Suspense>
        </div>
      </fieldset>

      <div className="card apply-section">
        <Suspense fallback={<PartLoading className="apply-conduct__loading" title={t("Code of conduct")} label={t("Loading the consents…")} />}>
          <CodeOfConduct
            consents={consents}
            checked={state.checkboxes}
            error={errors.checkboxes}
            hostSchool={hostSchool}
            onChange={(checkboxes) => update({ checkboxes }, "checkboxes")}
          />
          <ExtraConsents
            consents={consents}
            given={extraConsents}
            onChange={(key, value) => setExtraConsents((current) => ({ ...current, [key]: value }))}
          />
        </Suspense>
      </div>

      <div className="apply-actions">
        <div className="apply-actions__outcome">
          {/* The form's own outcomes are MESSAGES' English (compared above); a failure's text is
              put together in the page's language already and passes through t() unchanged. */}
          {shownOutcome ? <Alert kind={shownOutcome.kind}>{t(shownOutcome.text)}</Alert> : null}
        </div>
        <div className="apply-actions__buttons">
          {submitted ? null : (
            <button
              type="button"
              className="button button--secondary"
              disabled={Boolean(busy) || done}
              onClick={() => void send("save")}
            >
              {busy === "save" ? t("Saving…") : t("Save for later")}
            </button>
          )}
          <button type="submit" className="button" disabled={Boolean(busy) || done}>
            {busy === "submit" ? t("Submitting…") : submitted ? t("Submit changes") : t("Submit")}
          </button>
        </div>
      </div>
    </form>
  );
}
