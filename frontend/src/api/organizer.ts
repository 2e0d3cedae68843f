// The organizers' calls (API contract: Auth admins and whitelist, Cycle, Applications admin
// calls, Reviews, Resumes). Every email or pattern in a path is URL-encoded.
import { api, request } from "../lib/api";
import type { QuestionSection } from "./applications";

export type Filters = Partial<Record<"first" | "last" | "email" | "school" | "status" | "teamcode", string>>;

export interface ApplicationRow {
  email: string;
  first: string;
  last: string;
  school: string;
  teamcode: string | null;
  status: string;
}

export interface ApplicationPage {
  applications: ApplicationRow[];
  total: number;
  pages: number;
  page: number;
}

export interface SectionAnswers {
  section_name: string;
  answers: { question_id: string; answer: string }[];
}

export interface Application {
  first: string;
  last: string;
  school: string;
  sections: SectionAnswers[];
  checkboxes: boolean[];
  teamcode: string | null;
  status: string;
  email: string;
  travel_reimbursement: boolean;
  housing_accommodations: boolean;
}

// One question set, typed once: the organizer's editor renders it with the applicant's form.
export type { Question, QuestionSection } from "./applications";

export interface HistoryEntry {
  at: string;
  actor: string | null;
  field: string;
  from: string;
  to: string;
}

export interface Decision {
  status: string;
  travel_reimbursement: boolean;
  housing_accommodations: boolean;
}

export interface BatchResult {
  approved: string[];
  failed: { email: string; reason: string }[];
}

export interface CycleConfig {
  dates: Record<string, string>;
  status: string;
  location: string;
  housing_link: string;
}

export interface CurrentCycle {
  year: number;
  cycle: string;
}

export interface WhitelistException {
  id: number;
  kind: "email" | "pattern";
  value: string;
}

export interface Assigned {
  email: string;
  status: string;
}

const enc = encodeURIComponent;
const A = "/api/applications";

export const organizerApi = {
  // Applications
  list: (page: number, perPage: number, filters: Filters) =>
    api.get<ApplicationPage>(`${A}/all`, {
      page,
      per_page: perPage,
      filters: Object.keys(filters).length ? JSON.stringify(filters) : undefined,
    }),
  application: (email: string) => api.get<Application>(`${A}/${enc(email)}`),
  updateApplication: (email: string, body: Omit<Application, "status" | "email" | "travel_reimbursement" | "housing_accommodations">) =>
    api.put<Application>(`${A}/${enc(email)}`, body),
  history: (email: string) => api.get<HistoryEntry[]>(`${A}/${enc(email)}/history`),
  teammates: (teamcode: string) => api.get<string[]>(`${A}/teammates/${enc(teamcode)}`),
  questions: () => api.get<QuestionSection[]>(`${A}/questions`),
  schools: () => api.get<string[]>(`${A}/schools`),
  countries: () => api.get<string[]>(`${A}/countries`),
  status: (email: string) => api.get<Decision>(`${A}/status/${enc(email)}`),
  decide: (email: string, decision: Decision) => api.post(`${A}/status/${enc(email)}`, decision),
  batchStatus: (body: { emails: string; status: string; travel_reimbursement: boolean; housing_accommodations: boolean }) =>
    api.post<BatchResult>(`${A}/batch-status`, body),
  // Resumes
  downloadResume: (email: string) => request<Response>(`/api/resume/download/${enc(email)}`, { raw: true }),
  // Reviews
  assign: (member: string, emails: string) => api.post<BatchResult>(`${A}/assign-applications`, { member, emails }),
  assigned: (reviewer: string) => api.get<{ assigned: Assigned[] }>(`${A}/assigned-applications/${enc(reviewer)}`),
  applicationIndex: (reviewer: string, index: number) =>
    api.get<{ email: string; status?: string }>(`${A}/application-index/${enc(reviewer)}/${index}`),
  changeReviewStatus: (reviewer: string, email: string, status: string) =>
    api.put(`${A}/change-review-status/${enc(reviewer)}/${enc(email)}/${enc(status)}`),
  // Admins
  admins: () => api.get<string[]>("/api/auth/admins"),
  promote: (email: string) => api.post("/api/auth/promote", { email }),
  demote: (email: string) => api.post("/api/auth/demote", { email }),
  // Configuration
  config: () => api.get<CycleConfig>(`${A}/cycle/config`),
  saveConfig: (config: CycleConfig) => api.post<CycleConfig>(`${A}/cycle/config`, config),
  current: () => api.get<CurrentCycle>(`${A}/cycle/current`),
  saveCurrent: (current: CurrentCycle) => api.post<CurrentCycle>(`${A}/cycle/current`, current),
  // Whitelist
  exceptions: () => api.get<WhitelistException[]>("/api/auth/whitelist/exceptions"),
  whitelistEmail: (email: string) => api.post<WhitelistException>(`${A}/whitelistemail/${enc(email)}`),
  whitelistPattern: (pattern: string) => api.post<WhitelistException>(`${A}/whitelistpattern/${enc(pattern)}`),
  removeException: (id: number) => api.delete(`/api/auth/whitelist/exceptions/${id}`),
};

/** Save a downloaded resume as `<email>.pdf` through a temporary link. */
export async function saveResume(email: string): Promise<void> {
  const response = await organizerApi.downloadResume(email);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `${email}.pdf`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
