// /admin/batch: the decisions feature's Batch Update above the mailings feature's Batch emails.
import { BatchEmails, type MailLanguage } from "../features/mailings/batch-emails";
import { BatchUpdate } from "../features/decisions/batch-update";
import { PageHeader } from "../components/page-header";
import { type Choice } from "../components/field";
import { t } from "../lib/i18n";

export function BatchPage({
  statuses,
  defaultStatus,
  languages,
}: {
  statuses: Choice[];
  defaultStatus: string;
  /** The enabled languages besides the default: a batch email may have a version in each. */
  languages?: MailLanguage[];
}) {
  return (
    <div className="stack">
      <PageHeader title={t("Batch Decisions")} lead={t("Decide many applications at once, and schedule emails.")} />
      <BatchUpdate statuses={statuses} defaultStatus={defaultStatus} />
      <div className="org-batch-emails">
        <BatchEmails languages={languages} />
      </div>
    </div>
  );
}
