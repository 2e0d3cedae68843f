// /checkin: the door on the event day, for organizers and volunteers, built for a phone held
// upright. Scan a ticket (or find the person), read the answer card, and keep going when the
// venue's Wi-Fi drops: scans wait on the phone and sync when it is back.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { checkinApi, type CheckInStats, type Checkpoint, type CheckpointList, type SearchHit } from "../../api/checkin";
import { CameraScanner, type QrReader } from "./camera-scanner";
import { CheckpointForm } from "./checkpoint-form";
import { INVALID_TICKET, cardView, looksLikeTicket, type Outcome } from "./outcome";
import { ticketLabel, type ScanTarget } from "./queue";
import { ResultCard } from "./result-card";
import { SearchPanel } from "./search-panel";
import { useScanQueue } from "./use-scan-queue";
import { WalkInForm } from "./walk-in-form";
import { doorDayNote, type EventDays } from "./door-day";
import { formatNumber, t } from "../../lib/i18n";
import { fromPage } from "../../lib/query";

export interface CheckinProps {
  /** The signed-in organizer or volunteer: their queue is kept under their address. */
  email: string;
  /** Organizers also register walk-ins. */
  canRegisterWalkIns: boolean;
  /** The t-shirt question's options, for the walk-in form. */
  tshirtSizes: string[];
  /** The counts and the checkpoints as the page was drawn (the API's answers), so the header is
   *  whole in the first render: fetched after it, they pushed the scanner down under the
   *  volunteer's thumb. Without them (tests), they are fetched. */
  stats?: CheckInStats;
  checkpoints?: CheckpointList;
  /** The event's days and the server's day: the page says so when the door opens far from them. */
  eventDays?: EventDays | null;
  /** Tests hand in a fake camera reader and camera. */
  loadReader?: () => Promise<QrReader>;
  openCamera?: (video: HTMLVideoElement) => Promise<MediaStream>;
}

function send(target: ScanTarget, scanId: string) {
  const at = target.checkpointId;
  if (at !== undefined) {
    return target.kind === "token"
      ? checkinApi.checkpointScan(at, target.token, scanId)
      : checkinApi.checkpointPass(at, target.applicationId, scanId);
  }
  return target.kind === "token" ? checkinApi.scan(target.token, scanId) : checkinApi.checkIn(target.applicationId, scanId);
}

const CHECKPOINTS_KEY = ["checkin-checkpoints"];

// A checkpoint's kind in words (the same as the form that adds one).
const KIND_WORDS: Record<string, string> = { meal: t.noop("Meal"), swag: t.noop("Swag"), other: t.noop("Other") };

function Counts({ checkpoint, initial }: { checkpoint: Checkpoint | null; initial?: CheckInStats }) {
  const stats = useQuery({
    queryKey: ["checkin-stats"],
    queryFn: checkinApi.stats,
    ...fromPage(initial),
  });
  if (!stats.data) return <p className="checkin-counts muted">{stats.isError ? t("Counts unavailable") : t("Counting…")}</p>;
  if (checkpoint) {
    return (
      <p className="checkin-counts">
        <strong className="checkin-counts__in">{formatNumber(checkpoint.passed)}</strong>{" "}
        {t("of {total} in at {checkpoint}", { total: formatNumber(stats.data.checked_in), checkpoint: checkpoint.name })}
      </p>
    );
  }
  return (
    <p className="checkin-counts">
      <strong className="checkin-counts__in">{formatNumber(stats.data.checked_in)}</strong>{" "}
      {t("of {total} checked in", { total: formatNumber(stats.data.confirmed) })}
      {stats.data.time_zone ? (
        <span className="checkin-counts__zone muted"> · {t("times in {zone}", { zone: stats.data.time_zone })}</span>
      ) : null}
    </p>
  );
}

