import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Capacity, FillResult, OwnReview, Ranking, RankingRow, Rubric } from "../../api/reviews";
import { mockFetch } from "../../lib/fetch-mock";
import { renderWithQuery } from "../../lib/test-utils";
import { AutoAssign } from "./auto-assign";
import { CapacityPanel } from "./capacity-panel";
import { RankingPage } from "./ranking-page";
import { RubricPage } from "./rubric-page";
import { ScoringPanel } from "./scoring-panel";

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const CRITERIA = [
  { id: 1, name: "Technical", description: "Skills, projects and experience", scale_min: 1, scale_max: 10, weight: 1, position: 0 },
  { id: 2, name: "Personal", description: "Motivation, curiosity", scale_min: 1, scale_max: 10, weight: 1, position: 1 },
];
const RUBRIC: Rubric = { criteria: CRITERIA, blind: false, locked: false };

describe("RubricPage", () => {
  it("adds, reorders and removes criteria, then saves the list in order with the blind switch", async () => {
    const server = mockFetch({
      "GET /api/reviews/rubric": { body: RUBRIC },
      "PUT /api/reviews/rubric": (call) => {
        const body = call.body as { criteria: { name: string }[]; blind: boolean };
        return {
          body: {
            criteria: body.criteria.map((c, i) => ({ ...CRITERIA[0], ...c, id: 10 + i, position: i })),
            blind: body.blind,
            locked: false,
          },
        };
      },
    });
    const user = userEvent.setup();
    renderWithQuery(<RubricPage />);
    await screen.findByRole("group", { name: "1. Technical" });

    await user.click(screen.getByRole("button", { name: "Add a criterion" }));
    const third = screen.getByRole("group", { name: "3. Criterion 3" });
    await user.type(within(third).getByLabelText("Name"), "Design");
    await user.clear(within(third).getByLabelText("Weight"));
    await user.type(within(third).getByLabelText("Weight"), "2");
    await user.click(screen.getByRole("button", { name: "Move up: Design" }));
    await user.click(screen.getByRole("button", { name: "Remove Technical" }));
    await user.click(screen.getByLabelText("Hide applicants' identity from reviewers"));
    await user.click(screen.getByRole("button", { name: "Save rubric" }));

    expect(await screen.findByText("Rubric saved.")).toBeInTheDocument();
    const put = server.apiCalls().find((c) => c.method === "PUT");
    expect(put?.body).toEqual({
      criteria: [
        { name: "Design", description: "", scale_min: 1, scale_max: 10, weight: 2 },
        { id: 2, name: "Personal", description: "Motivation, curiosity", scale_min: 1, scale_max: 10, weight: 1 },
      ],
      blind: true,
    });
  });

  it("marks invalid fields before sending anything", async () => {
    const server = mockFetch({ "GET /api/reviews/rubric": { body: RUBRIC } });
    const user = userEvent.setup();
    renderWithQuery(<RubricPage />);
    const first = await screen.findByRole("group", { name: "1. Technical" });
    await user.clear(within(first).getByLabelText("Highest score"));
    await user.type(within(first).getByLabelText("Highest score"), "1");
    await user.clear(within(screen.getByRole("group", { name: "2. Personal" })).getByLabelText("Name"));
    await user.type(within(screen.getByRole("group", { name: "2. Criterion 2" })).getByLabelText("Name"), "technical");
    await user.click(screen.getByRole("button", { name: "Save rubric" }));
    expect(await screen.findByText("Fix the marked fields, then save.")).toBeInTheDocument();
    expect(within(first).getByLabelText("Highest score")).toHaveAccessibleDescription("The highest score must be above the lowest.");
    expect(screen.getAllByText("Two criteria can't share a name.")).toHaveLength(2);
    expect(server.apiCalls().filter((c) => c.method === "PUT")).toHaveLength(0);
  });

  it("shows the server's 409 when a scored criterion is removed", async () => {
    mockFetch({
      "GET /api/reviews/rubric": { body: RUBRIC },
      "PUT /api/reviews/rubric": { status: 409, body: { message: "'Technical' has scores already: it can't be removed." } },
    });
    const user = userEvent.setup();
    renderWithQuery(<RubricPage />);
    await user.click(await screen.findByRole("button", { name: "Remove Technical" }));
    await user.click(screen.getByRole("button", { name: "Save rubric" }));
    expect(await screen.findByText("'Technical' has scores already: it can't be removed.")).toBeInTheDocument();
  });

  it("locks the criteria after release but keeps the blind switch", async () => {
    mockFetch({ "GET /api/reviews/rubric": { body: { ...RUBRIC, locked: true } } });
    renderWithQuery(<RubricPage />);
    expect(await screen.findByText("Decisions were released.")).toBeInTheDocument();
    expect(within(screen.getByRole("group", { name: "1. Technical" })).getByLabelText("Name")).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Add a criterion" })).toBeNull();
    expect(screen.getByLabelText("Hide applicants' identity from reviewers")).toBeEnabled();
  });
});

