// One application's answers, read-only: the review page shows them as the applicant gave them,
// through the form's own rule for which sections apply.
import type { Application, Question, QuestionSection } from "../../api/organizer";
import { initialAnswers, initialDetails, visibleSections, type AnswerValue } from "./form-model";
import { t } from "../../lib/i18n";

/** The answers, read-only (the review page). */
export function ApplicationAnswers({
  application,
  sections,
  blind = false,
}: {
  application: Application;
  sections: QuestionSection[];
  /** Blind review: the school is withheld, so its row would only say "—". */
  blind?: boolean;
}) {
  const answers = initialAnswers(sections, application.sections);
  const details = initialDetails(application.sections);
  const shown = visibleSections(sections, answers);
  return (
    <div className="stack">
      {blind ? null : (
        <dl className="org-answers">
          <div>
            <dt>{t("School")}</dt>
            <dd>{application.school || "—"}</dd>
          </div>
        </dl>
      )}
      {shown.map((section) => (
        <section key={section.section_name} className="org-section">
          <h3>{section.section_name}</h3>
          <dl className="org-answers">
            {section.questions
              .filter((q) => q.question_type !== "resume")
              .map((q) => (
                <div key={q.question_id}>
                  <dt>{q.question_text}</dt>
                  <dd>
                    {formatAnswer(q, answers[q.question_id])}
                    {details[q.question_id] ? <span className="org-answers__detail"> — “{details[q.question_id]}”</span> : null}
                  </dd>
                </div>
              ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

function formatAnswer(question: Question, value: AnswerValue | undefined): string {
  // Multiselect and list answers arrive decoded as their entries.
  const text = Array.isArray(value) ? value.filter((entry) => entry.trim()).join(", ") : (value ?? "");
  if (!text) return "—";
  if (question.question_type === "boolean") return text === "yes" ? t("Yes") : text === "no" ? t("No") : text;
  return text;
}
