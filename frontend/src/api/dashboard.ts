import { api } from "../lib/api";
import type { components } from "./schema";
import { urls } from "./urls";

/** What an applicant's answer returns: their status as they may now see it. */
export type ApplicantStatus = components["schemas"]["ApplicantStatus"];
/** The RSVP form, the answers given and whether they may change now (GET / PUT rsvp). */
export type Rsvp = components["schemas"]["RsvpOutput"];
/** The RSVP answers, encoded as an application's (confirm's and PUT rsvp's body). */
export type RsvpBody = components["schemas"]["RsvpInputRequest"];

export const dashboardApi = {
  /** With the RSVP answers when the cycle asks any (a 400 names the questions to fix). */
  confirm: (body: RsvpBody = {}) => api.post<ApplicantStatus>(urls.confirm, body),
  confirmWaitlist: () => api.post<ApplicantStatus>(urls.confirmWaitlist),
  decline: () => api.post<ApplicantStatus>(urls.decline),
  rsvp: () => api.get<Rsvp>(urls.rsvp),
  editRsvp: (body: RsvpBody) => api.put<Rsvp>(urls.rsvp, body),
};