const REVIEW: OwnReview = {
  application_id: 12,
  outcome: null,
  scores: {},
  comment: "",
  skip_reason: "",
  editable: true,
  blind: false,
  criteria: CRITERIA,
};

describe("ScoringPanel", () => {
  it("scores each criterion on its scale with its description and saves with the comment", async () => {
    const server = mockFetch({
      "GET /api/reviews/applications/12/review": { body: REVIEW },
      "PUT /api/reviews/applications/12/review": (call) => ({ body: { ...REVIEW, ...(call.body as object), outcome: "scored" } }),
    });
    const user = userEvent.setup();
    renderWithQuery(<ScoringPanel applicationId={12} />);
    const technical = await screen.findByRole("group", { name: "Technical (1–10)" });
    expect(technical).toHaveAccessibleDescription("Skills, projects and experience");

    await user.click(screen.getByRole("button", { name: "Save review" }));
    expect(await screen.findByText("Score every criterion, then save.")).toBeInTheDocument();
    expect(screen.getByText("Score Personal from 1 to 10.")).toBeInTheDocument();

    await user.click(within(technical).getByRole("radio", { name: "8" }));
    await user.click(within(screen.getByRole("group", { name: "Personal (1–10)" })).getByRole("radio", { name: "6" }));
    await user.type(screen.getByLabelText("Comment"), "Strong projects");
    await user.click(screen.getByRole("button", { name: "Save review" }));
    expect(await screen.findByText("Review saved. You can change it until decisions are released.")).toBeInTheDocument();
    expect(server.apiCalls().find((c) => c.method === "PUT")?.body).toEqual({
      scores: { "1": 8, "2": 6 },
      comment: "Strong projects",
    });
    expect(screen.getByText("You scored this application.")).toBeInTheDocument();
  });

  it("uses a number box for a long scale and shows the server's per-score error", async () => {
    const wide = { ...CRITERIA[0], id: 3, name: "Impact", scale_min: 0, scale_max: 100 };
    mockFetch({
      "GET /api/reviews/applications/12/review": { body: { ...REVIEW, criteria: [wide] } },
      "PUT /api/reviews/applications/12/review": {
        status: 400,
        body: { message: "Check the scores.", errors: { "scores.3": ["Out of scale."] } },
      },
    });
    const user = userEvent.setup();
    renderWithQuery(<ScoringPanel applicationId={12} />);
    const box = await screen.findByRole("spinbutton", { name: "Impact (0–100)" });
    await user.type(box, "70");
    await user.click(screen.getByRole("button", { name: "Save review" }));
    expect(await screen.findByText("Check the scores.")).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription("Skills, projects and experience Out of scale.");
  });

  it("declares a conflict through a dialog with its reason, then says who reviews instead", async () => {
    const server = mockFetch({
      "GET /api/reviews/applications/12/review": { body: REVIEW },
      "POST /api/reviews/applications/12/conflict": { body: { next_reviewer: "rev2@princeton.edu" } },
    });
    const user = userEvent.setup();
    renderWithQuery(<ScoringPanel applicationId={12} />);
    await user.click(await screen.findByRole("button", { name: "Declare a conflict" }));
    const dialog = screen.getByRole("alertdialog", { name: "Declare a conflict of interest" });
    await user.selectOptions(within(dialog).getByLabelText("Reason"), "friend");
    await user.type(within(dialog).getByLabelText("Note (optional)"), "Roommate");
    await user.click(within(dialog).getByRole("button", { name: "Declare the conflict" }));
    expect(await screen.findByText("Conflict recorded. rev2@princeton.edu reviews this application instead.")).toBeInTheDocument();
    expect(server.apiCalls().find((c) => c.method === "POST")?.body).toEqual({ reason: "friend", note: "Roommate" });
    expect(screen.queryByRole("button", { name: "Save review" })).toBeNull();
  });

  it("skips after confirming", async () => {
    const server = mockFetch({
      "GET /api/reviews/applications/12/review": { body: REVIEW },
      "POST /api/reviews/applications/12/skip": { body: { next_reviewer: null } },
    });
    const user = userEvent.setup();
    renderWithQuery(<ScoringPanel applicationId={12} />);
    await user.click(await screen.findByRole("button", { name: "Skip" }));
    await user.click(screen.getByRole("button", { name: "Skip and pass it on" }));
    expect(await screen.findByText(/Skipped\. No other reviewer was free/)).toBeInTheDocument();
    expect(server.apiCalls().map((c) => `${c.method} ${c.path}`)).toContain("POST /api/reviews/applications/12/skip");
  });

  it("is read-only after release", async () => {
    mockFetch({
      "GET /api/reviews/applications/12/review": {
        body: { ...REVIEW, outcome: "scored", scores: { "1": 7, "2": 9 }, comment: "ok", editable: false, blind: true },
      },
    });
    renderWithQuery(<ScoringPanel applicationId={12} />);
    expect(await screen.findByText(/Reviews are closed: decisions were released/)).toBeInTheDocument();
    const technical = screen.getByRole("group", { name: "Technical (1–10)" });
    expect(within(technical).getByRole("radio", { name: "7" })).toBeChecked();
    expect(within(technical).getByRole("radio", { name: "7" })).toBeDisabled();
    expect(screen.getByLabelText("Comment")).toHaveAttribute("readonly");
    expect(screen.queryByRole("button", { name: "Save review" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Skip" })).toBeNull();
  });

  it("says when the application isn't the caller's", async () => {
    mockFetch({ "GET /api/reviews/applications/12/review": { status: 404, body: { message: "This application isn't assigned to you." } } });
    renderWithQuery(<ScoringPanel applicationId={12} />);
    expect(await screen.findByText("This application isn't assigned to you.")).toBeInTheDocument();
  });
});

describe("AutoAssign", () => {
  const REVIEWERS = [
    { email: "grace@princeton.edu", role: "admin" },
    { email: "rev1@princeton.edu", role: "reviewer" },
    { email: "rev2@princeton.edu", role: "reviewer" },
  ];

  it("starts with the reviewers chosen, sends N and the school flag, and shows the loads", async () => {
    const server = mockFetch({
      "POST /api/reviews/auto-assign": {
        body: { assigned: 6, applications: 3, loads: { "rev1@princeton.edu": 3, "rev2@princeton.edu": 3 } },
      },
    });
    const user = userEvent.setup();
    renderWithQuery(<AutoAssign reviewers={REVIEWERS} />);
    expect(screen.getByLabelText("grace@princeton.edu (organizer)")).not.toBeChecked();
    expect(screen.getByLabelText("rev1@princeton.edu")).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Assign to 2 reviewers" }));
    expect(await screen.findByText("6 assignments added across 3 applications.")).toBeInTheDocument();
    expect(server.apiCalls()[0].body).toEqual({
      reviewers: ["rev1@princeton.edu", "rev2@princeton.edu"],
      per_application: 2,
      avoid_own_school: true,
    });
    const row = screen.getByRole("cell", { name: "rev2@princeton.edu" }).closest("tr")!;
    expect(within(row).getByText("3")).toBeInTheDocument();
  });

  it("needs at least N reviewers", async () => {
    const server = mockFetch({});
    const user = userEvent.setup();
    renderWithQuery(<AutoAssign reviewers={REVIEWERS} />);
    await user.click(screen.getByLabelText("rev2@princeton.edu"));
    await user.click(screen.getByRole("button", { name: "Assign to 1 reviewer" }));
    expect(await screen.findByText("Choose at least 2 reviewers: each application needs 2 different ones.")).toBeInTheDocument();
    expect(server.apiCalls()).toHaveLength(0);
  });
});

function rankRow(rank: number, over: Partial<RankingRow> = {}): RankingRow {
  return {
    rank,
    application_id: 100 + rank,
    email: `app${rank}@princeton.edu`,
    name: `Applicant ${rank}`,
    school: "Princeton University",
    team: null,
    status: "submitted",
    score: 1 - rank / 10,
    raw_score: 9 - rank / 2,
    reviews: 2,
    spread: 0.25,
    ...over,
  };
}

const RANKING: Ranking = {
  rows: [rankRow(1), rankRow(2, { team: "AB12CD" }), rankRow(3)],
  total: 3,
  page: 1,
  pages: 1,
  criteria: CRITERIA,
  agreement: [
    { criterion_id: 1, name: "Technical", alpha: 0.41, units: 3, pairable_values: 6 },
    { criterion_id: 2, name: "Personal", alpha: null, units: 1, pairable_values: 2 },
  ],
  reviewers: [{ email: "rev1@princeton.edu", reviews: 3, skipped: 1, conflicts: 0, mean: 6.5, sd: 1.2 }],
  refreshed_at: null,
  changed_at: null,
  recalculating: false,
};
const CAPACITY: Capacity = {
  capacity: 100,
  attendance_rate: 0.5,
  waitlist_size: 1,
  keep_teams: true,
  accepted: 10,
  confirmed: 25,
  checked_in: 4,
  waitlisted: 2,
  admitted: 35,
  spots_filled: 25,
  spots_left: 75,
};

describe("RankingPage", () => {
  it("shows the table, agreement in words, reviewer stats, exports and the capacity bar", async () => {
    const server = mockFetch({ "GET /api/reviews/ranking": { body: RANKING }, "GET /api/reviews/capacity": { body: CAPACITY } });
    renderWithQuery(<RankingPage />);
    expect(await screen.findByRole("link", { name: "Applicant 2" })).toHaveAttribute("href", "/admin/users/app2%40princeton.edu");
    expect(screen.getByText(/alpha 0\.41 — moderate agreement/)).toBeInTheDocument();
    expect(screen.getByText(/not enough applications with two or more reviews to tell/)).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "rev1@princeton.edu" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download scores and comments (CSV)" })).toHaveAttribute(
      "href",
      "/api/reviews/export/scores.csv",
    );
    const bar = await screen.findByRole("progressbar", { name: "Confirmed attendees of capacity" });
    expect(bar).toHaveAttribute("aria-valuenow", "25");
    expect(screen.getByText("25 of 100 spots filled (25%)")).toBeInTheDocument();
    expect(server.calls.find((c) => c.path === "/api/reviews/ranking")?.url).toContain("min_reviews=1");
  });

  it("says to check the worker when the recalculation has waited for minutes, and not before", async () => {
    const waited = new Date(Date.now() - 10 * 60_000).toISOString();
    mockFetch({
      "GET /api/reviews/ranking": { body: { ...RANKING, changed_at: waited, recalculating: true } },
      "GET /api/reviews/capacity": { body: CAPACITY },
    });
    renderWithQuery(<RankingPage />);
    expect(await screen.findByText(/has waited 10 min for its recalculation/)).toBeInTheDocument();
    expect(screen.getByText(/check that the Celery worker is running/)).toBeInTheDocument();
  });

  it("says nothing of the worker while a recalculation is fresh", async () => {
    mockFetch({
      "GET /api/reviews/ranking": { body: { ...RANKING, changed_at: new Date().toISOString(), recalculating: true } },
      "GET /api/reviews/capacity": { body: CAPACITY },
    });
    renderWithQuery(<RankingPage />);
    expect(await screen.findByText(/recalculating…/)).toBeInTheDocument();
    expect(screen.queryByText(/Celery worker/)).not.toBeInTheDocument();
  });

  it("refetches with the minimum reviews typed", async () => {
    const server = mockFetch({ "GET /api/reviews/ranking": { body: RANKING }, "GET /api/reviews/capacity": { body: CAPACITY } });
    const user = userEvent.setup();
    renderWithQuery(<RankingPage />);
    await screen.findByRole("link", { name: "Applicant 1" });
    const box = screen.getByLabelText("Minimum reviews");
    await user.clear(box);
    await user.type(box, "3");
    await waitFor(() => expect(server.calls.some((c) => c.url.includes("min_reviews=3"))).toBe(true));
  });

  it("fills to capacity: preview lists, confirm dialog, then one request with the previewed count", async () => {
    const preview: FillResult = {
      accept: [rankRow(1), rankRow(2, { team: "AB12CD" })],
      waitlist: [rankRow(3)],
      counts: { accept: 2, waitlist: 1, already_admitted: 10, teams_kept: 1, target: 12 },
    };
    const server = mockFetch({
      "GET /api/reviews/ranking": { body: RANKING },
      "GET /api/reviews/capacity": { body: CAPACITY },
      "POST /api/reviews/fill-to-capacity": (call) =>
        (call.body as { dry_run: boolean }).dry_run ? { body: preview } : { body: preview },
    });
    const user = userEvent.setup();
    renderWithQuery(<RankingPage />);
    const form = await screen.findByRole("form", { name: "Fill to capacity" });
    expect(within(form).getByLabelText("Capacity")).toHaveValue("100");
    await user.clear(within(form).getByLabelText("Capacity"));
    await user.type(within(form).getByLabelText("Capacity"), "6");
    await user.click(within(form).getByRole("button", { name: "Preview" }));

    expect(
      await screen.findByText(
        "2 applicants to accept · 1 to waitlist · 10 already admitted (accepted, waitlist-accepted, confirmed, checked in) · 1 team kept together",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("12 to admit in all − 10 already admitted = 2 places to fill.")).toBeInTheDocument();
    const accept = screen.getByRole("region", { name: /Accept/ });
    expect(within(accept).getAllByRole("listitem")).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Record these decisions" }));
    const dialog = screen.getByRole("alertdialog", { name: "Record these decisions?" });
    await user.click(within(dialog).getByRole("button", { name: "Accept 2 and waitlist 1" }));
    expect(await screen.findByText(/2 applicants accepted and 1 waitlisted/)).toBeInTheDocument();

    const posts = server.apiCalls().filter((c) => c.method === "POST");
    expect(posts.map((c) => c.body)).toEqual([
      { capacity: 6, attendance_rate: 0.5, waitlist_size: 1, keep_teams: true, dry_run: true },
      { capacity: 6, attendance_rate: 0.5, waitlist_size: 1, keep_teams: true, dry_run: false, confirm_count: 2 },
    ]);
  });

  it("says so when nothing is reviewed yet", async () => {
    mockFetch({
      "GET /api/reviews/ranking": { body: { ...RANKING, rows: [], total: 0, reviewers: [] } },
      "GET /api/reviews/capacity": { body: { ...CAPACITY, capacity: null, spots_left: null } },
    });
    renderWithQuery(<RankingPage />);
    expect(await screen.findByText("No reviewed applications match.")).toBeInTheDocument();
    expect(await screen.findByText("25 spots filled · no capacity set yet")).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });
});

describe("CapacityPanel quiet (the admin panel's)", () => {
  it("shows nothing until a capacity is set, then the bar", async () => {
    mockFetch({ "GET /api/reviews/capacity": [{ body: { ...CAPACITY, capacity: null } }, { body: CAPACITY }] });
    const first = renderWithQuery(<CapacityPanel quiet />);
    await waitFor(() => expect(first.container.textContent).toBe(""));
    first.unmount();
    renderWithQuery(<CapacityPanel quiet />);
    expect(await screen.findByRole("progressbar", { name: "Confirmed attendees of capacity" })).toHaveAttribute("aria-valuenow", "25");
  });

  it("draws the page's own figures in its first render, without a request", () => {
    const server = mockFetch({});
    renderWithQuery(<CapacityPanel quiet initial={CAPACITY} />);
    expect(screen.getByRole("progressbar", { name: "Confirmed attendees of capacity" })).toHaveAttribute("aria-valuenow", "25");
    expect(server.calls).toEqual([]);
  });

  it("stays silent when the call fails", async () => {
    mockFetch({ "GET /api/reviews/capacity": { status: 403, body: { message: "Only organizers can do this." } } });
    const { container, client } = renderWithQuery(<CapacityPanel quiet />);
    // Wait for the failure itself to land in the cache, then look: the panel has had its chance
    // to show an error and must not.
    await waitFor(() => expect(client.getQueryCache().getAll()[0]?.state.status).toBe("error"));
    expect(container.textContent).toBe("");
  });
});
