// The dashboard matrix, written out cell by cell: every cycle status ×
// application status, its headline, message, tracker, confirmation block and forms.
import { describe, expect, it } from "vitest";
import {
  APPLICATION_STATUSES,
  CYCLE_STATUSES,
  HEADLINES,
  countdown,
  dashboardView,
  grantAmount,
  formatDeadline,
  formatDate,
  statusLabel,
  utcToday,
  type ApplicationStatus,
  type CycleStatus,
} from "./state";
import { SAMPLE_CONFIG } from "./sample-config";

const config = SAMPLE_CONFIG;

// Headline codes, one letter per cell.
const H: Record<string, string> = {
  N: HEADLINES.notOpen,
  S: "Start Your Application Now",
  C: "Continue Your Application Now",
  U: "Your Application is Submitted!",
  X: "Applications Are Closed",
  R: "Your Application is Being Reviewed",
  T: "Thank You for Your Application",
  D: HEADLINES.declined,
  A: "You're All Set!",
  W: "You Have Been Waitlisted",
  L: "You are on the Waitlist!",
  G: "Congratulations, You Have Been Accepted!",
  P: "Unfortunately the Confirmation Date has Passed",
  I: "You're Checked In!",
  E: HEADLINES.expired,
};

// What each message must say (the spec quotes none of them; these are its required contents).
const M: Record<string, string[]> = {
  N: ["not open yet"],
  S: ["due January 15, 2025", "Launch your application"],
  C: ["Your draft is saved", "due January 15, 2025", "continue your application"],
  U: ["still edit"],
  X: ["Applications are closed"],
  R: ["has been submitted"],
  T: ["unable to offer you a spot"],
  D: ["sorry you can no longer attend"],
  A: ["Thank you for confirming", "Friend Center, Princeton, NJ", "March 7, 2025"],
  W: ["February 10, 2025", "join the waitlist"],
  L: ["Thank you for joining the waitlist"],
  P: ["confirmation date has passed"],
  I: ["Welcome to the event", "Friend Center, Princeton, NJ"],
  E: ["didn't hear back before the deadline", "apply again"],
};

// Columns: unsubmitted started submitted waitlisted waitlist_confirmed accepted waitlist_accepted confirmed rejected declined checked_in expired
const HEADLINE_TABLE: Record<CycleStatus, string> = {
  not_open: "N N N N N N N N N N N N",
  open: "S C U U U U U U U U U U",
  closed: "X X R R R R R R R R R R",
  released: "X X T W L G G A T D I E",
  confirmation_closed: "X X T W L P G A T D I E",
  waitlist_closed: "X X T T L P G A T D I E",
  second_confirmation_closed: "X X T T T P P A T D I E",
};

const TRACKERS: Record<ApplicationStatus, string> = {
  unsubmitted: "Apply Review Confirm Attend",
  started: "Apply Review Confirm Attend",
  submitted: "Apply✓ Review Confirm Attend",
  waitlisted: "Apply✓ Review✓ Waitlist✓ Confirm Attend",
  waitlist_confirmed: "Apply✓ Review✓ Waitlist✓ Confirm Attend",
  accepted: "Apply✓ Review✓ Confirm Attend",
  waitlist_accepted: "Apply✓ Review✓ Confirm Attend",
  confirmed: "Apply✓ Review✓ Confirm✓ Attend",
  rejected: "Apply✓ Review✓",
  declined: "Apply✓ Review✓ Confirm",
  // The check-in completes the last step.
  checked_in: "Apply✓ Review✓ Confirm✓ Attend✓",
  // An offer not answered in time: the confirmation never came.
  expired: "Apply✓ Review✓ Confirm",
};

