// Sending scans, and keeping those that couldn't be sent. A scan gets its scan_id once, when
// it is made; it is sent at once when the device is online, and queued in localStorage when it
// isn't (or the request got no answer: it may have reached the server, so the retry keeps the
// same scan_id and the server answers it as the same scan). The queue syncs when the browser
// says it is back online, and otherwise on a backoff timer.
import { useCallback, useEffect, useRef, useState } from "react";
import type { CheckInResult, CheckpointResult } from "../../api/checkin";
import { isTransient, outcomeOfError, outcomeOfResult, type Outcome } from "./outcome";
import {
  dueScans,
  enqueue,
  newScanId,
  nextWakeAt,
  parseQueue,
  serializeQueue,
  settleAnswered,
  settleFailed,
  storageKey,
  wakeAll,
  clearSynced,
  type QueueState,
  type ScanTarget,
} from "./queue";

export type Send = (target: ScanTarget, scanId: string) => Promise<CheckInResult | CheckpointResult>;

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled (a private window's quota): the queue lives in memory only
  }
}

function writeStorage(key: string, text: string) {
  try {
    window.localStorage.setItem(key, text);
  } catch {
    /* as above */
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface ScanQueue {
  state: QueueState;
  online: boolean;
  syncing: boolean;
  /** Check a target in now, or queue it: resolves to what the result card shows. */
  submit: (target: ScanTarget, label: string) => Promise<Outcome>;
  /** Send what is due now (also run by itself when back online and on the backoff timer). */
  sync: () => Promise<void>;
  clearSynced: () => void;
}

export function useScanQueue(email: string, send: Send, onAnswered?: () => void): ScanQueue {
  const key = storageKey(email);
  const [state, setState] = useState<QueueState>(() => parseQueue(readStorage(key)));
  const [online, setOnline] = useState(() => (typeof navigator === "undefined" ? true : navigator.onLine));
  const [syncing, setSyncing] = useState(false);
  // The latest queue for the async steps: each change is written here, to storage and to state.
  const current = useRef(state);
  const busy = useRef(false);
  const sendRef = useRef(send);
  sendRef.current = send;
  const answeredRef = useRef(onAnswered);
  answeredRef.current = onAnswered;

  const update = useCallback(
    (change: (s: QueueState) => QueueState) => {
      // Another tab may have changed the stored queue: start from what is stored now (or from
      // memory when the browser keeps no storage for the page).
      const stored = readStorage(key);
      const next = change(stored === null ? current.current : parseQueue(stored));
      current.current = next;
      writeStorage(key, serializeQueue(next));
      setState(next);
    },
    [key],
  );

  const sync = useCallback(async () => {
    if (busy.current || !navigator.onLine) return;
    busy.current = true;
    setSyncing(true);
    let answered = false;
    try {
      for (const scan of dueScans(current.current, Date.now())) {
        try {
          const result = await sendRef.current(scan.target, scan.scanId);
          update((s) => settleAnswered(s, scan.scanId, outcomeOfResult(result), Date.now()));
          answered = true;
        } catch (e) {
          if (isTransient(e)) {
            update((s) => settleFailed(s, scan.scanId, errorText(e), Date.now()));
            break; // the connection is still bad: the rest wait for the timer or the online event
          }
          update((s) => settleAnswered(s, scan.scanId, outcomeOfError(e), Date.now()));
          answered = true;
        }
      }
    } finally {
      busy.current = false;
      setSyncing(false);
      if (answered) answeredRef.current?.();
    }
  }, [update]);

  const submit = useCallback(
    async (target: ScanTarget, label: string): Promise<Outcome> => {
      const scanId = newScanId();
      const queue = (): Outcome => {
        // A target already waiting keeps its scan: the card follows that one.
        let waiting = scanId;
        update((s) => {
          const queued = enqueue(s, { scanId, target, label }, Date.now());
          waiting = queued.scanId;
          return queued.state;
        });
        return { kind: "queued", label, scanId: waiting };
      };
      if (!navigator.onLine) return queue();
      try {
        const result = await sendRef.current(target, scanId);
        answeredRef.current?.();
        return outcomeOfResult(result);
      } catch (e) {
        if (isTransient(e)) return queue();
        answeredRef.current?.();
        return outcomeOfError(e);
      }
    },
    [update],
  );

  // The browser's online/offline events, and other tabs' changes to the stored queue.
  useEffect(() => {
    const goOnline = () => {
      setOnline(true);
      update((s) => wakeAll(s, Date.now()));
      void sync();
    };
    const goOffline = () => setOnline(false);
    const onStorage = (event: StorageEvent) => {
      if (event.key !== key) return;
      const next = parseQueue(event.newValue);
      current.current = next;
      setState(next);
    };
    window.addEventListener("online", goOnline);
    window.addEventListener("offline", goOffline);
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener("online", goOnline);
      window.removeEventListener("offline", goOffline);
      window.removeEventListener("storage", onStorage);
    };
  }, [key, sync, update]);

  // The backoff timer: wake when the next waiting scan is due.
  useEffect(() => {
    const wake = nextWakeAt(state);
    if (wake === null || !online) return;
    const timer = window.setTimeout(() => void sync(), Math.max(0, wake - Date.now()));
    return () => window.clearTimeout(timer);
  }, [state, online, sync]);

  return { state, online, syncing, submit, sync, clearSynced: () => update(clearSynced) };
}
