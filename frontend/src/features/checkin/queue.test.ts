// The offline queue's rules, table by table: dedupe, due order, backoff, answered/failed
// settling, waking on reconnect, and reading back what localStorage holds.
import { describe, expect, it } from "vitest";
import type { Outcome } from "./outcome";
import {
  BACKOFF_MAX_MS,
  SYNCED_KEEP,
  backoffMs,
  dueScans,
  emptyQueue,
  enqueue,
  newScanId,
  nextWakeAt,
  parseQueue,
  serializeQueue,
  settleAnswered,
  settleFailed,
  storageKey,
  targetKey,
  ticketLabel,
  wakeAll,
  type QueueState,
  type ScanTarget,
} from "./queue";

const T0 = 1_700_000_000_000;
const ada: ScanTarget = { kind: "token", token: "AAAAAAAAAAAAAAAAAAab12.1.sig" };
const bob: ScanTarget = { kind: "application", applicationId: 7 };

function queued(...scans: [string, ScanTarget, number][]): QueueState {
  let state = emptyQueue();
  for (const [scanId, target, at] of scans) state = enqueue(state, { scanId, target, label: scanId }, at).state;
  return state;
}

describe("enqueue", () => {
  it.each<[string, ScanTarget, ScanTarget, boolean]>([
    ["a different ticket", ada, { kind: "token", token: "other.1.sig" }, true],
    ["the same ticket again", ada, { ...ada }, false],
    ["the same application again", bob, { kind: "application", applicationId: 7 }, false],
    ["another application", bob, { kind: "application", applicationId: 8 }, true],
    ["a ticket after an application", bob, ada, true],
  ])("%s: queued a second time = %s", (_case, first, second, added) => {
    const one = enqueue(emptyQueue(), { scanId: "s1", target: first, label: "one" }, T0);
    const two = enqueue(one.state, { scanId: "s2", target: second, label: "two" }, T0 + 1);
    expect(two.added).toBe(added);
    expect(two.scanId).toBe(added ? "s2" : "s1");
    expect(two.state.pending).toHaveLength(added ? 2 : 1);
  });

  it("is due at once, with no attempt yet", () => {
    const { state } = enqueue(emptyQueue(), { scanId: "s1", target: ada, label: "Ada" }, T0);
    expect(state.pending[0]).toMatchObject({ attempts: 0, nextAttemptAt: T0, queuedAt: T0, lastError: null });
    expect(dueScans(state, T0).map((p) => p.scanId)).toEqual(["s1"]);
  });
});

describe("backoff", () => {
  it.each([
    [0, 0],
    [1, 2_000],
    [2, 4_000],
    [3, 8_000],
    [5, 32_000],
    [6, BACKOFF_MAX_MS],
    [40, BACKOFF_MAX_MS],
  ])("after %i failed tries waits %i ms", (attempts, wait) => {
    expect(backoffMs(attempts)).toBe(wait);
  });

  it("a failed try is not due again before its backoff, and wakeAll makes it due", () => {
    let state = queued(["s1", ada, T0]);
    state = settleFailed(state, "s1", "Failed to fetch", T0);
    expect(state.pending[0]).toMatchObject({ attempts: 1, nextAttemptAt: T0 + 2_000, lastError: "Failed to fetch" });
    expect(dueScans(state, T0 + 1_999)).toEqual([]);
    expect(dueScans(state, T0 + 2_000)).toHaveLength(1);
    state = settleFailed(state, "s1", "Failed to fetch", T0 + 2_000);
    expect(nextWakeAt(state)).toBe(T0 + 2_000 + 4_000);
    const woken = wakeAll(state, T0 + 2_500);
    expect(dueScans(woken, T0 + 2_500)).toHaveLength(1);
    expect(woken.pending[0].attempts).toBe(2);
  });

  it("wakeAll leaves a queue with nothing waiting as it is", () => {
    const state = queued(["s1", ada, T0]);
    expect(wakeAll(state, T0 + 10)).toBe(state);
  });
});

describe("dueScans and nextWakeAt", () => {
  it("sends the oldest first, and only those due", () => {
    let state = queued(["late", bob, T0 + 5], ["early", ada, T0]);
    state = settleFailed(state, "late", "x", T0 + 5);
    expect(dueScans(state, T0 + 6).map((p) => p.scanId)).toEqual(["early"]);
    expect(dueScans(state, T0 + 10_000).map((p) => p.scanId)).toEqual(["early", "late"]);
    expect(nextWakeAt(state)).toBe(T0);
    expect(nextWakeAt(emptyQueue())).toBeNull();
  });
});

