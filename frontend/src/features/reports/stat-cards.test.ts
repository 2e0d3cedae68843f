import { describe, expect, it } from "vitest";
import { STAT_CARDS, cardFilters, cardLabel } from "./stat-cards";

const HOST = "Princeton University";
const byKey = (key: string) => {
  const card = STAT_CARDS.find((c) => c.key === key);
  if (!card) throw new Error(key);
  return card;
};

describe("statistics cards", () => {
  it("are the 12 counters of the spec and the 2 of check-in, each once", () => {
    expect(STAT_CARDS.map((c) => c.key).sort()).toEqual(
      [
        "total_applications",
        "princeton_applications",
        "non_princeton_applications",
        "total_started",
        "princeton_started",
        "non_princeton_started",
        "princeton_accepted",
        "non_princeton_accepted",
        "princeton_confirmed",
        "non_princeton_confirmed",
        "princeton_declined",
        "non_princeton_declined",
        "princeton_checked_in",
        "non_princeton_checked_in",
      ].sort(),
    );
  });

  it.each([
    ["total_applications", { status: { $ne: "started" } }],
    ["princeton_applications", { status: { $ne: "started" }, school: HOST }],
    ["non_princeton_applications", { status: { $ne: "started" }, school: { $ne: HOST } }],
    ["total_started", { status: "started" }],
    ["princeton_started", { status: "started", school: HOST }],
    ["non_princeton_started", { status: "started", school: { $ne: HOST } }],
    ["princeton_accepted", { status: { $in: ["accepted", "waitlist_accepted"] }, school: HOST }],
    ["non_princeton_accepted", { status: { $in: ["accepted", "waitlist_accepted"] }, school: { $ne: HOST } }],
    ["princeton_confirmed", { status: "confirmed", school: HOST }],
    ["non_princeton_confirmed", { status: "confirmed", school: { $ne: HOST } }],
    ["princeton_declined", { status: "declined", school: HOST }],
    ["non_princeton_declined", { status: "declined", school: { $ne: HOST } }],
    ["princeton_checked_in", { status: "checked_in", school: HOST }],
    ["non_princeton_checked_in", { status: "checked_in", school: { $ne: HOST } }],
  ])("%s exports with the spec's filters", (key, filters) => {
    expect(cardFilters(byKey(key), HOST)).toEqual(filters);
  });

  it("use the configured host school in filters and labels", () => {
    expect(cardFilters(byKey("princeton_confirmed"), "Rutgers University")).toEqual({
      status: "confirmed",
      school: "Rutgers University",
    });
    expect(cardLabel(byKey("princeton_confirmed"), "Rutgers University")).toBe("Confirmed · Rutgers University");
    expect(cardLabel(byKey("non_princeton_declined"), HOST)).toBe("Declined · Other schools");
  });
});
