// /apply: the apply feature's form, and the travel feature's optional request below it.
import { ApplyPage, type ApplyPageProps } from "../features/apply/apply-page";
import { ApplyTravelSection } from "../features/travel/travel-card";

export function ApplyWithTravel(props: ApplyPageProps) {
  // Asked while the form is open; a closed cycle shows only the apply page's own message.
  if (props.cycleStatus !== "open") return <ApplyPage {...props} />;
  return (
    <>
      <ApplyPage {...props} />
      <div className="apply-travel">
        <ApplyTravelSection hasApplication={Boolean(props.application)} />
      </div>
    </>
  );
}
