import { render as renderBare, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { QuestionSection } from "../../api/applications";
import { mockFetch } from "../../lib/fetch-mock";
import { QueryProvider } from "../../lib/query";
import { DashboardPage, type DashboardProps } from "./dashboard-page";

const render = (ui: ReactElement) => renderBare(ui, { wrapper: ({ children }) => <QueryProvider>{children}</QueryProvider> });

const SECTIONS: QuestionSection[] = [
  {
    section_name: "Before the event",
    conditional_on: null,
    questions: [
      {
        question_id: "rsvp_phone",
        question_text: "A phone number we can reach you at",
        question_type: "short_answer",
        options: [],
        required: true,
        help_text: "",
        reviewer_visible: false,
      },
      {
        question_id: "rsvp_tshirt",
        question_text: "Your t-shirt size",
        question_type: "multiple_choice",
        options: ["S", "M", "L"],
        required: false,
        help_text: "",
        reviewer_visible: false,
      },
    ],
  },
];

function props(overrides: Partial<DashboardProps>): DashboardProps {
  return {
    email: "ada@princeton.edu",
    status: "accepted",
    travelReimbursement: false,
    housingAccommodations: false,
    teamcode: null,
    cycleStatus: "released",
    config: {
      dates: {
        due: "2025-01-15",
        start: "2999-03-07",
        end: "2999-03-09",
        housing: "2025-02-14",
        confirmation_first_deadline: "2999-02-01",
        confirmation_second_deadline: "2999-02-20",
        waitlist_deadline: "2999-02-10",
      },
      status: "released",
      location: "Friend Center",
      housing_link: "https://forms.example.org/housing",
      retention_date: null,
    },
    rsvp: { sections: SECTIONS, answers: {}, editable: false, edit_until: "2999-03-07" },
    onAnswered: vi.fn(),
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("the RSVP form on the attendance step", () => {
  it("checks the required answers before sending, at the field", async () => {
    const { apiCalls } = mockFetch({});
    render(<DashboardPage {...props({})} />);
    // Nothing is chosen for the applicant: Submit first asks for an answer, and no field shows.
    expect(await screen.findByRole("radio", { name: "Yes, I'm looking forward to it!" })).not.toBeChecked();
    expect(screen.queryByRole("textbox", { name: /A phone number/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Choose an answer first.")).toBeInTheDocument();
    await userEvent.click(await screen.findByRole("radio", { name: "Yes, I'm looking forward to it!" }));
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(apiCalls()).toEqual([]);
    const phone = screen.getByRole("textbox", { name: /A phone number we can reach you at/ });
    expect(phone).toHaveAccessibleDescription(/This question is required\./);
    expect(phone).toHaveFocus();
  });

  it("sends the answers with the confirm", async () => {
    const { apiCalls } = mockFetch({ "POST /api/applications/confirm": { body: { status: "confirmed" } } });
    const onAnswered = vi.fn();
    render(<DashboardPage {...props({ onAnswered })} />);
    await userEvent.click(await screen.findByRole("radio", { name: "Yes, I'm looking forward to it!" }));
    await userEvent.type(screen.getByRole("textbox", { name: /A phone number/ }), "+1 609 555 0100");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: /Your t-shirt size/ }), "M");
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(apiCalls()[0].body).toEqual({
      sections: [
        {
          section_name: "Before the event",
          answers: [
            { question_id: "rsvp_phone", answer: "+1 609 555 0100" },
            { question_id: "rsvp_tshirt", answer: "M" },
          ],
        },
      ],
    });
    expect(onAnswered).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal at the field", async () => {
    mockFetch({
      "POST /api/applications/confirm": {
        status: 400,
        body: { message: "Some RSVP answers need a look.", errors: { rsvp_tshirt: ["Choose one of the options."] } },
      },
    });
    const onAnswered = vi.fn();
    render(<DashboardPage {...props({ onAnswered })} />);
    await userEvent.click(await screen.findByRole("radio", { name: "Yes, I'm looking forward to it!" }));
    await userEvent.type(screen.getByRole("textbox", { name: /A phone number/ }), "555");
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Choose one of the options.")).toBeInTheDocument();
    expect(onAnswered).not.toHaveBeenCalled();
  });

  it("declining asks first and sends no answers", async () => {
    const { apiCalls } = mockFetch({ "POST /api/applications/decline": { body: { status: "declined" } } });
    render(<DashboardPage {...props({})} />);
    await userEvent.click(await screen.findByRole("radio", { name: "No, unfortunately I can no longer attend." }));
    expect(screen.queryByRole("textbox", { name: /A phone number/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    const dialog = screen.getByRole("alertdialog", { name: "Give up your place?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Yes, decline my place" }));
    expect(apiCalls().map((c) => c.path)).toEqual(["/api/applications/decline"]);
  });
});

describe("editing the RSVP answers", () => {
  const confirmed = () =>
    props({
      status: "confirmed",
      rsvp: { sections: SECTIONS, answers: { rsvp_phone: "555", rsvp_tshirt: "S" }, editable: true, edit_until: "2999-03-07" },
    });

  it("opens the stored answers and saves the change", async () => {
    const { apiCalls } = mockFetch({
      "GET /api/checkin/ticket": { status: 404, body: { message: "No ticket." } },
      "PUT /api/applications/rsvp": {
        body: { sections: SECTIONS, answers: { rsvp_phone: "555", rsvp_tshirt: "L" }, editable: true, edit_until: "2999-03-07" },
      },
    });
    render(<DashboardPage {...confirmed()} />);
    await userEvent.click(await screen.findByRole("link", { name: "Edit RSVP answers" }));
    expect(screen.getByRole("textbox", { name: /A phone number/ })).toHaveValue("555");
    expect(screen.getByRole("combobox", { name: /Your t-shirt size/ })).toHaveValue("S");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: /Your t-shirt size/ }), "L");
    await userEvent.click(screen.getByRole("button", { name: "Save my answers" }));
    expect(await screen.findByText("Your RSVP answers are saved.")).toBeInTheDocument();
    const put = apiCalls().find((c) => c.method === "PUT");
    expect(put?.body).toEqual({
      sections: [
        {
          section_name: "Before the event",
          answers: [
            { question_id: "rsvp_phone", answer: "555" },
            { question_id: "rsvp_tshirt", answer: "L" },
          ],
        },
      ],
    });
  });

  it("offers no edit once the event started", () => {
    mockFetch({ "GET /api/checkin/ticket": { status: 404, body: { message: "No ticket." } } });
    render(<DashboardPage {...props({ status: "confirmed", rsvp: { ...confirmed().rsvp!, editable: false } })} />);
    expect(screen.queryByRole("link", { name: "Edit RSVP answers" })).not.toBeInTheDocument();
  });
});
