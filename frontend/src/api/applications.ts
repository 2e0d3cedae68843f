import { api } from "../lib/api";
import type { components } from "./schema";
import { urls } from "./urls";

// The API's shapes are the generated OpenAPI schema's (schema.d.ts, `make schema`); these are
// the names the code uses for them.
type Schemas = components["schemas"];

/** The nine question types the form can render. */
export type QuestionType = Schemas["QuestionTypeEnum"];
/** One question set, typed once: the applicant's form, the builder and the organizer's editor. */
export type Question = Schemas["QuestionOutput"];
export type QuestionSection = Schemas["QuestionSectionOutput"];
export type SectionAnswers = Schemas["AnswerSection"];
export type ApplicationStatus = Schemas["ApplicationStatusEnum"];
/** An application never submitted (the server's status_machine.DRAFTS): the dashboard's
 *  "launch" states, the apply form's unsent one, the door's "register as a walk-in". */
export const DRAFT_STATUSES: readonly string[] = ["unsubmitted", "started"];
export const isDraft = (status: string | null | undefined): boolean => !!status && DRAFT_STATUSES.includes(status);
/** The body of submit, save and an organizer's edit (contract: other keys are ignored). */
export type ApplicationBody = Schemas["ApplicationInputRequest"];
/** GET /api/applications/application (and an organizer's GET of one application). */
export type Application = Schemas["ApplicationOutput"];
/** What submit and save answer: the application as stored, and a message. */
export type ApplicationSaved = Schemas["ApplicationSavedOutput"];

export const applicationsApi = {
  questions: () => api.get<QuestionSection[]>(urls.questions),
  schools: () => api.get<string[]>(urls.schools),
  countries: () => api.get<string[]>(urls.countries),
  application: () => api.get<Application>(urls.application),
  submit: (body: ApplicationBody) => api.post<ApplicationSaved>(urls.application, body),
  save: (body: ApplicationBody) => api.post<ApplicationSaved>(urls.save, body),
  /** A fresh team code that no one in the cycle uses yet, reserved for the caller's new team. */
  teamcode: () => api.post<Schemas["TeamCodeOutput"]>(urls.teamcode),
  /** What joining the team of a teammate's code would meet (no such team, full), or null. */
  checkTeamcode: (teamcode: string) =>
    api.post<Schemas["TeamCodeCheckOutput"]>(urls.teamcodeCheck, { teamcode } satisfies Schemas["TeamCodeCheckInputRequest"]),
};
