import type { ReactNode } from "react";

/** A message box. `title` is a first line of its own, e.g. 'Invalid Entry' above the reason. */
export function Alert({ kind, title, children }: { kind: "error" | "success" | "info"; title?: string; children: ReactNode }) {
  return (
    <div className={`alert alert--${kind}`} role={kind === "error" ? "alert" : "status"}>
      {/* The space keeps the two apart in the text itself (copying, screen readers). */}
      {title ? <strong className="alert__title">{title} </strong> : null}
      {children}
    </div>
  );
}
