// Review scoring, rubric, assignment, ranking and admission calls (docs/api/reviews.md).
import { api, request } from "../lib/api";
import type { components, operations } from "./schema";
import { urls } from "./urls";

type Schemas = components["schemas"];

export type Criterion = Schemas["Criterion"];
export type Rubric = Schemas["Rubric"];
export type RubricInput = Schemas["RubricInputRequest"];
export type OwnReview = Schemas["OwnReview"];
export type ConflictReason = Schemas["ReasonEnum"];
export type Reassigned = Schemas["NextReviewer"];
/** The caller's assignments (GET assigned), blind-aware. */
export type AssignedItems = Schemas["Assigned"];

export type AutoAssignInput = Schemas["AutoAssignInputRequest"];
export type AutoAssignResult = Schemas["AutoAssign"];
export type Ranking = Schemas["Ranking"];
export type RankingRow = Schemas["RankingRow"];
export type FillInputBody = Schemas["FillToCapacityInputRequest"];
export type FillResult = Schemas["Fill"];
export type Capacity = Schemas["Capacity"];
export type WaitlistRefill = Schemas["WaitlistRefill"];
export type WaitlistRefillInput = Schemas["WaitlistRefillInputRequest"];
export type OfferSettings = Schemas["OfferSettings"];
export type Unassigned = Schemas["Unassigned"];
type RankingQuery = NonNullable<operations["reviews_ranking_retrieve"]["parameters"]["query"]>;

export const reviewsApi = {
  assigned: () => api.get<AssignedItems>(urls.reviewsAssigned),
  rubric: () => api.get<Rubric>(urls.rubric),
  saveRubric: (body: RubricInput) => api.put<Rubric>(urls.rubric, body),
  review: (applicationId: number) => api.get<OwnReview>(urls.review(applicationId)),
  saveReview: (applicationId: number, body: { scores: Record<string, number>; comment: string }) =>
    api.put<OwnReview>(urls.review(applicationId), body),
  skip: (applicationId: number, reason = "") => api.post<Reassigned>(urls.skip(applicationId), { reason }),
  conflict: (applicationId: number, reason: ConflictReason, note: string) =>
    api.post<Reassigned>(urls.conflict(applicationId), { reason, note }),
  autoAssign: (body: AutoAssignInput) => api.post<AutoAssignResult>(urls.autoAssign, body),
  ranking: (query: RankingQuery) => api.get<Ranking>(urls.ranking, query),
  fill: (body: FillInputBody) => api.post<FillResult>(urls.fillToCapacity, body),
  capacity: () => api.get<Capacity>(urls.capacity),
  waitlistRefill: () => api.get<WaitlistRefill>(urls.waitlistRefill),
  saveWaitlistRefill: (body: WaitlistRefillInput) => api.post<WaitlistRefill>(urls.waitlistRefill, body),
  /** How long an offer stays open (the cycle's offer settings, beside the refill on the ranking page). */
  offerSettings: () => api.get<OfferSettings>(urls.offerSettings),
  saveOfferSettings: (body: Schemas["OfferSettingsRequest"]) => api.post<OfferSettings>(urls.offerSettings, body),
  /** The submitted applications no one reviews yet (what the assign page offers). */
  unassigned: () => api.get<Unassigned>(urls.unassigned),
  /** The resume by application id (blind-safe), as `application-<id>.pdf`. */
  resume: async (applicationId: number) => {
    const response = await request<Response>(urls.reviewResume(applicationId), { raw: true });
    return { blob: await response.blob(), filename: `application-${applicationId}.pdf` };
  },
};
