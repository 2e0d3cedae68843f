// The scheduled mailings, one row each: where they stand, and their Deliveries and Cancel buttons.
import type { Mailing } from "../../api/mailings";
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
  return (
    <div className="table-wrap">
      <table className="table mailings-table" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">Subject</th>
            <th scope="col">Audience</th>
            <th scope="col">Send at</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Recipients
            </th>
            <th scope="col" className="num">
              Sent
            </th>
            <th scope="col" className="num">
              Failed
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {mailings.map((m) => (
            <tr key={m.id}>
              <td data-label="Subject">{m.subject}</td>
              <td data-label="Audience">{audienceLabel(m.audience)}</td>
              <td data-label="Send at">{formatSendAt(m.send_at)}</td>
              <td data-label="Status">
                <span className={`badge badge--${m.status}`}>{STATUS_LABELS[m.status] ?? m.status}</span>
              </td>
              <td data-label="Recipients" className="num">
                {m.recipients}
              </td>
              <td data-label="Sent" className="num">
                {m.sent}
              </td>
              <td data-label="Failed" className="num">
                {m.failed}
              </td>
              <td className="mailings-table__actions">
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
