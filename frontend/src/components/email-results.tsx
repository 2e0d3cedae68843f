// The Approved / Failed (and Skipped) result lists of a batch decision or an assignment.

type Reasoned = { email: string; reason: string };

function ReasonList({ items, label }: { items: Reasoned[]; label: string }) {
  if (!items.length) return <p className="muted">None.</p>;
  return (
    <ul className="org-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.email}>
          <span className="org-list__email">{item.email}</span>
          <span className="org-list__reason">{item.reason}</span>
        </li>
      ))}
    </ul>
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
    <section className="org-results" aria-label="Results">
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
          <p className="muted">None.</p>
        )}
      </div>
      <div className="org-results__col">
        <h3>
          Failed <span className="badge badge--err">{failed.length}</span>
        </h3>
        <ReasonList items={failed} label="Failed" />
      </div>
      {skipped ? (
        <div className="org-results__col">
          <h3>
            Skipped <span className="badge">{skipped.length}</span>
          </h3>
          <ReasonList items={skipped} label="Skipped" />
        </div>
      ) : null}
    </section>
  );
}
