// The scheduled mailings, one row each: where they stand, and their Deliveries and Cancel buttons.
import type { Mailing } from "../../api/mailings";
import { DataTable, Truncated, type DataColumn } from "../../components/data-table";
import { audienceLabel, formatSendAt } from "./schedule";

const STATUS_LABELS: Record<string, string> = {
  scheduled: "Scheduled",
  sending: "Sending",
  sent: "Sent",
  cancelled: "Cancelled",
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
    { id: "subject", header: "Subject", size: 240, cell: (m) => <Truncated text={m.subject} /> },
    { id: "audience", header: "Audience", size: 150, cell: (m) => audienceLabel(m.audience) },
    { id: "send_at", header: "Send at", size: 160, cell: (m) => formatSendAt(m.send_at) },
    {
      id: "status",
      header: "Status",
      size: 110,
      cell: (m) => <span className={`badge badge--${m.status}`}>{STATUS_LABELS[m.status] ?? m.status}</span>,
    },
    { id: "recipients", header: "Recipients", size: 95, numeric: true, cell: (m) => m.recipients },
    { id: "sent", header: "Sent", size: 70, numeric: true, cell: (m) => m.sent },
    { id: "failed", header: "Failed", size: 70, numeric: true, cell: (m) => m.failed },
    {
      id: "actions",
      header: "Actions",
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
              aria-label={`Deliveries of “${m.subject}”`}
            >
              Deliveries
            </button>
          ) : null}
          {m.status === "scheduled" ? (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => onCancel(m)}
              disabled={cancelBusy}
              aria-label={`Cancel “${m.subject}”`}
            >
              {cancelling === m.id ? "Cancelling…" : "Cancel"}
            </button>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <DataTable
      caption="Scheduled mailings"
      columns={columns}
      data={mailings}
      rowId={(m) => String(m.id)}
      labelledBy={labelledBy}
      className="mailings-table"
    />
  );
}
