import { describe, expect, it } from "vitest";
import type { TravelPerson } from "../../api/travel";
import { isoToLocal, localToIso, rowView } from "./admin-state";

const person = (over: Partial<TravelPerson>): TravelPerson => ({
  application_id: 1,
  name: "Ada Lovelace",
  email: "ada@princeton.edu",
  status: "confirmed",
  request: { amount: "250.00", currency: "EUR", origin: "Lisbon", country: "Portugal" },
  grant: null,
  ...over,
});
const receipt = (status: "pending" | "approved" | "rejected") => ({
  id: 1,
  original_name: "x.pdf",
  content_type: "application/pdf",
  size: 10,
  amount: "10.00",
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
  ])("%s", (_case, p, expected) => expect(rowView(p)).toMatchObject(expected));
});
