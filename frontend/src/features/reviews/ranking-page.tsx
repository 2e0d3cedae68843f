// /admin/ranking: applications by calibrated combined score, how far reviewers agree per
// criterion, each reviewer's figures, the exports, and admission by rank (fill to capacity).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { reviewsApi, type Ranking } from "../../api/reviews";
import { urls } from "../../api/urls";
import { Alert } from "../../components/alert";
import { DataTable, RowLink, Truncated, type DataColumn } from "../../components/data-table";
import { Field } from "../../components/field";
import { CenteredSpinner } from "../../components/centered-spinner";
import { queryKeys } from "../../lib/query-keys";
import { PageHeader } from "../../components/page-header";
import { statusWord } from "../../lib/text";
import { useDebounced } from "../../lib/use-debounced";
import { CapacityPanel } from "./capacity-panel";
import { WaitlistRefillPanel } from "./waitlist-refill-panel";
import { FillToCapacity } from "./fill-to-capacity";
import { t } from "../../lib/i18n";
import { LinkedText } from "./linked-text";
import { agreementWords, formatScore, freshnessWords, minReviewsParam, stalledMinutes } from "./state";

export const PAGE_SIZE = 50;

type RankRow = Ranking["rows"][number];
type ReviewerRow = Ranking["reviewers"][number];

const userHref = (email: string) => `/admin/users/${encodeURIComponent(email)}`;

// The server ranks and pages; the rank order is the one shown (no header sorts it again).
// Built at render, so the headers are in the page's language.
const rankingColumns = (): DataColumn<RankRow>[] => [
  { id: "rank", header: t("Rank"), size: 60, cell: (row) => row.rank },
  {
    id: "applicant",
    header: t("Applicant"),
    size: 240,
    className: "org-table__email",
    cell: (row) => (
      <span>
        <RowLink href={userHref(row.email)} text={row.name || row.email} />
        {row.name ? <span className="rv-sub data-table__truncate" title={row.email}>{row.email}</span> : null}
      </span>
    ),
  },
  { id: "school", header: t("School"), size: 200, cell: (row) => <Truncated text={row.school || "—"} /> },
  { id: "team", header: t("Team"), size: 100, className: "org-table__code", cell: (row) => row.team || "—" },
  {
    id: "score",
    header: t("Score"),
    size: 100,
    cell: (row) => (
      <span>
        <strong>{formatScore(row.score)}</strong>
        <span className="rv-sub">{t("raw {score}", { score: formatScore(row.raw_score) })}</span>
      </span>
    ),
  },
  // Wide enough for the header's one word at a laptop's width (80 broke it as "Review/s").
  { id: "reviews", header: t("Reviews"), size: 95, cell: (row) => row.reviews },
  { id: "spread", header: t("Spread"), size: 85, cell: (row) => formatScore(row.spread) },
  {
    id: "status",
    header: t("Status"),
    size: 130,
    cell: (row) => <span className={`badge status--${row.status}`}>{statusWord(row.status)}</span>,
  },
];

// A handful of reviewers: sorted in the browser by any column.
const reviewerColumns = (): DataColumn<ReviewerRow>[] => [
  {
    id: "email",
    header: t("Reviewer"),
    size: 240,
    className: "rv-nowrap",
    sortValue: (r) => r.email,
    cell: (r) => <Truncated text={r.email} />,
  },
  { id: "reviews", header: t("Reviews"), size: 80, sortValue: (r) => r.reviews, descFirst: true, cell: (r) => r.reviews },
  { id: "skipped", header: t("Skipped"), size: 80, sortValue: (r) => r.skipped, descFirst: true, cell: (r) => r.skipped },
  { id: "conflicts", header: t("Conflicts"), size: 80, sortValue: (r) => r.conflicts, descFirst: true, cell: (r) => r.conflicts },
  { id: "mean", header: t("Mean"), size: 70, sortValue: (r) => r.mean, cell: (r) => formatScore(r.mean) },
  { id: "sd", header: t("SD"), size: 70, sortValue: (r) => r.sd, cell: (r) => formatScore(r.sd) },
];

