import { describe, expect, it } from "vitest";
import { dayLabel, trendFacts, trendSummary } from "./trend-model";

const DAYS = [
  { date: "2026-11-01", submitted: 3, cumulative: 3 },
  { date: "2026-11-02", submitted: 0, cumulative: 3 },
  { date: "2026-11-03", submitted: 7, cumulative: 10 },
  { date: "2026-11-04", submitted: 7, cumulative: 17 },
];

describe("the trend over time", () => {
  it.each([
    ["2026-11-03", "Nov 3"],
    ["2026-01-31", "Jan 31"],
    ["not a date", "not a date"],
  ])("labels %s as %s", (iso, label) => {
    expect(dayLabel(iso)).toBe(label);
  });

  it("takes the total from the running count and the first busiest day", () => {
    expect(trendFacts(DAYS)).toEqual({
      total: 17,
      days: 4,
      peak: { date: "2026-11-03", submitted: 7 },
      perDay: 4.3,
      first: "2026-11-01",
      last: "2026-11-04",
    });
  });

  it.each([
    [[], "Applications over time: none submitted yet."],
    [DAYS.slice(0, 1), "Applications over time: 3 submitted on Nov 1, busiest on Nov 1 with 3."],
    [DAYS, "Applications over time: 17 submitted from Nov 1 to Nov 4, busiest on Nov 3 with 7."],
  ])("sums %j up in words", (days, words) => {
    expect(trendSummary(days)).toBe(words);
  });
});
