// The offline scan queue: scans made while the connection is down wait on the device
// (localStorage) with the scan_id they were given when made, and are sent when it is back.
// The server treats a repeated scan_id as the same scan, so a retry whose first answer was lost
// records nothing twice. Pure functions over plain data, so the rules are table-tested; the
// hook in use-scan-queue.ts does the storing, timing and sending.
import { t } from "../../lib/i18n";
import type { Outcome } from "./outcome";

/**
 * What a scan checks in: a ticket's token (camera) or an application (search fallback); at the
 * door, or at a checkpoint (a meal, the swag table) when `checkpointId` is set. The checkpoint
 * is kept with the scan, so a scan queued offline at lunch is sent as lunch even if the
 * volunteer has moved on to another checkpoint since.
 */
export type ScanTarget = ({ kind: "token"; token: string } | { kind: "application"; applicationId: number }) & {
  checkpointId?: number;
};

export interface PendingScan {
  scanId: string;
  target: ScanTarget;
  /** What the volunteer saw when they made it: the person's name, or "Ticket …a1b2". */
  label: string;
  queuedAt: number;
  attempts: number;
  /** Not sent again before this time (ms since the epoch): the backoff after a failed try. */
  nextAttemptAt: number;
  lastError: string | null;
}

/** A queued scan the server has answered, kept so a refusal made offline is still seen. */
export interface SyncedScan {
  scanId: string;
  label: string;
  outcome: Outcome;
  syncedAt: number;
}

export interface QueueState {
  pending: PendingScan[];
  synced: SyncedScan[];
}

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 60_000;
/** How many answered scans the "synced" list keeps (newest first). */
export const SYNCED_KEEP = 20;

export function emptyQueue(): QueueState {
  return { pending: [], synced: [] };
}

/** Two scans of the same ticket, or check-ins of the same application, at the same place are one. */
export function targetKey(target: ScanTarget): string {
  const who = target.kind === "token" ? `token:${target.token}` : `application:${target.applicationId}`;
  return target.checkpointId === undefined ? who : `checkpoint:${target.checkpointId}:${who}`;
}

/** "Ticket …a1b2": enough of a token to tell two queued tickets apart, not enough to forge one. */
export function ticketLabel(token: string): string {
  const code = token.split(".")[0] ?? "";
  return t("Ticket …{code}", { code: code.slice(-4) });
}

/** The wait after the n-th failed try: 2 s, 4 s, 8 s… up to a minute. */
export function backoffMs(attempts: number): number {
  if (attempts <= 0) return 0;
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (attempts - 1));
}

/**
 * Queue a scan. A second scan of a target already waiting is not queued again (a volunteer
 * tapping twice, a ticket held in front of the camera): the answer says which scan stands.
 */
export function enqueue(
  state: QueueState,
  scan: { scanId: string; target: ScanTarget; label: string },
  now: number,
): { state: QueueState; scanId: string; added: boolean } {
  const key = targetKey(scan.target);
  const waiting = state.pending.find((p) => targetKey(p.target) === key);
  if (waiting) return { state, scanId: waiting.scanId, added: false };
  const pending: PendingScan = {
    ...scan,
    queuedAt: now,
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
  };
  return { state: { ...state, pending: [...state.pending, pending] }, scanId: scan.scanId, added: true };
}

/** The scans to send now, oldest first. */
export function dueScans(state: QueueState, now: number): PendingScan[] {
  return state.pending.filter((p) => p.nextAttemptAt <= now).sort((a, b) => a.queuedAt - b.queuedAt);
}

/** When the next waiting scan becomes due, or null when none waits. */
export function nextWakeAt(state: QueueState): number | null {
  if (!state.pending.length) return null;
  return Math.min(...state.pending.map((p) => p.nextAttemptAt));
}

