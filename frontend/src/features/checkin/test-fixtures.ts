// Shared test data of the check-in page tests.
import type { Person } from "../../api/checkin";

export const ADA: Person = {
  application_id: 42,
  name: "Ada Lovelace",
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@princeton.edu",
  school: "Princeton University",
  dietary_restrictions: "Vegetarian, Nut allergy",
  tshirt_size: "M",
  status: "checked_in",
  door: "checked_in",
  reason: "Already checked in at 10:42 UTC by sam@princeton.edu.",
  checked_in_at: "2026-11-24T10:42:05Z",
  checked_in_by: "sam@princeton.edu",
};
