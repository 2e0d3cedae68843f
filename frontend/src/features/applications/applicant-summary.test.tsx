// The applicant page leads with a read-only summary of the answers; Edit opens the form in its
// place, and a save returns to the summary with the saved answers.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Application, QuestionSection } from "../../api/organizer";
import { mockFetch } from "../../lib/fetch-mock";
import { renderWithQuery } from "../../lib/test-utils";
import { ApplicantDetail } from "./applicant-detail";

afterEach(() => vi.unstubAllGlobals());

const SECTIONS: QuestionSection[] = [
  {
    section_name: "About You",
    conditional_on: null,
    questions: [
      { question_id: "major", question_text: "Major?", question_type: "short_answer", options: [] },
      { question_id: "first_hack", question_text: "First hackathon?", question_type: "boolean", options: [] },
    ],
  },
];
const APPLICATION: Application = {
  first: "Ada",
  last: "Lovelace",
  school: "Princeton University",
  sections: [
    {
      section_name: "About You",
      answers: [
        { question_id: "major", answer: "Mathematics" },
        { question_id: "first_hack", answer: "yes" },
      ],
    },
  ],
  checkboxes: [true, true, false],
  teamcode: null,
  team_choice: null,
  status: "submitted",
  email: "ada@princeton.edu",
  travel_reimbursement: false,
  housing_accommodations: false,
};

function show() {
  return renderWithQuery(
    <ApplicantDetail
      email="ada@princeton.edu"
      decisions={[{ value: "submitted", label: "Submitted" }]}
      application={APPLICATION}
      sections={SECTIONS}
      history={[]}
    />,
  );
}

describe("the applicant page's answers", () => {
  it("reads as a summary first, with Edit beside it and no form", () => {
    mockFetch({ "GET /api/applications/schools": { body: [] }, "GET /api/applications/countries": { body: [] } });
    show();
    const answers = screen.getByRole("region", { name: "Answers" });
    expect(within(answers).getByText("Major?")).toBeInTheDocument();
    expect(within(answers).getByText("Mathematics")).toBeInTheDocument();
    expect(within(answers).getByText("Yes")).toBeInTheDocument();
    expect(within(answers).getByRole("button", { name: "Edit" })).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("button", { name: "Save Application" })).toBeNull();
    expect(screen.queryByRole("textbox", { name: "Major?" })).toBeNull();
  });

  it("Edit opens today's form; Close the editor goes back to the summary", async () => {
    mockFetch({ "GET /api/applications/schools": { body: [] }, "GET /api/applications/countries": { body: [] } });
    show();
    await userEvent.click(screen.getByRole("button", { name: "Edit" }));
    const editing = screen.getByRole("region", { name: "Edit the application" });
    expect(within(editing).getByRole("textbox", { name: /Major\?/ })).toHaveValue("Mathematics");
    expect(within(editing).getByRole("button", { name: "Save Application" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Close the editor" }));
    expect(screen.getByRole("region", { name: "Answers" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save Application" })).toBeNull();
  });

  it("shows the applicant's own words beside a self-described answer", () => {
    mockFetch({ "GET /api/applications/schools": { body: [] }, "GET /api/applications/countries": { body: [] } });
    const sections: QuestionSection[] = [
      {
        section_name: "Demographics",
        conditional_on: null,
        questions: [
          { question_id: "gender", question_text: "Gender", question_type: "multiple_choice", options: ["Woman", "Prefer to self-describe"] },
        ],
      },
    ];
    const application: Application = {
      ...APPLICATION,
      sections: [{ section_name: "Demographics", answers: [{ question_id: "gender", answer: "Prefer to self-describe", detail: "Agender" }] }],
    };
    renderWithQuery(
      <ApplicantDetail email="ada@princeton.edu" decisions={[]} application={application} sections={sections} history={[]} />,
    );
    const answers = screen.getByRole("region", { name: "Answers" });
    expect(within(answers).getByText(/Prefer to self-describe/).closest("dd")).toHaveTextContent("Prefer to self-describe — “Agender”");
  });
});
