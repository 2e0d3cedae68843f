// Shared test data for the apply form's Vitest files.
import type { QuestionSection } from "../../api/applications";
import type { FormState } from "../../components/application/form-model";

export const SECTIONS: QuestionSection[] = [
  {
    section_name: "About You",
    conditional_on: null,
    questions: [
      { question_id: "age", question_text: "Age", question_type: "numeric", options: [] },
      { question_id: "country", question_text: "Country", question_type: "country", options: [] },
      { question_id: "level", question_text: "Level", question_type: "multiple_choice", options: ["Undergrad", "Grad"] },
      { question_id: "major", question_text: "Major", question_type: "short_answer", options: [] },
      { question_id: "first_hack", question_text: "First hackathon?", question_type: "boolean", options: [] },
    ],
  },
  {
    section_name: "Experience",
    conditional_on: null,
    questions: [
      { question_id: "langs", question_text: "Languages", question_type: "multiselect", options: ["Python", "C", "Go"] },
      { question_id: "why", question_text: "Why?", question_type: "long_answer", options: [] },
      { question_id: "links", question_text: "Links", question_type: "list", options: [] },
      { question_id: "resume", question_text: "Resume", question_type: "resume", options: [] },
      { question_id: "travel", question_text: "Need travel?", question_type: "boolean", options: [] },
    ],
  },
  {
    section_name: "Travel",
    conditional_on: "travel",
    questions: [{ question_id: "from", question_text: "From where?", question_type: "short_answer", options: [] }],
  },
];

/** A form that passes every client check. */
export function validState(): FormState {
  return {
    first: "Ada",
    last: "Lovelace",
    school: "Princeton University",
    answers: {
      age: "19",
      country: "Canada",
      level: "Undergrad",
      major: "Mathematics",
      first_hack: "no",
      langs: ["Python", "Go"],
      why: "To build things.",
      links: ["https://github.com/ada", ""],
      resume: "",
      travel: "no",
      from: "",
    },
    checkboxes: [true, true, false],
    teamChoice: "yes",
    teamcode: "123456",
  };
}

