import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { organizerApi, type Application, type Assigned } from "../../api/organizer";
import { ApiError } from "../../lib/api";
import { ReviewDetail } from "./review-detail";
import { ReviewList } from "./review-list";
import { renderWithQuery } from "../../lib/test-utils";

// The machine running the suite is shared; user-event journeys can take a few seconds there.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.restoreAllMocks());

const REVIEW_STATUSES = [
  { value: "to_review", label: "To Review" },
  { value: "complete", label: "Complete" },
];
const DECISIONS = [
  { value: "submitted", label: "No Decision" },
  { value: "accepted", label: "Accepted" },
  { value: "rejected", label: "Rejected" },
];
const APPLICATION: Application = {
  first: "Ada",
  last: "Lovelace",
  school: "Princeton University",
  sections: [],
  checkboxes: [true, true, false],
  teamcode: "123456",
  team_choice: null,
  status: "accepted",
  email: "ada@princeton.edu",
  travel_reimbursement: true,
  housing_accommodations: false,
};

describe("ReviewList", () => {
  it("says 'Loading...' and then lists the assignments with links to their positions", async () => {
    vi.spyOn(organizerApi, "assigned").mockResolvedValue({
      assigned: [
        { email: "a@princeton.edu", status: "complete" },
        { email: "b@princeton.edu", status: "to_review" },
      ],
    });
    renderWithQuery(<ReviewList reviewer="grace@princeton.edu" reviewStatuses={REVIEW_STATUSES} />);
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    const second = await screen.findByRole("link", { name: "Review b@princeton.edu" });
    expect(second).toHaveAttribute("href", "/admin/reviewapps/1");
    expect(screen.getByRole("columnheader", { name: "Email Address" })).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Review Status" })).toBeInTheDocument();
    const rows = screen.getAllByRole("row");
    expect(within(rows[1]).getByText("Complete")).toBeInTheDocument();
    expect(within(rows[2]).getByText("To Review")).toBeInTheDocument();
    expect(organizerApi.assigned).toHaveBeenCalledWith("grace@princeton.edu");
  });

  it("says 'No Applicants to Review' when nothing is assigned", async () => {
    vi.spyOn(organizerApi, "assigned").mockResolvedValue({ assigned: [] });
    renderWithQuery(<ReviewList reviewer="grace@princeton.edu" reviewStatuses={REVIEW_STATUSES} />);
    expect(await screen.findByText("No Applicants to Review")).toBeInTheDocument();
  });
});

describe("ReviewDetail", () => {
  function setup(index: number, item: Assigned) {
    vi.spyOn(organizerApi, "applicationIndex").mockResolvedValue(item);
    vi.spyOn(organizerApi, "application").mockResolvedValue(APPLICATION);
    vi.spyOn(organizerApi, "questions").mockResolvedValue([]);
    vi.spyOn(organizerApi, "teammates").mockResolvedValue(["ada@princeton.edu", "bob@princeton.edu"]);
    renderWithQuery(<ReviewDetail reviewer="grace@princeton.edu" index={index} reviewStatuses={REVIEW_STATUSES} decisions={DECISIONS} />);
  }

  it("shows the applicant, travel and housing, teammates and Previous / Next by index", async () => {
    setup(2, { email: "ada@princeton.edu", status: "to_review" });
    expect(await screen.findByRole("heading", { name: "Ada Lovelace" })).toBeInTheDocument();
    expect(screen.getByText("Travel reimbursement").nextSibling).toHaveTextContent("Yes");
    expect(screen.getByText("Housing accommodations").nextSibling).toHaveTextContent("No");
    expect(screen.getAllByRole("link", { name: "Previous" })[0]).toHaveAttribute("href", "/admin/reviewapps/1");
    expect(screen.getAllByRole("link", { name: "Next" })[0]).toHaveAttribute("href", "/admin/reviewapps/3");
    expect(screen.getAllByRole("link", { name: "Back to my reviews" })[0]).toHaveAttribute("href", "/admin/reviewapps");
    expect(await screen.findByRole("link", { name: "bob@princeton.edu" })).toHaveAttribute(
      "href",
      "/admin/users/bob%40princeton.edu",
    );
    expect(screen.getByLabelText("Accept / Reject Hacker")).toHaveValue("accepted");
    expect(screen.getByRole("button", { name: "Download Resume" })).toBeInTheDocument();
  });

  it("has no Previous at index 0", async () => {
    setup(0, { email: "ada@princeton.edu", status: "to_review" });
    await screen.findByRole("heading", { name: "Ada Lovelace" });
    expect(screen.queryByRole("link", { name: "Previous" })).not.toBeInTheDocument();
  });

  it("changes the review status with the reviewer's email", async () => {
    setup(0, { email: "ada@princeton.edu", status: "to_review" });
    const change = vi.spyOn(organizerApi, "changeReviewStatus")
      .mockResolvedValue({ email: "ada@princeton.edu", status: "complete" });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText("Review status"), "complete");
    expect(change).toHaveBeenCalledWith("grace@princeton.edu", "ada@princeton.edu", "complete");
    expect(await screen.findByText("Review status saved.")).toBeInTheDocument();
  });

  it("puts the review status back when the change fails", async () => {
    setup(0, { email: "ada@princeton.edu", status: "to_review" });
    vi.spyOn(organizerApi, "changeReviewStatus").mockRejectedValue(new ApiError(404, { message: "No such assignment." }));
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText("Review status"), "complete");
    expect(await screen.findByRole("alert")).toHaveTextContent("No such assignment.");
    expect(screen.getByLabelText("Review status")).toHaveValue("to_review");
  });

  it("says 'No More to Review' when the server answers 'dne'", async () => {
    setup(3, { email: "dne" });
    expect(await screen.findByRole("heading", { name: "No More to Review" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Previous" })).toHaveAttribute("href", "/admin/reviewapps/2");
    expect(screen.queryByRole("link", { name: "Next" })).not.toBeInTheDocument();
    expect(organizerApi.application).not.toHaveBeenCalled();
  });
});