// Cells (status@cycle) where each part shows; everything else must not show it.
const CONFIRMATION_CELLS = [
  ...CYCLE_STATUSES.map((c) => `confirmed@${c}`),
  ...CYCLE_STATUSES.map((c) => `checked_in@${c}`),
  "waitlist_accepted@released",
  "waitlist_accepted@confirmation_closed",
  "waitlist_accepted@waitlist_closed",
  "waitlist_accepted@second_confirmation_closed",
  "accepted@released",
];
const WAITLIST_FORM_CELLS = ["waitlisted@released", "waitlisted@confirmation_closed"];
const ATTENDANCE_FORM_CELLS = [
  "accepted@released",
  "waitlist_accepted@released",
  "waitlist_accepted@confirmation_closed",
  "waitlist_accepted@waitlist_closed",
];
// Before the event's start (the matrix's "today" is the day before it): giving up the spot.
const GIVE_UP_CELLS = [
  "confirmed@released",
  "confirmed@confirmation_closed",
  "confirmed@waitlist_closed",
  "confirmed@second_confirmation_closed",
];
const LAUNCH_CELLS = ["unsubmitted@open", "started@open"];
const EDIT_CELLS = ["submitted@open"];
const CONFETTI_CELLS = ["accepted@released", "confirmed@released", "waitlist_accepted@released"];

const cells = CYCLE_STATUSES.flatMap((cycle) =>
  APPLICATION_STATUSES.map((status, column) => ({
    cycle,
    status,
    code: HEADLINE_TABLE[cycle].split(" ")[column],
  })),
);

describe("dashboard matrix", () => {
  it("covers all 84 cells", () => {
    expect(cells).toHaveLength(84);
  });

  it.each(cells)("$status while the cycle is $cycle", ({ cycle, status, code }) => {
    const key = `${status}@${cycle}`;
    for (const [travel, housing, variant] of [
      [true, true, "travel_and_housing"],
      [true, false, "travel_only"],
      [false, true, "housing_only"],
      [false, false, "neither"],
    ] as const) {
      const view = dashboardView({
        status,
        cycleStatus: cycle,
        travelReimbursement: travel,
        housingAccommodations: housing,
        config,
        today: "2025-03-06",
      });
      expect(view.headline).toBe(H[code]);
      const expectedMessage =
        code === "G"
          ? [status === "accepted" ? "February 1, 2025" : "February 20, 2025", "confirm your attendance"]
          : M[code];
      for (const fragment of expectedMessage) expect(view.message).toContain(fragment);

      const tracker = view.tracker.map((s) => `${s.name}${s.complete ? "✓" : ""}`).join(" ");
      expect(tracker).toBe(TRACKERS[status]);

      if (CONFIRMATION_CELLS.includes(key)) {
        expect(view.confirmation).toEqual({
          variant,
          travelAmount: null,
          housingDate: "February 14, 2025",
          housingLink: "https://forms.example.org/housing",
          acknowledge: status === "accepted" || status === "waitlist_accepted",
        });
      } else {
        expect(view.confirmation).toBeNull();
      }
      expect(view.waitlistForm).toBe(WAITLIST_FORM_CELLS.includes(key));
      expect(view.attendanceForm).toBe(ATTENDANCE_FORM_CELLS.includes(key));
      expect(view.giveUp).toBe(GIVE_UP_CELLS.includes(key));
      expect(view.link).toEqual(
        LAUNCH_CELLS.includes(key)
          ? { label: "Launch Application", href: "/apply" }
          : EDIT_CELLS.includes(key)
            ? { label: "Edit Application", href: "/apply" }
            : null,
      );
      expect(view.confetti).toBe(CONFETTI_CELLS.includes(key));
    }
  });
});

describe("giving up a confirmed spot", () => {
  const view = (today: string, status: ApplicationStatus = "confirmed", cycleStatus: CycleStatus = "released") =>
    dashboardView({ status, cycleStatus, travelReimbursement: false, housingAccommodations: false, config, today });

  it.each([
    ["2025-02-01", true, "weeks before the start"],
    ["2025-03-06", true, "the day before the start"],
    ["2025-03-07", false, "the start date: the server refuses from then on"],
    ["2025-03-09", false, "during the event"],
  ])("on %s: %s (%s)", (today, shown) => {
    expect(view(today).giveUp).toBe(shown);
  });

  it("is not offered once checked in, declined, or before release", () => {
    expect(view("2025-02-01", "checked_in").giveUp).toBe(false);
    expect(view("2025-02-01", "declined").giveUp).toBe(false);
    expect(view("2025-02-01", "confirmed", "closed").giveUp).toBe(false);
  });

  it("counts days in UTC, like the server", () => {
    expect(utcToday(new Date("2025-03-06T23:30:00-05:00"))).toBe("2025-03-07");
  });
});

