// The answer to the last scan, big enough to read at arm's length: green checked in, amber
// already checked in (when and by whom), red refused with the server's reason, blue saved
// offline. The person's details are what the door needs: school, dietary needs, t-shirt size
// and, when the RSVP form told any, accessibility needs.
import type { Person } from "../../api/checkin";
import { t } from "../../lib/i18n";
import { cardView, checkpointOf, type Outcome } from "./outcome";

function PersonDetails({ person }: { person: Person }) {
  return (
    <dl className="checkin-person">
      <div className="checkin-person__name">
        <dt className="visually-hidden">{t("Name")}</dt>
        <dd>{person.name}</dd>
      </div>
      <div className="checkin-person__wide">
        <dt>{t("Email")}</dt>
        <dd className="checkin-break">{person.email}</dd>
      </div>
      <div>
        <dt>{t("School")}</dt>
        <dd>{person.school || "—"}</dd>
      </div>
      <div>
        <dt>{t("Dietary needs")}</dt>
        <dd>{listText(person.dietary_restrictions) || t("None")}</dd>
      </div>
      <div>
        <dt>{t("T-shirt size")}</dt>
        <dd>{person.tshirt_size || "—"}</dd>
      </div>
      {person.accessibility_needs ? (
        <div className="checkin-person__wide">
          <dt>{t("Accessibility needs")}</dt>
          <dd>{person.accessibility_needs}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** A multiselect answer is stored "Vegan,Nut allergy": shown with a space after each comma. */
export function listText(value: string): string {
  return value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
}

const ICONS = { ok: "✓", warn: "!", err: "✕", info: "↻" } as const;

export function ResultCard({ outcome, onDismiss }: { outcome: Outcome; onDismiss?: () => void }) {
  const view = cardView(outcome);
  // Only when they are to be served: a refused second lunch shows the person, not the plate.
  const meal = outcome.kind === "passed" && checkpointOf(outcome)?.kind === "meal";
  return (
    <section className={`card checkin-result checkin-result--${view.tone}`} aria-labelledby="checkin-result-title">
      <div className="checkin-result__head">
        <span className="checkin-result__icon" aria-hidden="true">
          {ICONS[view.tone]}
        </span>
        <h2 id="checkin-result-title" className="checkin-result__title">
          {view.title}
        </h2>
      </div>
      {view.detail ? <p className="checkin-result__detail">{view.detail}</p> : null}
      {meal && view.person ? (
        // At a meal the one thing the server of food must not miss, readable at arm's length.
        <p className="checkin-diet">
          <span className="checkin-diet__label">{t("Dietary needs")}</span>
          <strong className="checkin-diet__value">{listText(view.person.dietary_restrictions) || t("None")}</strong>
        </p>
      ) : null}
      {view.person ? <PersonDetails person={view.person} /> : null}
      {onDismiss ? (
        <button type="button" className="button button--secondary button--small" onClick={onDismiss}>
          {t("Clear")}
        </button>
      ) : null}
    </section>
  );
}
