import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QuestionBuilder } from "./question-builder";
import { renderWithQuery } from "../../lib/test-utils";

const SET = [
  {
    section_name: "About you",
    conditional_on: null,
    questions: [{ question_id: "age", question_text: "Age", question_type: "numeric", options: [] }],
  },
];

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

describe("QuestionBuilder", { timeout: 20000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("refuses to save a question without text with the spec's message", async () => {
    fetchMock.mockResolvedValueOnce(json(SET));
    renderWithQuery(<QuestionBuilder />);
    await userEvent.click(await screen.findByRole("button", { name: "Add question to About you" }));
    await userEvent.click(screen.getByRole("button", { name: "Confirm Questions" }));
    expect(await screen.findByText("Error: Question is missing information and cannot be submitted yet.")).toBeInTheDocument();
    expect(screen.getByText("Write the question's text.")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("saves a new multiple-choice question through PUT with a slug id, keeping the old id", async () => {
    fetchMock.mockResolvedValueOnce(json(SET));
    fetchMock.mockImplementationOnce(async (_url: string, init: RequestInit) => json(JSON.parse(init.body as string)));
    renderWithQuery(<QuestionBuilder />);
    await userEvent.click(await screen.findByRole("button", { name: "Add question to About you" }));
    const questions = screen.getAllByRole("listitem").filter((li) => li.className.includes("builder-question"));
    const added = questions[1];
    await userEvent.type(within(added).getByLabelText("Question text"), "Favourite language");
    await userEvent.selectOptions(within(added).getByLabelText("Type"), "multiple_choice");
    await userEvent.type(within(added).getByLabelText("Option 1"), "Python");
    await userEvent.click(within(added).getByRole("button", { name: "Add option" }));
    await userEvent.type(within(added).getByLabelText("Option 2"), "Rust");
    await userEvent.click(screen.getByRole("button", { name: "Confirm Questions" }));
    expect(await screen.findByText("Questions saved. The application form uses them now.")).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe("/api/applications/questions");
    expect(init.method).toBe("PUT");
    expect(JSON.parse(init.body as string)).toEqual([
      {
        section_name: "About you",
        conditional_on: null,
        questions: [
          { question_id: "age", question_text: "Age", question_type: "numeric", options: [], required: true, help_text: "" },
          {
            question_id: "favourite_language",
            question_text: "Favourite language",
            question_type: "multiple_choice",
            options: ["Python", "Rust"],
            required: true,
            help_text: "",
          },
        ],
      },
    ]);
    expect(screen.getByText("favourite_language")).toBeInTheDocument();
  });

  it("turns a question's blind-review switch, a labelled checkbox that says what it does", async () => {
    const stored = [
      {
        section_name: "About you",
        conditional_on: null,
        questions: [
          { question_id: "age", question_text: "Age", question_type: "numeric", options: [], reviewer_visible: false },
          {
            question_id: "why",
            question_text: "Why attend?",
            question_type: "long_answer",
            options: [],
            reviewer_visible: true,
          },
        ],
      },
    ];
    fetchMock.mockResolvedValueOnce(json(stored));
    fetchMock.mockImplementationOnce(async (_url: string, init: RequestInit) => json(JSON.parse(init.body as string)));
    renderWithQuery(<QuestionBuilder />);
    const switches = await screen.findAllByRole("checkbox", { name: "Shown to reviewers in blind review" });
    expect(switches.map((box) => (box as HTMLInputElement).checked)).toEqual([false, true]);
    expect(switches[0]).toHaveAccessibleDescription(
      "Hidden from reviewers while the cycle reviews blind. Applicants and organizers still see it.",
    );
    await userEvent.click(switches[0]);
    await userEvent.click(switches[1]);
    expect(switches[1]).toHaveAccessibleDescription(
      "Hidden from reviewers while the cycle reviews blind. Applicants and organizers still see it.",
    );
    // A new question is left to the server's default until the organizer chooses.
    await userEvent.click(screen.getByRole("button", { name: "Add question to About you" }));
    const added = screen.getAllByRole("checkbox", { name: "Shown to reviewers in blind review" })[2] as HTMLInputElement;
    expect(added.indeterminate).toBe(true);
    expect(added).toHaveAccessibleDescription(/^Not chosen yet/);
    const texts = screen.getAllByLabelText("Question text");
    await userEvent.type(texts[2], "Your GitHub username");
    await userEvent.click(screen.getByRole("button", { name: "Confirm Questions" }));
    expect(await screen.findByText("Questions saved. The application form uses them now.")).toBeInTheDocument();
    const sent = JSON.parse((fetchMock.mock.calls[1] as [string, RequestInit])[1].body as string);
    expect(sent[0].questions.map((q: { reviewer_visible?: boolean }) => q.reviewer_visible)).toEqual([
      true,
      false,
      undefined,
    ]);
  });

  it("shows the server's refusal, with its field errors beside the fields", async () => {
    fetchMock.mockResolvedValueOnce(json(SET));
    fetchMock.mockResolvedValueOnce(
      json(
        {
          message: "The question set is not valid.",
          errors: { "sections.0.questions.0.question_text": ["At most 2000 characters."] },
        },
        400,
      ),
    );
    renderWithQuery(<QuestionBuilder />);
    await userEvent.click(await screen.findByRole("button", { name: "Confirm Questions" }));
    expect(await screen.findByText("The question set is not valid.")).toBeInTheDocument();
    expect(screen.getByText("At most 2000 characters.")).toBeInTheDocument();
    expect(screen.getByLabelText("Question text")).toHaveAttribute("aria-invalid", "true");
  });

  it("says so when the questions cannot be loaded", async () => {
    fetchMock.mockResolvedValueOnce(json({ message: "boom" }, 500));
    renderWithQuery(<QuestionBuilder />);
    expect(await screen.findByText("The questions could not be loaded.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("makes a question optional with help text, previews it as applicants see it, and saves both", async () => {
    fetchMock.mockResolvedValueOnce(json(SET));
    fetchMock.mockImplementationOnce(async (_url: string, init: RequestInit) => json(JSON.parse(init.body as string)));
    renderWithQuery(<QuestionBuilder />);
    const preview = await screen.findByRole("region", { name: "Preview: About you as applicants see it" });
    // The preview is the form's own field: a labelled number box.
    const ageBox = within(preview).getByRole("spinbutton", { name: "Age" });
    expect(ageBox).toBeInTheDocument();

    await userEvent.click(screen.getByRole("checkbox", { name: "Required to submit" }));
    await userEvent.type(screen.getByLabelText("Help text (optional)"), "In whole years.");
    // Live: the label says optional and the help text is read with the box.
    const optional = within(preview).getByRole("spinbutton", { name: "Age (optional)" });
    expect(optional).toHaveAccessibleDescription("In whole years.");
    await userEvent.type(optional, "21");
    expect(optional).toHaveValue(21);

    await userEvent.click(screen.getByRole("button", { name: "Confirm Questions" }));
    expect(await screen.findByText("Questions saved. The application form uses them now.")).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(JSON.parse(init.body as string)[0].questions[0]).toEqual({
      question_id: "age",
      question_text: "Age",
      question_type: "numeric",
      options: [],
      required: false,
      help_text: "In whole years.",
    });
  });

  it("edits the RSVP set on its own tab, saved to its own endpoint, without resume or reviewer switch", async () => {
    const rsvp = [
      {
        section_name: "Before the event",
        conditional_on: null,
        questions: [{ question_id: "rsvp_phone", question_text: "Phone", question_type: "short_answer", options: [], required: false }],
      },
    ];
    fetchMock.mockImplementation(async (url: string, init: RequestInit = {}) => {
      if (init.method === "PUT") return json(JSON.parse(init.body as string));
      return json(url.includes("rsvp") ? rsvp : SET);
    });
    renderWithQuery(<QuestionBuilder />);
    expect(await screen.findByDisplayValue("Age")).toBeInTheDocument();
    const tab = screen.getByRole("button", { name: "RSVP (asked at confirmation)" });
    expect(tab).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(tab);
    expect(tab).toHaveAttribute("aria-pressed", "true");
    expect(await screen.findByDisplayValue("Phone")).toBeInTheDocument();
    expect(screen.queryByDisplayValue("Age")).not.toBeInTheDocument();
    const type = screen.getByLabelText("Type");
    expect(within(type).queryByRole("option", { name: /resume/i })).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Shown to reviewers in blind review")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Confirm Questions" }));
    expect(await screen.findByText("RSVP questions saved. Applicants answer them when they confirm.")).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === "PUT") as [string, RequestInit];
    expect(put[0]).toBe("/api/applications/rsvp-questions");
    expect(JSON.parse(put[1].body as string)[0].questions[0]).toMatchObject({ question_id: "rsvp_phone", required: false });
  });
  describe("the language to translate into", () => {
    const LANGUAGES = [{ code: "es", name: "Español" }];
    const ENGLISH = { code: "en", name: "English" };
    const CHOICE_SET = [
      {
        section_name: "About you",
        conditional_on: null,
        translations: { es: { section_name: "Sobre ti" } },
        questions: [
          {
            question_id: "gender",
            question_text: "Gender?",
            question_type: "multiple_choice",
            options: ["Woman", "Man"],
            required: true,
            help_text: "",
            translations: { es: { options: { Woman: "Mujer" } } },
          },
        ],
      },
    ];

    it("is not offered with one language enabled", async () => {
      fetchMock.mockResolvedValueOnce(json(SET));
      renderWithQuery(<QuestionBuilder />);
      expect(await screen.findByDisplayValue("Age")).toBeInTheDocument();
      expect(screen.queryByLabelText("Translate into")).not.toBeInTheDocument();
    });

    it("shows each text's field in the chosen language, labelled, and saves them keyed by option", async () => {
      fetchMock.mockResolvedValueOnce(json(CHOICE_SET));
      fetchMock.mockImplementationOnce(async (_url: string, init: RequestInit) => json(JSON.parse(init.body as string)));
      renderWithQuery(<QuestionBuilder languages={LANGUAGES} defaultLanguage={ENGLISH} />);
      expect(await screen.findByDisplayValue("Gender?")).toBeInTheDocument();
      // Nothing to translate into until a language is chosen.
      expect(screen.queryByLabelText("Question text in Español")).not.toBeInTheDocument();
      const choice = screen.getByLabelText("Translate into");
      expect(choice).toHaveAccessibleDescription(/written in English/);
      // A native select: it takes the focus and the browser's own keys.
      choice.focus();
      expect(choice).toHaveFocus();
      await userEvent.selectOptions(choice, "es");
      expect(choice).toHaveValue("es");

      expect(screen.getByLabelText("Section name in Español")).toHaveValue("Sobre ti");
      const text = screen.getByLabelText("Question text in Español");
      expect(text).toHaveAttribute("placeholder", "Gender?");
      expect(screen.getByLabelText("Option 1 (Woman) in Español")).toHaveValue("Mujer");
      // The preview is the form as a reader of Spanish gets it: the label shown, the option sent.
      const preview = screen.getByRole("region", { name: "Preview: About you as applicants reading Español see it" });
      expect(within(preview).getByRole("option", { name: "Mujer" })).toHaveValue("Woman");
      expect(within(preview).getByRole("option", { name: "Man" })).toHaveValue("Man");
      await userEvent.type(text, "¿Género?");
      await userEvent.type(screen.getByLabelText("Option 2 (Man) in Español"), "Hombre");
      // Renaming an option keeps its label: labels follow the option, not its old text.
      const option1 = screen.getByLabelText("Option 1");
      await userEvent.clear(option1);
      await userEvent.type(option1, "Female");
      expect(screen.getByLabelText("Option 1 (Female) in Español")).toHaveValue("Mujer");

      await userEvent.click(screen.getByRole("button", { name: "Confirm Questions" }));
      expect(await screen.findByText("Questions saved. The application form uses them now.")).toBeInTheDocument();
      const [, init] = fetchMock.mock.calls[1] as [string, RequestInit];
      const [section] = JSON.parse(init.body as string);
      expect(section.translations).toEqual({ es: { section_name: "Sobre ti" } });
      expect(section.questions[0].translations).toEqual({
        es: { question_text: "¿Género?", options: { Female: "Mujer", Man: "Hombre" } },
      });
      expect(section.questions[0].options).toEqual(["Female", "Man"]);
    });
  });
});
