import type { ReactNode } from "react";
import { BackLink } from "./back-link";

/** The heading of an organizer page with its way back to the Admin Panel. */
export function PageHeader({ title, lead, back = { href: "/admin" } }: {
  title: string;
  lead?: ReactNode;
  /** Where the way back leads; its label is "Admin Panel" when not given. */
  back?: { href: string; label?: string } | null;
}) {
  return (
    <header className="org-header">
      {back ? <BackLink href={back.href} label={back.label} /> : null}
      <h1>{title}</h1>
      {lead ? <p className="muted org-lead">{lead}</p> : null}
    </header>
  );
}

/** The heading of a report-style page (statistics, demographics, the builder, …): the way back,
 *  the title and, as children, what the page is for. */
export function ReportHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="reports__header">
      <div>
        <BackLink />
        <h1>{title}</h1>
        {children}
      </div>
    </header>
  );
}
