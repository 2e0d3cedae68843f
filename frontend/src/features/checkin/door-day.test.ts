import { describe, expect, it } from "vitest";
import { doorDayNote } from "./door-day";

const EVENT = { start: "2026-03-07", end: "2026-03-08" };

describe("doorDayNote", () => {
  it.each([
    ["2026-02-10", "The event starts on March 7, 2026: a check-in now counts all the same."],
    ["2026-03-05", "The event starts on March 7, 2026: a check-in now counts all the same."],
    ["2026-03-06", null], // setting up the evening before
    ["2026-03-07", null],
    ["2026-03-08", null],
    ["2026-03-09", null], // the morning after
    ["2026-03-10", "The event ended on March 8, 2026: a check-in now counts all the same."],
    ["2027-01-01", "The event ended on March 8, 2026: a check-in now counts all the same."],
  ])("on %s: %j", (today, note) => {
    expect(doorDayNote({ ...EVENT, today })).toBe(note);
  });

  it("says nothing without the dates", () => {
    expect(doorDayNote(null)).toBeNull();
    expect(doorDayNote({ start: "", end: "", today: "2026-03-07" })).toBeNull();
  });

  it("reads across a month's end", () => {
    expect(doorDayNote({ start: "2026-03-01", end: "2026-03-01", today: "2026-02-28" })).toBeNull();
    expect(doorDayNote({ start: "2026-03-01", end: "2026-03-01", today: "2026-02-27" })).toContain("March 1, 2026");
  });
});
