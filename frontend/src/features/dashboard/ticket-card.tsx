// The confirmed applicant's ticket on the dashboard: the QR code the door scans, the event's
// dates and place with an "Add to calendar" file, and "Re-issue ticket" for a lost or shared
// one (the old code stops working: asked first). Checked in, it says so instead.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { checkinApi, type Ticket } from "../../api/checkin";
import { Alert } from "../../components/alert";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Spinner } from "../../components/spinner";
import { t } from "../../lib/i18n";
import { useSubmit } from "../../lib/use-submit";
import { serverMessage } from "../../lib/api";
import { zonedClockTime } from "../../lib/time";
import { formatDate } from "./state";
import "../../styles/ticket.css";
import { CalendarFeed } from "./calendar-feed";

export const TICKET_KEY = ["checkin-ticket"] as const;

// In state.ts, which the dashboard loads at once; the card itself loads when it is shown.
export { hasTicket } from "./state";

/** The QR as an image: the server's SVG through a data: URI (img-src allows data:), never
 *  inserted as markup. */
export function qrImageSrc(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** "May 21, 2024" or "May 21 – May 22, 2024"-style: the event's first and last day. */
export function eventDates(start: string, end: string): string {
  if (!start) return "";
  if (!end || end === start) return formatDate(start);
  return `${formatDate(start)} – ${formatDate(end)}`;
}

function TicketBody({ ticket }: { ticket: Ticket }) {
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState(false);
  const submit = useSubmit();

  async function reissue() {
    setDone(false);
    const ok = await submit.run(async () => {
      const fresh = await checkinApi.reissue();
      client.setQueryData(TICKET_KEY, fresh);
    }, t("The ticket could not be re-issued. Try again."));
    setAsking(false);
    setDone(ok);
  }

  const when = eventDates(ticket.event.start, ticket.event.end);
  return (
    <div className="ticket__body">
      <figure className="ticket__qr">
        <img src={qrImageSrc(ticket.qr_svg)} alt={t("QR code of your ticket")} width={200} height={200} />
        <figcaption className="muted">
          {ticket.checked_in_at ? t("Used at the door.") : t("Show this code at the door.")}
          {ticket.version > 1 ? ` ${t("Ticket version {version}.", { version: ticket.version })}` : null}
        </figcaption>
      </figure>
      <div className="ticket__facts stack--tight">
        {ticket.checked_in_at ? (
          <p className="ticket__checked-in">
            <span aria-hidden="true">✓ </span>
            {t("Checked in at {time}", { time: zonedClockTime(ticket.checked_in_at, ticket.event.time_zone) })}
          </p>
        ) : null}
        <p className="ticket__event">
          <strong>{ticket.event.name}</strong>
          {when ? <span>{when}</span> : null}
          {ticket.event.location ? <span>{ticket.event.location}</span> : null}
        </p>
        <div className="ticket__actions">
          <a className="button button--secondary" href={ticket.ics_url} download>
            {t("Add to calendar")}
          </a>
          {!ticket.checked_in_at ? (
            <button type="button" className="button button--secondary" onClick={() => setAsking(true)} disabled={submit.busy}>
              {t("Re-issue ticket")}
            </button>
          ) : null}
        </div>
        <CalendarFeed />
        {done ? (
          <Alert kind="success">{t("Your new ticket is above, and on its way to your inbox. The old one no longer works.")}</Alert>
        ) : null}
        {submit.error ? <Alert kind="error">{submit.error}</Alert> : null}
      </div>
      <ConfirmDialog
        open={asking}
        title={t("Re-issue your ticket?")}
        confirmLabel={t("Re-issue ticket")}
        cancelLabel={t("Keep this ticket")}
        busy={submit.busy}
        onConfirm={reissue}
        onCancel={() => setAsking(false)}
      >
        <p>
          {t(
            "Your current QR code will stop working at the door, and a new one will be emailed to you. Do this if you lost the ticket or shared it by mistake.",
          )}
        </p>
      </ConfirmDialog>
    </div>
  );
}

export function TicketCard() {
  const ticket = useQuery({ queryKey: TICKET_KEY, queryFn: checkinApi.ticket });
  return (
    <section className="ticket" aria-labelledby="ticket-title">
      <h2 id="ticket-title" className="ticket__title">
        {t("Your ticket")}
      </h2>
      {ticket.isPending ? <Spinner label={t("Loading your ticket…")} /> : null}
      {ticket.isError ? (
        <Alert kind="info">{serverMessage(ticket.error, t("Your ticket could not be loaded. Reload the page to try again."))}</Alert>
      ) : null}
      {ticket.data ? <TicketBody ticket={ticket.data} /> : null}
    </section>
  );
}
