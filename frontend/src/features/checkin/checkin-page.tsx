// /checkin: the door on the event day, for organizers and volunteers, built for a phone held
// upright. Scan a ticket (or find the person), read the answer card, and keep going when the
// venue's Wi-Fi drops: scans wait on the phone and sync when it is back.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { checkinApi, type SearchHit } from "../../api/checkin";
import { CameraScanner, type QrReader } from "./camera-scanner";
import { INVALID_TICKET, cardView, looksLikeTicket, type Outcome } from "./outcome";
import { ticketLabel, type ScanTarget } from "./queue";
import { ResultCard } from "./result-card";
import { SearchPanel } from "./search-panel";
import { useScanQueue } from "./use-scan-queue";
import { WalkInForm } from "./walk-in-form";

export interface CheckinProps {
  /** The signed-in organizer or volunteer: their queue is kept under their address. */
  email: string;
  /** Organizers also register walk-ins. */
  canRegisterWalkIns: boolean;
  /** The t-shirt question's options, for the walk-in form. */
  tshirtSizes: string[];
  /** Tests hand in a fake camera reader and camera. */
  loadReader?: () => Promise<QrReader>;
  openCamera?: (video: HTMLVideoElement) => Promise<MediaStream>;
}

function send(target: ScanTarget, scanId: string) {
  return target.kind === "token" ? checkinApi.scan(target.token, scanId) : checkinApi.checkIn(target.applicationId, scanId);
}

function Counts() {
  const stats = useQuery({ queryKey: ["checkin-stats"], queryFn: checkinApi.stats });
  if (!stats.data) return <p className="checkin-counts muted">{stats.isError ? "Counts unavailable" : "Counting…"}</p>;
  return (
    <p className="checkin-counts">
      <strong className="checkin-counts__in">{stats.data.checked_in}</strong> of {stats.data.confirmed} checked in
      {stats.data.time_zone ? <span className="checkin-counts__zone muted"> · times in {stats.data.time_zone}</span> : null}
    </p>
  );
}

function SyncStatus({ online, waiting, syncing }: { online: boolean; waiting: number; syncing: boolean }) {
  let text: string | null = null;
  if (!online) text = waiting ? `Offline · ${waiting} waiting to sync` : "Offline · scans are kept on this device";
  else if (waiting) text = syncing ? `Syncing ${waiting}…` : `${waiting} waiting to sync`;
  return (
    <p className={`checkin-sync${text ? " checkin-sync--shown" : ""}${online ? "" : " checkin-sync--offline"}`} role="status">
      {text}
    </p>
  );
}

export function CheckinPage({ email, canRegisterWalkIns, tshirtSizes, loadReader, openCamera }: CheckinProps) {
  const client = useQueryClient();
  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: ["checkin-stats"] });
    void client.invalidateQueries({ queryKey: ["checkin-search"] });
  }, [client]);
  const queue = useScanQueue(email, send, refresh);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [checking, setChecking] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);

  async function onCode(text: string) {
    if (!looksLikeTicket(text)) {
      setOutcome({ kind: "invalid", message: INVALID_TICKET });
      return;
    }
    setChecking(true);
    try {
      setOutcome(await queue.submit({ kind: "token", token: text.trim() }, ticketLabel(text.trim())));
    } finally {
      setChecking(false);
    }
  }

  async function onCheckIn(hit: SearchHit) {
    setBusyId(hit.application_id);
    try {
      setOutcome(await queue.submit({ kind: "application", applicationId: hit.application_id }, hit.name));
    } finally {
      setBusyId(null);
    }
  }

  const { pending, synced } = queue.state;
  // A card that said "Saved offline" shows the answer once its scan has synced.
  const shown =
    outcome?.kind === "queued" && outcome.scanId
      ? (synced.find((s) => s.scanId === outcome.scanId)?.outcome ?? outcome)
      : outcome;
  return (
    <div className="checkin">
      <header className="checkin-header">
        <h1 className="checkin-header__title">Check-in</h1>
        <Counts />
        <SyncStatus online={queue.online} waiting={pending.length} syncing={queue.syncing} />
      </header>

      <div className="checkin-main">
        <CameraScanner onCode={onCode} loadReader={loadReader} open={openCamera} />
        {/* One live region: each new answer is read out without moving the focus off the camera. */}
        <div className="checkin-answer" aria-live="polite">
          {checking ? <p className="card checkin-result checkin-result--pending">Checking the ticket…</p> : null}
          {!checking && shown ? <ResultCard outcome={shown} onDismiss={() => setOutcome(null)} /> : null}
        </div>
      </div>

      <div className="checkin-side">
        <SearchPanel online={queue.online} onCheckIn={onCheckIn} busyId={busyId} />

        {pending.length ? (
          <section className="card stack--tight checkin-queue" aria-labelledby="checkin-pending-title">
            <h2 id="checkin-pending-title" className="checkin-card__title">
              Waiting to sync <span className="badge">{pending.length}</span>
            </h2>
            <ul className="checkin-log" aria-label="Waiting to sync">
              {pending.map((scan) => (
                <li key={scan.scanId} className="checkin-log__row">
                  <span>{scan.label}</span>
                  <span className="muted">{scan.attempts ? `tried ${scan.attempts}×` : "queued"}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {synced.length ? (
          <section className="card stack--tight checkin-queue" aria-labelledby="checkin-synced-title">
            <h2 id="checkin-synced-title" className="checkin-card__title">
              Synced from this device
            </h2>
            <ul className="checkin-log" aria-label="Synced from this device">
              {synced.map((scan) => {
                const view = cardView(scan.outcome);
                return (
                  <li key={scan.scanId} className="checkin-log__row checkin-log__row--synced">
                    <span className="checkin-log__who">{view.person?.name ?? scan.label}</span>
                    <span className={`checkin-log__verdict checkin-log__verdict--${view.tone}`}>
                      {view.title}
                      {view.tone !== "ok" && view.detail ? <span className="muted"> · {view.detail}</span> : null}
                    </span>
                  </li>
                );
              })}
            </ul>
            <button type="button" className="button button--secondary button--small" onClick={queue.clearSynced}>
              Clear this list
            </button>
          </section>
        ) : null}

        {canRegisterWalkIns ? (
          <WalkInForm
            tshirtSizes={tshirtSizes}
            onDone={(result) => {
              setOutcome(result);
              refresh();
            }}
          />
        ) : null}
      </div>
    </div>
  );
}
