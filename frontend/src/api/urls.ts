// Every API address the frontend calls, in one place. Each is written as the schema's own path
// template (a key of the generated `paths`), so a route renamed or removed on the server fails
// `tsc` here once `make schema` has regenerated schema.d.ts, instead of failing at run time.
import type { paths } from "./schema";

export type ApiPath = keyof paths;

/** The `{name}` placeholders of a path template, e.g. "email" for "/api/applications/{email}". */
type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
type Params<P extends ApiPath> = [ParamNames<P>] extends [never] ? [] : [Record<ParamNames<P>, string | number>];

/** Fill a schema path's placeholders, each URL-encoded (emails, patterns and keys hold "@", "/" and "*"). */
export function apiUrl<P extends ApiPath>(template: P, ...params: Params<P>): string {
  const values = (params[0] ?? {}) as Record<string, string | number>;
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`apiUrl: no value for {${name}} in ${template}`);
    return encodeURIComponent(String(values[name]));
  });
}

export const urls = {
  // Auth (contract: Auth)
  tokenRefresh: apiUrl("/api/auth/token/refresh"),
  login: apiUrl("/api/auth/login"),
  logout: apiUrl("/api/auth/logout"),
  register: apiUrl("/api/auth/register"),
  user: apiUrl("/api/auth/user"),
  verify: (key: string) => apiUrl("/api/auth/verify/{key}", { key }),
  resendVerification: apiUrl("/api/auth/resend_verification"),
  resetRequest: apiUrl("/api/auth/reset_password"),
  resetConfirm: (key: string) => apiUrl("/api/auth/reset_password/{key}", { key }),
  signInMethods: apiUrl("/api/auth/sign-in-methods"),
  signInMethod: (provider: string) => apiUrl("/api/auth/sign-in-methods/{provider}", { provider }),
  universityEmail: apiUrl("/api/auth/university-email"),
  whitelist: apiUrl("/api/auth/whitelist"),
  whitelistExceptions: apiUrl("/api/auth/whitelist/exceptions"),
  whitelistException: (ruleId: number) => apiUrl("/api/auth/whitelist/exceptions/{rule_id}", { rule_id: ruleId }),
  admins: apiUrl("/api/auth/admins"),
  promote: apiUrl("/api/auth/promote"),
  demote: apiUrl("/api/auth/demote"),

  // The applicant's calls (contract: Applications)
  questions: apiUrl("/api/applications/questions"),
  schools: apiUrl("/api/applications/schools"),
  countries: apiUrl("/api/applications/countries"),
  application: apiUrl("/api/applications/application"),
  save: apiUrl("/api/applications/save"),
  teamcode: apiUrl("/api/applications/teamcode"),
  teamcodeCheck: apiUrl("/api/applications/teamcode/check"),
  confirm: apiUrl("/api/applications/confirm"),
  confirmWaitlist: apiUrl("/api/applications/confirm-waitlist"),
  decline: apiUrl("/api/applications/decline"),
  rsvp: apiUrl("/api/applications/rsvp"),
  rsvpQuestions: apiUrl("/api/applications/rsvp-questions"),

  // The organizers' calls on applications
  allApplications: apiUrl("/api/applications/all"),
  applicationOf: (email: string) => apiUrl("/api/applications/{email}", { email }),
  historyOf: (email: string) => apiUrl("/api/applications/{email}/history", { email }),
  teammates: (teamcode: string) => apiUrl("/api/applications/teammates/{teamcode}", { teamcode }),
  statusOf: (email: string) => apiUrl("/api/applications/status/{email}", { email }),
  batchStatus: apiUrl("/api/applications/batch-status"),
  whitelistEmail: (value: string) => apiUrl("/api/applications/whitelistemail/{value}", { value }),
  whitelistPattern: (value: string) => apiUrl("/api/applications/whitelistpattern/{value}", { value }),
  cycleConfig: apiUrl("/api/applications/cycle/config"),
  cycleCurrent: apiUrl("/api/applications/cycle/current"),
  cycleReleasePreview: apiUrl("/api/applications/cycle/release-preview"),
  cycleUnreleasePreview: apiUrl("/api/applications/cycle/unrelease-preview"),

  // Reviews
  assignApplications: apiUrl("/api/applications/assign-applications"),
  assignedApplications: (reviewer: string) =>
    apiUrl("/api/applications/assigned-applications/{reviewer_email}", { reviewer_email: reviewer }),
  applicationIndex: (reviewer: string, index: number) =>
    apiUrl("/api/applications/application-index/{reviewer_email}/{index}", { reviewer_email: reviewer, index }),
  changeReviewStatus: (reviewer: string, applicant: string, status: string) =>
    apiUrl("/api/applications/change-review-status/{reviewer_email}/{applicant_email}/{review_status}", {
      reviewer_email: reviewer,
      applicant_email: applicant,
      review_status: status,
    }),

  // Checkpoints at the event (docs/api/checkin.md)
  checkpoints: apiUrl("/api/checkin/checkpoints"),
  checkpoint: (id: number) => apiUrl("/api/checkin/checkpoints/{checkpoint_id}", { checkpoint_id: id }),
  checkpointScan: (id: number) => apiUrl("/api/checkin/checkpoints/{checkpoint_id}/scan", { checkpoint_id: id }),
  checkpointPass: (id: number) => apiUrl("/api/checkin/checkpoints/{checkpoint_id}/pass", { checkpoint_id: id }),

  // Travel support (docs/api/travel.md)
  travelMine: apiUrl("/api/travel/mine"),
  travelRequest: apiUrl("/api/travel/request"),
  travelReceipts: apiUrl("/api/travel/receipts"),
  travelReceipt: (id: number) => apiUrl("/api/travel/receipts/{receipt_id}", { receipt_id: id }),
  travelReceiptReview: (id: number) => apiUrl("/api/travel/receipts/{receipt_id}/review", { receipt_id: id }),
  travelReceiptFile: (id: number) => apiUrl("/api/travel/receipts/{receipt_id}/file", { receipt_id: id }),
  travelOverview: apiUrl("/api/travel/overview"),
  travelBudget: apiUrl("/api/travel/budget"),
  travelGrant: (id: number) => apiUrl("/api/travel/grants/{application_id}", { application_id: id }),
  travelGrantsBulk: apiUrl("/api/travel/grants/bulk"),
  travelPayout: apiUrl("/api/travel/payout.csv"),

  // Review scoring (docs/api/reviews.md)
  rubric: apiUrl("/api/reviews/rubric"),
  reviewsAssigned: apiUrl("/api/reviews/assigned"),
  review: (id: number) => apiUrl("/api/reviews/applications/{application_id}/review", { application_id: id }),
  skip: (id: number) => apiUrl("/api/reviews/applications/{application_id}/skip", { application_id: id }),
  conflict: (id: number) => apiUrl("/api/reviews/applications/{application_id}/conflict", { application_id: id }),
  reviewResume: (id: number) =>
    apiUrl("/api/reviews/applications/{application_id}/resume", { application_id: id }),
  reviewsOf: (id: number) => apiUrl("/api/reviews/applications/{application_id}/reviews", { application_id: id }),
  autoAssign: apiUrl("/api/reviews/auto-assign"),
  ranking: apiUrl("/api/reviews/ranking"),
  fillToCapacity: apiUrl("/api/reviews/fill-to-capacity"),
  capacity: apiUrl("/api/reviews/capacity"),
  waitlistRefill: apiUrl("/api/reviews/waitlist-refill"),
  offerSettings: apiUrl("/api/applications/cycle/offer-settings"),
  unassigned: apiUrl("/api/reviews/unassigned"),
  exportScores: apiUrl("/api/reviews/export/scores.csv"),
  exportReviewers: apiUrl("/api/reviews/export/reviewers.csv"),

  // Reports
  stats: apiUrl("/api/applications/stats"),
  statsTrend: apiUrl("/api/applications/stats/trend"),
  adminHome: apiUrl("/api/admin/home"),
  releaseProgress: apiUrl("/api/applications/cycle/release-progress"),
  exportCsv: apiUrl("/api/applications/export"),
  demographics: apiUrl("/api/applications/demographics"),

  // Resumes
  resumeSubmitted: apiUrl("/api/resume/submitted"),
  resumeUpload: apiUrl("/api/resume/upload"),
  resumeDownload: (email: string) => apiUrl("/api/resume/download/{email}", { email }),
  resumeDownloadAll: apiUrl("/api/resume/download-all"),

  // Mailings and the automated emails' templates
  mailings: apiUrl("/api/mailings"),
  mailing: (mailingId: number) => apiUrl("/api/mailings/{mailing_id}", { mailing_id: mailingId }),
  mailingDeliveries: (mailingId: number) =>
    apiUrl("/api/mailings/{mailing_id}/deliveries", { mailing_id: mailingId }),
  mailingPreview: apiUrl("/api/mailings/preview"),
  mailingAudiences: apiUrl("/api/mailings/audiences"),
  mailingAudienceCount: apiUrl("/api/mailings/audiences/count"),
  mailingTest: apiUrl("/api/mailings/test"),
  templates: apiUrl("/api/mailings/templates"),
  template: (key: string) => apiUrl("/api/mailings/templates/{key}", { key }),
  templatePreview: (key: string) => apiUrl("/api/mailings/templates/{key}/preview", { key }),
  templateTest: (key: string) => apiUrl("/api/mailings/templates/{key}/test", { key }),

  // The person's own data (apps/privacy)
  privacyExport: apiUrl("/api/privacy/export"),
  deleteAccount: apiUrl("/api/privacy/delete-account"),
  sponsorConsent: apiUrl("/api/privacy/consents/sponsors"),

  // Check-in (apps/checkin): the applicant's ticket, and the check-in staff's calls
  ticket: apiUrl("/api/checkin/ticket"),
  ticketReissue: apiUrl("/api/checkin/ticket/reissue"),
  scan: apiUrl("/api/checkin/scan"),
  checkIn: apiUrl("/api/checkin/check-in"),
  checkinSearch: apiUrl("/api/checkin/search"),
  checkinStats: apiUrl("/api/checkin/stats"),
  walkIn: apiUrl("/api/checkin/walk-in"),
  staff: apiUrl("/api/auth/staff"),
  staffRole: apiUrl("/api/auth/staff-role"),

  // Integrations: the organizers' webhook endpoints and their deliveries.
  webhooks: apiUrl("/api/integrations/webhooks"),
  calendarFeed: apiUrl("/api/integrations/calendar-feed"),
  chatChannels: apiUrl("/api/integrations/chat-channels"),
  chatChannel: (id: number) => apiUrl("/api/integrations/chat-channels/{channel_id}", { channel_id: id }),
  webhook: (id: number) => apiUrl("/api/integrations/webhooks/{endpoint_id}", { endpoint_id: id }),
  webhookDeliveries: (id: number) => apiUrl("/api/integrations/webhooks/{endpoint_id}/deliveries", { endpoint_id: id }),
  webhookResend: (id: number) =>
    apiUrl("/api/integrations/webhooks/deliveries/{delivery_id}/resend", { delivery_id: id }),
} as const;