/** The server answered (any verdict, refusals included): the scan leaves the queue. */
export function settleAnswered(state: QueueState, scanId: string, outcome: Outcome, now: number): QueueState {
  const scan = state.pending.find((p) => p.scanId === scanId);
  if (!scan) return state;
  const synced: SyncedScan = { scanId, label: scan.label, outcome, syncedAt: now };
  return {
    pending: state.pending.filter((p) => p.scanId !== scanId),
    synced: [synced, ...state.synced.filter((s) => s.scanId !== scanId)].slice(0, SYNCED_KEEP),
  };
}

/** No answer (offline, a dropped connection, a 5xx): try again after the backoff. */
export function settleFailed(state: QueueState, scanId: string, error: string, now: number): QueueState {
  return {
    ...state,
    pending: state.pending.map((p) => {
      if (p.scanId !== scanId) return p;
      const attempts = p.attempts + 1;
      return { ...p, attempts, nextAttemptAt: now + backoffMs(attempts), lastError: error };
    }),
  };
}

/** Back online: everything waiting is due at once, whatever its backoff said. */
export function wakeAll(state: QueueState, now: number): QueueState {
  if (!state.pending.some((p) => p.nextAttemptAt > now)) return state;
  return { ...state, pending: state.pending.map((p) => ({ ...p, nextAttemptAt: Math.min(p.nextAttemptAt, now) })) };
}

export function clearSynced(state: QueueState): QueueState {
  return { ...state, synced: [] };
}

// --- Storage: one key per signed-in person, so a shared phone never sends another's scans. ---

export function storageKey(email: string): string {
  return `portal.checkin.queue:${email.toLowerCase()}`;
}

export function serializeQueue(state: QueueState): string {
  return JSON.stringify({ v: 1, pending: state.pending, synced: state.synced });
}

function isTarget(value: unknown): value is ScanTarget {
  if (!value || typeof value !== "object") return false;
  const t = value as Record<string, unknown>;
  if (t.checkpointId !== undefined && !(Number.isInteger(t.checkpointId) && (t.checkpointId as number) > 0)) return false;
  if (t.kind === "token") return typeof t.token === "string" && t.token.length > 0;
  if (t.kind === "application") return Number.isInteger(t.applicationId);
  return false;
}

function isPending(value: unknown): value is PendingScan {
  if (!value || typeof value !== "object") return false;
  const p = value as Record<string, unknown>;
  return (
    typeof p.scanId === "string" &&
    p.scanId.length > 0 &&
    isTarget(p.target) &&
    typeof p.label === "string" &&
    typeof p.queuedAt === "number" &&
    typeof p.attempts === "number" &&
    typeof p.nextAttemptAt === "number"
  );
}

function isSynced(value: unknown): value is SyncedScan {
  if (!value || typeof value !== "object") return false;
  const s = value as Record<string, unknown>;
  const outcome = s.outcome as Record<string, unknown> | undefined;
  return (
    typeof s.scanId === "string" &&
    typeof s.label === "string" &&
    typeof s.syncedAt === "number" &&
    Boolean(outcome) &&
    typeof outcome?.kind === "string"
  );
}

/**
 * The stored queue, or an empty one when there is none or it can't be read. Entries that don't
 * have the expected shape (an older build's, a hand edit) are dropped one by one, so one bad
 * entry doesn't lose the others.
 */
export function parseQueue(text: string | null): QueueState {
  if (!text) return emptyQueue();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return emptyQueue();
  }
  if (!data || typeof data !== "object") return emptyQueue();
  const raw = data as { pending?: unknown; synced?: unknown };
  const pending = Array.isArray(raw.pending) ? raw.pending.filter(isPending) : [];
  const synced = Array.isArray(raw.synced) ? raw.synced.filter(isSynced) : [];
  return { pending: pending.map((p) => ({ ...p, lastError: p.lastError ?? null })), synced };
}

/** A fresh scan id (a v4 UUID, which the server checks): from crypto.randomUUID when there. */
export function newScanId(random: Crypto | undefined = globalThis.crypto): string {
  if (random && typeof random.randomUUID === "function") return random.randomUUID();
  const bytes = new Uint8Array(16);
  if (random) random.getRandomValues(bytes);
  else for (let i = 0; i < 16; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
