import { describe, expect, it } from "vitest";
import {
  addRow,
  hasErrors,
  moveRow,
  removeRow,
  rowsFrom,
  serverRowErrors,
  toPayload,
  updateRow,
  validateRows,
  type CriterionRow,
} from "./rubric-state";
import {
  acceptTarget,
  agreementWords,
  capacityView,
  fillErrors,
  fillArithmetic,
  fillSummary,
  freshnessWords,
  stalledMinutes,
  formatScore,
  minReviewsParam,
  scaleValues,
  scoreErrors,
  scoresPayload,
  usesRadios,
} from "./state";

const DEFAULT = rowsFrom([
  { id: 1, name: "Technical", description: "Skills", scale_min: 1, scale_max: 10, weight: 1 },
  { id: 2, name: "Personal", description: "Motivation", scale_min: 1, scale_max: 10, weight: 1.5 },
]);

function row(over: Partial<CriterionRow>): CriterionRow {
  return { key: "k", name: "Design", description: "", scaleMin: "1", scaleMax: "10", weight: "1", ...over };
}

describe("rubric rows", () => {
  it("keeps ids, shows weights without trailing zeros", () => {
    expect(DEFAULT.map((r) => [r.id, r.name, r.weight])).toEqual([
      [1, "Technical", "1"],
      [2, "Personal", "1.5"],
    ]);
  });

  it("adds a 1–10, weight-1 row at the end with a fresh key", () => {
    const rows = addRow(DEFAULT);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({ name: "", scaleMin: "1", scaleMax: "10", weight: "1" });
    expect(new Set(rows.map((r) => r.key)).size).toBe(3);
  });

  it.each([
    ["id-2", -1, ["Personal", "Technical"]],
    ["id-1", 1, ["Personal", "Technical"]],
    ["id-1", -1, ["Technical", "Personal"]], // already first
    ["id-2", 1, ["Technical", "Personal"]], // already last
  ] as const)("moves %s by %i", (key, delta, names) => {
    expect(moveRow(DEFAULT, key, delta).map((r) => r.name)).toEqual(names);
  });

  it("removes and updates by key", () => {
    expect(removeRow(DEFAULT, "id-1").map((r) => r.name)).toEqual(["Personal"]);
    expect(updateRow(DEFAULT, "id-2", "weight", "3")[1].weight).toBe("3");
  });

  it("sends position by order, ids of kept rows, trimmed text", () => {
    const rows = moveRow(addRow(DEFAULT), "id-2", -1);
    const edited = updateRow(rows, rows[2].key, "name", "  Design ");
    expect(toPayload(edited)).toEqual([
      { id: 2, name: "Personal", description: "Motivation", scale_min: 1, scale_max: 10, weight: 1.5 },
      { id: 1, name: "Technical", description: "Skills", scale_min: 1, scale_max: 10, weight: 1 },
      { name: "Design", description: "", scale_min: 1, scale_max: 10, weight: 1 },
    ]);
  });
});

describe("validateRows mirrors the server", () => {
  it("accepts the default rubric", () => {
    expect(hasErrors(validateRows(DEFAULT))).toBe(false);
  });

  it.each([
    [{ name: "  " }, "name", "Give the criterion a name."],
    [{ name: "x".repeat(61) }, "name", "At most 60 characters."],
    [{ description: "x".repeat(501) }, "description", "At most 500 characters."],
    [{ scaleMin: "-1" }, "scaleMin", "A whole number from 0 to 100."],
    [{ scaleMin: "1.5" }, "scaleMin", "A whole number from 0 to 100."],
    [{ scaleMax: "101" }, "scaleMax", "A whole number from 0 to 100."],
    [{ scaleMin: "5", scaleMax: "5" }, "scaleMax", "The highest score must be above the lowest."],
    [{ scaleMin: "7", scaleMax: "3" }, "scaleMax", "The highest score must be above the lowest."],
    [{ weight: "0" }, "weight", "A number above 0, at most 100 (two decimals)."],
    [{ weight: "100.5" }, "weight", "A number above 0, at most 100 (two decimals)."],
    [{ weight: "1.234" }, "weight", "A number above 0, at most 100 (two decimals)."],
    [{ weight: "abc" }, "weight", "A number above 0, at most 100 (two decimals)."],
  ])("%o → %s: %s", (over, field, message) => {
    expect(validateRows([row(over)]).rows.k).toEqual({ [field]: message });
  });

  it.each([
    [{ scaleMin: "0", scaleMax: "100", weight: "100" }],
    [{ weight: "0.25" }],
    [{ description: "x".repeat(500), name: "x".repeat(60) }],
  ])("accepts the edges %o", (over) => {
    expect(validateRows([row(over)]).rows).toEqual({});
  });

  it("flags duplicate names case-insensitively, on both rows", () => {
    const errors = validateRows([row({ key: "a", name: "Design" }), row({ key: "b", name: " design" })]);
    expect(errors.rows.a?.name).toBe("Two criteria can't share a name.");
    expect(errors.rows.b?.name).toBe("Two criteria can't share a name.");
  });

  it("needs 1 to 10 criteria", () => {
    expect(validateRows([]).list).toBe("Add at least one criterion.");
    const eleven = Array.from({ length: 11 }, (_, i) => row({ key: `r${i}`, name: `C${i}` }));
    expect(validateRows(eleven).list).toBe("A rubric has at most 10 criteria.");
    expect(validateRows(eleven.slice(0, 10)).list).toBeNull();
  });

  it("puts the server's criteria.<i>.<field> errors on their rows", () => {
    expect(serverRowErrors(DEFAULT, { "criteria.1.scale_max": "Too big.", "criteria.9.name": "x", criteria: "y" })).toEqual({
      "id-2": { scaleMax: "Too big." },
    });
  });
});