describe("settleAnswered", () => {
  const checkedIn: Outcome = { kind: "refused", message: "Not confirmed: on the waitlist.", person: null };

  it("moves the scan from pending to synced with its outcome, newest first", () => {
    let state = queued(["s1", ada, T0], ["s2", bob, T0 + 1]);
    state = settleAnswered(state, "s1", checkedIn, T0 + 10);
    state = settleAnswered(state, "s2", { kind: "invalid", message: "This isn't a valid ticket." }, T0 + 11);
    expect(state.pending).toEqual([]);
    expect(state.synced.map((s) => [s.scanId, s.outcome.kind, s.syncedAt])).toEqual([
      ["s2", "invalid", T0 + 11],
      ["s1", "refused", T0 + 10],
    ]);
  });

  it("ignores an unknown scan id (another tab synced it first)", () => {
    const state = queued(["s1", ada, T0]);
    expect(settleAnswered(state, "nope", checkedIn, T0)).toBe(state);
  });

  it(`keeps the last ${SYNCED_KEEP} answers`, () => {
    let state = emptyQueue();
    for (let i = 0; i < SYNCED_KEEP + 5; i += 1) {
      state = enqueue(state, { scanId: `s${i}`, target: { kind: "application", applicationId: i }, label: "" }, T0).state;
      state = settleAnswered(state, `s${i}`, checkedIn, T0 + i);
    }
    expect(state.synced).toHaveLength(SYNCED_KEEP);
    expect(state.synced[0].scanId).toBe(`s${SYNCED_KEEP + 4}`);
  });
});

describe("storage", () => {
  it("round-trips through its text", () => {
    let state = queued(["s1", ada, T0], ["s2", bob, T0 + 1]);
    state = settleFailed(state, "s1", "offline", T0 + 2);
    state = settleAnswered(state, "s2", { kind: "queued", label: "Bob" }, T0 + 3);
    expect(parseQueue(serializeQueue(state))).toEqual(state);
  });

  it.each<[string, string | null]>([
    ["nothing stored", null],
    ["an empty string", ""],
    ["not JSON", "{oops"],
    ["JSON null", "null"],
    ["a number", "42"],
    ["lists of the wrong type", '{"pending": "x", "synced": 3}'],
  ])("reads %s as an empty queue", (_case, text) => {
    expect(parseQueue(text)).toEqual(emptyQueue());
  });

  it("drops malformed entries one by one and keeps the good ones", () => {
    const good = queued(["s1", ada, T0]).pending[0];
    const text = JSON.stringify({
      pending: [
        good,
        { ...good, scanId: "" },
        { ...good, scanId: "s3", target: { kind: "token", token: "" } },
        { ...good, scanId: "s4", target: { kind: "application", applicationId: "7" } },
        { ...good, scanId: "s5", attempts: "1" },
        null,
      ],
      synced: [{ scanId: "x", label: "X", syncedAt: T0, outcome: { kind: "checked_in" } }, { scanId: "y" }],
    });
    const state = parseQueue(text);
    expect(state.pending.map((p) => p.scanId)).toEqual(["s1"]);
    expect(state.synced.map((s) => s.scanId)).toEqual(["x"]);
  });

  it("keys the queue by the signed-in person, whatever the case of their address", () => {
    expect(storageKey("Sam@Princeton.edu")).toBe(storageKey("sam@princeton.edu"));
    expect(storageKey("sam@princeton.edu")).not.toBe(storageKey("kim@princeton.edu"));
  });
});

describe("labels and ids", () => {
  it("names a ticket by its code's last four characters, never the whole token", () => {
    expect(ticketLabel("AAAAAAAAAAAAAAAAAAab12.1.signature")).toBe("Ticket …ab12");
    expect(ticketLabel("AAAAAAAAAAAAAAAAAAab12.1.signature")).not.toContain("signature");
  });

  it("tells the two kinds of targets apart", () => {
    expect(targetKey({ kind: "token", token: "7" })).not.toBe(targetKey({ kind: "application", applicationId: 7 }));
  });

  it("makes v4 UUIDs, with or without crypto.randomUUID", () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newScanId()).toMatch(uuid);
    const noRandomUuid = { getRandomValues: (b: Uint8Array) => b.fill(255) } as unknown as Crypto;
    expect(newScanId(noRandomUuid)).toMatch(uuid);
    expect(newScanId(undefined)).toMatch(uuid);
    expect(newScanId()).not.toBe(newScanId());
  });
});
