// Every TanStack Query key in one place: a page that changes something invalidates by the same
// key the page that shows it reads with, and a typo can't make two caches of one list.
import type { DemographicGroup } from "../api/reports";
import type { DeliveryState } from "../api/mailings";
import type { TableQuery } from "../api/organizer";

/** One request of the applications table, keyed by exactly what is sent: the request's own type,
 *  so a parameter added to the request is part of the key too. */
export type TablePageKey = TableQuery;

export const queryKeys = {
  /** What an email verification link says (checked once per token). */
  verify: (token: string) => ["auth", "verify", token] as const,
  stats: ["reports", "stats"] as const,
  /** Applications submitted per day and in all. */
  trend: ["reports", "trend"] as const,
  /** How far the release's decision emails have gone ("N of M sent"). */
  releaseProgress: ["cycle", "release-progress"] as const,
  /** The admin home: the cycle's status, funnel and to-dos. */
  adminHome: ["admin-home"] as const,
  demographics: (group: DemographicGroup) => ["reports", "demographics", group] as const,
  /** The question set: the builder edits it, the organizer's editor renders with it. */
  questions: ["questions"] as const,
  /** The RSVP set (asked when an accepted applicant confirms): the builder's second tab. */
  rsvpQuestions: ["rsvp-questions"] as const,
  /** The applicant's own form: questions, application and whether a resume is on file. */
  applyForm: ["apply", "form"] as const,
  schools: ["suggestions", "schools"] as const,
  countries: ["suggestions", "countries"] as const,
  /** The organizers (the reviewers of the table's assignment). */
  admins: ["admins"] as const,
  applications: {
    /** Everything read about applications: invalidated after a decision or an edit. */
    all: ["applications"] as const,
    page: (request: TablePageKey) => ["applications", "page", request] as const,
    one: (email: string) => ["applications", "one", email.toLowerCase()] as const,
    history: (email: string) => ["applications", "history", email.toLowerCase()] as const,
    teammates: (teamcode: string) => ["applications", "teammates", teamcode] as const,
    /** The dry run of a batch decision: who in a pasted list has already answered. */
    batchPreview: (emails: string, status: string) => ["applications", "batch-preview", status, emails] as const,
  },
  mailings: {
    all: ["mailings"] as const,
    list: ["mailings", "list"] as const,
    audiences: ["mailings", "audiences"] as const,
    deliveries: (mailing: number, page: number, state: DeliveryState | null) =>
      ["mailings", "deliveries", mailing, page, state] as const,
    templates: ["mailings", "templates"] as const,
    /** A draft's server-rendered preview, by the draft (its JSON). */
    preview: (draft: string) => ["mailings", "preview", draft] as const,
  },
  /** Review scoring: a recorded decision or review invalidates `all`. */
  reviews: {
    all: ["reviews"] as const,
    rubric: ["reviews", "rubric"] as const,
    /** The caller's own review of one application. */
    own: (applicationId: number) => ["reviews", "own", applicationId] as const,
    /** The reviewer's list and one position in it (the spec's calls, when props are missing). */
    assigned: (reviewer: string) => ["reviews", "assigned", reviewer.toLowerCase()] as const,
    position: (reviewer: string, index: number) => ["reviews", "position", reviewer.toLowerCase(), index] as const,
    ranking: (minReviews: number | null, page: number) => ["reviews", "ranking", minReviews, page] as const,
    capacity: ["reviews", "capacity"] as const,
    waitlistRefill: ["reviews", "waitlist-refill"] as const,
    offerSettings: ["reviews", "offer-settings"] as const,
    /** The assign page's applications without a reviewer: an assignment invalidates `all`. */
    unassigned: ["reviews", "unassigned"] as const,
  },
  /** Webhook endpoints (their counts) and each one's deliveries. */
  integrations: {
    all: ["integrations"] as const,
    endpoints: ["integrations", "endpoints"] as const,
    channels: ["integrations", "channels"] as const,
    deliveries: (endpoint: number, state: string | null) => ["integrations", "deliveries", endpoint, state] as const,
  },
};
