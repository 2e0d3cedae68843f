// TEMPORARY until the reviews API is in schema.d.ts: then these move into urls.ts.
const base = "/api/reviews";
export const reviewUrls = {
  autoAssign: `${base}/auto-assign`,
  ranking: `${base}/ranking`,
  fillToCapacity: `${base}/fill-to-capacity`,
  capacity: `${base}/capacity`,
  exportScores: `${base}/export/scores.csv`,
  exportReviewers: `${base}/export/reviewers.csv`,
};
