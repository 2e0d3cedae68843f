// /dashboard: the dashboard feature's page with the travel feature's card below the main one.
import { lazy, Suspense } from "react";
import { DashboardPage, type DashboardProps } from "../features/dashboard/dashboard-page";
import { Spinner } from "../components/spinner";
import { t } from "../lib/i18n";

// Below the status card, so it loads apart from the page: the dashboard's headline comes with
// the page's own JavaScript, within the applicant pages' budget (lib/js-budget.test.ts).
const TravelCard = lazy(() =>
  import("../features/travel/travel-card").then((module) => ({ default: module.TravelCard })),
);

export function DashboardWithTravel(props: DashboardProps) {
  return (
    <DashboardPage
      {...props}
      extra={
        <Suspense fallback={<Spinner label={t("Loading travel support…")} />}>
          <TravelCard status={props.status} />
        </Suspense>
      }
    />
  );
}
