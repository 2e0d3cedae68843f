import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Application } from "../../api/organizer";
import type { OwnReview } from "../../api/reviews";
import { mockFetch } from "../../lib/fetch-mock";
import { makeQueryClient, QueryProvider } from "../../lib/query";
import { ReviewDetail } from "./review-detail";
import { ReviewList, whoLabel } from "./review-list";
import { BLIND_NOTE } from "./scoring-panel";

afterEach(() => vi.unstubAllGlobals());

const APPLICATION: Application = {
  first: "Ada",
  last: "Lovelace",
  school: "Princeton University",
  sections: [],
  checkboxes: [true, true, false],
  teamcode: null,
  team_choice: null,
  status: "submitted",
  email: "ada@princeton.edu",
  travel_reimbursement: false,
  housing_accommodations: false,
};
const BLANKED: Application = { ...APPLICATION, first: "", last: "", school: "", email: "" };
const REVIEW: OwnReview = {
  application_id: 7,
  outcome: null,
  scores: {},
  comment: "",
  skip_reason: "",
  editable: true,
  blind: false,
  criteria: [{ id: 1, name: "Technical", description: "Skills", scale_min: 1, scale_max: 10, weight: 1, position: 0 }],
};
const COMMON = {
  reviewer: "rev@princeton.edu",
  index: 0,
  reviewStatuses: [{ value: "to_review", label: "To Review" }],
  decisions: [{ value: "accepted", label: "Accepted" }],
  sections: [],
};

function show(props: Partial<Parameters<typeof ReviewDetail>[0]>) {
  return render(
    <QueryProvider client={makeQueryClient()}>
      <ReviewDetail {...COMMON} {...props} />
    </QueryProvider>,
  );
}

describe("ReviewDetail by role", () => {
  it("a reviewer reads and scores: no review status, no decision form, no extra request", () => {
    const server = mockFetch({});
    show({
      item: { email: "ada@princeton.edu", status: "to_review", application_id: 7 },
      application: APPLICATION,
      review: REVIEW,
      isOrganizer: false,
    });
    expect(screen.getByRole("heading", { name: "Ada Lovelace" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Technical (1–10)" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Review status")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Record a decision" })).toBeNull();
    expect(server.apiCalls()).toHaveLength(0);
  });

  it("a reviewer downloads the resume by application id, never by address", async () => {
    const server = mockFetch({ "GET /api/reviews/applications/7/resume": { body: {} } });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => {} }));
    show({
      item: { email: "", status: "to_review", application_id: 7 },
      application: BLANKED,
      review: { ...REVIEW, blind: true },
      blind: true,
      isOrganizer: false,
    });
    await userEvent.click(screen.getByRole("button", { name: "Download Resume" }));
    await waitFor(() => expect(server.apiCalls().map((c) => c.path)).toEqual(["/api/reviews/applications/7/resume"]));
  });

  it("in blind mode says the identity is hidden and shows no name or address", () => {
    mockFetch({});
    const { container } = show({
      item: { email: "", status: "to_review", application_id: 7 },
      application: BLANKED,
      review: { ...REVIEW, blind: true },
      blind: true,
      isOrganizer: false,
    });
    expect(screen.getByText(BLIND_NOTE)).toBeInTheDocument();
    // Headed as the list names the row (review-list.tsx), not by its position.
    expect(screen.getByRole("heading", { level: 1, name: "Application #7" })).toBeInTheDocument();
    expect(container.textContent).not.toContain("ada@princeton.edu");
    expect(container.textContent).not.toContain("No name given");
  });

  it("a reviewer's page never looks an application up by address, even without its props", async () => {
    const server = mockFetch({});
    show({ isOrganizer: false, blind: true });
    expect(await screen.findByText("Error fetching this application. Please reload the page.")).toBeInTheDocument();
    expect(server.apiCalls()).toHaveLength(0);
  });

  it("an organizer reviewing blind has no review status to set by address", () => {
    mockFetch({});
    show({
      item: { email: "", status: "to_review", application_id: 7 },
      application: BLANKED,
      review: { ...REVIEW, blind: true },
      blind: true,
      isOrganizer: true,
    });
    expect(screen.queryByLabelText("Review status")).toBeNull();
    expect(screen.getByRole("heading", { name: "Your review" })).toBeInTheDocument();
  });

  it("an organizer also gets the review status and the decision form beside the scores", () => {
    mockFetch({});
    show({
      item: { email: "ada@princeton.edu", status: "to_review", application_id: 7 },
      application: APPLICATION,
      review: REVIEW,
      isOrganizer: true,
    });
    expect(screen.getByLabelText("Review status")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Record a decision" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Your review" })).toBeInTheDocument();
  });
});

