// The scheduled mailings, one row each: where they stand, and their Deliveries and Cancel buttons.
import type { Mailing } from "../../api/mailings";
import { DataTable, Truncated, type DataColumn } from "../../components/data-table";
import { t } from "../../lib/i18n";
import { audienceLabel, formatSendAt } from "./schedule";

// English until shown (the catalog loads after the module runs): through t() where drawn.
const STATUS_LABELS: Record<string, string> = {
  scheduled: t.noop("Scheduled"),
  sending: t.noop("Sending"),
  sent: t.noop("Sent"),
  cancelled: t.noop("Cancelled"),
};

interface Props {
  mailings: Mailing[];
  /** The id of the heading that names the table. */
  labelledBy: string;
  /** The id of a row's Deliveries button, for the panel to give the focus back to. */
  deliveriesButtonId: (mailingId: number) => string;
  /** The mailing whose deliveries are open. */
  openDeliveries: number | null;
  onToggleDeliveries: (mailingId: number) => void;
  /** The mailing being cancelled, while it is. */
  cancelling: number | null;
  /** A cancel is under way: every Cancel button waits. */
  cancelBusy: boolean;
  onCancel: (mailing: Mailing) => void;
}

export function MailingsTable({
  mailings,
  labelledBy,
  deliveriesButtonId,
  openDeliveries,
  onToggleDeliveries,
  cancelling,
  cancelBusy,
  onCancel,
}: Props) {
  const columns: DataColumn<Mailing>[] = [
    { id: "subject", header: t("Subject"), size: 240, cell: (m) => <Truncated text={m.subject} /> },
    { id: "audience", header: t("Audience"), size: 150, cell: (m) => audienceLabel(m.audience) },
    { id: "send_at", header: t("Send at"), size: 160, cell: (m) => formatSendAt(m.send_at) },
    {
      id: "status",
      header: t("Status"),
      size: 110,
      cell: (m) => <span className={`badge badge--${m.status}`}>{STATUS_LABELS[m.status] ? t(STATUS_LABELS[m.status]) : m.status}</span>,
    },
    { id: "recipients", header: t("Recipients"), size: 95, numeric: true, cell: (m) => m.recipients },
    { id: "sent", header: t("Sent"), size: 70, numeric: true, cell: (m) => m.sent },
    { id: "failed", header: t("Failed"), size: 70, numeric: true, cell: (m) => m.failed },
    {
      id: "actions",
      header: t("Actions"),
      hiddenHeader: true,
      label: null,
      size: 200,
      className: "mailings-table__actions",
      cell: (m) => (
        <div className="button-row mailings-table__buttons">
          {m.status !== "cancelled" ? (
            <button
              id={deliveriesButtonId(m.id)}
              type="button"
              className="button button--secondary button--small"
              onClick={() => onToggleDeliveries(m.id)}
              aria-expanded={openDeliveries === m.id}
              aria-controls={openDeliveries === m.id ? `deliveries-${m.id}` : undefined}
              aria-label={t("Deliveries of “{subject}”", { subject: m.subject })}
            >
              {t("Deliveries")}
            </button>
          ) : null}
          {m.status === "scheduled" ? (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => onCancel(m)}
              disabled={cancelBusy}
              aria-label={t("Cancel “{subject}”", { subject: m.subject })}
            >
              {cancelling === m.id ? t("Cancelling…") : t("Cancel")}
            </button>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <DataTable
      caption={t("Scheduled mailings")}
      columns={columns}
      data={mailings}
      rowId={(m) => String(m.id)}
      labelledBy={labelledBy}
      className="mailings-table"
    />
  );
}
