import { describe, expect, it } from "vitest";
import type { OwnTravel } from "../../api/travel";
import { approvedPastGrant, formatMoment, receiptLabel, travelView, typedAmount, type TravelMode } from "./travel-state";

const NOW = Date.parse("2026-05-01T12:00:00Z");
const REQUEST = { amount: "300.00", currency: "EUR", origin: "Lisbon", country: "Portugal" };
const grant = (status: "granted" | "lapsed") => ({ amount: "300.00", status, approved: "0.00", receipts: [] });
const mine = (over: Partial<OwnTravel>): OwnTravel => ({
  request: null,
  answered: null,
  grant: null,
  receipts_due: null,
  currency: "USD",
  ...over,
});

describe("travelView", () => {
  it.each<[string, OwnTravel | undefined, string, TravelMode, boolean]>([
    ["a draft has no card", mine({}), "started", "none", false],
    ["a rejected application has no card", mine({ request: REQUEST }), "rejected", "none", false],
    ["submitted, nothing asked", mine({}), "submitted", "ask", false],
    ["still loading, submitted", undefined, "submitted", "ask", false],
    ["asked, no grant yet", mine({ request: REQUEST }), "accepted", "asked", false],
    ["granted, no deadline", mine({ grant: grant("granted") }), "confirmed", "granted", true],
    ["granted, before the deadline", mine({ grant: grant("granted"), receipts_due: "2026-05-02T00:00:00Z" }), "confirmed", "granted", true],
    ["granted, after the deadline", mine({ grant: grant("granted"), receipts_due: "2026-04-30T00:00:00Z" }), "confirmed", "closed", false],
    ["lapsed", mine({ grant: grant("lapsed"), receipts_due: "2026-04-30T00:00:00Z" }), "confirmed", "lapsed", false],
  ])("%s", (_case, data, status, mode, canUpload) => {
    expect(travelView(data, status, NOW, "UTC")).toMatchObject({ mode, canUpload });
  });

  it("writes the deadline in words, its time zone named", () => {
    expect(travelView(mine({ grant: grant("granted"), receipts_due: "2026-05-02T23:59:00Z" }), "confirmed", NOW, "UTC").deadline).toBe(
      "May 2, 2026 at 11:59 PM UTC",
    );
    expect(formatMoment("2026-05-03T03:59:00Z", "America/New_York")).toBe("May 2, 2026 at 11:59 PM EDT");
  });

  it.each([
    ["pending", "Waiting for review"],
    ["approved", "Approved"],
    ["rejected", "Not approved"],
  ])("a %s receipt reads %s", (status, label) => expect(receiptLabel(status)).toBe(label));
});

describe("typedAmount: what the page's language writes, in the API's form", () => {
  it.each([
    // Spanish: a comma for the decimals, points between thousands.
    ["es", "250,50", "250.50"],
    ["es", " 250,5 ", "250.5"],
    ["es", "1.250,50", "1250.50"],
    ["es", "1.000", "1000"],
    ["es", "12.345.678,9", "12345678.9"],
    ["es", "250", "250"],
    ["es", "320.00", "320.00"], // the server's own figure, as a field is filled from it
    ["es", "1.5", "1.5"],
    ["es", "250,505", "250,505"], // three decimals: not an amount, the server says so
    // English: commas only between thousands.
    ["en", "1,250.50", "1250.50"],
    ["en", "1,000", "1000"],
    ["en", "250.50", "250.50"],
    ["en", "250,50", "250,50"], // could be either: sent as typed, refused with the server's message
    ["en", "", ""],
    ["en", "abc", "abc"],
  ])("%s %j -> %j", (lang, typed, sent) => {
    expect(typedAmount(typed, lang)).toBe(sent);
  });
});

describe("approvedPastGrant", () => {
  const receipt = (amount: string, status = "approved") => ({ amount, status });
  it.each([
    [[receipt("180.00"), receipt("150.25")], "330.25"],
    [[receipt("180.00"), receipt("120.00")], null], // exactly the grant
    [[receipt("180.00"), receipt("500.00", "rejected"), receipt("200.00", "pending")], null],
    [[], null],
  ])("%j → %j", (receipts, total) => {
    expect(approvedPastGrant({ amount: "300.00", receipts })).toBe(total);
  });
});
