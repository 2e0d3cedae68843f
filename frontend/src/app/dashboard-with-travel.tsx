// /dashboard: the dashboard feature's page with the travel feature's card below the main one.
import { lazy, Suspense } from "react";
import { CardLoading, DashboardPage, type DashboardProps } from "../features/dashboard/dashboard-page";
import { travelView } from "../features/travel/travel-state";
import { t } from "../lib/i18n";

// Below the status card, so it loads apart from the page: the dashboard's headline comes with
// the page's own JavaScript, within the applicant pages' budget (lib/js-budget.test.ts).
const TravelCard = lazy(() =>
  import("../features/travel/travel-card").then((module) => ({ default: module.TravelCard })),
);

/**
 * What stands in the travel card's place while its code loads: the card itself, titled, with a
 * spinner (as the ticket and "Your data" do), where the status is one that shows the card before
 * its data is in (travel-state.ts); nothing where it shows none, a draft or a closed application.
 * A bare spinner, as before, stood outside any card for everyone, and a student whose status has
 * no travel card saw "Loading travel support…" come and go.
 */
export function TravelCardLoading({ status }: { status: string }) {
  if (travelView(undefined, status, Date.now()).mode === "none") return null;
  return <CardLoading className="card stack travel-card" title={t("Travel support")} label={t("Loading travel support…")} />;
}

export function DashboardWithTravel(props: DashboardProps) {
  return (
    <DashboardPage
      {...props}
      extra={
        <Suspense fallback={<TravelCardLoading status={props.status} />}>
          <TravelCard status={props.status} />
        </Suspense>
      }
    />
  );
}