function RankingTable({ ranking, page, onPage }: { ranking: Ranking; page: number; onPage: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(ranking.total / PAGE_SIZE));
  if (ranking.rows.length === 0) return <p className="org-empty card">{t("No reviewed applications match.")}</p>;
  return (
    <>
      <DataTable
        caption={t("Applications by combined score")}
        columns={rankingColumns()}
        data={ranking.rows}
        rowId={(row) => String(row.application_id)}
        rowHref={(row) => userHref(row.email)}
        className="rv-ranking"
      />
      {pages > 1 ? (
        <nav className="org-pager" aria-label={t("Ranking pages")}>
          <p className="org-pager__text">
            {t("Page {page} of {pages}", { page, pages })}
          </p>
          <span className="org-pager__group">
            <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
              {t("Previous")}
            </button>
            <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
              {t("Next")}
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
      <h2 id="rv-agreement-title">{t("Reviewer agreement")}</h2>
      <p className="muted">
        {t(
          "Krippendorff's alpha per criterion: 1 is perfect agreement, 0 no better than chance. Low agreement means the criterion's description may need sharpening.",
        )}
      </p>
      {ranking.agreement.length === 0 ? (
        <p className="muted">{t("No criteria yet.")}</p>
      ) : (
        <ul className="rv-agreement">
          {ranking.agreement.map((a) => (
            <li key={a.criterion_id}>
              <strong>{a.name}</strong>: {agreementWords(a.alpha)}
              <span className="muted">
                {" "}
                {t.plural(a.units, { one: "({count} application with two or more scores)", other: "({count} applications with two or more scores)" })}
              </span>
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
      <h2 id="rv-reviewers-title">{t("Reviewers")}</h2>
      {ranking.reviewers.length === 0 ? (
        <p className="muted">{t("No reviews yet.")}</p>
      ) : (
        <DataTable
          caption={t("Per-reviewer figures")}
          columns={reviewerColumns()}
          data={ranking.reviewers}
          rowId={(row) => row.email}
        />
      )}
      <p className="rv-exports">
        <a className="button button--secondary" href={urls.exportScores} download>
          {t("Download scores and comments (CSV)")}
        </a>
        <a className="button button--secondary" href={urls.exportReviewers} download>
          {t("Download reviewer figures (CSV)")}
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
  // Read at each render: the page asks again every 3 s while it recalculates.
  const stalled = query.data ? stalledMinutes(query.data.changed_at, query.data.recalculating, Date.now()) : null;

  return (
    <div className="stack">
      <PageHeader
        back={{ href: "/admin", label: t("Admin Panel") }}
        title={t("Ranking")}
        lead={
          <LinkedText
            text={t(
              "Applications by combined score: each reviewer's scores calibrated for how harsh or generous they are, then the weighted mean over reviews (0 is an average applicant; \"raw\" is the weighted mean of the scores as given). Criteria are set on the [Review Rubric] page.",
            )}
            hrefs={["/admin/rubric"]}
          />
        }
      />
      <CapacityPanel />
      <WaitlistRefillPanel />
      <section className="stack" aria-labelledby="rv-table-title">
        <div className="rv-section-head">
          <h2 id="rv-table-title">{t("Applications")}</h2>
          {query.data ? (
            <p className="muted" role="status">
              {t.plural(query.data.total, { one: "{count} application", other: "{count} applications" })}
              {` · ${freshnessWords(query.data.refreshed_at, query.data.recalculating, Date.now())}`}
            </p>
          ) : null}
        </div>
        <div className="rv-inline">
          <Field
            label={t("Minimum reviews")}
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
        {stalled !== null ? (
          <Alert kind="info">
            {t(
              "The ranking has waited {minutes} min for its recalculation, which runs in the background worker: check that the Celery worker is running (make run starts one). Until it runs, this page shows the last ranking.",
              { minutes: stalled },
            )}
          </Alert>
        ) : null}
        {query.isPending ? (
          <CenteredSpinner label={t("Loading the ranking…")} />
        ) : query.isError ? (
          <Alert kind="error">{query.error.message || t("Error fetching the ranking.")}</Alert>
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
