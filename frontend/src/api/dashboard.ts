import { api } from "../lib/api";

/** What an applicant's answer returns: their status as they may now see it. */
export interface ApplicantStatus {
  status: string;
  travel_reimbursement: boolean;
  housing_accommodations: boolean;
  teamcode: string | null;
}

export const dashboardApi = {
  confirm: () => api.post<ApplicantStatus>("/api/applications/confirm"),
  confirmWaitlist: () => api.post<ApplicantStatus>("/api/applications/confirm-waitlist"),
  decline: () => api.post<ApplicantStatus>("/api/applications/decline"),
};
