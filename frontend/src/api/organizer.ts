// The organizers' calls (API contract: Auth admins and whitelist, Cycle, Applications admin
// calls, Reviews, Resumes). Every email or pattern in a path is URL-encoded (urls.ts).
import { api, request } from "../lib/api";
import type { components, operations } from "./schema";
import { urls } from "./urls";
import type { Application, ApplicationBody, QuestionSection } from "./applications";

type Schemas = components["schemas"];

export type Filters = Partial<Record<"first" | "last" | "email" | "school" | "status" | "teamcode" | "reviews_min", string>>;

export type ApplicationRow = Schemas["TableRow"];
export type ApplicationPage = Schemas["TablePage"];
/** The table's `sort` values: a column, "-" first for descending. */
type TableParams = NonNullable<operations["applications_all_retrieve"]["parameters"]["query"]>;
export type SortParam = NonNullable<TableParams["sort"]>;

/** One request of the applications table: a page by number, or the neighbour of the page on
 * screen by the cursor the server gave for it (`after` its `next`, `before` its `previous`). */
export interface TableQuery {
  page: number;
  perPage: number;
  filters: Filters;
  sort?: SortParam;
  after?: string;
  before?: string;
}
// One application and one question set, typed once (applications.ts): the organizer's editor
// renders them with the applicant's form.
export type { Application, Question, QuestionSection, SectionAnswers } from "./applications";
export type HistoryEntry = Schemas["HistoryEvent"];
/** What an organizer reads of a decision (GET status/{email}). */
export type Decision = Schemas["VisibleStatus"];
/** What an organizer sends to decide (POST status/{email}). */
export type DecisionInput = Schemas["DecisionInputRequest"];
export type BatchStatusInput = Schemas["BatchStatusInputRequest"];
export type BatchResult = Schemas["BatchResult"];
/** A batch decision's result: the batch result, plus who was skipped and how many were emailed. */
export type BatchDecisionResult = Schemas["BatchDecisionResult"];
/** What releasing would email now, per decision (GET cycle/release-preview). */
export type ReleasePreview = Schemas["ReleasePreview"];
/** What moving the cycle back before release would hide, and who already answered (GET cycle/unrelease-preview). */
export type UnreleasePreview = Schemas["UnreleasePreview"];
/** How far the release's decision emails have gone. */
export type ReleaseProgress = Schemas["Progress"];
export type CycleConfig = Schemas["ConfigOutput"];
export type CycleConfigInput = Schemas["ConfigRequest"];
export type CurrentCycle = Schemas["CurrentOutput"];
export type WhitelistException = Schemas["WhitelistRuleOutput"];
export type Assigned = Schemas["Assignment"];
export type ReviewStatus = Schemas["ReviewStatusEnum"];

export const organizerApi = {
  // Applications
  list: ({ page, perPage, filters, sort, after, before }: TableQuery) =>
    api.get<ApplicationPage>(urls.allApplications, {
      page,
      per_page: perPage,
      filters: Object.keys(filters).length ? JSON.stringify(filters) : undefined,
      sort,
      after,
      before,
    }),
  application: (email: string) => api.get<Application>(urls.applicationOf(email)),
  updateApplication: (email: string, body: ApplicationBody) => api.put<Application>(urls.applicationOf(email), body),
  history: (email: string) => api.get<HistoryEntry[]>(urls.historyOf(email)),
  teammates: (teamcode: string) => api.get<string[]>(urls.teammates(teamcode)),
  questions: () => api.get<QuestionSection[]>(urls.questions),
  schools: () => api.get<string[]>(urls.schools),
  countries: () => api.get<string[]>(urls.countries),
  status: (email: string) => api.get<Decision>(urls.statusOf(email)),
  decide: (email: string, decision: DecisionInput) => api.post<Decision>(urls.statusOf(email), decision),
  batchStatus: (body: BatchStatusInput) => api.post<BatchDecisionResult>(urls.batchStatus, body),
  // Resumes
  downloadResume: (email: string) => request<Response>(urls.resumeDownload(email), { raw: true }),
  // Reviews
  assign: (member: string, emails: string | string[]) =>
    api.post<BatchResult>(urls.assignApplications, { member, emails }),
  /** "All N matching": every application the table's filters match, not only the page's rows. */
  assignMatching: (member: string, filters: Record<string, string>) =>
    api.post<BatchResult>(urls.assignApplications, { member, filters }),
  assigned: (reviewer: string) => api.get<Schemas["AssignedList"]>(urls.assignedApplications(reviewer)),
  applicationIndex: (reviewer: string, index: number) => api.get<Assigned>(urls.applicationIndex(reviewer, index)),
  changeReviewStatus: (reviewer: string, email: string, status: ReviewStatus) =>
    api.put<Assigned>(urls.changeReviewStatus(reviewer, email, status)),
  // Admins
  admins: () => api.get<string[]>(urls.admins),
  promote: (email: string) => api.post<Schemas["UserOutput"]>(urls.promote, { email }),
  demote: (email: string) => api.post<Schemas["UserOutput"]>(urls.demote, { email }),
  // Configuration
  config: () => api.get<CycleConfig>(urls.cycleConfig),
  saveConfig: (config: CycleConfigInput) => api.post<Schemas["ConfigSavedOutput"]>(urls.cycleConfig, config),
  releasePreview: () => api.get<ReleasePreview>(urls.cycleReleasePreview),
  unreleasePreview: () => api.get<UnreleasePreview>(urls.cycleUnreleasePreview),
  releaseProgress: () => api.get<ReleaseProgress>(urls.releaseProgress),
  current: () => api.get<CurrentCycle>(urls.cycleCurrent),
  saveCurrent: (current: Schemas["CurrentRequest"]) => api.post<CurrentCycle>(urls.cycleCurrent, current),
  // Whitelist
  exceptions: () => api.get<WhitelistException[]>(urls.whitelistExceptions),
  whitelistEmail: (email: string) => api.post<WhitelistException>(urls.whitelistEmail(email)),
  whitelistPattern: (pattern: string) => api.post<WhitelistException>(urls.whitelistPattern(pattern)),
  removeException: (id: number) => api.delete(urls.whitelistException(id)),
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
