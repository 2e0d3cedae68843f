import { api } from "../lib/api";
import type { components } from "./schema";
import { urls } from "./urls";

/** What an applicant's answer returns: their status as they may now see it. */
export type ApplicantStatus = components["schemas"]["ApplicantStatus"];

export const dashboardApi = {
  confirm: () => api.post<ApplicantStatus>(urls.confirm),
  confirmWaitlist: () => api.post<ApplicantStatus>(urls.confirmWaitlist),
  decline: () => api.post<ApplicantStatus>(urls.decline),
};
