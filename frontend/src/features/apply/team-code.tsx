import { useRef } from "react";
import { applicationsApi } from "../../api/applications";
import { describedBy, FieldError, GroupShell } from "../../components/application/question-field";
import { fieldId, type TeamChoice } from "../../components/application/form-model";
import { t } from "../../lib/i18n";

/** The checks (form-checks.ts), which the form asks for as it mounts: the same chunk. */
const loadChecks = () => import("../../components/application/form-checks");

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

export interface TeamSectionProps {
  choice: TeamChoice;
  code: string;
  error?: string | null;
  /** The applicant chose an answer or typed a code: the form takes it and clears the code's error. */
  onAnswer: (answer: { teamChoice?: TeamChoice; teamcode: string }) => void;
  /** The code made for a Yes has arrived. */
  onCodeMade: (code: string) => void;
  /** The teammate's code typed is wrong, found as its field was left. */
  onProblem: (problem: string) => void;
}

/**
 * The team answer with its behaviour, loaded apart from the form with it: Yes asks the server
 * for an unused code (or makes one when it can't answer); No takes a teammate's code, checked
 * when its field is left so that a mistyped one shows at once rather than at submit. The codes
 * of each answer are kept while the other is chosen: No then Yes again shows the code already
 * made (and saved), not a new one, and Yes then No again the teammate's code typed.
 */
export function TeamSection({ choice, code, error, onAnswer, onCodeMade, onProblem }: TeamSectionProps) {
  const teamRequest = useRef(0);
  const ownCode = useRef(choice === "yes" ? code : "");
  const joinCode = useRef(choice === "no" ? code : "");
  // Only the answer for the code still typed counts.
  const codeCheck = useRef(0);

  async function checkJoinCode() {
    let local: ReturnType<Awaited<ReturnType<typeof loadChecks>>["joinCodeCheck"]>;
    try {
      local = (await loadChecks()).joinCodeCheck(choice, code);
    } catch {
      return; // Saving and submitting check the code again.
    }
    if (local === null) return;
    const request = ++codeCheck.current;
    if (local !== "ask") {
      onProblem(local);
      return;
    }
    try {
      const { problem } = await applicationsApi.checkTeamcode(code);
      if (problem && request === codeCheck.current) onProblem(problem);
    } catch {
      // Saving and submitting check the code again; a failed check is no reason to block typing.
    }
  }

  async function chooseTeam(next: "yes" | "no" | "alone") {
    const request = ++teamRequest.current;
    if (choice === "yes" && code) ownCode.current = code;
    if (choice === "no") joinCode.current = code;
    const kept = next === "yes" ? ownCode.current : next === "no" ? joinCode.current : "";
    onAnswer({ teamChoice: next, teamcode: kept });
    if (next !== "yes" || kept) return;
    let made: string;
    try {
      made = String((await applicationsApi.teamcode()).teamcode);
    } catch {
      // The server's code is reserved as unused; a local one is as random, just not reserved.
      made = (await loadChecks()).generateTeamCode();
    }
    // Only the latest choice counts: yes, no, yes in quick succession keeps the last answer.
    ownCode.current = made;
    if (request === teamRequest.current) onCodeMade(made);
  }

  return (
    <TeamCode
      choice={choice}
      code={code}
      error={error}
      onChoose={chooseTeam}
      onCode={(teamcode) => {
        codeCheck.current += 1;
        onAnswer({ teamcode });
      }}
      onCodeLeft={() => void checkJoinCode()}
    />
  );
}
