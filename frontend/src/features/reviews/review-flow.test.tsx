// The reviewer's flow between applications: Next and Previous ask before dropping a picked but
// unsaved score, Skip and a conflict move on to the next application, and a list after release
// says reviews are closed before anyone opens one.
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Application } from "../../api/organizer";
import type { OwnReview } from "../../api/reviews";
import { mockFetch } from "../../lib/fetch-mock";
import { makeQueryClient, QueryProvider } from "../../lib/query";
import { ReviewDetail, UNSAVED_TITLE } from "./review-detail";
import { CLOSED_NOTE, ReviewList } from "./review-list";
import { hasUnsavedReview, indexAfterMove } from "./state";

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
const REVIEW: OwnReview = {
  application_id: 7,
  outcome: null,
  scores: {},
  comment: "",
  skip_reason: "",
  editable: true,
  blind: false,
  criteria: [{ id: 1, name: "Technical", description: "", scale_min: 1, scale_max: 10, weight: 1, position: 0 }],
};

function show(navigate: (href: string) => void, review: OwnReview = REVIEW, index = 2) {
  return render(
    <QueryProvider client={makeQueryClient()}>
      <ReviewDetail
        reviewer="rev@princeton.edu"
        index={index}
        reviewStatuses={[{ value: "to_review", label: "To Review" }]}
        decisions={[]}
        sections={[]}
        item={{ email: "ada@princeton.edu", status: "to_review", application_id: 7 }}
        application={APPLICATION}
        review={review}
        isOrganizer={false}
        navigate={navigate}
      />
    </QueryProvider>,
  );
}

function nextLink() {
  return within(screen.getByRole("navigation", { name: "Review navigation" })).getByRole("link", { name: "Next" });
}

describe("hasUnsavedReview", () => {
  it.each([
    ["nothing picked", {}, "", {}, "", false],
    ["a score picked", {}, "", { "1": "7" }, "", true],
    ["a comment typed", {}, "", {}, "Strong", true],
    ["the saved score shown", { "1": 7 }, "ok", { "1": "7" }, "ok", false],
    ["a saved score changed", { "1": 7 }, "", { "1": "8" }, "", true],
    ["a score cleared back to nothing", {}, "", { "1": "" }, "", false],
    ["only spaces added to the comment", {}, "ok", {}, " ok ", false],
  ])("%s", (_name, saved, savedComment, scores, comment, expected) => {
    expect(hasUnsavedReview({ scores: saved, comment: savedComment }, scores, comment)).toBe(expected);
  });
});

describe("indexAfterMove", () => {
  it.each([
    ["skip", 0, 1],
    ["skip", 4, 5],
    ["conflict", 0, 0],
    ["conflict", 4, 4],
  ] as const)("%s at %i goes to %i", (kind, index, expected) => {
    expect(indexAfterMove(kind, index)).toBe(expected);
  });
});

describe("leaving a review", () => {
  it("Next with nothing picked leaves without asking", async () => {
    mockFetch({});
    const navigate = vi.fn();
    show(navigate);
    await userEvent.click(nextLink());
    expect(screen.queryByRole("alertdialog", { name: UNSAVED_TITLE })).toBeNull();
  });

  it("Next asks before dropping a picked score; Stay keeps it, Leave goes on", async () => {
    mockFetch({});
    const navigate = vi.fn();
    show(navigate);
    await userEvent.click(screen.getByRole("radio", { name: "7" }));
    await userEvent.click(nextLink());
    const dialog = screen.getByRole("alertdialog", { name: UNSAVED_TITLE });
    await userEvent.click(within(dialog).getByRole("button", { name: "Stay and save" }));
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByRole("radio", { name: "7" })).toBeChecked();

    await userEvent.click(nextLink());
    await userEvent.click(within(screen.getByRole("alertdialog", { name: UNSAVED_TITLE })).getByRole("button", { name: "Leave without saving" }));
    expect(navigate).toHaveBeenCalledWith("/admin/reviewapps/3");
  });

  it("a saved score no longer asks", async () => {
    mockFetch({ "PUT /api/reviews/applications/7/review": { body: { ...REVIEW, outcome: "scored", scores: { "1": 7 } } } });
    const navigate = vi.fn();
    show(navigate);
    await userEvent.click(screen.getByRole("radio", { name: "7" }));
    await userEvent.click(screen.getByRole("button", { name: "Save review" }));
    await screen.findByText(/Review saved/);
    await userEvent.click(nextLink());
    expect(screen.queryByRole("alertdialog", { name: UNSAVED_TITLE })).toBeNull();
  });

  it("Skip moves on to the next application", async () => {
    mockFetch({ "POST /api/reviews/applications/7/skip": { body: { next_reviewer: "rev2@princeton.edu" } } });
    const navigate = vi.fn();
    show(navigate);
    await userEvent.click(screen.getByRole("button", { name: "Skip" }));
    await userEvent.click(screen.getByRole("button", { name: "Skip and pass it on" }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith("/admin/reviewapps/3"));
    // The next application's page says what happened to this one.
    cleanup();
    show(vi.fn(), REVIEW, 3);
    expect(screen.getByText("Skipped. rev2@princeton.edu reviews this application instead.")).toBeInTheDocument();
    // Once only.
    cleanup();
    show(vi.fn(), REVIEW, 3);
    expect(screen.queryByText(/^Skipped\./)).toBeNull();
  });

  it("a conflict removes the assignment, so the next application takes this position", async () => {
    mockFetch({ "POST /api/reviews/applications/7/conflict": { body: { next_reviewer: null } } });
    const navigate = vi.fn();
    show(navigate);
    await userEvent.click(screen.getByRole("button", { name: "Declare a conflict" }));
    await userEvent.click(screen.getByRole("button", { name: "Declare the conflict" }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith("/admin/reviewapps/2"));
  });
});

describe("the list after release", () => {
  it("says reviews are closed before anyone scores", () => {
    mockFetch({});
    render(
      <QueryProvider client={makeQueryClient()}>
        <ReviewList reviewer="rev@princeton.edu" reviewStatuses={[]} assigned={[{ email: "a@b.edu", status: "to_review" }]} closed />
      </QueryProvider>,
    );
    expect(screen.getByText(CLOSED_NOTE)).toBeInTheDocument();
  });

  it("says nothing of the kind while reviews are open", () => {
    mockFetch({});
    render(
      <QueryProvider client={makeQueryClient()}>
        <ReviewList reviewer="rev@princeton.edu" reviewStatuses={[]} assigned={[]} />
      </QueryProvider>,
    );
    expect(screen.queryByText(CLOSED_NOTE)).toBeNull();
  });
});