const TECH = { id: 1, name: "Technical", scale_min: 1, scale_max: 10 };
const WIDE = { id: 2, name: "Impact", scale_min: 0, scale_max: 100 };

describe("scores", () => {
  it.each([
    [TECH, true, 10],
    [{ ...TECH, scale_min: 0 }, true, 11],
    [{ ...TECH, scale_min: 0, scale_max: 11 }, false, 12],
    [WIDE, false, 101],
  ])("%o: radios %s, %i values", (c, radios, count) => {
    expect(usesRadios(c)).toBe(radios);
    expect(scaleValues(c)).toHaveLength(count);
    expect(scaleValues(c)[0]).toBe(c.scale_min);
  });

  it.each([
    [{ "1": "7", "2": "55" }, {}],
    [{ "1": "1", "2": "0" }, {}],
    [{ "1": "10", "2": "100" }, {}],
    [{ "2": "5" }, { 1: "Score Technical from 1 to 10." }],
    [{ "1": " ", "2": "5" }, { 1: "Score Technical from 1 to 10." }],
    [{ "1": "0", "2": "5" }, { 1: "A whole number from 1 to 10." }],
    [{ "1": "11", "2": "101" }, { 1: "A whole number from 1 to 10.", 2: "A whole number from 0 to 100." }],
    [{ "1": "7.5", "2": "5" }, { 1: "A whole number from 1 to 10." }],
  ])("%o → %o", (scores, errors) => {
    expect(scoreErrors([TECH, WIDE], scores)).toEqual(errors);
  });

  it("sends integers keyed by criterion id", () => {
    expect(scoresPayload([TECH, WIDE], { "1": " 7 ", "2": "55" })).toEqual({ "1": 7, "2": 55 });
  });
});

describe("agreementWords", () => {
  it.each([
    [null, "not enough applications with two or more reviews to tell"],
    [undefined, "not enough applications with two or more reviews to tell"],
    [-0.1, "alpha -0.10 — reviewers disagree more than chance"],
    [0, "alpha 0.00 — slight agreement"],
    [0.19, "alpha 0.19 — slight agreement"],
    [0.2, "alpha 0.20 — fair agreement"],
    [0.41, "alpha 0.41 — moderate agreement"],
    [0.6, "alpha 0.60 — substantial agreement"],
    [0.8, "alpha 0.80 — strong agreement"],
    [1, "alpha 1.00 — strong agreement"],
  ])("%s → %s", (alpha, words) => {
    expect(agreementWords(alpha)).toBe(words);
  });
});