/** Where this device scans: the door, or one of the checkpoints (kept per device). */
function StationPicker({
  checkpoints,
  value,
  onChange,
}: {
  checkpoints: Checkpoint[];
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  return (
    <p className="checkin-station">
      <label htmlFor="checkin-station">{t("Scanning at")}</label>
      <select
        id="checkin-station"
        className="select"
        value={value === null ? "" : String(value)}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">{t("The door (check-in)")}</option>
        {checkpoints.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} ({t(KIND_WORDS[c.kind] ?? c.kind)})
          </option>
        ))}
      </select>
    </p>
  );
}

function CheckpointCounts({ checkpoints }: { checkpoints: Checkpoint[] }) {
  if (!checkpoints.length) return null;
  return (
    <section className="card stack--tight checkin-checkpoints-card" aria-labelledby="checkin-checkpoints-title">
      <h2 id="checkin-checkpoints-title" className="checkin-card__title">
        {t("Checkpoints")}
      </h2>
      <ul className="checkin-checkpoints" aria-label={t("People scanned at each checkpoint")}>
        {checkpoints.map((c) => (
          <li key={c.id}>
            <span>{c.name}</span>
            <strong>{c.passed}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

const STATION_KEY = "portal.checkin.station";

function readStation(): number | null {
  try {
    const value = Number(window.localStorage.getItem(STATION_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function SyncStatus({ online, waiting, syncing }: { online: boolean; waiting: number; syncing: boolean }) {
  let text: string | null = null;
  if (!online)
    text = waiting
      ? t.plural(waiting, { one: "Offline · {count} waiting to sync", other: "Offline · {count} waiting to sync" })
      : t("Offline · scans are kept on this device");
  else if (waiting)
    text = syncing
      ? t("Syncing {count}…", { count: waiting })
      : t.plural(waiting, { one: "{count} waiting to sync", other: "{count} waiting to sync" });
  return (
    <p className={`checkin-sync${text ? " checkin-sync--shown" : ""}${online ? "" : " checkin-sync--offline"}`} role="status">
      {text}
    </p>
  );
}

export function CheckinPage({
  email,
  canRegisterWalkIns,
  tshirtSizes,
  stats,
  checkpoints: initialCheckpoints,
  eventDays,
  loadReader,
  openCamera,
}: CheckinProps) {
  const client = useQueryClient();
  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: ["checkin-stats"] });
    void client.invalidateQueries({ queryKey: ["checkin-search"] });
    void client.invalidateQueries({ queryKey: CHECKPOINTS_KEY });
  }, [client]);
  const checkpointList = useQuery({
    queryKey: CHECKPOINTS_KEY,
    queryFn: checkinApi.checkpoints,
    ...fromPage(initialCheckpoints),
  });
  const checkpoints = checkpointList.data?.checkpoints ?? [];
  const [stationId, setStationId] = useState<number | null>(readStation);
  // A station that no longer exists (deleted, another event's) falls back to the door.
  const station = checkpoints.find((c) => c.id === stationId) ?? null;
  const at = station ? { checkpointId: station.id } : {};
  // A scan saved offline at a checkpoint says where it will be recorded.
  const setOutcome = (next: Outcome | null) =>
    setOutcomeRaw(next?.kind === "queued" && station ? { ...next, at: station.name } : next);
  function chooseStation(id: number | null) {
    setStationId(id);
    setOutcome(null);
    try {
      if (id === null) window.localStorage.removeItem(STATION_KEY);
      else window.localStorage.setItem(STATION_KEY, String(id));
    } catch {
      /* storage disabled: the choice lasts as long as the page */
    }
  }
  const queue = useScanQueue(email, send, refresh);
  const [outcome, setOutcomeRaw] = useState<Outcome | null>(null);
  const [checking, setChecking] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  // The draft's person picked in the search for the walk-in form, filled in from their hit.
  const [walkInFor, setWalkInFor] = useState<SearchHit | null>(null);
  const walkInPrefill = useMemo(
    () =>
      walkInFor && {
        email: walkInFor.email,
        first_name: walkInFor.first_name,
        last_name: walkInFor.last_name,
        school: walkInFor.school,
      },
    [walkInFor],
  );

  async function onCode(text: string) {
    if (!looksLikeTicket(text)) {
      setOutcome({ kind: "invalid", message: INVALID_TICKET });
      return;
    }
    setChecking(true);
    try {
      setOutcome(await queue.submit({ kind: "token", token: text.trim(), ...at }, ticketLabel(text.trim())));
    } finally {
      setChecking(false);
    }
  }

  async function onCheckIn(hit: SearchHit) {
    setBusyId(hit.application_id);
    try {
      setOutcome(await queue.submit({ kind: "application", applicationId: hit.application_id, ...at }, hit.name));
    } finally {
      setBusyId(null);
    }
  }

  const { pending, synced } = queue.state;
  const dayNote = doorDayNote(eventDays);
  // A card that said "Saved offline" shows the answer once its scan has synced.
  const shown =
    outcome?.kind === "queued" && outcome.scanId
      ? (synced.find((s) => s.scanId === outcome.scanId)?.outcome ?? outcome)
      : outcome;
  return (
    <div className="checkin">
      <header className="checkin-header">
        <h1 className="checkin-header__title">{station ? station.name : t("Check-in")}</h1>
        <Counts checkpoint={station} initial={stats} />
        {checkpoints.length ? <StationPicker checkpoints={checkpoints} value={station?.id ?? null} onChange={chooseStation} /> : null}
        <SyncStatus online={queue.online} waiting={pending.length} syncing={queue.syncing} />
      </header>
      {dayNote ? (
        <p className="checkin-day-note" role="note">
          {dayNote}
        </p>
      ) : null}

      <div className="checkin-main">
        <CameraScanner onCode={onCode} loadReader={loadReader} open={openCamera} />
        {/* One live region: each new answer is read out without moving the focus off the camera. */}
        <div className="checkin-answer" aria-live="polite">
          {checking ? <p className="card checkin-result checkin-result--pending">{t("Checking the ticket…")}</p> : null}
          {!checking && shown ? <ResultCard outcome={shown} onDismiss={() => setOutcome(null)} /> : null}
        </div>
      </div>

      <div className="checkin-side">
        <SearchPanel
          online={queue.online}
          onCheckIn={onCheckIn}
          onWalkIn={canRegisterWalkIns ? (hit) => setWalkInFor(hit) : undefined}
          busyId={busyId}
          checkpoint={station}
        />
        <CheckpointCounts checkpoints={checkpoints} />

        {pending.length ? (
          <section className="card stack--tight checkin-queue" aria-labelledby="checkin-pending-title">
            <h2 id="checkin-pending-title" className="checkin-card__title">
              {t("Waiting to sync")} <span className="badge">{pending.length}</span>
            </h2>
            <ul className="checkin-log" aria-label={t("Waiting to sync")}>
              {pending.map((scan) => (
                <li key={scan.scanId} className="checkin-log__row">
                  <span>{scan.label}</span>
                  <span className="muted">{scan.attempts ? t("tried {count}×", { count: scan.attempts }) : t("queued")}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {synced.length ? (
          <section className="card stack--tight checkin-queue" aria-labelledby="checkin-synced-title">
            <h2 id="checkin-synced-title" className="checkin-card__title">
              {t("Synced from this device")}
            </h2>
            <ul className="checkin-log" aria-label={t("Synced from this device")}>
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
              {t("Clear this list")}
            </button>
          </section>
        ) : null}

        {canRegisterWalkIns ? <CheckpointForm /> : null}

        {canRegisterWalkIns ? (
          <WalkInForm
            // A new form for each person picked from the search, opened and filled in.
            key={walkInFor?.application_id ?? "new"}
            prefill={walkInPrefill}
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