describe("ReviewList with the blind-aware items", () => {
  it("names each applicant, or only the application's number in blind mode, with the outcome", () => {
    render(
      <QueryProvider client={makeQueryClient()}>
        <ReviewList
          reviewer="rev@princeton.edu"
          reviewStatuses={[
            { value: "to_review", label: "To Review" },
            { value: "complete", label: "Complete" },
          ]}
          assigned={[
            { email: "", status: "complete" },
            { email: "", status: "to_review" },
          ]}
          items={[
            { index: 0, application_id: 7, email: null, name: null, status: "complete", outcome: "skipped" },
            { index: 1, application_id: 9, email: null, name: null, status: "to_review", outcome: null },
          ]}
          blind
        />
      </QueryProvider>,
    );
    expect(screen.getByText(BLIND_NOTE)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Review Application #9" })).toHaveAttribute("href", "/admin/reviewapps/1");
    expect(screen.getByText("Complete · Skipped")).toBeInTheDocument();
    expect(screen.getByText("1 of 2 complete.")).toBeInTheDocument();
  });

  it("a reviewer's list, fetched, comes from their id-only list, never an email route", async () => {
    const server = mockFetch({
      "GET /api/reviews/assigned": {
        body: {
          blind: true,
          assigned: [{ index: 0, application_id: 9, email: null, name: null, status: "to_review", outcome: null }],
        },
      },
    });
    render(
      <QueryProvider client={makeQueryClient()}>
        <ReviewList reviewer="rev@princeton.edu" reviewStatuses={[]} isOrganizer={false} blind />
      </QueryProvider>,
    );
    expect(await screen.findByRole("link", { name: "Review Application #9" })).toHaveAttribute(
      "href",
      "/admin/reviewapps/0",
    );
    expect(server.apiCalls().map((c) => c.path)).toEqual(["/api/reviews/assigned"]);
    // No words of the organizers' user pages, which a reviewer can't open.
    expect(document.body.textContent).not.toMatch(/View User|Return to Users/);
  });

  it("a reviewer's review page leads back to their list, named as such, and nowhere they can't go", () => {
    mockFetch({});
    render(
      <QueryProvider client={makeQueryClient()}>
        <ReviewDetail
          {...COMMON}
          isOrganizer={false}
          item={{ email: "ada@princeton.edu", status: "to_review", application_id: 7 }}
          application={APPLICATION}
          review={REVIEW}
        />
      </QueryProvider>,
    );
    const backs = screen.getAllByRole("link", { name: "Back to my reviews" });
    expect(backs[0]).toHaveAttribute("href", "/admin/reviewapps");
    expect(document.body.textContent).not.toMatch(/Users|View User/);
    const hrefs = screen.getAllByRole("link").map((a) => a.getAttribute("href") ?? "");
    expect(hrefs.every((href) => href.startsWith("/admin/reviewapps") || href.startsWith("#"))).toBe(true);
  });

  it.each([
    [true, 1],
    [false, 0],
  ])("organizer %s: %i link back to the admin panel (a reviewer has none to go to)", (isOrganizer, links) => {
    render(
      <QueryProvider client={makeQueryClient()}>
        <ReviewList reviewer="rev@princeton.edu" reviewStatuses={[]} assigned={[]} isOrganizer={isOrganizer} />
      </QueryProvider>,
    );
    expect(screen.queryAllByRole("link", { name: /Admin Panel/ })).toHaveLength(links);
  });

  it.each([
    [{ name: "Ada Lovelace", email: "ada@princeton.edu", application_id: 1 }, "Ada Lovelace (ada@princeton.edu)"],
    [{ name: null, email: "ada@princeton.edu", application_id: 1 }, "ada@princeton.edu"],
    [{ name: null, email: null, application_id: 12 }, "Application #12"],
  ])("whoLabel(%o) = %s", (item, label) => {
    expect(whoLabel(item)).toBe(label);
  });
});
