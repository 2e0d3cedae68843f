import { t } from "../lib/i18n";
// The Approved / Failed (and Skipped) result lists of a batch decision or an assignment.

type Reasoned = { email: string; reason: string };

/** A column of addresses each with the reason it was not done (Failed, Skipped). */
function ReasonColumn({ items, label, badge }: { items: Reasoned[]; label: string; badge: string }) {
  return (
    <div className="org-results__col">
      <h3>
        {label} <span className={badge}>{items.length}</span>
      </h3>
      {items.length ? (
        <ul className="org-list" aria-label={label}>
          {items.map((item) => (
            <li key={item.email}>
              <span className="org-list__email">{item.email}</span>
              <span className="org-list__reason">{item.reason}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t("None.")}</p>
      )}
    </div>
  );
}

/**
 * The done, failed and (a batch decision's) skipped lists of a batch or an assignment. The done
 * list is headed by what was done ("Waitlisted", "Assigned"), never a generic "Approved".
 */
export function EmailResults({
  approved,
  failed,
  skipped,
  doneTitle,
}: {
  approved: string[];
  /** The heading of the done list: the decision ("Waitlisted") or "Assigned". */
  doneTitle: string;
  failed: Reasoned[];
  /** Applicants a decision left alone (already confirmed or declined); shown when given. */
  skipped?: Reasoned[];
}) {
  return (
    <section className="org-results" aria-label={t("Results")}>
      <div className="org-results__col">
        <h3>
          {doneTitle} <span className="badge badge--ok">{approved.length}</span>
        </h3>
        {approved.length ? (
          <ul className="org-list" aria-label={doneTitle}>
            {approved.map((email) => (
              <li key={email}>{email}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t("None.")}</p>
        )}
      </div>
      <ReasonColumn items={failed} label={t("Failed")} badge="badge badge--err" />
      {skipped ? <ReasonColumn items={skipped} label={t("Skipped")} badge="badge" /> : null}
    </section>
  );
}
