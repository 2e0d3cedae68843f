// The applicant's RSVP answers on the organizer's applicant page: what they told when they
// confirmed (and edited since), each under its question, read-only.
import { t } from "../../lib/i18n";

export interface RsvpAnswerRow {
  question_id: string;
  question: string;
  answer: string;
}

/** A multiselect answer is stored "Vegan,Nut allergy"; yes/no as "yes" / "no". */
function shown(answer: string): string {
  if (answer === "yes") return t("Yes");
  if (answer === "no") return t("No");
  return answer.split(",").map((part) => part.trim()).filter(Boolean).join(", ");
}

export function RsvpAnswers({ rows }: { rows: RsvpAnswerRow[] | null }) {
  return (
    <section className="card stack" aria-labelledby="rsvp-answers-title">
      <h2 id="rsvp-answers-title">{t("RSVP answers")}</h2>
      {rows === null ? (
        <p className="muted">{t("No RSVP answers yet: they are given when the applicant confirms.")}</p>
      ) : (
        <dl className="org-facts">
          {rows.map((row) => (
            <div key={row.question_id}>
              <dt>{row.question}</dt>
              <dd className="org-break">{row.answer ? shown(row.answer) : "—"}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
