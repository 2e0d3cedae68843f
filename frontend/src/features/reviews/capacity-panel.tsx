// Spots filled against capacity: everyone confirmed (checked in or not) of the admission plan's
// capacity. Every figure is one of the server's named counts, the same the statistics show.
import { useQuery } from "@tanstack/react-query";
import { reviewsApi, type Capacity } from "../../api/reviews";
import { queryKeys } from "../../lib/query-keys";
import { Alert } from "../../components/alert";
import { t } from "../../lib/i18n";
import { LinkedText } from "./linked-text";
import { capacityView } from "./state";
import { fromPage } from "../../lib/query";

/** `quiet`: the admin panel's version, shown only once an admission plan set a capacity (and
 * silent on failure: the panel's cards matter more than this figure). */
export function CapacityPanel({ quiet = false, initial }: { quiet?: boolean; initial?: Capacity }) {
  // `initial`: the page's own figures (the admin panel's props), so the panel is in its first
  // render and doesn't push the tools down when it arrives; without them, it is fetched.
  const query = useQuery({
    queryKey: queryKeys.reviews.capacity,
    queryFn: reviewsApi.capacity,
    ...fromPage(initial),
  });
  if (quiet && (query.isPending || query.isError || !query.data.capacity)) return null;
  if (query.isPending)
    return (
      <section className="card rv-capacity" aria-busy="true" aria-label={t("Capacity")}>
        <p className="muted">{t("Loading the capacity…")}</p>
      </section>
    );
  if (query.isError) return <Alert kind="error">{t("Error fetching the capacity.")}</Alert>;
  const c = query.data;
  const view = capacityView(c.spots_filled, c.capacity);
  return (
    <section className="card stack rv-capacity" aria-labelledby="rv-capacity-title">
      <h2 id="rv-capacity-title">{t("Spots filled")}</h2>
      {quiet ? (
        <p className="muted">
          <LinkedText text={t("Confirmed attendees (checked in or not) against the capacity set on the [Ranking] page.")} hrefs={["/admin/ranking"]} />
        </p>
      ) : null}
      <p className="rv-capacity__label">{view.label}</p>
      {c.capacity ? (
        <div
          className={`rv-bar${view.full ? " rv-bar--full" : ""}`}
          role="progressbar"
          aria-label={t("Confirmed attendees of capacity")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={view.percent}
          aria-valuetext={view.label}
        >
          {/* Set through the CSSOM by React, which the CSP's style-src allows (unlike a style attribute in markup). */}
          <span className="rv-bar__fill" style={{ width: `${view.percent}%` }} />
        </div>
      ) : null}
      <dl className="rv-facts">
        <div>
          <dt>{t("Admitted")}</dt>
          <dd>{c.admitted}</dd>
        </div>
        <div>
          <dt>{t("Accepted, not answered")}</dt>
          <dd>{c.accepted}</dd>
        </div>
        <div>
          <dt>{t("Confirmed")}</dt>
          <dd>{c.confirmed}</dd>
        </div>
        <div>
          <dt>{t("Checked in")}</dt>
          <dd>{c.checked_in}</dd>
        </div>
        <div>
          <dt>{t("Waitlisted")}</dt>
          <dd>{c.waitlisted}</dd>
        </div>
        <div>
          <dt>{t("Spots left")}</dt>
          <dd>{c.spots_left ?? "—"}</dd>
        </div>
      </dl>
    </section>
  );
}
