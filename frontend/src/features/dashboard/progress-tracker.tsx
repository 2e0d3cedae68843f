import type { TrackerStep } from "./state";

/** The Apply → Review → (Waitlist) → Confirm → Attend steps, each marked complete or not. */
export function ProgressTracker({ steps }: { steps: TrackerStep[] }) {
  return (
    <ol className="tracker" aria-label="Application progress">
      {steps.map((step) => (
        <li key={step.name} className={`tracker__step${step.complete ? " tracker__step--complete" : ""}`}>
          <span className="tracker__dot" aria-hidden="true">
            {step.complete ? "✓" : ""}
          </span>
          <span className="tracker__name">{step.name}</span>
          <span className="visually-hidden">{step.complete ? " (complete)" : " (not yet)"}</span>
        </li>
      ))}
    </ol>
  );
}
