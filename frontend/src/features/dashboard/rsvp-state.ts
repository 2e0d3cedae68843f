// The RSVP form's logic (asked with the confirm, editable until the event starts): its answers
// decoded from what the server stored, checked as the server checks them, and encoded back.
// The answers are the application form's (components/application/form-model): one encoding and
// one set of rules for both question sets.
import type { QuestionSection, SectionAnswers } from "../../api/applications";
import type { RsvpBody } from "../../api/dashboard";
import {
  initialAnswers,
  visibleSections,
  type AnswerValue,
  type FieldErrors,
} from "../../components/application/form-model";
import {
  CHECK_MESSAGES,
  checkAnswers,
  encodeSections,
} from "../../components/application/form-checks";
import { t } from "../../lib/i18n";

/** The server's message for a required question left empty (validation.QUESTION_REQUIRED). */
export const QUESTION_REQUIRED = t.noop("This question is required.");

/** The stored `{question_id: answer}` as the form edits them. */
export function rsvpInitial(sections: QuestionSection[], stored: Record<string, string>): Record<string, AnswerValue> {
  const saved: SectionAnswers[] = [
    { section_name: "", answers: Object.entries(stored).map(([question_id, answer]) => ({ question_id, answer })) },
  ];
  return initialAnswers(sections, saved);
}

function isEmpty(value: AnswerValue | undefined): boolean {
  if (Array.isArray(value)) return value.every((entry) => !entry.trim());
  return !(value ?? "").trim();
}

/**
 * The problems of the answers to the questions shown, by question_id: a required question left
 * empty, or an answer its question refuses (the application form's rules). An optional question
 * may stay empty.
 */
export function rsvpErrors(sections: QuestionSection[], answers: Record<string, AnswerValue>): FieldErrors {
  const names = { first: "-", last: "-", school: "-" };
  const checked = checkAnswers(sections, names, answers, { schools: null, countries: null });
  const errors: FieldErrors = {};
  for (const section of visibleSections(sections, answers)) {
    for (const question of section.questions) {
      const id = question.question_id;
      if (isEmpty(answers[id])) {
        if (question.required !== false && question.question_type !== "list") errors[id] = QUESTION_REQUIRED;
      } else if (checked[id] && checked[id] !== CHECK_MESSAGES.required) {
        errors[id] = checked[id];
      }
    }
  }
  return errors;
}

/** The body of confirm and of PUT rsvp: the answers of the sections shown. */
export function rsvpBody(sections: QuestionSection[], answers: Record<string, AnswerValue>): RsvpBody {
  return { sections: encodeSections(visibleSections(sections, answers), answers, false) };
}

// In state.ts, which the dashboard loads at once; the form's rules here load with the form.
export { asksRsvp } from "./state";

/** The first field with an error, in the form's order (where focus goes after a refusal). */
export function firstErrorField(sections: QuestionSection[], errors: FieldErrors): string | null {
  for (const section of sections) {
    for (const question of section.questions) if (errors[question.question_id]) return question.question_id;
  }
  return null;
}