describe("an offer's deadline", () => {
  const base = {
    cycleStatus: "released" as const,
    travelReimbursement: false,
    housingAccommodations: false,
    config,
    today: "2025-01-20",
  };

  it("replaces the cycle's date in the message and shows beside the attendance form", () => {
    const view = dashboardView({ ...base, status: "accepted", offerDeadline: "2025-01-25T14:30:00+00:00" });
    expect(view.message).toContain("by January 25, 2025 at 2:30 PM UTC");
    expect(view.deadline).toBe("2025-01-25T14:30:00+00:00");
  });

  it("keeps the cycle's date in the message when the deadline is its end", () => {
    const view = dashboardView({ ...base, status: "accepted", offerDeadline: "2025-02-02T00:00:00+00:00" });
    expect(view.message).toContain("by February 1, 2025.");
    expect(view.deadline).toBe("2025-02-02T00:00:00+00:00");
  });

  it("is not shown without an open offer", () => {
    const view = dashboardView({ ...base, status: "confirmed", offerDeadline: "2025-01-25T14:30:00+00:00" });
    expect(view.deadline).toBeNull();
    expect(dashboardView({ ...base, status: "accepted" }).deadline).toBeNull();
  });

  it.each([
    ["2025-01-23T00:00:00Z", "2 days 1 hour left"],
    ["2025-01-21T01:00:00Z", "2 hours left"],
    ["2025-01-20T23:30:00Z", "30 minutes left"],
    ["2025-01-20T23:00:30Z", "less than a minute left"],
    ["2025-01-20T23:00:00Z", "The deadline has passed"],
    ["2025-01-22T23:00:00Z", "2 days left"],
    ["2025-01-21T00:01:00Z", "1 hour 1 minute left"],
  ])("counts down to %s as '%s'", (deadline, text) => {
    expect(countdown(deadline, new Date("2025-01-20T23:00:00Z"))).toBe(text);
  });

  it.each([
    ["2025-02-02T00:00:00+00:00", "February 1, 2025 at 11:59 PM UTC"],
    ["2025-01-25T09:05:00Z", "January 25, 2025 at 9:05 AM UTC"],
  ])("formats %s as '%s'", (iso, text) => {
    expect(formatDeadline(iso)).toBe(text);
  });
});

describe("the travel grant's amount", () => {
  it.each([
    [{ amount: "350.00", currency: "USD" }, "350.00 USD"],
    [{ amount: "1250.5", currency: "EUR" }, "1,250.50 EUR"],
    [{ amount: "", currency: "USD" }, null],
    [{ amount: "lots", currency: "USD" }, null],
    [null, null],
    [undefined, null],
  ])("%j reads %j", (grant, expected) => {
    expect(grantAmount(grant)).toBe(expected);
  });

  it("is the confirmation's travel amount only where travel is offered", () => {
    const base = { status: "accepted", cycleStatus: "released", housingAccommodations: false, config: SAMPLE_CONFIG } as const;
    const grant = { amount: "80.00", currency: "USD" };
    expect(dashboardView({ ...base, travelReimbursement: true, travelGrant: grant }).confirmation?.travelAmount).toBe("80.00 USD");
    expect(dashboardView({ ...base, travelReimbursement: false, travelGrant: grant }).confirmation?.travelAmount).toBeNull();
    expect(dashboardView({ ...base, travelReimbursement: true }).confirmation?.travelAmount).toBeNull();
  });
});

describe("formatDate", () => {
  it.each([
    ["2024-05-20", "May 20, 2024"],
    ["2025-01-01", "January 1, 2025"],
    ["2025-12-31", "December 31, 2025"],
  ])("shows %s as %s in UTC", (iso, shown) => {
    expect(formatDate(iso)).toBe(shown);
  });

  it("leaves an unreadable date as it is rather than showing 'Invalid Date'", () => {
    expect(formatDate("soon")).toBe("soon");
  });
});

describe("statusLabel", () => {
  it.each([
    ["accepted", "Accepted"],
    ["waitlist_confirmed", "Waitlist confirmed"],
    ["unsubmitted", "Unsubmitted"],
    ["checked_in", "Checked in"],
  ])("capitalises %s", (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });
});
