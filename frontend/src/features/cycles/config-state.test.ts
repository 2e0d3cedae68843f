// The configuration page's mirrored rules: dates in order (the server's DATE_ORDER, the same
// messages at the same fields) and what a status change means (release, un-release, neither).
import { describe, expect, it } from "vitest";
import { dateOrderErrors, decisionsNoun, formFieldErrors, statusMove, withoutError } from "./config-state";

const GOOD = {
  due: "2026-02-01",
  housing: "2026-02-10",
  confirmation_first_deadline: "2026-02-15",
  waitlist_deadline: "2026-02-20",
  confirmation_second_deadline: "2026-02-25",
  start: "2026-03-07",
  end: "2026-03-08",
};

describe("dateOrderErrors", () => {
  it.each([
    ["in order", {}, {}],
    ["all on one day", Object.fromEntries(Object.keys(GOOD).map((k) => [k, "2026-03-07"])), {}],
    ["due after the start", { due: "2026-03-08" }, { due: "Must be on or before the event's start (March 7, 2026)." }],
    ["end before the start", { end: "2026-03-06" }, { end: "Must be on or after the event's start (March 7, 2026)." }],
    [
      "second confirmation before the first",
      { confirmation_first_deadline: "2026-02-26" },
      { confirmation_second_deadline: "Must be on or after the first confirmation deadline (February 26, 2026)." },
    ],
    [
      "second confirmation after the end",
      { confirmation_second_deadline: "2026-03-09" },
      { confirmation_second_deadline: "Must be on or before the event's end (March 8, 2026)." },
    ],
    [
      "waitlist after the end",
      { waitlist_deadline: "2026-03-09" },
      { waitlist_deadline: "Must be on or before the event's end (March 8, 2026)." },
    ],
    [
      "first confirmation after the end",
      { confirmation_first_deadline: "2026-03-09", confirmation_second_deadline: "2026-03-09" },
      {
        confirmation_first_deadline: "Must be on or before the event's end (March 8, 2026).",
        confirmation_second_deadline: "Must be on or before the event's end (March 8, 2026).",
      },
    ],
    [
      "housing form after the end",
      { housing: "2026-03-09" },
      { housing: "Must be on or before the event's end (March 8, 2026)." },
    ],
    [
      "an end typed before the start flags every deadline after it",
      {
        start: "2026-12-20",
        end: "2026-12-10",
        confirmation_first_deadline: "2027-01-09",
        confirmation_second_deadline: "2027-01-12",
        waitlist_deadline: "2027-01-10",
        housing: "2027-01-06",
      },
      {
        end: "Must be on or after the event's start (December 20, 2026).",
        confirmation_first_deadline: "Must be on or before the event's end (December 10, 2026).",
        confirmation_second_deadline: "Must be on or before the event's end (December 10, 2026).",
        waitlist_deadline: "Must be on or before the event's end (December 10, 2026).",
        housing: "Must be on or before the event's end (December 10, 2026).",
      },
    ],
    ["a missing date is another check's", { end: "" }, {}],
  ])("%s", (_name, change, expected) => {
    expect(dateOrderErrors({ ...GOOD, ...change })).toEqual(expected);
  });

  it("keeps the defaults of a fresh install in order", () => {
    const defaults = {
      due: "2024-05-20",
      start: "2024-05-21",
      end: "2024-05-22",
      housing: "2024-05-22",
      confirmation_first_deadline: "2024-05-22",
      confirmation_second_deadline: "2024-05-22",
      waitlist_deadline: "2024-05-22",
    };
    expect(dateOrderErrors(defaults)).toEqual({});
  });
});

describe("statusMove", () => {
  it.each([
    ["closed", "released", "release"],
    ["not_open", "confirmation_closed", "release"],
    ["released", "released", "release"], // a repeated release sends what is new
    ["released", "confirmation_closed", "plain"],
    ["confirmation_closed", "released", "release"],
    ["released", "closed", "unrelease"],
    ["second_confirmation_closed", "open", "unrelease"],
    ["waitlist_closed", "not_open", "unrelease"],
    ["open", "closed", "plain"],
  ] as const)("%s → %s: %s", (saved, next, move) => {
    expect(statusMove(saved, next)).toBe(move);
  });
});

describe("field errors", () => {
  it("maps the server's dates.<name> keys onto the form's fields", () => {
    expect(formFieldErrors({ "dates.end": "x", location: "y" })).toEqual({ end: "x", location: "y" });
  });

  it("drops only the changed field's error", () => {
    const errors = { end: "x", due: "y" };
    expect(withoutError(errors, "end")).toEqual({ due: "y" });
    expect(withoutError(errors, "start")).toBe(errors);
  });

  it("counts decisions in words", () => {
    expect(decisionsNoun(1)).toBe("1 applicant's decision");
    expect(decisionsNoun(4)).toBe("4 applicants' decisions");
  });
});
