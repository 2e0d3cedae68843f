// Review scoring, rubric, assignment, ranking and admission calls (issue 12; docs/api/reviews.md).
import { api } from "../lib/api";
import type { components } from "./schema";
import { urls } from "./urls";
import { reviewUrls } from "./review-urls";

type Schemas = components["schemas"];

export type Criterion = Schemas["Criterion"];
export type Rubric = Schemas["Rubric"];
export type RubricInput = Schemas["RubricInputRequest"];
export type OwnReview = Schemas["OwnReview"];
export type ConflictReason = Schemas["ReasonEnum"];
export type Reassigned = Schemas["NextReviewer"];
/** The caller's assignments (GET assigned), blind-aware. */
export type AssignedItems = Schemas["Assigned"];

export interface AutoAssignInput {
  reviewers: string[];
  per_application: number;
  avoid_own_school: boolean;
}

export interface AutoAssignResult {
  assigned: number;
  applications: number;
  loads: Record<string, number>;
}

export interface RankingRow {
  rank: number;
  application_id: number;
  email: string;
  name: string;
  school: string;
  team: string | null;
  status: string;
  score: number | null;
  raw_score: number | null;
  reviews: number;
  spread: number | null;
}

export interface Ranking {
  rows: RankingRow[];
  total: number;
  page: number;
  pages: number;
  criteria: Criterion[];
  agreement: { criterion_id: number; name: string; alpha: number | null; units: number }[];
  reviewers: { email: string; reviews: number; skipped: number; conflicts: number; mean: number | null; sd: number | null }[];
  refreshed_at: string | null;
}

export interface FillInputBody {
  capacity: number;
  attendance_rate: number;
  waitlist_size: number;
  keep_teams: boolean;
  dry_run: boolean;
  confirm_count?: number;
}

export interface FillResult {
  accept: RankingRow[];
  waitlist: RankingRow[];
  counts: { accept: number; waitlist: number; already_decided: number; teams_kept: number; target: number };
}

export interface Capacity {
  capacity: number | null;
  attendance_rate: number | null;
  waitlist_size: number | null;
  keep_teams: boolean;
  accepted: number;
  confirmed: number;
  checked_in?: number | null;
  waitlisted: number;
  spots_left: number | null;
}

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
  autoAssign: (body: AutoAssignInput) => api.post<AutoAssignResult>(reviewUrls.autoAssign, body),
  ranking: (query: { min_reviews?: number; page?: number; page_size?: number }) => api.get<Ranking>(reviewUrls.ranking, query),
  fill: (body: FillInputBody) => api.post<FillResult>(reviewUrls.fillToCapacity, body),
  capacity: () => api.get<Capacity>(reviewUrls.capacity),
};
