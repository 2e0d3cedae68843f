// The statistics page's trend: how many applications came in each day and in all, so an
// organizer sees whether the last reminder worked and where the count is heading.
import { useQuery } from "@tanstack/react-query";
import { reportsApi, type TrendDay } from "../../api/reports";
import { Alert } from "../../components/alert";
import { Spinner } from "../../components/spinner";
import { queryKeys } from "../../lib/query-keys";
import { TrendFigure, prefersReducedMotion, useWidth } from "./lazy-charts";
import { dayLabel, trendFacts, trendSummary } from "./trend-model";

const numberFormat = new Intl.NumberFormat("en-US");

/** The chart, measured once it is on the page (it mounts with the data, not before). */
function TrendChart({ days }: { days: TrendDay[] }) {
  const [figureRef, width] = useWidth<HTMLElement>();
  return (
    <figure ref={figureRef} className="trend-card__figure" role="img" aria-label={trendSummary(days)}>
      {width > 0 ? <TrendFigure days={days} width={width} animate={!prefersReducedMotion()} /> : null}
    </figure>
  );
}

export function TrendCard() {
  const query = useQuery({ queryKey: queryKeys.trend, queryFn: reportsApi.trend });
  const days = query.data?.days ?? [];
  const facts = trendFacts(days);
  return (
    <section className="card stack trend-card" aria-labelledby="trend-title">
      <h2 id="trend-title">Applications over time</h2>
      {query.isError ? (
        <div className="stack">
          <Alert kind="error">The trend could not be loaded.</Alert>
          <div>
            <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
              Try again
            </button>
          </div>
        </div>
      ) : query.data === undefined ? (
        <Spinner label="Loading the trend…" />
      ) : days.length === 0 ? (
        <p className="muted">No application has been submitted yet: the chart starts with the first.</p>
      ) : (
        <>
          <dl className="trend-card__facts">
            <div>
              <dt>Submitted in all</dt>
              <dd>{numberFormat.format(facts.total)}</dd>
            </div>
            {facts.peak ? (
              <div>
                <dt>Busiest day</dt>
                <dd>
                  {dayLabel(facts.peak.date)} ({numberFormat.format(facts.peak.submitted)})
                </dd>
              </div>
            ) : null}
            <div>
              <dt>Per day on average</dt>
              <dd>{facts.perDay}</dd>
            </div>
          </dl>
          <TrendChart days={days} />
          <p className="muted field__hint">Days are counted in {query.data.time_zone}, by the day each application was first submitted.</p>
          <div className="visually-hidden">
            <table>
              <caption>Applications submitted per day</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Submitted that day</th>
                  <th scope="col">Submitted in all</th>
                </tr>
              </thead>
              <tbody>
                {days.map((d) => (
                  <tr key={d.date}>
                    <th scope="row">{d.date}</th>
                    <td>{d.submitted}</td>
                    <td>{d.cumulative}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
