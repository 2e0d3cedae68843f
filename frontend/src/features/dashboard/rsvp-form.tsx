// The RSVP form on the dashboard: asked with "Will you attend?" before the Confirm button, and
// editable afterwards ("Edit RSVP answers") until the event starts. The questions render with
// the application form's field components; the rules are rsvp-state.ts's, and the server's
// answer (a 400 names the questions) lands at the same fields.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { QuestionSection } from "../../api/applications";
import type { RsvpBody } from "../../api/dashboard";
import { Alert } from "../../components/alert";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { SectionFields } from "../../components/application/question-field";
import {
  fieldId,
  visibleSections,
  type AnswerValue,
  type FieldErrors,
} from "../../components/application/form-model";
import { t } from "../../lib/i18n";
import { useSubmit } from "../../lib/use-submit";
import { CHOOSE_FIRST, type Confirmation } from "./choice-form";
import { asksRsvp, firstErrorField, rsvpBody, rsvpErrors, rsvpInitial } from "./rsvp-state";
import { formatDate } from "./state";

const FIX_ANSWERS = t.noop("Some answers need a look: see the questions marked below.");

function useRsvpAnswers(sections: QuestionSection[], stored: Record<string, string>) {
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>(() => rsvpInitial(sections, stored));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [focusOn, setFocusOn] = useState<string | null>(null);
  useEffect(() => {
    if (!focusOn) return;
    document.getElementById(fieldId(focusOn))?.focus();
    setFocusOn(null);
  }, [focusOn]);
  const change = (questionId: string, value: AnswerValue) => {
    setAnswers((current) => ({ ...current, [questionId]: value }));
    setErrors((current) => {
      if (!current[questionId]) return current;
      const next = { ...current };
      delete next[questionId];
      return next;
    });
  };
  /** The local check; false (errors shown, focus on the first) when something is wrong. */
  const check = (): boolean => {
    const found = rsvpErrors(sections, answers);
    setErrors(found);
    const first = firstErrorField(sections, found);
    if (first) setFocusOn(first);
    return !first;
  };
  /** The server's field errors after a refusal. */
  const refused = (serverErrors: FieldErrors) => {
    setErrors(serverErrors);
    const first = firstErrorField(sections, serverErrors);
    if (first) setFocusOn(first);
  };
  return { answers, errors, change, check, refused };
}

/** Puts a failed request's field errors (useSubmit's) at the fields, once per failure. */
function useServerFieldErrors(fieldErrors: FieldErrors, refused: (errors: FieldErrors) => void) {
  const seen = useRef(fieldErrors);
  const latest = useRef(refused);
  latest.current = refused;
  useEffect(() => {
    if (fieldErrors !== seen.current && Object.keys(fieldErrors).length) latest.current(fieldErrors);
    seen.current = fieldErrors;
  }, [fieldErrors]);
}

function RsvpFields({
  sections,
  answers,
  errors,
  onChange,
}: {
  sections: QuestionSection[];
  answers: Record<string, AnswerValue>;
  errors: FieldErrors;
  onChange: (questionId: string, value: AnswerValue) => void;
}) {
  return (
    <div className="rsvp-form__fields">
      <SectionFields
        shown={visibleSections(sections, answers)}
        sections={sections}
        answers={answers}
        errors={errors}
        className="rsvp-form__section"
        legendClassName="rsvp-form__legend"
        onChange={onChange}
        countries={null}
        resume={() => null}
      />
    </div>
  );
}

export interface AttendanceFormProps {
  sections: QuestionSection[];
  stored: Record<string, string>;
  confirm: (body: RsvpBody) => Promise<unknown>;
  decline: () => Promise<unknown>;
  declineConfirmation: Confirmation;
  onDone: () => void;
}

