// The decision safeguards on the organizer pages: a decision form says what it would overwrite and asks
// before emailing; a release shows its counts and sends the confirmed number; removing an admin
// asks first; the review page shows the application before the decision, and a saved decision
// marks the review Complete.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  organizerApi,
  type Application,
  type BatchDecisionResult,
  type BatchStatusInput,
  type CycleConfig,
  type ReleasePreview,
} from "../api/organizer";
import { ApiError } from "../lib/api";
import { Administrators } from "../features/people/administrators";
import { BatchUpdate, OVERRIDE_LABEL } from "../features/decisions/batch-update";
import { COUNTS_CHANGED, ConfigForm } from "../features/cycles/config-form";
import { DecisionForm, NEEDS_OVERRIDE } from "../components/application/decision-form";
import { NOT_MARKED, ReviewDetail } from "../features/reviews/review-detail";
import { renderWithQuery } from "../lib/test-utils";

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.restoreAllMocks());

const DECISIONS = [
  { value: "submitted", label: "No Decision" },
  { value: "accepted", label: "Accepted" },
  { value: "rejected", label: "Rejected" },
];
const result = (over: Partial<BatchDecisionResult> = {}): BatchDecisionResult => ({
  approved: [],
  failed: [],
  skipped: [],
  emailed: 0,
  ...over,
});

