// /admin/ranking: applications by calibrated combined score, how far reviewers agree per
// criterion, each reviewer's figures, the exports, and admission by rank (fill to capacity).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { reviewsApi, type Ranking } from "../../api/reviews";
import { urls } from "../../api/urls";
import { Alert } from "../../components/alert";
import { Field } from "../../components/field";
import { Spinner } from "../../components/spinner";
import { queryKeys } from "../../lib/query-keys";
import { PageHeader } from "../../components/page-header";
import { statusWord } from "../../lib/text";
import { useDebounced } from "../../lib/use-debounced";
import { CapacityPanel } from "./capacity-panel";
import { WaitlistRefillPanel } from "./waitlist-refill-panel";
import { FillToCapacity } from "./fill-to-capacity";
import { agreementWords, formatScore, freshnessWords, minReviewsParam, plural } from "./state";

export const PAGE_SIZE = 50;

function RankingTable({ ranking, page, onPage }: { ranking: Ranking; page: number; onPage: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(ranking.total / PAGE_SIZE));
  if (ranking.rows.length === 0) return <p className="org-empty card">No reviewed applications match.</p>;
  return (
    <>
      <div className="table-wrap">
        <table className="table org-table rv-ranking">
          <caption className="visually-hidden">Applications by combined score</caption>
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Applicant</th>
              <th scope="col">School</th>
              <th scope="col">Team</th>
              <th scope="col">Score</th>
              <th scope="col">Reviews</th>
              <th scope="col">Spread</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {ranking.rows.map((row) => (
              <tr key={row.application_id}>
                <td data-label="Rank">{row.rank}</td>
                <td data-label="Applicant" className="org-table__email">
                  <span>
                    <a href={`/admin/users/${encodeURIComponent(row.email)}`}>{row.name || row.email}</a>
                    {row.name ? <span className="rv-sub">{row.email}</span> : null}
                  </span>
                </td>
                <td data-label="School">{row.school || "—"}</td>
                <td data-label="Team">{row.team || "—"}</td>
                <td data-label="Score">
                  <span>
                    <strong>{formatScore(row.score)}</strong>
                    <span className="rv-sub">raw {formatScore(row.raw_score)}</span>
                  </span>
                </td>
                <td data-label="Reviews">{row.reviews}</td>
                <td data-label="Spread">{formatScore(row.spread)}</td>
                <td data-label="Status">
                  <span className={`badge status--${row.status}`}>{statusWord(row.status)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav className="org-pager" aria-label="Ranking pages">
          <p className="org-pager__text">
            Page {page} of {pages}
          </p>
          <span className="org-pager__group">
            <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
              Previous
            </button>
            <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
              Next
            </button>
          </span>
        </nav>
      ) : null}
    </>
  );
}

function Agreement({ ranking }: { ranking: Ranking }) {
  return (
    <section className="card stack" aria-labelledby="rv-agreement-title">
      <h2 id="rv-agreement-title">Reviewer agreement</h2>
      <p className="muted">
        Krippendorff's alpha per criterion: 1 is perfect agreement, 0 no better than chance. Low agreement means the criterion's
        description may need sharpening.
      </p>
      {ranking.agreement.length === 0 ? (
        <p className="muted">No criteria yet.</p>
      ) : (
        <ul className="rv-agreement">
          {ranking.agreement.map((a) => (
            <li key={a.criterion_id}>
              <strong>{a.name}</strong>: {agreementWords(a.alpha)}
              <span className="muted"> ({plural(a.units, "application")} with two or more scores)</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReviewerStats({ ranking }: { ranking: Ranking }) {
  return (
    <section className="card stack" aria-labelledby="rv-reviewers-title">
      <h2 id="rv-reviewers-title">Reviewers</h2>
      {ranking.reviewers.length === 0 ? (
        <p className="muted">No reviews yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="table org-table">
            <caption className="visually-hidden">Per-reviewer figures</caption>
            <thead>
              <tr>
                <th scope="col">Reviewer</th>
                <th scope="col">Reviews</th>
                <th scope="col">Skipped</th>
                <th scope="col">Conflicts</th>
                <th scope="col">Mean</th>
                <th scope="col">SD</th>
              </tr>
            </thead>
            <tbody>
              {ranking.reviewers.map((r) => (
                <tr key={r.email}>
                  <td data-label="Reviewer" className="rv-nowrap">
                    {r.email}
                  </td>
                  <td data-label="Reviews">{r.reviews}</td>
                  <td data-label="Skipped">{r.skipped}</td>
                  <td data-label="Conflicts">{r.conflicts}</td>
                  <td data-label="Mean">{formatScore(r.mean)}</td>
                  <td data-label="SD">{formatScore(r.sd)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="rv-exports">
        <a className="button button--secondary" href={urls.exportScores} download>
          Download scores and comments (CSV)
        </a>
        <a className="button button--secondary" href={urls.exportReviewers} download>
          Download reviewer figures (CSV)
        </a>
      </p>
    </section>
  );
}

export function RankingPage() {
  const [minReviews, setMinReviews] = useState("1");
  const [page, setPage] = useState(1);
  const min = minReviewsParam(useDebounced(minReviews));
  const query = useQuery({
    queryKey: queryKeys.reviews.ranking(min ?? null, page),
    queryFn: () => reviewsApi.ranking({ min_reviews: min, page, page_size: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    // While a recalibration is pending, ask again until it has landed.
    refetchInterval: (q) => (q.state.data?.recalculating ? 3000 : false),
  });
  const capacity = useQuery({ queryKey: queryKeys.reviews.capacity, queryFn: reviewsApi.capacity });

  return (
    <div className="stack">
      <PageHeader
        title="Ranking"
        lead={
          <>
            Applications by combined score: each reviewer's scores calibrated for how harsh or generous they are, then the weighted
            mean over reviews (0 is an average applicant; "raw" is the weighted mean of the scores as given). Criteria are set on
            the <a href="/admin/rubric">Review Rubric</a> page.
          </>
        }
      />
      <CapacityPanel />
      <WaitlistRefillPanel />
      <section className="stack" aria-labelledby="rv-table-title">
        <div className="rv-section-head">
          <h2 id="rv-table-title">Applications</h2>
          {query.data ? (
            <p className="muted" role="status">
              {plural(query.data.total, "application")}
              {` · ${freshnessWords(query.data.refreshed_at, query.data.recalculating, Date.now())}`}
            </p>
          ) : null}
        </div>
        <div className="rv-inline">
          <Field
            label="Minimum reviews"
            type="number"
            inputMode="numeric"
            min={0}
            value={minReviews}
            onChange={(e) => {
              setMinReviews(e.target.value);
              setPage(1);
            }}
          />
        </div>
        {query.isPending ? (
          <div className="org-center">
            <Spinner label="Loading the ranking…" />
          </div>
        ) : query.isError ? (
          <Alert kind="error">{query.error.message || "Error fetching the ranking."}</Alert>
        ) : (
          <div aria-busy={query.isFetching || undefined}>
            <RankingTable ranking={query.data} page={page} onPage={setPage} />
          </div>
        )}
      </section>
      {query.data ? (
        <div className="stack">
          <Agreement ranking={query.data} />
          <ReviewerStats ranking={query.data} />
        </div>
      ) : null}
      {capacity.isPending ? null : <FillToCapacity plan={capacity.data ?? null} />}
    </div>
  );
}