/** "Will you attend?": yes shows the RSVP form and the Confirm button; no asks first, then declines. */
export function AttendanceForm({ sections, stored, confirm, decline, declineConfirmation, onDone }: AttendanceFormProps) {
  const name = useId();
  // No answer is chosen for the applicant: a tap that only meant to scroll must not confirm.
  const [choice, setChoice] = useState<"" | "confirmed" | "declined">("");
  const [asking, setAsking] = useState(false);
  const rsvp = useRsvpAnswers(sections, stored);
  const { busy, error, fieldErrors, run } = useSubmit();
  useServerFieldErrors(fieldErrors, rsvp.refused);
  const [localError, setLocalError] = useState<string | null>(null);

  const send = async (action: () => Promise<unknown>) => {
    await run(
      async () => {
        await action();
        onDone();
      },
      t("Something went wrong. Please try again."),
      { leaving: true },
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setLocalError(null);
    if (choice === "") {
      setLocalError(t(CHOOSE_FIRST));
      return;
    }
    if (choice === "declined") {
      setAsking(true);
      return;
    }
    if (!rsvp.check()) {
      setLocalError(t(FIX_ANSWERS));
      return;
    }
    await send(() => confirm(rsvpBody(sections, rsvp.answers)));
  };

  const shown = error ?? localError;
  return (
    <form className="choice-form rsvp-form" onSubmit={submit} noValidate>
      <fieldset className="choice-form__group" disabled={busy}>
        <legend className="choice-form__legend">{t("Will you attend?")}</legend>
        <label className="choice-form__option">
          <input
            type="radio"
            name={name}
            value="confirmed"
            checked={choice === "confirmed"}
            onChange={() => setChoice("confirmed")}
          />
          <span>{t("Yes, I'm looking forward to it!")}</span>
        </label>
        <label className="choice-form__option">
          <input
            type="radio"
            name={name}
            value="declined"
            checked={choice === "declined"}
            onChange={() => setChoice("declined")}
          />
          <span>{t("No, unfortunately I can no longer attend.")}</span>
        </label>
      </fieldset>
      {choice === "confirmed" && asksRsvp(sections) ? (
        <fieldset className="rsvp-form__group" disabled={busy}>
          <legend className="choice-form__legend">{t("Before you confirm: a few questions for the event")}</legend>
          <RsvpFields sections={sections} answers={rsvp.answers} errors={rsvp.errors} onChange={rsvp.change} />
        </fieldset>
      ) : null}
      {shown ? <Alert kind="error">{shown}</Alert> : null}
      <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
        {busy ? t("Submitting…") : t("Submit")}
      </button>
      {asking ? (
        <ConfirmDialog
          open
          danger
          title={t(declineConfirmation.title)}
          confirmLabel={t(declineConfirmation.confirmLabel)}
          cancelLabel={t(declineConfirmation.cancelLabel)}
          onConfirm={() => {
            setAsking(false);
            void send(decline);
          }}
          onCancel={() => setAsking(false)}
        >
          <p>{t(declineConfirmation.body)}</p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}

export interface RsvpEditorProps {
  sections: QuestionSection[];
  stored: Record<string, string>;
  /** The event's start (YYYY-MM-DD): answers can change until the day before. */
  editUntil: string;
  save: (body: RsvpBody) => Promise<{ answers: Record<string, string> }>;
}

/** A confirmed attendee's "Edit RSVP answers", until the event starts. */
export function RsvpEditor({ sections, stored, editUntil, save }: RsvpEditorProps) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  const [current, setCurrent] = useState(stored);
  const formKey = useRef(0);
  return (
    <div className="rsvp-editor stack--tight">
      <p className="muted rsvp-editor__hint">
        {t("You can change your RSVP answers until {date}.", { date: formatDate(editUntil) })}{" "}
        <a
          href="#rsvp-edit"
          aria-expanded={open}
          onClick={(event) => {
            event.preventDefault();
            setSaved(false);
            setOpen((was) => !was);
          }}
        >
          {open ? t("Close the RSVP answers") : t("Edit RSVP answers")}
        </a>
      </p>
      {saved ? (
        <Alert kind="success">{t("Your RSVP answers are saved.")}</Alert>
      ) : null}
      {open ? (
        <RsvpEditForm
          key={formKey.current}
          sections={sections}
          stored={current}
          save={save}
          onSaved={(answers) => {
            setCurrent(answers);
            formKey.current += 1;
            setOpen(false);
            setSaved(true);
          }}
        />
      ) : null}
    </div>
  );
}

function RsvpEditForm({
  sections,
  stored,
  save,
  onSaved,
}: Pick<RsvpEditorProps, "sections" | "stored" | "save"> & { onSaved: (answers: Record<string, string>) => void }) {
  const rsvp = useRsvpAnswers(sections, stored);
  const { busy, error, fieldErrors, run, setError } = useSubmit();
  useServerFieldErrors(fieldErrors, rsvp.refused);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!rsvp.check()) {
      setError(t(FIX_ANSWERS));
      return;
    }
    let answers: Record<string, string> | null = null;
    const ok = await run(async () => {
      answers = (await save(rsvpBody(sections, rsvp.answers))).answers;
    }, t("Your answers could not be saved. Please try again."));
    if (ok && answers) onSaved(answers);
  };
  return (
    <form id="rsvp-edit" className="rsvp-form stack" onSubmit={submit} noValidate aria-label={t("Your RSVP answers")}>
      <fieldset className="rsvp-form__group" disabled={busy}>
        <legend className="choice-form__legend">{t("Your RSVP answers")}</legend>
        <RsvpFields sections={sections} answers={rsvp.answers} errors={rsvp.errors} onChange={rsvp.change} />
      </fieldset>
      {error ? <Alert kind="error">{error}</Alert> : null}
      <div>
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t("Saving…") : t("Save my answers")}
        </button>
      </div>
    </form>
  );
}
