// What the applicant dashboard shows for each cycle status × application status (spec
// section 4): headline, message, progress tracker, confirmation-details block, links, forms
// and confetti. Pure functions, so the whole matrix is table-tested without rendering.
import { isDraft } from "../../api/applications";
import type { components } from "../../api/schema";
import { formatDate as formatInLanguage, formatNumber, t } from "../../lib/i18n";

type ConfigOutput = components["schemas"]["ConfigOutput"];

/** Whether the cycle asks anything at confirmation. */
export function asksRsvp(sections: { questions: unknown[] }[] | undefined | null): boolean {
  return Boolean(sections?.some((section) => section.questions.length > 0));
}

/** The statuses that hold a ticket. */
export function hasTicket(status: string): boolean {
  return status === "confirmed" || status === "checked_in";
}

export const APPLICATION_STATUSES = [
  "unsubmitted",
  "started",
  "submitted",
  "waitlisted",
  "waitlist_confirmed",
  "accepted",
  "waitlist_accepted",
  "confirmed",
  "rejected",
  "declined",
  "checked_in",
  "expired",
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const CYCLE_STATUSES = [
  "not_open",
  "open",
  "closed",
  "released",
  "confirmation_closed",
  "waitlist_closed",
  "second_confirmation_closed",
] as const;
export type CycleStatus = (typeof CYCLE_STATUSES)[number];

// The cycle's configuration as the server renders it (GET cycle/config and the page props):
// the generated schema's type, not a second declaration of it.
export type CycleConfig = ConfigOutput;

export interface DashboardInput {
  status: ApplicationStatus;
  cycleStatus: CycleStatus;
  travelReimbursement: boolean;
  /** The travel grant standing for the applicant (amount as a decimal string); null or absent
   *  without one, and the reimbursement is then the spec's "up to $100". */
  travelGrant?: TravelGrant | null;
  housingAccommodations: boolean;
  config: CycleConfig;
  /** Today's date in UTC (YYYY-MM-DD), the server's clock for the windows; now by default. */
  today?: string;
  /** When an unanswered offer lapses (ISO, from the server); null or absent without one. */
  offerDeadline?: string | null;
}

export type StepName = "Apply" | "Review" | "Waitlist" | "Confirm" | "Attend";
export interface TrackerStep {
  name: StepName;
  complete: boolean;
}

/** The four travel/housing variants of the confirmation-details block. */
export type ConfirmationVariant = "travel_and_housing" | "travel_only" | "housing_only" | "neither";

export interface TravelGrant {
  amount: string;
  currency: string;
}

export interface ConfirmationDetails {
  variant: ConfirmationVariant;
  /** What travel is reimbursed up to, "350.00 USD" in the page's language; null for the spec's $100. */
  travelAmount: string | null;
  /** The housing form's due date, formatted; shown at 11:59 PM. */
  housingDate: string;
  housingLink: string;
  /** Accepted and waitlist_accepted add the acknowledgement line. */
  acknowledge: boolean;
}

export interface ActionLink {
  /** English; shown through t(). */
  label: string;
  href: "/apply";
}

export interface DashboardView {
  headline: string;
  message: string;
  tracker: TrackerStep[];
  confirmation: ConfirmationDetails | null;
  link: ActionLink | null;
  waitlistForm: boolean;
  attendanceForm: boolean;
  /** "I can't come anymore": a confirmed applicant may give up the spot until the event starts. */
  giveUp: boolean;
  /** The open offer's deadline, shown with a countdown beside the attendance form. */
  deadline: string | null;
  confetti: boolean;
}

// The spec's quoted headlines, in English (tests compare them); shown through t().
export const HEADLINES = {
  notOpen: t.noop("Applications Are Not Open Yet"),
  start: t.noop("Start Your Application Now"),
  continue: t.noop("Continue Your Application Now"),
  submitted: t.noop("Your Application is Submitted!"),
  closedDraft: t.noop("Applications Are Closed"),
  reviewing: t.noop("Your Application is Being Reviewed"),
  thankYou: t.noop("Thank You for Your Application"),
  declined: t.noop("We're Sorry You Can't Make It"),
  confirmed: t.noop("You're All Set!"),
  checkedIn: t.noop("You're Checked In!"),
  waitlisted: t.noop("You Have Been Waitlisted"),
  onWaitlist: t.noop("You are on the Waitlist!"),
  accepted: t.noop("Congratulations, You Have Been Accepted!"),
  passed: t.noop("Unfortunately the Confirmation Date has Passed"),
  expired: t.noop("Your Offer Has Expired"),
};

const LATER_STAGES: readonly CycleStatus[] = [
  "released",
  "confirmation_closed",
  "waitlist_closed",
  "second_confirmation_closed",
];

/** Today's date in UTC, as the server counts the windows: "2025-03-06". */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

const LONG_DAY: Intl.DateTimeFormatOptions = { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" };

/** Dates are shown long in UTC in the page's language, e.g. "May 20, 2024" ("20 de mayo de
 *  2024"): the cycle's dates are UTC days. */
export function formatDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return formatInLanguage(date, LONG_DAY);
}

/** A deadline as the emails say it, in UTC: "May 22, 2024 at 11:59 PM UTC". A deadline at
 * midnight is the end of the day before it, so that minute is shown. */
export function formatDeadline(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const shown =
    date.getUTCHours() === 0 && date.getUTCMinutes() === 0 ? new Date(date.getTime() - 60_000) : date;
  const day = formatInLanguage(shown, LONG_DAY);
  const time = formatInLanguage(shown, { timeZone: "UTC", hour: "numeric", minute: "2-digit" });
  return t("{day} at {time} UTC", { day, time });
}

/** The date an offer must be answered by, in the message: the cycle's date as before when the
 * deadline is its end, else the offer's own moment (N days after it was made). */
export function answerBy(offerDeadline: string | null | undefined, cycleDate: string): string {
  if (!offerDeadline) return formatDate(cycleDate);
  const endOfDate = Date.parse(`${cycleDate}T00:00:00Z`) + 24 * 60 * 60 * 1000;
  return new Date(offerDeadline).getTime() === endOfDate ? formatDate(cycleDate) : formatDeadline(offerDeadline);
}

/** The time left until `deadlineIso`, in the two largest units: "2 days 3 hours left",
 * "5 hours 12 minutes left", "less than a minute left"; "The deadline has passed" after it. */
export function countdown(deadlineIso: string, now: Date = new Date()): string {
  const ms = new Date(deadlineIso).getTime() - now.getTime();
  if (Number.isNaN(ms)) return "";
  if (ms <= 0) return t("The deadline has passed");
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return t("less than a minute left");
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const mins = minutes % 60;
  const dayText = t.plural(days, { one: "{count} day", other: "{count} days" });
  const hourText = t.plural(hours, { one: "{count} hour", other: "{count} hours" });
  const minuteText = t.plural(mins, { one: "{count} minute", other: "{count} minutes" });
  // Whole sentences, so that a language puts the time where it belongs ("quedan 2 días").
  const [first, second] = days > 0 ? [dayText, hours && hourText] : hours > 0 ? [hourText, mins && minuteText] : [minuteText, 0];
  return second ? t("{first} {second} left", { first, second }) : t("{time} left", { time: first });
}

// The status words as the badge shows them ("waitlist_confirmed" → "Waitlist confirmed").
const STATUS_LABELS: Record<string, string> = {
  unsubmitted: t.noop("Unsubmitted"),
  started: t.noop("Started"),
  submitted: t.noop("Submitted"),
  waitlisted: t.noop("Waitlisted"),
  waitlist_confirmed: t.noop("Waitlist confirmed"),
  accepted: t.noop("Accepted"),
  waitlist_accepted: t.noop("Waitlist accepted"),
  confirmed: t.noop("Confirmed"),
  rejected: t.noop("Rejected"),
  declined: t.noop("Declined"),
  checked_in: t.noop("Checked in"),
  expired: t.noop("Expired"),
};

/** "waitlist_confirmed" → "Waitlist confirmed": the status word, capitalised, in the page's
 *  language; a status this list lacks, from its code. */
export function statusLabel(status: string): string {
  const known = STATUS_LABELS[status];
  if (known) return t(known);
  const words = status.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const PASSED = t.noop("The confirmation date has passed, so we are no longer able to hold your spot.");

/** The headline (English, HEADLINES: shown through t()) and the message, in the page's language. */
function headlineAndMessage(input: DashboardInput): [string, string] {
  const { status, cycleStatus: cycle } = input;
  const d = input.config.dates;
  const regret = t(
    "Unfortunately, we are unable to offer you a spot this time. We received many strong applications, and we hope you will apply again next season.",
  );

  if (cycle === "not_open") {
    return [HEADLINES.notOpen, t("Applications are not open yet. Check back here once they open!")];
  }
  if (cycle === "open") {
    if (isDraft(status)) {
      // A saved draft is said to be saved (the form's "Save for later" lands here).
      return status === "unsubmitted"
        ? [HEADLINES.start, t("Applications are due {date}. Launch your application below to get started.", { date: formatDate(d.due) })]
        : [
            HEADLINES.continue,
            t("Your draft is saved. Applications are due {date}: continue your application below and submit it by then.", {
              date: formatDate(d.due),
            }),
          ];
    }
    return [
      HEADLINES.submitted,
      t("Thank you for applying! You can still edit your application until applications close on {date}.", {
        date: formatDate(d.due),
      }),
    ];
  }
  if (isDraft(status)) {
    return [
      HEADLINES.closedDraft,
      t("Applications are closed, so new applications can no longer be submitted. We hope to see you next season!"),
    ];
  }
  if (cycle === "closed") {
    return [
      HEADLINES.reviewing,
      t("Your application has been submitted. Our team is reviewing applications, and your decision will appear here."),
    ];
  }

  // Later stages: released and the closing windows after it.
  switch (status) {
    case "submitted":
    case "rejected":
      return [HEADLINES.thankYou, regret];
    case "declined":
      return [
        HEADLINES.declined,
        t("We're sorry you can no longer attend. Thank you for letting us know, and we hope to see you at a future event."),
      ];
    case "confirmed":
      return [
        HEADLINES.confirmed,
        t("Thank you for confirming your attendance! We'll see you at {place} on {date}.", {
          place: input.config.location,
          date: formatDate(d.start),
        }),
      ];
    case "checked_in":
      return [HEADLINES.checkedIn, t("Welcome to the event at {place}! Have a great time.", { place: input.config.location })];
    case "expired":
      return [
        HEADLINES.expired,
        t(
          "We held a spot for you, but we didn't hear back before the deadline, so the offer has expired. We're sorry we couldn't keep it longer, and we'd love to see you apply again next season.",
        ),
      ];
    case "waitlisted":
      if (cycle !== "second_confirmation_closed" && cycle !== "waitlist_closed") {
        return [
          HEADLINES.waitlisted,
          t("Please fill out the form below by {date} to join the waitlist.", { date: formatDate(d.waitlist_deadline) }),
        ];
      }
      return [HEADLINES.thankYou, regret];
    case "waitlist_confirmed":
      if (cycle !== "second_confirmation_closed") {
        return [
          HEADLINES.onWaitlist,
          t("Thank you for joining the waitlist. We will email you if a spot opens up for you."),
        ];
      }
      return [HEADLINES.thankYou, regret];
    case "waitlist_accepted":
      if (cycle !== "second_confirmation_closed") {
        return [
          HEADLINES.accepted,
          t("A spot has opened up for you! Please confirm your attendance below by {date}.", {
            date: answerBy(input.offerDeadline, d.confirmation_second_deadline),
          }),
        ];
      }
      return [HEADLINES.passed, t(PASSED)];
    case "accepted":
      if (cycle === "released") {
        return [
          HEADLINES.accepted,
          t("We loved your application! Please confirm your attendance below by {date}.", {
            date: answerBy(input.offerDeadline, d.confirmation_first_deadline),
          }),
        ];
      }
      return [HEADLINES.passed, t(PASSED)];
    default:
      return [HEADLINES.thankYou, regret];
  }
}

const STEPS_BY_STATUS: Record<ApplicationStatus, [StepName, boolean][]> = {
  unsubmitted: [["Apply", false], ["Review", false], ["Confirm", false], ["Attend", false]],
  started: [["Apply", false], ["Review", false], ["Confirm", false], ["Attend", false]],
  submitted: [["Apply", true], ["Review", false], ["Confirm", false], ["Attend", false]],
  waitlisted: [["Apply", true], ["Review", true], ["Waitlist", true], ["Confirm", false], ["Attend", false]],
  waitlist_confirmed: [["Apply", true], ["Review", true], ["Waitlist", true], ["Confirm", false], ["Attend", false]],
  accepted: [["Apply", true], ["Review", true], ["Confirm", false], ["Attend", false]],
  waitlist_accepted: [["Apply", true], ["Review", true], ["Confirm", false], ["Attend", false]],
  confirmed: [["Apply", true], ["Review", true], ["Confirm", true], ["Attend", false]],
  rejected: [["Apply", true], ["Review", true]],
  declined: [["Apply", true], ["Review", true], ["Confirm", false]],
  checked_in: [["Apply", true], ["Review", true], ["Confirm", true], ["Attend", true]],
  expired: [["Apply", true], ["Review", true], ["Confirm", false]],
};

/** The progress tracker's steps for a status. */
export function trackerSteps(status: ApplicationStatus): TrackerStep[] {
  return (STEPS_BY_STATUS[status] ?? STEPS_BY_STATUS.unsubmitted).map(([name, complete]) => ({ name, complete }));
}

function showsConfirmation(status: ApplicationStatus, cycle: CycleStatus): boolean {
  if (status === "confirmed" || status === "checked_in") return true;
  if (status === "waitlist_accepted") return LATER_STAGES.includes(cycle);
  if (status === "accepted") return cycle === "released";
  return false;
}

export function confirmationVariant(travel: boolean, housing: boolean): ConfirmationVariant {
  if (travel && housing) return "travel_and_housing";
  if (travel) return "travel_only";
  if (housing) return "housing_only";
  return "neither";
}

/** A grant's "350.00 USD", the amount in the page's language ("350,00 USD"); null without a
 *  grant or with an amount that is not a number. */
export function grantAmount(grant: TravelGrant | null | undefined): string | null {
  const value = Number(grant?.amount);
  if (!grant || !grant.amount.trim() || !Number.isFinite(value)) return null;
  return `${formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${grant.currency}`;
}

export function dashboardView(input: DashboardInput): DashboardView {
  const { status, cycleStatus: cycle } = input;
  const [headline, message] = headlineAndMessage(input);
  const confirmation = showsConfirmation(status, cycle)
    ? {
        variant: confirmationVariant(input.travelReimbursement, input.housingAccommodations),
        travelAmount: input.travelReimbursement ? grantAmount(input.travelGrant) : null,
        housingDate: formatDate(input.config.dates.housing),
        housingLink: input.config.housing_link,
        acknowledge: status === "accepted" || status === "waitlist_accepted",
      }
    : null;
  let link: ActionLink | null = null;
  if (cycle === "open" && status === "submitted") link = { label: t.noop("Edit Application"), href: "/apply" };
  if (cycle === "open" && isDraft(status)) link = { label: t.noop("Launch Application"), href: "/apply" };
  const waitlistForm = status === "waitlisted" && (cycle === "released" || cycle === "confirmation_closed");
  const attendanceForm =
    (status === "accepted" && cycle === "released") ||
    (status === "waitlist_accepted" &&
      (cycle === "released" || cycle === "confirmation_closed" || cycle === "waitlist_closed"));
  // The server refuses from the start date on (UTC): the button goes with it.
  const giveUp = status === "confirmed" && LATER_STAGES.includes(cycle) && (input.today ?? utcToday()) < input.config.dates.start;
  const confetti =
    cycle === "released" && (status === "accepted" || status === "confirmed" || status === "waitlist_accepted");
  return {
    headline,
    message,
    tracker: trackerSteps(status),
    confirmation,
    link,
    waitlistForm,
    attendanceForm,
    giveUp,
    deadline: attendanceForm && input.offerDeadline ? input.offerDeadline : null,
    confetti,
  };
}
