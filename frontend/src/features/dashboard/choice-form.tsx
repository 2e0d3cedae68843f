import { useId, useState, type FormEvent } from "react";
import { Alert } from "../../components/alert";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { t } from "../../lib/i18n";
import { useSubmit } from "../../lib/use-submit";

/** What the applicant is asked before a choice that can't be taken back from the portal: the
 *  English texts (module constants), shown through t(). */
export interface Confirmation {
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
}

export interface Choice {
  value: string;
  label: string;
  submit: () => Promise<unknown>;
  /** Asked first (giving up a place); the call is made only on confirmation. */
  confirm?: Confirmation;
}

interface ChoiceFormProps {
  legend: string;
  choices: Choice[];
  /** Preselected answer; none by default, so an answer is always the applicant's own. */
  defaultValue?: string;
  /** After a successful call; the page reloads so every part shows the new status. */
  onDone: () => void;
}

/** A radio group with a submit button: one server call per choice. */
export const CHOOSE_FIRST = t.noop("Choose an answer first.");

export function ChoiceForm({ legend, choices, defaultValue = "", onDone }: ChoiceFormProps) {
  const name = useId();
  const [value, setValue] = useState(defaultValue);
  const { busy, error, setError, run } = useSubmit();
  const [asking, setAsking] = useState<Choice | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const choice = choices.find((c) => c.value === value);
    if (!choice) {
      setError(t(CHOOSE_FIRST));
      return;
    }
    if (choice.confirm) setAsking(choice);
    else await send(choice);
  };

  const send = async (choice: Choice) => {
    setAsking(null);
    // Answered: the page reloads to show where the application now stands.
    await run(
      async () => {
        await choice.submit();
        onDone();
      },
      t("Something went wrong. Please try again."),
      { leaving: true },
    );
  };

  return (
    <form className="choice-form" onSubmit={submit}>
      <fieldset className="choice-form__group" disabled={busy}>
        <legend className="choice-form__legend">{legend}</legend>
        {choices.map((choice) => (
          <label key={choice.value} className="choice-form__option">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => {
                setValue(choice.value);
                setError(null);
              }}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </fieldset>
      {error ? <Alert kind="error">{error}</Alert> : null}
      <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
        {busy ? t("Submitting…") : t("Submit")}
      </button>
      {asking?.confirm ? (
        <ConfirmDialog
          open
          danger
          title={t(asking.confirm.title)}
          confirmLabel={t(asking.confirm.confirmLabel)}
          cancelLabel={t(asking.confirm.cancelLabel)}
          onConfirm={() => send(asking)}
          onCancel={() => setAsking(null)}
        >
          <p>{t(asking.confirm.body)}</p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
