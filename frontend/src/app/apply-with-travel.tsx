// /apply: the apply feature's form, and the travel feature's optional request below it.
import { lazy, Suspense } from "react";
import { ApplyPage, type ApplyPageProps } from "../features/apply/apply-page";
import { Spinner } from "../components/spinner";
import { t } from "../lib/i18n";

// Below the form and optional, so it loads apart from the page: the form's own JavaScript
// stays within the applicant pages' budget (lib/js-budget.test.ts).
const ApplyTravelSection = lazy(() =>
  import("../features/travel/travel-card").then((module) => ({ default: module.ApplyTravelSection })),
);

export function ApplyWithTravel(props: ApplyPageProps) {
  // Asked while the form is open; a closed cycle shows only the apply page's own message.
  if (props.cycleStatus !== "open") return <ApplyPage {...props} />;
  return (
    <>
      <ApplyPage {...props} />
      <div className="apply-travel">
        <Suspense fallback={<Spinner label={t("Loading travel support…")} />}>
          <ApplyTravelSection hasApplication={Boolean(props.application)} />
        </Suspense>
      </div>
    </>
  );
}
