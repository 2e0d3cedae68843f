import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { mailingsApi, type DeliveryPage, type DeliveryState, type Mailing } from "../../api/mailings";
import { DataTable, Truncated, type DataColumn } from "../../components/data-table";
import { Alert } from "../../components/alert";
import { Spinner } from "../../components/spinner";
import { t } from "../../lib/i18n";
import { queryKeys } from "../../lib/query-keys";
import { formatSendAt } from "./schedule";
import { POLL_MS } from "../../lib/progress";

// English until shown (the catalog loads after the module runs): through t() where drawn.
export const DELIVERY_STATES: { value: DeliveryState; label: string }[] = [
  { value: "pending", label: t.noop("Pending") },
  { value: "sending", label: t.noop("Sending") },
  { value: "sent", label: t.noop("Sent") },
  { value: "failed", label: t.noop("Failed") },
];

type Delivery = DeliveryPage["deliveries"][number];

const deliveryColumns = (): DataColumn<Delivery>[] => [
  {
    id: "email",
    header: t("Recipient"),
    size: 260,
    className: "deliveries-table__email",
    cell: (row) => <Truncated text={row.email} />,
  },
  {
    id: "state",
    header: t("State"),
    size: 120,
    cell: (row) => (
      <span className={`badge badge--${row.state}`}>
        {t(DELIVERY_STATES.find((s) => s.value === row.state)?.label ?? row.state)}
      </span>
    ),
  },
  { id: "attempts", header: t("Attempts"), size: 90, numeric: true, cell: (row) => row.attempts },
  {
    id: "error",
    header: t("Last error"),
    size: 300,
    className: "deliveries-table__error",
    cell: (row) => row.last_error || <span className="muted">—</span>,
  },
];

// While some are still to go out, the panel asks again this often (no Refresh button).
const REFRESH_MS = POLL_MS;
const SENT_WHEN: Record<string, string> = {
  scheduled: t.noop("Goes out {when}."),
  sending: t.noop("Sending since {when}."),
  sent: t.noop("Sent {when}."),
};

/** Each recipient of one mailing with their delivery state and last error, 50 a page. */
export function DeliveryStatus({ mailing, onClose }: { mailing: Mailing; onClose: () => void }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [state, setState] = useState<DeliveryState | null>(null);
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: queryKeys.mailings.deliveries(mailing.id, page, state),
    queryFn: () => mailingsApi.deliveries(mailing.id, { page, state: state ?? undefined }),
    // Another page or state keeps the rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
    // While some are still to go out, follow them.
    refetchInterval: (q) => {
      const counts = q.state.data?.counts;
      const open = counts ? counts.pending + counts.sending > 0 : false;
      return open && mailing.status !== "cancelled" ? REFRESH_MS : false;
    },
  });
  const data = query.data ?? null;
  const failed = query.isError;

  // The panel opens from a button in the table: take the focus to it, so keyboard and screen
  // reader users land on what they asked for.
  useEffect(() => {
    heading.current?.focus();
  }, [mailing.id]);

  function choose(next: DeliveryState | null) {
    setState(next);
    setPage(1);
  }

  const all = data ? Object.values(data.counts).reduce((a, b) => a + b, 0) : 0;

  return (
    <section className="card stack delivery-status" aria-labelledby={`${id}-title`} id={`deliveries-${mailing.id}`}>
      <div className="delivery-status__head">
        <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
          {t("Deliveries of “{subject}”", { subject: mailing.subject })}
        </h3>
        <div className="button-row">
          <button type="button" className="button button--secondary button--small" onClick={onClose}>
            {t("Close")}
          </button>
        </div>
      </div>
      <p className="muted delivery-status__when">
        {t(SENT_WHEN[mailing.status] ?? SENT_WHEN.sent, { when: formatSendAt(mailing.send_at) })}
      </p>
      <div className="segmented delivery-status__filter" role="group" aria-label={t("Show recipients")}>
        <button type="button" className="segmented__option" aria-pressed={state === null} onClick={() => choose(null)}>
          {t("All")} <span className="delivery-status__count">{all}</span>
        </button>
        {DELIVERY_STATES.map((s) => (
          <button
            key={s.value}
            type="button"
            className="segmented__option"
            aria-pressed={state === s.value}
            onClick={() => choose(s.value)}
          >
            {t(s.label)} <span className="delivery-status__count">{data ? data.counts[s.value] : "–"}</span>
          </button>
        ))}
      </div>
      {failed ? (
        <Alert kind="error">{t("The deliveries could not be loaded.")}</Alert>
      ) : data === null ? (
        <Spinner label={t("Loading deliveries…")} />
      ) : data.deliveries.length === 0 ? (
        <p className="muted empty-note">{t("No recipient is in this state.")}</p>
      ) : (
        <DataTable
          caption={t("Recipients")}
          columns={deliveryColumns()}
          data={data.deliveries}
          rowId={(row) => row.email}
          labelledBy={`${id}-title`}
          className="mailings-table deliveries-table"
        />
      )}
      {data && data.pages > 1 ? (
        <nav className="button-row delivery-status__pages" aria-label={t("Pages of recipients")}>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t("Previous page")}
          </button>
          <span>
            {t("Page {page} of {pages}", { page: data.page, pages: data.pages })}
          </span>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={page >= data.pages}
            onClick={() => setPage(page + 1)}
          >
            {t("Next page")}
          </button>
        </nav>
      ) : null}
    </section>
  );
}