describe("DecisionForm on an applicant who has answered", () => {
  // Checked in too: the server guards a check-in as it guards an answer (a page without the box
  // could only be refused).
  it.each([
    ["confirmed", "This applicant has confirmed attendance; changing the decision needs Override."],
    ["checked_in", "This applicant has checked in; changing the decision needs Override."],
  ] as const)("%s: says the decision needs Override, refuses without it, and sends override when ticked", async (status, note) => {
    vi.spyOn(organizerApi, "batchStatus").mockResolvedValue(result());
    const decide = vi.spyOn(organizerApi, "decide").mockResolvedValue({
      status: "rejected",
      travel_reimbursement: false,
      housing_accommodations: false,
    });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(
      <DecisionForm
        email="ada@princeton.edu"
        decisions={DECISIONS}
        initial={{ status, travel_reimbursement: false, housing_accommodations: false }}
        onSaved={onSaved}
      />,
    );
    expect(screen.getByText(note)).toBeVisible();
    await user.selectOptions(screen.getByLabelText("Decision"), "rejected");
    await user.click(screen.getByRole("button", { name: "Save Decision" }));
    expect(screen.getByRole("alert")).toHaveTextContent(NEEDS_OVERRIDE);
    expect(decide).not.toHaveBeenCalled();

    await user.click(screen.getByRole("checkbox", { name: "Override: change this applicant's decision" }));
    await user.click(screen.getByRole("button", { name: "Save Decision" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(decide).toHaveBeenCalledWith("ada@princeton.edu", {
      status: "rejected",
      travel_reimbursement: false,
      housing_accommodations: false,
      override: true,
    });
  });

  it("says so for a declined applicant too", () => {
    renderWithQuery(
      <DecisionForm
        email="ada@princeton.edu"
        decisions={DECISIONS}
        initial={{ status: "declined", travel_reimbursement: false, housing_accommodations: false }}
      />,
    );
    expect(screen.getByText(/has declined their offer; changing the decision needs Override/)).toBeVisible();
  });

  it("shows no Override for an applicant who has not answered", () => {
    renderWithQuery(
      <DecisionForm
        email="ada@princeton.edu"
        decisions={DECISIONS}
        initial={{ status: "submitted", travel_reimbursement: false, housing_accommodations: false }}
      />,
    );
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
  });
});

describe("DecisionForm after release", () => {
  it("asks before a decision that emails the applicant, and sends nothing on Cancel", async () => {
    const dryRun = vi.spyOn(organizerApi, "batchStatus").mockResolvedValue(result({ emailed: 1 }));
    const decide = vi.spyOn(organizerApi, "decide").mockResolvedValue({
      status: "accepted",
      travel_reimbursement: false,
      housing_accommodations: false,
    });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(
      <DecisionForm
        email="ada@princeton.edu"
        decisions={DECISIONS}
        initial={{ status: "submitted", travel_reimbursement: false, housing_accommodations: false }}
        onSaved={onSaved}
      />,
    );
    await user.selectOptions(screen.getByLabelText("Decision"), "accepted");
    await user.click(screen.getByRole("button", { name: "Save Decision" }));
    expect(dryRun).toHaveBeenCalledWith({ emails: ["ada@princeton.edu"], status: "accepted", override: false, dry_run: true });
    const dialog = await screen.findByRole("alertdialog", { name: "Email this applicant now?" });
    expect(dialog).toHaveTextContent("sends ada@princeton.edu the “Accepted” email at once");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(decide).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Save Decision" }));
    await user.click(await screen.findByRole("button", { name: "Save and email 1 applicant" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(decide).toHaveBeenCalledTimes(1);
  });

  it("does not ask when only travel or housing changes", async () => {
    const dryRun = vi.spyOn(organizerApi, "batchStatus");
    vi.spyOn(organizerApi, "decide").mockResolvedValue({
      status: "accepted",
      travel_reimbursement: true,
      housing_accommodations: false,
    });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(
      <DecisionForm
        email="ada@princeton.edu"
        decisions={DECISIONS}
        initial={{ status: "accepted", travel_reimbursement: false, housing_accommodations: false }}
        onSaved={onSaved}
      />,
    );
    await user.selectOptions(screen.getByLabelText("Travel Reimbursement"), "yes");
    await user.click(screen.getByRole("button", { name: "Save Decision" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(dryRun).not.toHaveBeenCalled();
  });
});

describe("BatchUpdate", () => {
  const statuses = [
    { value: "accepted", label: "Accepted" },
    { value: "rejected", label: "Rejected" },
  ];
  const skipped = [
    { email: "c1@princeton.edu", reason: "already confirmed" },
    { email: "c2@princeton.edu", reason: "already confirmed" },
    { email: "c3@princeton.edu", reason: "already confirmed" },
  ];

  it("says how many have already confirmed before sending, and lists them as Skipped after", async () => {
    const batch = vi
      .spyOn(organizerApi, "batchStatus")
      .mockImplementation(async (body: BatchStatusInput) =>
        body.override ? result({ approved: ["a@princeton.edu", ...skipped.map((s) => s.email)] }) : result({ approved: ["a@princeton.edu"], skipped }),
      );
    const user = userEvent.setup();
    renderWithQuery(<BatchUpdate statuses={statuses} defaultStatus="accepted" />);
    await user.type(screen.getByLabelText("Emails"), "a@princeton.edu c1@princeton.edu c2@princeton.edu c3@princeton.edu");
    expect(await screen.findByText("3 of these have already confirmed — tick Override to change them.")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    const skippedList = await screen.findByRole("list", { name: "Skipped" });
    expect(within(skippedList).getAllByRole("listitem")).toHaveLength(3);
    expect(skippedList).toHaveTextContent("already confirmed");

    await user.click(screen.getByRole("checkbox", { name: OVERRIDE_LABEL }));
    await user.type(screen.getByLabelText("Emails"), " ");
    expect(await screen.findByText("Override is ticked: this will also change 3 applicants who have confirmed.")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    // Override asks once more, with the number it changes.
    const dialog = await screen.findByRole("alertdialog", { name: "Overwrite applicants' answers?" });
    expect(dialog).toHaveTextContent("This sets 3 applicants to “Accepted”, overwriting 3 confirmations of attendance.");
    await user.click(within(dialog).getByRole("button", { name: "Override and set 3 applicants to Accepted" }));
    await waitFor(() => expect(within(screen.getByRole("list", { name: "Accepted" })).getAllByRole("listitem")).toHaveLength(4));
    const decided = batch.mock.calls.filter(([body]) => !body.dry_run).map(([body]) => body.override);
    expect(decided).toEqual([false, true]);
  });

  it("with Override ticked, Cancel in its question changes nobody", async () => {
    const batch = vi
      .spyOn(organizerApi, "batchStatus")
      .mockImplementation(async (body: BatchStatusInput) =>
        body.override ? result({ approved: ["a@princeton.edu", ...skipped.map((s) => s.email)] }) : result({ approved: ["a@princeton.edu"], skipped }),
      );
    const user = userEvent.setup();
    renderWithQuery(<BatchUpdate statuses={statuses} defaultStatus="accepted" />);
    await user.type(screen.getByLabelText("Emails"), "a@princeton.edu c1@princeton.edu c2@princeton.edu c3@princeton.edu");
    await user.click(screen.getByRole("checkbox", { name: OVERRIDE_LABEL }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Overwrite applicants' answers?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(batch.mock.calls.filter(([body]) => !body.dry_run)).toEqual([]);
  });

  it("with Override ticked but nobody in the list who answered, sends at once", async () => {
    const batch = vi.spyOn(organizerApi, "batchStatus").mockImplementation(async () => result({ approved: ["a@princeton.edu"] }));
    const user = userEvent.setup();
    renderWithQuery(<BatchUpdate statuses={statuses} defaultStatus="accepted" />);
    await user.type(screen.getByLabelText("Emails"), "a@princeton.edu");
    await user.click(screen.getByRole("checkbox", { name: OVERRIDE_LABEL }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByRole("list", { name: "Accepted" });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(batch.mock.calls.filter(([body]) => !body.dry_run)).toHaveLength(1);
  });

  it("after release, asks with the number of emails before deciding", async () => {
    const batch = vi
      .spyOn(organizerApi, "batchStatus")
      .mockImplementation(async () =>
        result({ approved: ["a@princeton.edu", "b@princeton.edu"], emailed: 2 }),
      );
    const user = userEvent.setup();
    renderWithQuery(<BatchUpdate statuses={statuses} defaultStatus="accepted" />);
    await user.type(screen.getByLabelText("Emails"), "a@princeton.edu b@princeton.edu");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Email these applicants now?" });
    expect(dialog).toHaveTextContent("sends 2 applicants the “Accepted” email at once");
    expect(batch.mock.calls.filter(([body]) => !body.dry_run)).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Decide and email 2 applicants" }));
    expect(await screen.findByText("2 decision emails queued.")).toBeVisible();
    expect(batch.mock.calls.filter(([body]) => !body.dry_run)).toHaveLength(1);
  });
});

const CONFIG: CycleConfig = {
  dates: {
    start: "2026-10-10",
    end: "2026-10-11",
    housing: "2026-10-01",
    confirmation_first_deadline: "2026-09-20",
    confirmation_second_deadline: "2026-09-30",
    due: "2026-09-01",
    waitlist_deadline: "2026-09-25",
  },
  status: "closed",
  location: "Princeton, NJ",
  housing_link: "https://forms.example.org/housing",
  retention_date: null,
};
const STATUSES = ["closed", "released"].map((value) => ({ value, label: value }));
const SEASONS = [{ value: "fall", label: "Fall" }];
const preview = (accepted: number, rejected: number): ReleasePreview => ({
  total: accepted + rejected,
  counts: [
    { status: "accepted", label: "Accepted", count: accepted },
    { status: "waitlisted", label: "Waitlisted", count: 0 },
    { status: "rejected", label: "Rejected", count: rejected },
    { status: "waitlist_accepted", label: "Waitlist accepted", count: 0 },
  ],
});

describe("ConfigForm release", () => {
  function renderForm() {
    renderWithQuery(<ConfigForm config={CONFIG} current={{ year: 2026, cycle: "fall" }} statuses={STATUSES} seasons={SEASONS} />);
  }

  it("shows how many of each decision will be emailed and sends the confirmed number", async () => {
    vi.spyOn(organizerApi, "releasePreview").mockResolvedValue(preview(10, 13));
    const save = vi.spyOn(organizerApi, "saveConfig").mockResolvedValue({ ...CONFIG, status: "released", message: "ok" });
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(screen.getByLabelText("Hackathon status"), "released");
    await user.click(screen.getByRole("button", { name: "Save Configuration" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Release decisions and email applicants?" });
    expect(dialog).toHaveTextContent("emails 23 applicants their decision at once");
    const perDecision = within(dialog).getByRole("list", { name: "Emails per decision" });
    expect(within(perDecision).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Accepted: 10",
      "Waitlisted: 0",
      "Rejected: 13",
      "Waitlist accepted: 0",
    ]);
    expect(save).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Release and email 23 applicants" }));
    expect(await screen.findByText("Configuration updated successfully")).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith({ ...CONFIG, status: "released", confirm_emails: 23 });
  });

  it("Escape cancels: nothing is saved", async () => {
    vi.spyOn(organizerApi, "releasePreview").mockResolvedValue(preview(1, 0));
    const save = vi.spyOn(organizerApi, "saveConfig");
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(screen.getByLabelText("Hackathon status"), "released");
    await user.click(screen.getByRole("button", { name: "Save Configuration" }));
    await screen.findByRole("alertdialog");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    // The field shows the status as stored again, not the release that was not made.
    expect(screen.getByLabelText("Hackathon status")).toHaveValue("closed");
  });

  it("when the count changed meanwhile, shows the new counts and asks again", async () => {
    vi.spyOn(organizerApi, "releasePreview").mockResolvedValueOnce(preview(2, 0)).mockResolvedValueOnce(preview(3, 0));
    const save = vi
      .spyOn(organizerApi, "saveConfig")
      .mockRejectedValueOnce(new ApiError(409, { message: "Releasing now emails 3", errors: { confirm_emails: ["3"] } }))
      .mockResolvedValueOnce({ ...CONFIG, status: "released", message: "ok" });
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(screen.getByLabelText("Hackathon status"), "released");
    await user.click(screen.getByRole("button", { name: "Save Configuration" }));
    await user.click(await screen.findByRole("button", { name: "Release and email 2 applicants" }));
    expect(await screen.findByText(COUNTS_CHANGED)).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Release and email 3 applicants" }));
    expect(await screen.findByText("Configuration updated successfully")).toBeInTheDocument();
    expect(save.mock.calls.map(([body]) => body.confirm_emails)).toEqual([2, 3]);
  });

  it("other statuses save without asking", async () => {
    const ask = vi.spyOn(organizerApi, "releasePreview");
    vi.spyOn(organizerApi, "saveConfig").mockResolvedValue({ ...CONFIG, message: "ok" });
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole("button", { name: "Save Configuration" }));
    expect(await screen.findByText("Configuration updated successfully")).toBeInTheDocument();
    expect(ask).not.toHaveBeenCalled();
  });
});

describe("ConfigForm un-release", () => {
  const RELEASED = { ...CONFIG, status: "released" as const };
  const hidden = (total: number, answered = 0) => ({ ...preview(total, 0), answered });
  function renderReleased() {
    renderWithQuery(<ConfigForm config={RELEASED} current={{ year: 2026, cycle: "fall" }} statuses={STATUSES} seasons={SEASONS} />);
  }

  it("shows how many decisions disappear and sends the confirmed number", async () => {
    vi.spyOn(organizerApi, "unreleasePreview").mockResolvedValue(hidden(4));
    const save = vi.spyOn(organizerApi, "saveConfig").mockResolvedValue({ ...CONFIG, status: "closed", message: "ok" });
    const user = userEvent.setup();
    renderReleased();
    await user.selectOptions(screen.getByLabelText("Hackathon status"), "closed");
    await user.click(screen.getByRole("button", { name: "Save Configuration" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Withdraw the released decisions?" });
    expect(dialog).toHaveTextContent("takes 4 applicants' decisions off their dashboards");
    expect(within(dialog).getByRole("list", { name: "Decisions hidden per decision" })).toHaveTextContent("Accepted: 4");
    expect(save).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Hide 4 decisions" }));
    expect(await screen.findByText("Configuration updated successfully")).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith({ ...CONFIG, status: "closed", confirm_unrelease: 4 });
  });

  it("keeping them released saves nothing", async () => {
    vi.spyOn(organizerApi, "unreleasePreview").mockResolvedValue(hidden(2));
    const save = vi.spyOn(organizerApi, "saveConfig");
    const user = userEvent.setup();
    renderReleased();
    await user.selectOptions(screen.getByLabelText("Hackathon status"), "closed");
    await user.click(screen.getByRole("button", { name: "Save Configuration" }));
    await user.click(await screen.findByRole("button", { name: "Keep them released" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Hackathon status")).toHaveValue("released");
  });

  it("once someone answered, shows the server's refusal instead of a dialog", async () => {
    const refusal =
      "1 applicant has already answered an offer or checked in, so the decisions can no longer be withdrawn: the cycle stays released.";
    vi.spyOn(organizerApi, "unreleasePreview").mockResolvedValue(hidden(3, 1));
    vi.spyOn(organizerApi, "saveConfig").mockRejectedValue(new ApiError(409, { message: refusal, errors: { status: [refusal] } }));
    const user = userEvent.setup();
    renderReleased();
    await user.selectOptions(screen.getByLabelText("Hackathon status"), "closed");
    await user.click(screen.getByRole("button", { name: "Save Configuration" }));
    expect(await screen.findByText(refusal, { selector: ".alert *, .alert" })).toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(screen.queryByText("Configuration updated successfully")).not.toBeInTheDocument();
    // Nothing was saved: the field shows the status as stored, not the one refused, and the
    // reason stays under it.
    expect(screen.getByLabelText("Hackathon status")).toHaveValue("released");
    expect(screen.getByLabelText("Hackathon status")).toHaveAccessibleDescription(new RegExp(refusal.slice(0, 40)));
  });

  it("a save between statuses after release asks nothing", async () => {
    const ask = vi.spyOn(organizerApi, "unreleasePreview");
    const askRelease = vi.spyOn(organizerApi, "releasePreview");
    vi.spyOn(organizerApi, "saveConfig").mockResolvedValue({ ...RELEASED, message: "ok" });
    const user = userEvent.setup();
    renderWithQuery(
      <ConfigForm
        config={{ ...CONFIG, status: "confirmation_closed" }}
        current={{ year: 2026, cycle: "fall" }}
        statuses={[...STATUSES, { value: "confirmation_closed", label: "confirmation_closed" }]}
        seasons={SEASONS}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Save Configuration" }));
    expect(await screen.findByText("Configuration updated successfully")).toBeInTheDocument();
    expect(ask).not.toHaveBeenCalled();
    expect(askRelease).not.toHaveBeenCalled();
  });
});

describe("ConfigForm dates in order", () => {
  it("shows the server's date error at its field and clears it when the field changes", async () => {
    vi.spyOn(organizerApi, "saveConfig").mockRejectedValue(
      new ApiError(400, {
        message: "The dates are out of order.",
        errors: { "dates.waitlist_deadline": ["Must be on or before the event's end (October 11, 2026)."] },
      }),
    );
    const user = userEvent.setup();
    renderWithQuery(<ConfigForm config={CONFIG} current={{ year: 2026, cycle: "fall" }} statuses={STATUSES} seasons={SEASONS} />);
    await user.click(screen.getByRole("button", { name: "Save Configuration" }));
    const field = screen.getByLabelText("Waitlist deadline");
    expect(await screen.findByText("Must be on or before the event's end (October 11, 2026).")).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");
    // The focus goes to the field in error, not left on the button far below it.
    await waitFor(() => expect(field).toHaveFocus());
    await user.clear(field);
    await user.type(field, "2026-10-01");
    expect(screen.queryByText("Must be on or before the event's end (October 11, 2026).")).not.toBeInTheDocument();
  });

  it("catches dates out of order before asking the server", async () => {
    const save = vi.spyOn(organizerApi, "saveConfig");
    const user = userEvent.setup();
    renderWithQuery(
      <ConfigForm
        config={{ ...CONFIG, dates: { ...CONFIG.dates, end: "2026-10-09" } }}
        current={{ year: 2026, cycle: "fall" }}
        statuses={STATUSES}
        seasons={SEASONS}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Save Configuration" }));
    expect(await screen.findByText("Must be on or after the event's start (October 10, 2026).")).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByLabelText("Event end")).toHaveFocus());
  });
});

describe("Administrators", () => {
  it("asks before removing an admin, and Cancel keeps them", async () => {
    const demote = vi.spyOn(organizerApi, "demote").mockResolvedValue({ email: "ada@princeton.edu", role: "user" });
    vi.spyOn(organizerApi, "admins").mockResolvedValue(["grace@princeton.edu"]);
    const user = userEvent.setup();
    renderWithQuery(<Administrators admins={["ada@princeton.edu", "grace@princeton.edu"]} me="grace@princeton.edu" />);
    const remove = screen.getByRole("button", { name: "Remove Email ada@princeton.edu" });
    await user.click(remove);
    const dialog = screen.getByRole("alertdialog", { name: "Remove this admin?" });
    expect(dialog).toHaveTextContent("ada@princeton.edu will no longer be able to open applications");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(demote).not.toHaveBeenCalled();
    expect(remove).toHaveFocus();
    await user.click(remove);
    await user.click(screen.getByRole("button", { name: "Remove admin" }));
    expect(demote).toHaveBeenCalledWith("ada@princeton.edu");
    expect(await screen.findByText("ada@princeton.edu is no longer an admin.")).toBeVisible();
  });
});

describe("ReviewDetail", () => {
  const APPLICATION: Application = {
    first: "Ada",
    last: "Lovelace",
    school: "Princeton University",
    sections: [{ section_name: "About you", answers: [{ question_id: "why", answer: "To build things." }] }],
    checkboxes: [true, true, false],
    teamcode: null,
    team_choice: null,
    status: "submitted",
    email: "ada@princeton.edu",
    travel_reimbursement: false,
    housing_accommodations: false,
  };
  const SECTIONS = [
    {
      section_name: "About you",
      conditional_on: null,
      questions: [{ question_id: "why", question_text: "Why?", question_type: "long_answer" as const, options: [] }],
    },
  ];

  function renderReview(onDecided = vi.fn()) {
    renderWithQuery(
      <ReviewDetail
        reviewer="grace@princeton.edu"
        index={0}
        reviewStatuses={[
          { value: "to_review", label: "To Review" },
          { value: "complete", label: "Complete" },
        ]}
        decisions={DECISIONS}
        item={{ email: "ada@princeton.edu", status: "to_review" }}
        application={APPLICATION}
        sections={SECTIONS}
        onDecided={onDecided}
      />,
    );
    return onDecided;
  }

  it("shows the application before the decision form", () => {
    renderReview();
    const answers = screen.getByRole("heading", { name: "Application details" });
    const decision = screen.getByRole("heading", { name: "Record a decision" });
    expect(answers.compareDocumentPosition(decision) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("marks the review Complete when a decision is saved", async () => {
    vi.spyOn(organizerApi, "batchStatus").mockResolvedValue(result());
    vi.spyOn(organizerApi, "decide").mockResolvedValue({ status: "accepted", travel_reimbursement: false, housing_accommodations: false });
    const mark = vi.spyOn(organizerApi, "changeReviewStatus").mockResolvedValue({ email: "ada@princeton.edu", status: "complete" });
    const user = userEvent.setup();
    const onDecided = renderReview();
    await user.selectOptions(screen.getByLabelText("Accept / Reject Hacker"), "accepted");
    await user.click(screen.getByRole("button", { name: "Save Decision" }));
    await waitFor(() => expect(onDecided).toHaveBeenCalled());
    expect(mark).toHaveBeenCalledWith("grace@princeton.edu", "ada@princeton.edu", "complete");
  });

  it("says so when the decision is saved but the review could not be marked", async () => {
    vi.spyOn(organizerApi, "batchStatus").mockResolvedValue(result());
    vi.spyOn(organizerApi, "decide").mockResolvedValue({ status: "accepted", travel_reimbursement: false, housing_accommodations: false });
    vi.spyOn(organizerApi, "changeReviewStatus").mockRejectedValue(new ApiError(404, { message: "No such assignment." }));
    const user = userEvent.setup();
    const onDecided = renderReview();
    await user.selectOptions(screen.getByLabelText("Accept / Reject Hacker"), "accepted");
    await user.click(screen.getByRole("button", { name: "Save Decision" }));
    expect(await screen.findByText(NOT_MARKED)).toBeVisible();
    expect(onDecided).not.toHaveBeenCalled();
  });
});
