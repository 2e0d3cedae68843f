import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { organizerApi, type Application, type CycleConfig, type QuestionSection } from "../api/organizer";
import { ApiError } from "../lib/api";
import { Administrators, PROMOTE_FAILED } from "../features/people/administrators";
import { ApplicationEditor } from "../features/applications/application-editor";
import { AssignApplications } from "../features/reviews/assign-applications";
import { BatchUpdate, RELEASE_NOTE } from "../features/decisions/batch-update";
import { ConfigForm, isDate, isUrl, validateConfig } from "../features/cycles/config-form";
import { DecisionForm } from "../components/application/decision-form";
import { Whitelist } from "../features/people/whitelist";
import { renderWithQuery } from "../lib/test-utils";

// The machine running the suite is shared; user-event journeys can take a few seconds there.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.restoreAllMocks());

const DECISIONS = [
  { value: "submitted", label: "No Decision" },
  { value: "accepted", label: "Accepted" },
  { value: "waitlisted", label: "Waitlisted" },
  { value: "rejected", label: "Rejected" },
  { value: "waitlist_accepted", label: "Waitlist accepted" },
];

describe("DecisionForm", () => {
  it("offers the five decisions with 'No Decision' and sends status, travel and housing, then reloads", async () => {
    // The dry run that asks "would this email the applicant?" (not before release).
    vi.spyOn(organizerApi, "batchStatus").mockResolvedValue({ approved: [], failed: [], skipped: [], emailed: 0 });
    const decide = vi.spyOn(organizerApi, "decide")
      .mockResolvedValue({ status: "accepted", travel_reimbursement: true, housing_accommodations: false });
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
    const select = screen.getByLabelText("Decision");
    expect(within(select).getAllByRole("option").map((o) => o.textContent)).toEqual([
      "No Decision",
      "Accepted",
      "Waitlisted",
      "Rejected",
      "Waitlist accepted",
    ]);
    expect(screen.getByLabelText("Travel Reimbursement")).toHaveValue("no");
    await user.selectOptions(select, "accepted");
    await user.selectOptions(screen.getByLabelText("Travel Reimbursement"), "yes");
    await user.click(screen.getByRole("button", { name: "Save Decision" }));
    expect(decide).toHaveBeenCalledWith("ada@princeton.edu", {
      status: "accepted",
      travel_reimbursement: true,
      housing_accommodations: false,
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it("offers travel reimbursement with an offer of a place only, and says why", async () => {
    const decide = vi.spyOn(organizerApi, "decide").mockResolvedValue({
      status: "rejected",
      travel_reimbursement: false,
      housing_accommodations: false,
    });
    vi.spyOn(organizerApi, "batchStatus").mockResolvedValue({ approved: [], failed: [], skipped: [], emailed: 0 });
    const user = userEvent.setup();
    renderWithQuery(
      <DecisionForm
        email="ada@princeton.edu"
        decisions={DECISIONS}
        initial={{ status: "accepted", travel_reimbursement: true, housing_accommodations: false }}
        onSaved={vi.fn()}
      />,
    );
    const travel = screen.getByLabelText("Travel Reimbursement");
    expect(travel).toBeEnabled();
    expect(travel).toHaveValue("yes");
    expect(travel).toHaveAccessibleDescription(/grants travel support from the budget/);
    await user.selectOptions(screen.getByLabelText("Decision"), "rejected");
    expect(travel).toBeDisabled();
    expect(travel).toHaveValue("no");
    expect(travel).toHaveAccessibleDescription("Only with an offer of a place: Accepted or Waitlist accepted.");
    await user.click(screen.getByRole("button", { name: "Save Decision" }));
    await waitFor(() =>
      expect(decide).toHaveBeenCalledWith("ada@princeton.edu", {
        status: "rejected",
        travel_reimbursement: false,
        housing_accommodations: false,
      }),
    );
    // Back to an offer, the answer given before is there again.
    await user.selectOptions(screen.getByLabelText("Decision"), "waitlist_accepted");
    expect(travel).toHaveValue("yes");
  });

  it("shows the server's refusal and does not reload", async () => {
    vi.spyOn(organizerApi, "batchStatus").mockResolvedValue({ approved: [], failed: [], skipped: [], emailed: 0 });
    vi.spyOn(organizerApi, "decide").mockRejectedValue(
      new ApiError(409, { message: "This application has not been submitted yet, so no decision can be recorded." }),
    );
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(
      <DecisionForm
        email="ada@princeton.edu"
        decisions={DECISIONS}
        statusLabel="Accept / Reject Hacker"
        initial={{ status: "started", travel_reimbursement: false, housing_accommodations: false }}
        onSaved={onSaved}
      />,
    );
    await user.selectOptions(screen.getByLabelText("Accept / Reject Hacker"), "rejected");
    await user.click(screen.getByRole("button", { name: "Save Decision" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("not been submitted yet");
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe("Administrators", () => {
  it("promotes by email and refreshes the list", async () => {
    vi.spyOn(organizerApi, "promote").mockResolvedValue({ email: "ada@princeton.edu", role: "admin" });
    vi.spyOn(organizerApi, "admins").mockResolvedValue(["ada@princeton.edu", "grace@princeton.edu"]);
    const user = userEvent.setup();
    renderWithQuery(<Administrators admins={["grace@princeton.edu"]} me="grace@princeton.edu" />);
    await user.type(screen.getByLabelText("User email"), "Ada@Princeton.edu");
    await user.click(screen.getByRole("button", { name: "Make Admin" }));
    expect(organizerApi.promote).toHaveBeenCalledWith("ada@princeton.edu");
    expect(await screen.findByRole("button", { name: "Remove Email ada@princeton.edu" })).toBeInTheDocument();
  });

  it("says no account uses the address when promotion fails", async () => {
    vi.spyOn(organizerApi, "promote").mockRejectedValue(new ApiError(404, { message: "x" }));
    const user = userEvent.setup();
    renderWithQuery(<Administrators admins={["grace@princeton.edu"]} me="grace@princeton.edu" />);
    await user.type(screen.getByLabelText("User email"), "nobody@princeton.edu");
    await user.click(screen.getByRole("button", { name: "Make Admin" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(PROMOTE_FAILED);
  });

  it("shows the server's message when the last admin can't be removed", async () => {
    vi.spyOn(organizerApi, "demote").mockRejectedValue(
      new ApiError(409, { message: "The last organizer can't be removed." }),
    );
    const user = userEvent.setup();
    renderWithQuery(<Administrators admins={["grace@princeton.edu"]} me="grace@princeton.edu" />);
    await user.click(screen.getByRole("button", { name: "Remove Email grace@princeton.edu" }));
    await user.click(screen.getByRole("button", { name: "Remove me as admin" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The last organizer can't be removed.");
  });

  it("leaves the admin pages after removing oneself", async () => {
    vi.spyOn(organizerApi, "demote").mockResolvedValue({ email: "grace@princeton.edu", role: "user" });
    const onLeave = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<Administrators admins={["ada@princeton.edu", "grace@princeton.edu"]} me="grace@princeton.edu" onLeave={onLeave} />);
    await user.click(screen.getByRole("button", { name: "Remove Email grace@princeton.edu" }));
    await user.click(screen.getByRole("button", { name: "Remove me as admin" }));
    await waitFor(() => expect(onLeave).toHaveBeenCalled());
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
  status: "open",
  location: "Princeton, NJ",
  housing_link: "https://forms.example.org/housing",
  retention_date: null,
};
const STATUSES = ["not_open", "open", "closed", "released", "confirmation_closed", "waitlist_closed", "second_confirmation_closed"].map(
  (value) => ({ value, label: value }),
);
const SEASONS = [
  { value: "fall", label: "Fall" },
  { value: "spring", label: "Spring" },
];

describe("ConfigForm", () => {
  it("checks dates and URLs", () => {
    expect(isDate("2026-02-28")).toBe(true);
    expect(isDate("2026-02-30")).toBe(false);
    expect(isDate("next week")).toBe(false);
    expect(isUrl("https://forms.example.org/x")).toBe(true);
    expect(isUrl("forms.example.org")).toBe(false);
    expect(isUrl("javascript:alert(1)")).toBe(false);
    expect(validateConfig(CONFIG)).toEqual({});
    expect(validateConfig({ ...CONFIG, location: " ", dates: { ...CONFIG.dates, due: "" } })).toEqual({
      due: "This field is required",
      location: "This field is required",
    });
  });

  it("has the seven dates, status, location and housing link, plus season and year", () => {
    renderWithQuery(<ConfigForm config={CONFIG} current={{ year: 2026, cycle: "fall" }} statuses={STATUSES} seasons={SEASONS} />);
    const dates = ["Application due", "Event start", "Event end", "Housing form due", "First confirmation deadline", "Waitlist deadline", "Second confirmation deadline"];
    for (const label of dates) expect(screen.getByLabelText(label)).toHaveAttribute("type", "date");
    expect(within(screen.getByLabelText("Hackathon status")).getAllByRole("option")).toHaveLength(7);
    expect(screen.getByLabelText("Location")).toHaveValue("Princeton, NJ");
    expect(screen.getByLabelText("Housing form link")).toHaveValue("https://forms.example.org/housing");
    expect(screen.getByLabelText("Season")).toHaveValue("fall");
    expect(screen.getByLabelText("Year")).toHaveValue(2026);
  });

  it("refuses a bad URL without calling the server", async () => {
    const save = vi.spyOn(organizerApi, "saveConfig");
    const user = userEvent.setup();
    renderWithQuery(<ConfigForm config={CONFIG} current={{ year: 2026, cycle: "fall" }} statuses={STATUSES} seasons={SEASONS} />);
    await user.clear(screen.getByLabelText("Housing form link"));
    await user.type(screen.getByLabelText("Housing form link"), "not a link");
    await user.click(screen.getByRole("button", { name: "Save Configuration" }));
    expect(screen.getByText("Enter a valid URL")).toBeInTheDocument();
    expect(screen.getByText("Error updating configuration")).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it("saves and says 'Configuration updated successfully'", async () => {
    const save = vi.spyOn(organizerApi, "saveConfig").mockResolvedValue({ ...CONFIG, message: "Configuration updated successfully" });
    // Nobody to email: a release with nothing to send saves without asking.
    vi.spyOn(organizerApi, "releasePreview").mockResolvedValue({ total: 0, counts: [] });
    const user = userEvent.setup();
    renderWithQuery(<ConfigForm config={CONFIG} current={{ year: 2026, cycle: "fall" }} statuses={STATUSES} seasons={SEASONS} />);
    await user.selectOptions(screen.getByLabelText("Hackathon status"), "released");
    await user.click(screen.getByRole("button", { name: "Save Configuration" }));
    expect(await screen.findByText("Configuration updated successfully")).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith({ ...CONFIG, status: "released" });
  });

  it("maps the server's date error onto its field and says 'Error updating configuration'", async () => {
    vi.spyOn(organizerApi, "saveConfig").mockRejectedValue(
      new ApiError(400, { message: "bad", errors: { "dates.end": ["Date has wrong format."] } }),
    );
    const user = userEvent.setup();
    renderWithQuery(<ConfigForm config={CONFIG} current={{ year: 2026, cycle: "fall" }} statuses={STATUSES} seasons={SEASONS} />);
    await user.click(screen.getByRole("button", { name: "Save Configuration" }));
    expect(await screen.findByText("Error updating configuration")).toBeInTheDocument();
    expect(screen.getByLabelText("Event end")).toHaveAttribute("aria-invalid", "true");
  });

  it("switches the cycle and then shows that cycle's configuration, or 'Error fetching configuration'", async () => {
    vi.spyOn(organizerApi, "saveCurrent").mockResolvedValue({ year: 2027, cycle: "spring" });
    const fetchConfig = vi
      .spyOn(organizerApi, "config")
      .mockResolvedValueOnce({ ...CONFIG, location: "New place" })
      .mockRejectedValueOnce(new ApiError(500, {}));
    const user = userEvent.setup();
    renderWithQuery(<ConfigForm config={CONFIG} current={{ year: 2026, cycle: "fall" }} statuses={STATUSES} seasons={SEASONS} />);
    await user.selectOptions(screen.getByLabelText("Season"), "spring");
    await user.clear(screen.getByLabelText("Year"));
    await user.type(screen.getByLabelText("Year"), "2027");
    await user.click(screen.getByRole("button", { name: "Save Cycle" }));
    expect(organizerApi.saveCurrent).toHaveBeenCalledWith({ year: 2027, cycle: "spring" });
    await waitFor(() => expect(screen.getByLabelText("Location")).toHaveValue("New place"));
    expect(screen.getByText("Configuration updated successfully")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save Cycle" }));
    expect(await screen.findByText("Error fetching configuration")).toBeInTheDocument();
    expect(fetchConfig).toHaveBeenCalledTimes(2);
  });
});

describe("BatchUpdate", () => {
  const statuses = [
    { value: "accepted", label: "Accepted" },
    { value: "waitlisted", label: "Waitlisted" },
    { value: "rejected", label: "Rejected" },
    { value: "waitlist_accepted", label: "Waitlist accepted" },
  ];

  it("defaults to accepted, No and No, and notes that hackers hear only at release", () => {
    renderWithQuery(<BatchUpdate statuses={statuses} defaultStatus="accepted" />);
    expect(screen.getByLabelText("Status")).toHaveValue("accepted");
    expect(screen.getByLabelText("Travel Reimbursement")).toHaveValue("no");
    expect(screen.getByLabelText("Housing Accommodations")).toHaveValue("no");
    expect(screen.getByText(RELEASE_NOTE)).toBeInTheDocument();
  });

  it("sends the whole batch in ONE call and lists the decided (under the decision) and Failed with reasons", async () => {
    // Dry runs (what would be skipped or emailed) answer too; only one call decides.
    const batch = vi.spyOn(organizerApi, "batchStatus").mockResolvedValue({
      approved: ["a@princeton.edu", "b@princeton.edu"],
      failed: [{ email: "ghost@princeton.edu", reason: "No application." }],
      skipped: [],
      emailed: 0,
    });
    const user = userEvent.setup();
    renderWithQuery(<BatchUpdate statuses={statuses} defaultStatus="accepted" />);
    const text = "a@princeton.edu, b@princeton.edu\nghost@princeton.edu";
    await user.type(screen.getByLabelText("Emails"), text);
    await user.selectOptions(screen.getByLabelText("Status"), "waitlisted");
    await user.selectOptions(screen.getByLabelText("Housing Accommodations"), "yes");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByRole("list", { name: "Waitlisted" });
    const decided = batch.mock.calls.filter(([body]) => !body.dry_run);
    expect(decided).toEqual([
      [{ emails: text, status: "waitlisted", travel_reimbursement: false, housing_accommodations: true, override: false }],
    ]);
    // A waitlist batch's decided list is headed "Waitlisted", never "Approved".
    expect(screen.queryByRole("list", { name: "Approved" })).toBeNull();
    expect(screen.getByText("Waitlisted: 2 of 3 applicants decided. 1 applicant not decided: No application.")).toBeVisible();
    const approved = await screen.findByRole("list", { name: "Waitlisted" });
    expect(within(approved).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "a@princeton.edu",
      "b@princeton.edu",
    ]);
    const failed = screen.getByRole("list", { name: "Failed" });
    expect(failed).toHaveTextContent("ghost@princeton.edu");
    expect(failed).toHaveTextContent("No application.");
  });

  it("asks for addresses instead of sending an empty batch", async () => {
    const batch = vi.spyOn(organizerApi, "batchStatus");
    const user = userEvent.setup();
    renderWithQuery(<BatchUpdate statuses={statuses} defaultStatus="accepted" />);
    await user.type(screen.getByLabelText("Emails"), "no addresses here");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Paste at least one email address.");
    expect(batch).not.toHaveBeenCalled();
  });
});

describe("AssignApplications", () => {
  it("assigns in ONE call and lists the results", async () => {
    const assign = vi.spyOn(organizerApi, "assign").mockResolvedValue({
      approved: ["a@princeton.edu"],
      failed: [{ email: "x@princeton.edu", reason: "No application." }],
    });
    const user = userEvent.setup();
    renderWithQuery(<AssignApplications admins={["alan@princeton.edu"]} />);
    await user.type(screen.getByLabelText("Member"), "Alan@Princeton.edu");
    await user.type(screen.getByLabelText("Emails"), "a@princeton.edu x@princeton.edu");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith("alan@princeton.edu", "a@princeton.edu x@princeton.edu");
    expect(await screen.findByRole("list", { name: "Assigned" })).toHaveTextContent("a@princeton.edu");
    expect(screen.getByRole("list", { name: "Failed" })).toHaveTextContent("No application.");
  });

  it("shows the server's refusal when the member is not an admin", async () => {
    vi.spyOn(organizerApi, "assign").mockRejectedValue(new ApiError(404, { message: "That member is not an admin." }));
    const user = userEvent.setup();
    renderWithQuery(<AssignApplications admins={[]} />);
    await user.type(screen.getByLabelText("Member"), "ada@princeton.edu");
    await user.type(screen.getByLabelText("Emails"), "a@princeton.edu");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("That member is not an admin.");
  });
});

describe("Whitelist", () => {
  it("adds a pattern, lists it and removes it", async () => {
    const rule = { id: 7, kind: "pattern" as const, value: ".*@mentors\\.example\\.org" };
    vi.spyOn(organizerApi, "whitelistPattern").mockResolvedValue(rule);
    vi.spyOn(organizerApi, "exceptions").mockResolvedValue([rule]);
    vi.spyOn(organizerApi, "removeException").mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderWithQuery(<Whitelist exceptions={[]} />);
    expect(screen.getByText("No exceptions yet.")).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Regular expression/), rule.value);
    await user.click(screen.getByRole("button", { name: "Add Pattern" }));
    expect(organizerApi.whitelistPattern).toHaveBeenCalledWith(rule.value);
    await user.click(await screen.findByRole("button", { name: `Remove ${rule.value}` }));
    expect(organizerApi.removeException).toHaveBeenCalledWith(7);
    await waitFor(() => expect(screen.getByText("No exceptions yet.")).toBeInTheDocument());
  });

  it("refuses an invalid pattern before calling the server", async () => {
    const add = vi.spyOn(organizerApi, "whitelistPattern");
    const user = userEvent.setup();
    renderWithQuery(<Whitelist exceptions={[]} />);
    await user.click(screen.getByLabelText(/Regular expression/));
    await user.paste("([a-z]");
    await user.click(screen.getByRole("button", { name: "Add Pattern" }));
    expect(screen.getByText("That is not a valid regular expression.")).toBeInTheDocument();
    expect(add).not.toHaveBeenCalled();
  });

  it("URL-encodes the pattern and the email in the path", async () => {
    const fetchMock = vi.spyOn(globalThis, "fetch").mockImplementation(
      async () => new Response(JSON.stringify({ id: 1, kind: "pattern", value: "x" }), { status: 201 }),
    );
    await organizerApi.whitelistPattern(".*@a/b\\.org?x#y");
    await organizerApi.whitelistEmail("a+b@mentor.org");
    expect(fetchMock.mock.calls[0][0]).toBe("/api/applications/whitelistpattern/.*%40a%2Fb%5C.org%3Fx%23y");
    expect(fetchMock.mock.calls[1][0]).toBe("/api/applications/whitelistemail/a%2Bb%40mentor.org");
  });
});

const QUESTIONS: QuestionSection[] = [
  {
    section_name: "About you",
    conditional_on: null,
    questions: [
      { question_id: "age", question_text: "Age", question_type: "numeric", options: [] },
      { question_id: "travel", question_text: "Need travel?", question_type: "boolean", options: [] },
      { question_id: "langs", question_text: "Languages", question_type: "multiselect", options: ["Python", "Go", "Rust"] },
      { question_id: "links", question_text: "Links", question_type: "list", options: [] },
    ],
  },
  {
    section_name: "Travel",
    conditional_on: "travel",
    questions: [{ question_id: "from", question_text: "From where?", question_type: "short_answer", options: [] }],
  },
];

const APPLICATION: Application = {
  first: "Ada",
  last: "Lovelace",
  school: "Princeton University",
  sections: [
    {
      section_name: "About you",
      answers: [
        { question_id: "age", answer: "20" },
        { question_id: "travel", answer: "no" },
        { question_id: "langs", answer: "Python,Rust" },
        { question_id: "links", answer: "" },
      ],
    },
  ],
  checkboxes: [true, true, false],
  teamcode: "123456",
  team_choice: null,
  status: "submitted",
  email: "ada@princeton.edu",
  travel_reimbursement: false,
  housing_accommodations: false,
};

describe("ApplicationEditor", () => {
  it("checks with the applicant form's rules: required answers except lists, the numeric minimum", async () => {
    const update = vi.spyOn(organizerApi, "updateApplication");
    const user = userEvent.setup();
    renderWithQuery(<ApplicationEditor application={APPLICATION} sections={QUESTIONS} schools={[]} countries={[]} onSaved={vi.fn()} />);
    await user.clear(screen.getByLabelText("School"));
    await user.clear(screen.getByLabelText("Age"));
    await user.type(screen.getByLabelText("Age"), "15");
    await user.click(screen.getByRole("checkbox", { name: "Python" }));
    await user.click(screen.getByRole("checkbox", { name: "Rust" }));
    await user.click(within(screen.getByRole("group", { name: "Need travel?" })).getByRole("radio", { name: "Yes" }));
    await user.click(screen.getByRole("button", { name: "Save Application" }));
    expect(screen.getByText("Please fix the highlighted answers.")).toBeInTheDocument();
    expect(screen.getByLabelText("School")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Must be at least 16.")).toBeInTheDocument();
    expect(screen.getByText("Choose at least one option.")).toBeInTheDocument();
    expect(screen.getByLabelText("From where?")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("group", { name: "Links" })).not.toHaveAttribute("data-invalid");
    expect(update).not.toHaveBeenCalled();
  });

  it("renders answers by type, shows a conditional section when it applies, and saves with PUT", async () => {
    const update = vi.spyOn(organizerApi, "updateApplication").mockResolvedValue({ ...APPLICATION, first: "Augusta" });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<ApplicationEditor application={APPLICATION} sections={QUESTIONS} schools={[]} countries={[]} onSaved={onSaved} />);
    expect(screen.getByLabelText("Age")).toHaveValue(20);
    expect(screen.getByRole("checkbox", { name: "Rust" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Go" })).not.toBeChecked();
    expect(screen.queryByLabelText("From where?")).not.toBeInTheDocument();
    await user.click(within(screen.getByRole("group", { name: "Need travel?" })).getByRole("radio", { name: "Yes" }));
    await user.type(screen.getByLabelText("From where?"), "Lagos");
    await user.click(screen.getByRole("checkbox", { name: "Go" }));
    await user.clear(screen.getByLabelText("First name"));
    await user.type(screen.getByLabelText("First name"), "Augusta");
    await user.click(screen.getByRole("button", { name: "Save Application" }));
    expect(update).toHaveBeenCalledWith("ada@princeton.edu", {
      first: "Augusta",
      last: "Lovelace",
      school: "Princeton University",
      sections: [
        {
          section_name: "About you",
          answers: [
            { question_id: "age", answer: "20" },
            { question_id: "travel", answer: "yes" },
            { question_id: "langs", answer: "Python,Go,Rust" },
            { question_id: "links", answer: "" },
          ],
        },
        { section_name: "Travel", answers: [{ question_id: "from", answer: "Lagos" }] },
      ],
      checkboxes: [true, true, false],
      teamcode: "123456",
    });
    expect(await screen.findByText("Application saved successfully")).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalled();
  });

  it("maps the server's field errors onto the fields", async () => {
    vi.spyOn(organizerApi, "updateApplication").mockRejectedValue(
      new ApiError(400, { message: "Please fix the highlighted answers.", errors: { school: ["Choose a school from the list."] } }),
    );
    const user = userEvent.setup();
    renderWithQuery(<ApplicationEditor application={APPLICATION} sections={QUESTIONS} schools={[]} countries={[]} onSaved={vi.fn()} />);
    await user.click(screen.getByRole("button", { name: "Save Application" }));
    expect(await screen.findByText("Choose a school from the list.")).toBeInTheDocument();
    expect(screen.getByLabelText("School")).toHaveAttribute("aria-invalid", "true");
  });

  it("keeps a list to three entries with Add another and Remove", async () => {
    const user = userEvent.setup();
    renderWithQuery(<ApplicationEditor application={APPLICATION} sections={QUESTIONS} schools={[]} countries={[]} onSaved={vi.fn()} />);
    await user.click(screen.getByRole("button", { name: "Add another" }));
    await user.click(screen.getByRole("button", { name: "Add another" }));
    expect(screen.queryByRole("button", { name: "Add another" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove entry 3" }));
    expect(screen.getByRole("button", { name: "Add another" })).toBeInTheDocument();
  });
});
