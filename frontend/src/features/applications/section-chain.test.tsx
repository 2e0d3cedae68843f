import { screen, within } from "@testing-library/react";
import { renderWithQuery } from "../../lib/test-utils";
import { describe, expect, it, vi } from "vitest";
import type { Application, QuestionSection } from "../../api/organizer";
import { ApplicationAnswers } from "../../components/application/answers";
import { ApplicationEditor } from "./application-editor";
import { visibleSections } from "../../components/application/form-model";
import shared from "./section-cases.json";

// The same table apps/applications/tests/test_section_chain_agreement.py runs against the
// server's active_sections: A, B (on q1), C (on q2, which lives in B), D, and two conditions
// that can never hold.
const SECTIONS = shared.sections as QuestionSection[];
const CASES = shared.cases as { name: string; answers: Record<string, string>; applies: string[] }[];

function application(answers: Record<string, string>): Application {
  return {
    first: "Ada",
    last: "Lovelace",
    school: "Princeton University",
    sections: [
      { section_name: "A", answers: Object.entries(answers).map(([question_id, answer]) => ({ question_id, answer })) },
    ],
    checkboxes: [true, true, false],
    teamcode: null,
    team_choice: null,
    status: "submitted",
    email: "ada@princeton.edu",
    travel_reimbursement: false,
    housing_accommodations: false,
  };
}

describe("visibleSections (the server's cases)", () => {
  it.each(CASES.map((c) => [c.name, c.answers, c.applies] as const))("%s", (_name, answers, applies) => {
    expect(visibleSections(SECTIONS, answers).map((s) => s.section_name)).toEqual(applies);
  });
});

describe("the organizer's editor follows the chain", () => {
  it("hides C when q1 is no, although q2 (in the hidden B) is yes", () => {
    renderWithQuery(
      <ApplicationEditor
        application={application({ q1: "no", q2: "yes", q3: "Friday" })}
        sections={SECTIONS}
        schools={[]}
        countries={[]}
        onSaved={vi.fn()}
      />,
    );
    const form = screen.getByRole("form", { name: "Application" });
    expect(within(form).getByRole("group", { name: "A" })).toBeInTheDocument();
    expect(within(form).getByRole("group", { name: "D" })).toBeInTheDocument();
    expect(within(form).queryByRole("group", { name: "B" })).not.toBeInTheDocument();
    expect(within(form).queryByRole("group", { name: "C" })).not.toBeInTheDocument();
    expect(within(form).queryByLabelText("Which nights?")).not.toBeInTheDocument();
  });

  it("shows the whole chain when q1 and q2 are yes", () => {
    renderWithQuery(
      <ApplicationEditor
        application={application({ q1: "yes", q2: "yes", q3: "Friday" })}
        sections={SECTIONS}
        schools={[]}
        countries={[]}
        onSaved={vi.fn()}
      />,
    );
    expect(screen.getByRole("group", { name: "C" })).toBeInTheDocument();
    expect(screen.getByLabelText("Which nights?")).toHaveValue("Friday");
  });

  it("the review page's read-only answers leave out C too", () => {
    renderWithQuery(<ApplicationAnswers application={application({ q1: "no", q2: "yes", q3: "Friday" })} sections={SECTIONS} />);
    expect(screen.getByRole("heading", { name: "A" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "C" })).not.toBeInTheDocument();
    expect(screen.queryByText("Friday")).not.toBeInTheDocument();
  });
});
