import { describe, expect, it } from "vitest";
import { countsList, emailButton, overwriteNotice } from "./overwrite";

const skipped = (confirmed: number, declined: number, checkedIn = 0) => [
  ...Array.from({ length: confirmed }, () => ({ reason: "already confirmed" })),
  ...Array.from({ length: declined }, () => ({ reason: "already declined" })),
  ...Array.from({ length: checkedIn }, () => ({ reason: "ya ha entrado", code: "already checked in" })),
];

describe("overwriteNotice", () => {
  it.each([
    [0, 0, false, null],
    [3, 0, false, "3 of these have already confirmed — tick Override to change them."],
    [1, 0, false, "1 of these has already confirmed — tick Override to change it."],
    [0, 2, false, "2 of these have already declined — tick Override to change them."],
    [0, 1, false, "1 of these has already declined — tick Override to change it."],
    [3, 1, false, "3 of these have already confirmed and 1 has declined — tick Override to change them."],
    [1, 2, false, "1 of these has already confirmed and 2 have declined — tick Override to change them."],
    [3, 0, true, "Override is ticked: this will also change 3 applicants who have confirmed."],
    [1, 1, true, "Override is ticked: this will also change 1 applicant who has confirmed and 1 applicant who has declined."],
    [0, 0, true, null],
  ])("%i confirmed, %i declined, override %s", (confirmed, declined, override, expected) => {
    expect(overwriteNotice(skipped(confirmed, declined), override)).toBe(expected);
  });

  it.each([
    [0, 0, 2, false, "2 of these have already checked in — tick Override to change them."],
    [1, 0, 1, false, "1 of these has already confirmed and 1 has checked in — tick Override to change them."],
    [2, 1, 1, false, "2 of these have already confirmed, 1 has declined, and 1 has checked in — tick Override to change them."],
    [0, 0, 1, true, "Override is ticked: this will also change 1 applicant who has checked in."],
    [1, 1, 3, true, "Override is ticked: this will also change 1 applicant who has confirmed, 1 applicant who has declined, and 3 applicants who have checked in."],
  ])("%i confirmed, %i declined, %i checked in, override %s", (confirmed, declined, checkedIn, override, expected) => {
    expect(overwriteNotice(skipped(confirmed, declined, checkedIn), override)).toBe(expected);
  });

  it("ignores other reasons", () => {
    expect(overwriteNotice([{ reason: "Not submitted yet." }], false)).toBeNull();
  });
});

describe("release wording", () => {
  it("lists the decisions that will be emailed, zeros left out", () => {
    const preview = {
      total: 23,
      counts: [
        { status: "accepted", label: "Accepted", count: 10 },
        { status: "waitlisted", label: "Waitlisted", count: 0 },
        { status: "rejected", label: "Rejected", count: 13 },
        { status: "waitlist_accepted", label: "Waitlist accepted", count: 0 },
      ],
    };
    expect(countsList(preview)).toBe("10 Accepted, 13 Rejected");
  });

  it("names the action and its count on the button", () => {
    expect(emailButton("Release", 23)).toBe("Release and email 23 applicants");
    expect(emailButton("Save", 1)).toBe("Save and email 1 applicant");
  });
});
