import { api } from "../lib/api";

/** The nine question types of spec section 2. */
export type QuestionType =
  | "numeric"
  | "boolean"
  | "short_answer"
  | "long_answer"
  | "multiple_choice"
  | "multiselect"
  | "list"
  | "resume"
  | "country";

export interface Question {
  question_id: string;
  question_text: string;
  question_type: QuestionType;
  options: string[];
}

export interface QuestionSection {
  section_name: string;
  conditional_on: string | null;
  questions: Question[];
}

export interface SectionAnswers {
  section_name: string;
  answers: { question_id: string; answer: string }[];
}

export type ApplicationStatus =
  | "unsubmitted"
  | "started"
  | "submitted"
  | "waitlisted"
  | "waitlist_confirmed"
  | "accepted"
  | "waitlist_accepted"
  | "confirmed"
  | "rejected"
  | "declined";

/** The body of submit and save (contract: other keys are ignored). */
export interface ApplicationBody {
  first: string;
  last: string;
  school: string;
  sections: SectionAnswers[];
  checkboxes: [boolean, boolean, boolean];
  teamcode: string | null;
}

/** GET /api/applications/application: the applicant's own application. */
export interface Application extends ApplicationBody {
  status: ApplicationStatus;
  email: string;
  travel_reimbursement: boolean;
  housing_accommodations: boolean;
}

export const applicationsApi = {
  questions: () => api.get<QuestionSection[]>("/api/applications/questions"),
  schools: () => api.get<string[]>("/api/applications/schools"),
  countries: () => api.get<string[]>("/api/applications/countries"),
  application: () => api.get<Application>("/api/applications/application"),
  submit: (body: ApplicationBody) => api.post<Application>("/api/applications/application", body),
  save: (body: ApplicationBody) => api.post<Application>("/api/applications/save", body),
  /** A fresh team code that no one in the cycle uses yet, reserved for the caller's new team. */
  teamcode: () => api.post<{ teamcode: string }>("/api/applications/teamcode"),
};
