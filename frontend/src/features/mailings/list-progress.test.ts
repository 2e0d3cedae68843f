import { describe, expect, it } from "vitest";
import { LATER_MS, listPollMs, sendingText, withSamples } from "./list-progress";
import { POLL_MS } from "../../lib/progress";

const NOW = Date.parse("2026-11-27T12:00:00Z");
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe("how often the mailings list asks again", () => {
  it.each([
    ["nothing", [], false],
    ["all sent or cancelled", [{ status: "sent", send_at: at(-5) }, { status: "cancelled", send_at: at(60) }], false],
    ["one sending", [{ status: "sending", send_at: at(-1) }, { status: "sent", send_at: at(-9) }], POLL_MS],
    ["one due in a minute", [{ status: "scheduled", send_at: at(1) }], POLL_MS],
    ["one overdue, not picked up yet", [{ status: "scheduled", send_at: at(-2) }], POLL_MS],
    ["one tomorrow", [{ status: "scheduled", send_at: at(24 * 60) }], LATER_MS],
  ] as const)("%s", (_name, mailings, ms) => {
    expect(listPollMs([...mailings], NOW)).toBe(ms);
  });
});

describe("a mailing being sent", () => {
  it("counts what went out, what failed and the time left at the pace seen", () => {
    let samples = withSamples(new Map(), [{ id: 1, sent: 100, failed: 0 }], 0);
    samples = withSamples(samples, [{ id: 1, sent: 150, failed: 10 }], 4000);
    expect(samples.get(1)).toEqual([
      { at: 0, done: 100 },
      { at: 4000, done: 160 },
    ]);
    // 60 in 4 s: 240 left is 16 s.
    expect(sendingText({ recipients: 400, sent: 150, failed: 10 }, samples.get(1) ?? [])).toBe(
      "150 of 400 recipients sent · 10 failed · about 20 s left",
    );
    expect(sendingText({ recipients: 1, sent: 0, failed: 0 }, [])).toBe("0 of 1 recipient sent");
  });
});
