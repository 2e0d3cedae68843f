import { describe, expect, it } from "vitest";
import type { TravelPerson } from "../../api/travel";
import { approvalPassesGrant, isoToLocal, localToIso, rowView } from "./admin-state";

const person = (over: Partial<TravelPerson>): TravelPerson => ({
  application_id: 1,
  name: "Ada Lovelace",
  email: "ada@princeton.edu",
  status: "confirmed",
  request: { amount: "250.00", currency: "EUR", origin: "Lisbon", country: "Portugal" },
  grant: null,
  ...over,
});
const receipt = (status: "pending" | "approved" | "rejected", amount = "10.00") => ({
  id: 1,
  original_name: "x.pdf",
  content_type: "application/pdf",
  size: 10,
  amount,
  uploaded_at: "2026-05-01T00:00:00Z",
  status,
  reason: "",
  reviewed_at: null,
});

describe("the deadline field", () => {
  it("round-trips a local time", () => {
    expect(isoToLocal(localToIso("2026-06-01T23:59"))).toBe("2026-06-01T23:59");
  });
  it.each([["", null], ["   ", null], ["not a date", null]])("%j → %s", (value, iso) => expect(localToIso(value)).toBe(iso));
  it("shows nothing for no deadline", () => expect(isoToLocal(null)).toBe(""));
});

describe("rowView", () => {
  it.each<[string, TravelPerson, Partial<ReturnType<typeof rowView>>]>([
    ["asked, confirmed: suggests what they asked", person({}), { suggested: "250.00", canGrant: true, canWithdraw: false }],
    ["asked, only submitted", person({ status: "submitted" }), { canGrant: false, note: "Not offered a spot" }],
    [
      "granted without receipts: may be withdrawn",
      person({ grant: { amount: "200.00", status: "granted", receipts: [] } }),
      { suggested: "200.00", canWithdraw: true, pendingReceipts: 0 },
    ],
    [
      "granted with receipts: counts those to review",
      person({ grant: { amount: "200.00", status: "granted", receipts: [receipt("pending"), receipt("approved")] } }),
      { canWithdraw: false, pendingReceipts: 1 },
    ],
    [
      "approved past the grant: said, as the payout is capped",
      person({ grant: { amount: "100.00", status: "granted", receipts: [receipt("approved", "60.00"), receipt("approved", "40.01")] } }),
      { approvedPastGrant: true },
    ],
    [
      "approved up to the grant exactly",
      person({ grant: { amount: "100.00", status: "granted", receipts: [receipt("approved", "60.10"), receipt("approved", "39.90"), receipt("rejected", "500")] } }),
      { approvedPastGrant: false },
    ],
  ])("%s", (_case, p, expected) => expect(rowView(p, "EUR")).toMatchObject(expected));

  it("suggests what they asked only in the budget's currency", () => {
    expect(rowView(person({}), "USD").suggested).toBe(""); // 250 EUR asked, a USD budget
    expect(rowView(person({}), "EUR").suggested).toBe("250.00");
  });
});

describe("approving a receipt past the grant", () => {
  const grant = (...receipts: ReturnType<typeof receipt>[]) => ({ amount: "100.00", receipts });
  it.each([
    [grant(), "100.00", false],
    [grant(), "100.01", true],
    [grant(receipt("approved", "70.00")), "30.00", false],
    [grant(receipt("approved", "70.00")), "30.01", true],
    [grant(receipt("rejected", "90.00"), receipt("pending", "90.00")), "20.00", false],
  ])("%#: %j + %s → %s", (g, amount, passes) => expect(approvalPassesGrant(g, { amount })).toBe(passes));
});