describe("capacity and fill", () => {
  it.each([
    [0, 100, { percent: 0, label: "0 of 100 spots filled (0%)", full: false }],
    [37, 150, { percent: 25, label: "37 of 150 spots filled (25%)", full: false }],
    [150, 150, { percent: 100, label: "150 of 150 spots filled (100%)", full: true }],
    [160, 150, { percent: 100, label: "160 of 150 spots filled (100%)", full: true }],
    [12, null, { percent: 0, label: "12 spots filled · no capacity set yet", full: false }],
    [12, 0, { percent: 0, label: "12 spots filled · no capacity set yet", full: false }],
  ])("%i of %s", (confirmed, capacity, view) => {
    expect(capacityView(confirmed, capacity)).toEqual(view);
  });

  it.each([
    [100, 0.67, 149],
    [100, 1, 100],
    [150, 2 / 3, 225],
    [10, 0, 0],
  ])("capacity %i at %f → accept %i", (capacity, rate, target) => {
    expect(acceptTarget(capacity, rate)).toBe(target);
  });

  it.each([
    [{ capacity: "100", attendanceRate: "0.67", waitlistSize: "20" }, {}],
    [{ capacity: "100", attendanceRate: "1", waitlistSize: "0" }, {}],
    [{ capacity: "100", attendanceRate: ".5", waitlistSize: "0" }, {}],
    [{ capacity: "0", attendanceRate: "0.67", waitlistSize: "0" }, { capacity: "How many people the event can hold (1 or more)." }],
    [{ capacity: "", attendanceRate: "0.67", waitlistSize: "0" }, { capacity: "How many people the event can hold (1 or more)." }],
    [
      { capacity: "10", attendanceRate: "1.5", waitlistSize: "0" },
      { attendanceRate: "The share of accepted people who come: above 0, at most 1 (e.g. 0.67)." },
    ],
    [
      { capacity: "10", attendanceRate: "0", waitlistSize: "-1" },
      {
        attendanceRate: "The share of accepted people who come: above 0, at most 1 (e.g. 0.67).",
        waitlistSize: "A whole number, 0 or more.",
      },
    ],
  ])("%o → %o", (input, errors) => {
    expect(fillErrors(input)).toEqual(errors);
  });

  it.each([
    [
      { accept: 1, waitlist: 0, already_admitted: 0, target: 1 },
      "1 applicant to accept · 0 to waitlist · 0 already admitted (accepted, waitlist-accepted, confirmed, checked in)",
    ],
    [
      { accept: 120, waitlist: 30, already_admitted: 29, target: 149, teams_kept: 4 },
      "120 applicants to accept · 30 to waitlist · 29 already admitted (accepted, waitlist-accepted, confirmed, checked in) · 4 teams kept together",
    ],
    [
      { accept: 5, waitlist: 2, already_admitted: 0, target: 5, teams_kept: 1 },
      "5 applicants to accept · 2 to waitlist · 0 already admitted (accepted, waitlist-accepted, confirmed, checked in) · 1 team kept together",
    ],
  ])("%o → %s", (counts, summary) => {
    expect(fillSummary(counts)).toBe(summary);
  });

  it.each([
    [{ accept: 115, waitlist: 0, already_admitted: 34, target: 149 }, "149 to admit in all − 34 already admitted = 115 places to fill."],
    [
      { accept: 3, waitlist: 0, already_admitted: 34, target: 149 },
      "149 to admit in all − 34 already admitted = 115 places to fill. Only 3 undecided scored applicants fit, so 3 are accepted.",
    ],
    [{ accept: 0, waitlist: 2, already_admitted: 160, target: 149 }, "149 to admit in all − 160 already admitted = 0 places to fill."],
  ])("the arithmetic of %o uses the same already-admitted number", (counts, text) => {
    expect(fillArithmetic(counts)).toBe(text);
  });

  it.each([
    [null, "—"],
    [1.234, "1.23"],
    [-0.5, "-0.50"],
    [Number.NaN, "—"],
  ])("formatScore(%s) = %s", (value, text) => {
    expect(formatScore(value)).toBe(text);
  });

  it.each([
    ["2", 2],
    ["0", 0],
    ["", undefined],
    ["-1", undefined],
    ["1.5", undefined],
  ])("minReviewsParam(%s) = %s", (text, value) => {
    expect(minReviewsParam(text)).toBe(value);
  });
});

describe("stalledMinutes", () => {
  const now = Date.parse("2026-01-01T12:00:00Z");
  it.each([
    ["2026-01-01T11:59:30Z", true, null], // 30 s: the worker is on it
    ["2026-01-01T11:58:01Z", true, null], // 119 s
    ["2026-01-01T11:58:00Z", true, 2],
    ["2026-01-01T11:49:30Z", true, 10],
    ["2026-01-01T11:49:30Z", false, null], // calibrated since
    [null, true, null], // no change recorded
    ["not a date", true, null],
  ])("changed %s, recalculating %s: %s", (changedAt, recalculating, minutes) => {
    expect(stalledMinutes(changedAt, recalculating, now)).toBe(minutes);
  });
});

describe("freshnessWords", () => {
  const now = Date.parse("2026-01-01T12:00:00Z");
  it.each([
    ["2026-01-01T11:59:48Z", false, "updated 12 s ago"],
    ["2026-01-01T11:59:48Z", true, "updated 12 s ago · recalculating…"],
    ["2026-01-01T11:57:00Z", false, "updated 3 min ago"],
    [null, true, "recalculating…"],
    [null, false, "not calculated yet"],
    ["2026-01-01T12:00:05Z", false, "updated 0 s ago"],
  ])("%s, recalculating %s: %s", (at, recalculating, words) => {
    expect(freshnessWords(at, recalculating, now)).toBe(words);
  });
});
