export function Spinner({ size = 48, label = "Loading…" }: { size?: number; label?: string }) {
  const large = size >= 100;
  return (
    <span role="status" className="spinner-wrap">
      <span
        className={`spinner${large ? " spinner--large" : ""}`}
        style={{ width: size, height: size }}
        aria-hidden="true"
      />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A spinner alone in the middle of a page's body: what an organizer page shows while its data loads. */
export function CenteredSpinner({ label }: { label: string }) {
  return (
    <div className="org-center">
      <Spinner label={label} />
    </div>
  );
}
