// /admin/batch: Batch Update (this feature) above Batch emails (the mailings feature).
import { BatchEmails } from "../mailings/batch-emails";
import { BatchUpdate } from "./batch-update";
import { PageHeader, type Choice } from "./common";

export function BatchPage({ statuses, defaultStatus }: { statuses: Choice[]; defaultStatus: string }) {
  return (
    <div className="stack">
      <PageHeader title="Batch Decisions" lead="Decide many applications at once, and schedule emails." />
      <BatchUpdate statuses={statuses} defaultStatus={defaultStatus} />
      <div className="org-batch-emails">
        <BatchEmails />
      </div>
    </div>
  );
}
