// The fallback when a ticket won't scan (a cracked screen, no camera): find the person by name
// or email and check them in with a button (only someone confirmed has one; anyone else shows
// why not, in the words to use at the door). Results come from the server, so search needs the
// connection; a "Check in" tapped while offline is queued like a scan.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { isDraft } from "../../api/applications";
import { checkinApi, type Checkpoint, type SearchHit } from "../../api/checkin";
import { Field } from "../../components/field";
import { Spinner } from "../../components/spinner";
import { serverMessage } from "../../lib/api";
import { t } from "../../lib/i18n";
import { useDebounced } from "../../lib/use-debounced";
import { hitView } from "./outcome";

export const MIN_QUERY = 2;

export function SearchPanel({
  online,
  onCheckIn,
  onWalkIn,
  busyId,
  checkpoint = null,
}: {
  online: boolean;
  onCheckIn: (hit: SearchHit) => void;
  /** Organizers: open the walk-in form for a draft's person. */
  onWalkIn?: (hit: SearchHit) => void;
  /** The application whose check-in is on its way. */
  busyId: number | null;
  /** At a checkpoint, the button records the person there (only someone checked in has one). */
  checkpoint?: Checkpoint | null;
}) {
  const [text, setText] = useState("");
  const q = useDebounced(text.trim(), 300);
  const search = useQuery({
    queryKey: ["checkin-search", q],
    queryFn: () => checkinApi.search(q),
    enabled: q.length >= MIN_QUERY && online,
    placeholderData: (previous) => previous,
  });
  const results = q.length >= MIN_QUERY ? (search.data?.results ?? []) : [];

  return (
    <section className="card stack checkin-search" aria-labelledby="checkin-search-title">
      <h2 id="checkin-search-title" className="checkin-card__title">
        {t("Find someone")}
      </h2>
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        <Field
          label={t("Name or email")}
          type="search"
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          hint={
            !online
              ? t("Search needs the connection; scans still work and wait to sync.")
              : text.trim().length < MIN_QUERY
                ? t("At least {count} characters.", { count: MIN_QUERY })
                : undefined
          }
        />
      </form>
      {search.isFetching && !search.data ? <Spinner label={t("Searching…")} /> : null}
      {search.isError ? (
        <p className="field__error" role="alert">
          {serverMessage(search.error, t("The search failed. Try again."))}
        </p>
      ) : null}
      {q.length >= MIN_QUERY && search.isSuccess && results.length === 0 ? (
        <p className="muted">{t("No applicant matches “{query}”.", { query: q })}</p>
      ) : null}
      {results.length ? (
        <ul className="checkin-hits" aria-label={t("Search results")}>
          {results.map((hit) => {
            const view = hitView(hit, hit.time_zone);
            const canAct = checkpoint ? hit.door === "checked_in" : view.canCheckIn;
            const label = checkpoint
              ? t("Record {name} at {checkpoint}", { name: hit.name, checkpoint: checkpoint.name })
              : t("Check in {name}", { name: hit.name });
            const busy = checkpoint ? t("Recording…") : t("Checking in…");
            return (
              <li key={hit.application_id} className="checkin-hit">
                <div className="checkin-hit__who">
                  <strong>{hit.name}</strong>
                  <span className="muted checkin-break">{hit.email}</span>
                  <span className="muted">{hit.school}</span>
                  {view.reason ? <span className="checkin-hit__reason">{view.reason}</span> : null}
                </div>
                <div className="checkin-hit__action">
                  {view.badge ? (
                    <span className={`badge${view.tone === "ok" ? " checkin-badge--ok" : view.tone === "warn" ? " checkin-badge--warn" : ""}`}>
                      {view.badge}
                    </span>
                  ) : null}
                  {canAct ? (
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => onCheckIn(hit)}
                      disabled={busyId !== null}
                      aria-label={label}
                    >
                      {busyId === hit.application_id ? busy : checkpoint ? t("Record") : t("Check in")}
                    </button>
                  ) : onWalkIn && !checkpoint && isDraft(hit.status) ? (
                    // A draft never submitted: not someone the door expects, but someone an
                    // organizer can register as a walk-in (it takes the draft over). Only
                    // organizers get the status.
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      onClick={() => onWalkIn(hit)}
                      aria-label={t("Register {name} as a walk-in", { name: hit.name })}
                    >
                      {t("Register as a walk-in")}
                    </button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
