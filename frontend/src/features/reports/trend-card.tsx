// The statistics page's trend: how many applications came in each day and in all, so an
// organizer sees whether the last reminder worked and where the count is heading.
import { useQuery } from "@tanstack/react-query";
import { reportsApi, type TrendDay } from "../../api/reports";
import { Alert } from "../../components/alert";
import { Spinner } from "../../components/spinner";
import { queryKeys } from "../../lib/query-keys";
import { TrendFigure, prefersReducedMotion, useWidth } from "./lazy-charts";
import { dayLabel, trendFacts, trendSummary } from "./trend-model";
import { formatNumber, t } from "../../lib/i18n";


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
      <h2 id="trend-title">{t("Applications over time")}</h2>
      {query.isError ? (
        <div className="stack">
          <Alert kind="error">{t("The trend could not be loaded.")}</Alert>
          <div>
            <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
              {t("Try again")}
            </button>
          </div>
        </div>
      ) : query.data === undefined ? (
        <Spinner label={t("Loading the trend…")} />
      ) : days.length === 0 ? (
        <p className="muted">{t("No application has been submitted yet: the chart starts with the first.")}</p>
      ) : (
        <>
          <dl className="trend-card__facts">
            <div>
              <dt>{t("Submitted in all")}</dt>
              <dd>{formatNumber(facts.total)}</dd>
            </div>
            {facts.peak ? (
              <div>
                <dt>{t("Busiest day")}</dt>
                <dd>
                  {dayLabel(facts.peak.date)} ({formatNumber(facts.peak.submitted)})
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{t("Per day on average")}</dt>
              <dd>{formatNumber(facts.perDay)}</dd>
            </div>
          </dl>
          <TrendChart days={days} />
          <p className="muted field__hint">
            {t("Days are counted in {zone}, by the day each application was first submitted.", { zone: query.data.time_zone })}
          </p>
          <div className="visually-hidden">
            <table>
              <caption>{t("Applications submitted per day")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("Day")}</th>
                  <th scope="col">{t("Submitted that day")}</th>
                  <th scope="col">{t("Submitted in all")}</th>
                </tr>
              </thead>
              <tbody>
                {days.map((d) => (
                  <tr key={d.date}>
                    <th scope="row">{d.date}</th>
                    <td>{formatNumber(d.submitted)}</td>
                    <td>{formatNumber(d.cumulative)}</td>
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
