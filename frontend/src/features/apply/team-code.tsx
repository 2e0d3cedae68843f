import { describedBy, FieldError, GroupShell } from "../../components/application/question-field";
import { fieldId, type TeamChoice } from "../../components/application/form-model";
import { t } from "../../lib/i18n";

/**
 * The team-code choice: yes generates a random code to share with teammates; no clears it and
 * takes a teammate's code, which is numeric and required.
 */
export function TeamCode({
  choice,
  code,
  error,
  onChoose,
  onCode,
  onCodeLeft,
}: {
  choice: TeamChoice;
  code: string;
  error?: string | null;
  /** Yes generates a code (the form asks the server for an unused one); no asks for a
   *  teammate's; alone needs none. */
  onChoose: (choice: "yes" | "no" | "alone") => void;
  onCode: (code: string) => void;
  /** The teammate's code field was left: the form checks the code there and then. */
  onCodeLeft?: () => void;
}) {
  const name = "teamcode";
  const inputId = `${fieldId(name)}-input`;
  return (
    <GroupShell
      name={name}
      legend={t("Are you starting a new team?")}
      hint={t("Choose Yes if you are the first of your team to apply, No to join a team a teammate has already started, or apply alone.")}
      error={choice === "no" ? null : error}
      className="apply-team"
    >
      <div className="apply-group--inline">
        <label className="apply-choice">
          <input
            type="radio"
            name="team-choice"
            value="yes"
            checked={choice === "yes"}
            onChange={() => onChoose("yes")}
            aria-invalid={error && !choice ? true : undefined}
          />
          <span>{t("Yes")}</span>
        </label>
        <label className="apply-choice">
          <input
            type="radio"
            name="team-choice"
            value="no"
            checked={choice === "no"}
            onChange={() => onChoose("no")}
            aria-invalid={error && !choice ? true : undefined}
          />
          <span>{t("No")}</span>
        </label>
        <label className="apply-choice">
          <input
            type="radio"
            name="team-choice"
            value="alone"
            checked={choice === "alone"}
            onChange={() => onChoose("alone")}
            aria-invalid={error && !choice ? true : undefined}
          />
          <span>{t("I'm applying alone")}</span>
        </label>
      </div>
      {choice === "yes" ? (
        <div className="apply-team__code" aria-live="polite">
          <span className="apply-team__label">{t("Your team code")}</span>
          <strong className="apply-team__value">{code || t("Generating…")}</strong>
          <span className="field__hint">{t("Share this code with your teammates so that they can join your team.")}</span>
        </div>
      ) : null}
      {choice === "no" ? (
        <div className="field apply-field" data-invalid={error ? "true" : undefined}>
          <label htmlFor={inputId}>{t("Your teammate's team code")}</label>
          <input
            id={inputId}
            className="input apply-input--short"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            value={code}
            onChange={(e) => onCode(e.target.value.replace(/\D/g, ""))}
            onBlur={onCodeLeft}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(name, { error })}
          />
          <FieldError name={name} error={error} />
        </div>
      ) : null}
    </GroupShell>
  );
}
