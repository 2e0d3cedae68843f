// What the apply form runs once a submit or a save is asked, and nothing its first screen shows:
// the checks and the body's encoding (components/application/form-checks.ts), the banner of a
// refusal and the focus on the first field in error. A module of its own, loaded apart from the
// page (apply-form.tsx asks for it as the form mounts; lib/js-budget.test.ts).
import type { QuestionSection } from "../../api/applications";
import { MESSAGES, type FieldErrors } from "../../components/application/form-model";
import { ApiError, fieldErrors } from "../../lib/api";
import { t } from "../../lib/i18n";

export { checkForSave, checkForSubmit, toBody } from "../../components/application/form-checks";

/** Server errors for keys the form does not show (an unknown question) join the banner. */
function unplacedErrors(errors: FieldErrors, sections: QuestionSection[]): string[] {
  const known = new Set(["first", "last", "school", "school_other", "checkboxes", "teamcode", "resume"]);
  for (const section of sections) for (const q of section.questions) known.add(q.question_id);
  return Object.entries(errors)
    .filter(([key]) => !known.has(key))
    .map(([, message]) => message);
}

/** The banner of a refused submit or save: the spec's sentence, then what the fields can't show. */
export function failureText(kind: "submit" | "save", err: unknown, sections: QuestionSection[]): string {
  const server = fieldErrors(err);
  const extra = unplacedErrors(server, sections);
  const base = t(kind === "submit" ? MESSAGES.submitFailed : MESSAGES.saveFailed);
  // A refusal without field errors (the window closed, say) says why after the spec's message.
  const reason =
    !Object.keys(server).length && err instanceof ApiError && err.body.message && err.status !== 400
      ? ` ${err.body.message}`
      : "";
  return [base + (reason ? ":" + reason : ""), ...extra].join(" ");
}

// Loaded with the rest of the submit's checks (the apply page's first bundle stays small).
export { focusFirstError } from "../../lib/focus";
