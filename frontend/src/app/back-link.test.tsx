// One way back on every organizer page, drawn by BackLink: "← <where>" as a plain link, never
// a "Back to Admin Panel" button in the header's corner.
import { render, screen } from "@testing-library/react";
import { renderWithQuery } from "../lib/test-utils";
import type { ReactElement } from "react";
import type { Application } from "../api/organizer";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AutomatedEmails } from "../features/mailings/automated-emails";
import { QuestionBuilder } from "../features/builder/question-builder";
import { Administrators } from "../features/people/administrators";
import { ApplicantDetail } from "../features/applications/applicant-detail";
import { AssignApplications } from "../features/reviews/assign-applications";
import { BatchPage } from "./batch-page";
import { ReviewDetail } from "../features/reviews/review-detail";
import { ReviewList } from "../features/reviews/review-list";
import { Whitelist } from "../features/people/whitelist";
import { Demographics } from "../features/reports/demographics";
import { ResumeBook } from "../features/reports/resume-book";
import { StatsPage } from "../features/reports/stats-page";
import { mockFetch } from "../lib/fetch-mock";
import { BackLink } from "../components/back-link";

afterEach(() => vi.unstubAllGlobals());

const CHOICES = [{ value: "accepted", label: "Accepted" }];
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

const PAGES: [string, ReactElement, string, string][] = [
  ["statistics", <StatsPage hostSchool="Princeton University" />, "Admin Panel", "/admin"],
  ["resume book", <ResumeBook />, "Admin Panel", "/admin"],
  ["demographics", <Demographics groups={[{ value: "applied", label: "Applied" }]} initialGroup="applied" />, "Admin Panel", "/admin"],
  ["automated emails", <AutomatedEmails email="grace@princeton.edu" />, "Admin Panel", "/admin"],
  ["question builder", <QuestionBuilder cycle="Fall 2026" cycleStatus="open" />, "Admin Panel", "/admin"],
  ["administrators", <Administrators admins={["grace@princeton.edu"]} me="grace@princeton.edu" />, "Admin Panel", "/admin"],
  ["assign", <AssignApplications admins={[]} />, "Admin Panel", "/admin"],
  ["batch", <BatchPage statuses={CHOICES} defaultStatus="accepted" />, "Admin Panel", "/admin"],
  ["whitelist", <Whitelist exceptions={[]} />, "Admin Panel", "/admin"],
  ["reviews", <ReviewList reviewer="grace@princeton.edu" reviewStatuses={CHOICES} assigned={[]} />, "Admin Panel", "/admin"],
  ["applicant", <ApplicantDetail email="ada@princeton.edu" decisions={CHOICES} application={null} sections={[]} />, "Applications", "/admin/users"],
  [
    "review",
    <ReviewDetail
      reviewer="grace@princeton.edu"
      index={0}
      reviewStatuses={CHOICES}
      decisions={CHOICES}
      item={{ email: "ada@princeton.edu", status: "to_review" }}
      application={APPLICATION}
      sections={[]}
    />,
    "Back to my reviews",
    "/admin/reviewapps",
  ],
];

describe("BackLink", () => {
  it("reads as its words, the arrow being decoration", () => {
    render(<BackLink />);
    const link = screen.getByRole("link", { name: "Admin Panel" });
    expect(link).toHaveAttribute("href", "/admin");
    expect(link).toHaveClass("back-link");
    expect(link).toHaveTextContent("← Admin Panel");
  });

  it.each(PAGES)("is the way back on the %s page: '%s' to %s", (_page, element, words, href) => {
    mockFetch({});
    const { container } = renderWithQuery(element);
    const links = container.querySelectorAll("a.back-link");
    expect(links.length).toBeGreaterThan(0);
    expect(links[0]).toHaveAccessibleName(words);
    expect(links[0]).toHaveAttribute("href", href);
    expect(screen.queryByRole("link", { name: /back to admin panel/i })).not.toBeInTheDocument();
    // Every back link on the page is drawn by the one component.
    for (const link of container.querySelectorAll(`a[href="${href}"]`)) {
      if (link.closest("nav.navbar")) continue;
      expect(link).toHaveClass("back-link");
    }
  });
});
