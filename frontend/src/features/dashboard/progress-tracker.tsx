import { t } from "../../lib/i18n";
import type { StepName, TrackerStep } from "./state";

const NAMES: Record<StepName, string> = {
  Apply: t.noop("Apply"),
  Review: t.noop("Review"),
  Waitlist: t.noop("Waitlist"),
  Confirm: t.noop("Confirm"),
  Attend: t.noop("Attend"),
};

/** The Apply → Review → (Waitlist) → Confirm → Attend steps, each marked complete or not. */
export function ProgressTracker({ steps }: { steps: TrackerStep[] }) {
  return (
    <ol className="tracker" aria-label={t("Application progress")}>
      {steps.map((step) => (
        <li key={step.name} className={`tracker__step${step.complete ? " tracker__step--complete" : ""}`}>
          <span className="tracker__dot" aria-hidden="true">
            {step.complete ? "✓" : ""}
          </span>
          <span className="tracker__name">{t(NAMES[step.name])}</span>
          <span className="visually-hidden"> {step.complete ? t("(complete)") : t("(not yet)")}</span>
        </li>
      ))}
    </ol>
  );
}
