import { describe, expect, it } from "vitest";
import { STAT_CARDS, cardFilters, cardLabel, tableHref } from "./stat-cards";

const HOST = "Princeton University";
const byKey = (key: string) => {
  const card = STAT_CARDS.find((c) => c.key === key);
  if (!card) throw new Error(key);
  return card;
};

describe("statistics cards", () => {
  it("are every group at all schools, the host school and the others, each once", () => {
    expect(STAT_CARDS.map((c) => c.key).sort()).toEqual(
      [
        "total_applications",
        "princeton_applications",
        "non_princeton_applications",
        "total_started",
        "princeton_started",
        "non_princeton_started",
        "total_accepted",
        "princeton_accepted",
        "non_princeton_accepted",
        "total_confirmed",
        "princeton_confirmed",
        "non_princeton_confirmed",
        "total_declined",
        "princeton_declined",
        "non_princeton_declined",
        "total_checked_in",
        "princeton_checked_in",
        "non_princeton_checked_in",
      ].sort(),
    );
  });

  it("take their filters from the server, and link to the same rows in the table", () => {
    const server = { princeton_confirmed: { selection: "confirmed", host: "true" }, total_started: { selection: "started" } };
    expect(cardFilters(byKey("princeton_confirmed"), server)).toEqual({ selection: "confirmed", host: "true" });
    expect(tableHref(cardFilters(byKey("princeton_confirmed"), server))).toBe("/admin/users?selection=confirmed&host=true");
    expect(tableHref(cardFilters(byKey("total_started"), server))).toBe("/admin/users?selection=started");
    // No filters given: the card's export and link select everything rather than guess.
    expect(cardFilters(byKey("princeton_declined"), undefined)).toEqual({});
    expect(tableHref({})).toBe("/admin/users");
  });

  it("use the configured host school in labels", () => {
    expect(cardLabel(byKey("princeton_confirmed"), "Rutgers University")).toBe("Confirmed · Rutgers University");
    expect(cardLabel(byKey("non_princeton_declined"), HOST)).toBe("Declined · Other schools");
  });
});
