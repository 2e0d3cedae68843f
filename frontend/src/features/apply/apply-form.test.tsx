import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Application } from "../../api/applications";
import { mockFetch, type Route } from "../../lib/fetch-mock";
import { ApplyPage, type ApplyPageProps } from "./apply-page";
import CONSENT_TEXTS from "./consent-texts.json";
import {
  MESSAGES,
} from "../../components/application/form-model";
import {
  CHECK_MESSAGES,
  toBody,
} from "../../components/application/form-checks";
import { SECTIONS, validState } from "./test-fixtures";
import { renderWithQuery } from "../../lib/test-utils";

vi.setConfig({ testTimeout: 30_000 });

const RESUME_REJECTED = "Please upload your resume as a PDF file of at most 2 MB.";
const SCHOOLS = ["Princeton University", "Rutgers University", "College Not Present"];
const COUNTRIES = ["Canada", "Taiwan", "Vatican City"];

function routes(extra: Record<string, Route | Route[]> = {}) {
  return mockFetch({
    "GET /api/applications/schools": { body: SCHOOLS },
    "GET /api/applications/countries": { body: COUNTRIES },
    ...extra,
  });
}

function draft(status: Application["status"] = "started"): Application {
  return {
    ...toBody(SECTIONS, validState(), true),
    teamcode: "123456",
    team_choice: "new",
    status,
    email: "ada@princeton.edu",
    travel_reimbursement: false,
    housing_accommodations: false,
  };
}

function renderPage(props: Partial<ApplyPageProps> = {}) {
  const navigate = vi.fn();
  renderWithQuery(
    <ApplyPage
      cycleStatus="open"
      questions={SECTIONS}
      application={null}
      resumeSubmitted={false}
      hostSchool="Princeton University"
      consents={CONSENT_TEXTS}
      navigate={navigate}
      {...props}
    />,
  );
  return { navigate };
}

/** Wait until the school list has arrived (the picker stops saying it is loading). */
async function listsLoaded() {
  await waitFor(() => expect(screen.getByLabelText("School")).not.toHaveAttribute("aria-busy", "true"));
  await waitFor(() => expect(document.querySelector(".ac__loading-indicator")).toBeNull());
}

/** Wait until the parts that load apart from the form are there (each shows a spinner until
 *  then): the resume upload, the team question and the consents. */
async function partsLoaded() {
  await screen.findByLabelText("Resume");
  await screen.findByRole("group", { name: "Are you starting a new team?" });
  await screen.findByRole("group", { name: "Code of conduct" });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the /apply page", () => {
  it("says applications are not open when the cycle status isn't open", () => {
    routes();
    renderPage({ cycleStatus: "closed", questions: undefined, application: undefined, resumeSubmitted: undefined });
    expect(screen.getByText("Applications are not currently open")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Submit" })).not.toBeInTheDocument();
  });

  it("shows the loading animation while it fetches what the page props lack", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    routes({
      "GET /api/applications/questions": async () => {
        await gate;
        return { body: SECTIONS };
      },
      "GET /api/applications/application": { body: draft() },
      "GET /api/resume/submitted": { body: { submitted: true } },
    });
    renderPage({ questions: undefined, application: undefined, resumeSubmitted: undefined });
    expect(screen.getByRole("status")).toHaveTextContent("Loading your application…");
    release();
    expect(await screen.findByRole("heading", { name: "Apply" })).toBeInTheDocument();
    expect(screen.getByLabelText("First name")).toHaveValue("Ada");
    expect(await screen.findByText(MESSAGES.resumeOnFile)).toBeInTheDocument();
  });

  it("renders each question by its type", async () => {
    routes();
    renderPage();
    await listsLoaded();
    expect(screen.getByRole("spinbutton", { name: "Age" })).toHaveAttribute("min", "16");
    expect(screen.getByRole("combobox", { name: "Country" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Level" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Major" })).toHaveAttribute("maxLength", "100");
    const firstHack = screen.getByRole("group", { name: "First hackathon?" });
    expect(within(firstHack).getByRole("radio", { name: "Yes" })).toBeInTheDocument();
    const langs = screen.getByRole("group", { name: "Languages" });
    expect(within(langs).getAllByRole("checkbox").map((c) => (c as HTMLInputElement).value)).toEqual(["Python", "C", "Go"]);
    expect(screen.getByRole("textbox", { name: "Why?" })).toHaveAttribute("maxLength", "1200");
    expect(await screen.findByLabelText("Resume")).toHaveAttribute("type", "file");
    expect(screen.getByText(MESSAGES.resumeNone)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save for later" })).toBeInTheDocument();
  });

  it("counts the characters of a long answer", async () => {
    const user = userEvent.setup();
    routes();
    renderPage();
    expect(screen.getByText("0 / 1200 characters")).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Why?" }), "Hello");
    expect(screen.getByText("5 / 1200 characters")).toBeInTheDocument();
  });

  it("offers up to three list entries, with Remove after the first and Add another while fewer than three", async () => {
    const user = userEvent.setup();
    routes();
    renderPage();
    const links = screen.getByRole("group", { name: "Links" });
    expect(within(links).getAllByRole("textbox")).toHaveLength(1);
    expect(within(links).queryByRole("button", { name: /Remove/ })).not.toBeInTheDocument();
    await user.click(within(links).getByRole("button", { name: "Add another" }));
    await user.click(within(links).getByRole("button", { name: "Add another" }));
    expect(within(links).getAllByRole("textbox")).toHaveLength(3);
    expect(within(links).queryByRole("button", { name: "Add another" })).not.toBeInTheDocument();
    expect(within(links).getAllByRole("button", { name: /^Remove entry/ })).toHaveLength(2);
    await user.type(within(links).getByLabelText("Links, entry 3"), "third");
    await user.click(within(links).getByRole("button", { name: "Remove entry 2" }));
    expect(within(links).getAllByRole("textbox").map((i) => (i as HTMLInputElement).value)).toEqual(["", "third"]);
    expect(within(links).getByRole("button", { name: "Add another" })).toBeInTheDocument();
  });

  it("shows a conditional section only while its question is answered yes", async () => {
    const user = userEvent.setup();
    routes();
    renderPage();
    expect(screen.queryByRole("group", { name: "Travel" })).not.toBeInTheDocument();
    const travel = screen.getByRole("group", { name: "Need travel?" });
    await user.click(within(travel).getByRole("radio", { name: "Yes" }));
    expect(screen.getByRole("group", { name: "Travel" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "From where?" })).toBeInTheDocument();
    await user.click(within(travel).getByRole("radio", { name: "No" }));
    expect(screen.queryByRole("group", { name: "Travel" })).not.toBeInTheDocument();
  });

  it("checks the form before submitting: errors beside their fields, focus on the first", async () => {
    const user = userEvent.setup();
    const api = routes();
    renderPage();
    await listsLoaded();
    await partsLoaded();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(screen.getByText(MESSAGES.fixFields)).toBeInTheDocument();
    const first = screen.getByLabelText("First name");
    expect(first).toHaveFocus();
    expect(first).toHaveAttribute("aria-invalid", "true");
    expect(first).toHaveAccessibleDescription(CHECK_MESSAGES.required);
    expect(screen.getByRole("combobox", { name: "School" })).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText(CHECK_MESSAGES.resumeMissing)).toBeInTheDocument();
    expect(screen.getByText(CHECK_MESSAGES.checkboxes)).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Are you starting a new team?" })).toHaveAccessibleDescription(
      expect.stringContaining(CHECK_MESSAGES.teamChoice),
    );
    expect(api.calls.filter((c) => c.method === "POST")).toHaveLength(0);
    // Fixing a field clears its error.
    await user.type(first, "Ada");
    expect(first).not.toHaveAttribute("aria-invalid");
  });

  it("rejects a school typed in the wrong case (the value must match an option exactly)", async () => {
    const user = userEvent.setup();
    routes();
    renderPage({ application: { ...draft(), school: "" }, resumeSubmitted: true });
    await listsLoaded();
    await user.type(screen.getByLabelText("School"), "princeton university");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    const school = screen.getByRole("combobox", { name: "School" });
    expect(school).toHaveAccessibleDescription(expect.stringContaining(CHECK_MESSAGES.school));
    expect(school).toHaveFocus();
  });

  it("submits the encoded application, says so and goes to the dashboard", async () => {
    const user = userEvent.setup();
    const api = routes({ "POST /api/applications/application": { body: draft("submitted") } });
    const { navigate } = renderPage({ application: draft(), resumeSubmitted: true });
    await listsLoaded();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(MESSAGES.submitted)).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === "POST");
    expect(post?.path).toBe("/api/applications/application");
    expect(post?.body).toEqual({
      ...toBody(SECTIONS, { ...validState(), answers: { ...validState().answers, links: ["https://github.com/ada"] } }, true),
      share_resume_with_sponsors: false,
    });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/dashboard"), { timeout: 3000 });
  });

  it("prefills the school the email's domain names, says so, and keeps a saved school", async () => {
    routes();
    const { unmount } = renderWithQuery(
      <ApplyPage cycleStatus="open" questions={SECTIONS} application={null} resumeSubmitted={false}
        hostSchool="Princeton University" consents={CONSENT_TEXTS} schoolFromEmail="Rutgers University" navigate={vi.fn()} />,
    );
    await listsLoaded();
    expect(screen.getByLabelText("School")).toHaveValue("Rutgers University");
    expect(screen.getByLabelText("School")).toHaveAccessibleDescription(/Filled in from your email address/);
    unmount();
    renderPage({ application: draft(), schoolFromEmail: "Rutgers University" });
    await listsLoaded();
    expect(screen.getByLabelText("School")).toHaveValue("Princeton University");
  });

  it("offers 'College not present' when no school matches, asks for the school's name and sends it", async () => {
    const user = userEvent.setup();
    const api = routes({ "POST /api/applications/application": { body: draft("submitted") } });
    renderPage({ application: { ...draft(), school: "" }, resumeSubmitted: true });
    await listsLoaded();
    const school = screen.getByLabelText("School");
    await user.type(school, "Hogwarts");
    await user.click(await screen.findByRole("option", { name: "College not present: my school isn't listed" }));
    expect(school).toHaveValue("College Not Present");
    const name = screen.getByLabelText("Your school's name");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(CHECK_MESSAGES.schoolOther)).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
    await user.type(name, "Hogwarts School");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(MESSAGES.submitted)).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === "POST");
    expect(post?.body).toMatchObject({ school: "College Not Present", school_other: "Hogwarts School" });
  });

  it("asks the sponsors' consent apart from the code of conduct, optional, and sends it", async () => {
    const user = userEvent.setup();
    const api = routes({ "POST /api/applications/application": { body: draft("submitted") } });
    renderPage({ application: draft(), resumeSubmitted: true });
    await listsLoaded();
    const sharing = await screen.findByRole("group", { name: "Sharing your resume" });
    const box = within(sharing).getByRole("checkbox", { name: /Share my resume with the event's sponsors/ });
    expect(box).not.toBeChecked();
    expect(within(sharing).getByText("(optional)")).toBeInTheDocument();
    await user.click(box);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(MESSAGES.submitted)).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === "POST");
    expect((post?.body as Record<string, unknown>).share_resume_with_sponsors).toBe(true);
  });

  it("shows the server's field errors beside their fields and focuses the first", async () => {
    const user = userEvent.setup();
    routes({
      "POST /api/applications/application": {
        status: 400,
        body: {
          message: "The application has problems.",
          errors: { why: ["This question is required."], teamcode: ["This team is full"] },
        },
      },
    });
    const { navigate } = renderPage({ application: draft(), resumeSubmitted: true });
    await listsLoaded();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(MESSAGES.submitFailed)).toBeInTheDocument();
    const why = screen.getByRole("textbox", { name: "Why?" });
    expect(why).toHaveFocus();
    expect(why).toHaveAccessibleDescription(expect.stringContaining("This question is required."));
    expect(await screen.findByText("This team is full")).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("saves a draft without the submit checks, then goes to the dashboard", async () => {
    const user = userEvent.setup();
    const api = routes({ "POST /api/applications/save": { body: draft() } });
    const { navigate } = renderPage();
    await user.type(screen.getByLabelText("First name"), "Ada");
    await user.type(screen.getByRole("spinbutton", { name: "Age" }), "15");
    await user.click(screen.getByRole("button", { name: "Save for later" }));
    expect(await screen.findByText("Draft saved")).toBeInTheDocument();
    const body = api.calls.find((c) => c.path === "/api/applications/save")?.body as ReturnType<typeof toBody>;
    expect(body.first).toBe("Ada");
    expect(body.sections[0].answers[0]).toEqual({ question_id: "age", answer: "15" });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/dashboard"), { timeout: 3000 });
  });

  it("says 'Error saving application' when the save is refused", async () => {
    const user = userEvent.setup();
    routes({ "POST /api/applications/save": { status: 409, body: { message: "Applications are not open." } } });
    const { navigate } = renderPage();
    await user.click(screen.getByRole("button", { name: "Save for later" }));
    expect(await screen.findByText(/^Error saving application/)).toHaveTextContent(
      "Error saving application: Applications are not open.",
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  it("refuses a resume over 2 MB before sending it", async () => {
    const user = userEvent.setup();
    const api = routes();
    renderPage();
    const big = new File([new Uint8Array(2_097_153)], "cv.pdf", { type: "application/pdf" });
    await user.upload(await screen.findByLabelText("Resume"), big);
    expect(screen.getByText(RESUME_REJECTED)).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === "/api/resume/upload")).toBe(false);
  });

  it("uploads a chosen PDF at once and reports it", async () => {
    const user = userEvent.setup();
    const api = routes({ "POST /api/resume/upload": { status: 201, body: { submitted: true } } });
    renderPage();
    const pdf = new File(["%PDF-1.4\n%%EOF\n"], "cv.pdf", { type: "application/pdf" });
    await user.upload(await screen.findByLabelText("Resume"), pdf);
    expect(await screen.findByText(MESSAGES.resumeUploaded)).toBeInTheDocument();
    const upload = api.calls.find((c) => c.path === "/api/resume/upload");
    expect((upload?.body as FormData).get("resume")).toBeInstanceOf(File);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(screen.queryByText(CHECK_MESSAGES.resumeMissing)).not.toBeInTheDocument();
  });

  it.each([
    ["a file the server finds is no PDF", 400, new File(["not a pdf"], "cv.pdf", { type: "application/pdf" })],
    ["a file the server finds too large", 413, new File(["%PDF-1.4 %%EOF"], "cv.pdf", { type: "application/pdf" })],
    ["a file of the wrong type", 0, new File(["hello"], "cv.docx", { type: "application/msword" })],
    ["a file over 2 MB", 0, new File([new Uint8Array(2_097_153)], "cv.pdf", { type: "application/pdf" })],
  ])("says the one resume sentence for %s", async (_name, status, file) => {
    const user = userEvent.setup({ applyAccept: false });
    const body = { message: "anything", errors: { resume: ["anything"] } };
    routes(status ? { "POST /api/resume/upload": { status, body } } : {});
    renderPage({ resumeSubmitted: true });
    expect(await screen.findByText(MESSAGES.resumeOnFile)).toBeInTheDocument();
    await user.upload(screen.getByLabelText("Resume"), file);
    expect(await screen.findByText(RESUME_REJECTED)).toBeInTheDocument();
  });

  it("generates a team code on yes, and asks for a teammate's code on no", async () => {
    const user = userEvent.setup();
    routes({ "POST /api/applications/teamcode": { status: 201, body: { teamcode: "4815162" } } });
    renderPage();
    const team = await screen.findByRole("group", { name: "Are you starting a new team?" });
    await user.click(within(team).getByRole("radio", { name: "Yes" }));
    expect(await within(team).findByText("4815162")).toBeInTheDocument();
    expect(within(team).getByText(/Share this code with your teammates/)).toBeInTheDocument();
    await user.click(within(team).getByRole("radio", { name: "No" }));
    expect(within(team).queryByText("4815162")).not.toBeInTheDocument();
    const code = within(team).getByLabelText("Your teammate's team code");
    expect(code).toHaveValue("");
    await user.type(code, "12ab34");
    expect(code).toHaveValue("1234");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(code).toHaveAccessibleDescription(expect.stringContaining(CHECK_MESSAGES.teamcodeDigits));
  });

  it("makes a code in the browser when the server can't", async () => {
    const user = userEvent.setup();
    routes({ "POST /api/applications/teamcode": { status: 503, body: { message: "Try again." } } });
    renderPage();
    const team = await screen.findByRole("group", { name: "Are you starting a new team?" });
    await user.click(within(team).getByRole("radio", { name: "Yes" }));
    const value = await within(team).findByText(/^\d{6,8}$/);
    expect(Number(value.textContent)).toBeGreaterThanOrEqual(100_000);
  });

  it("shows a returning applicant's submitted answers, without Save for later", async () => {
    routes();
    renderPage({ application: draft("submitted"), resumeSubmitted: true });
    await listsLoaded();
    await partsLoaded();
    expect(screen.getByText(/Your application is submitted/)).toBeInTheDocument();
    expect(screen.getByLabelText("Last name")).toHaveValue("Lovelace");
    expect(screen.getByLabelText("School")).toHaveValue("Princeton University");
    expect(screen.getByLabelText("Country")).toHaveValue("Canada");
    expect(screen.getByRole("combobox", { name: "Level" })).toHaveValue("Undergrad");
    expect(within(screen.getByRole("group", { name: "Languages" })).getByRole("checkbox", { name: "Go" })).toBeChecked();
    expect(within(screen.getByRole("group", { name: "First hackathon?" })).getByRole("radio", { name: "No" })).toBeChecked();
    expect(screen.getByLabelText("Links, entry 1")).toHaveValue("https://github.com/ada");
    expect(screen.getByText("123456")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: /MLH Code of Conduct/ })).toBeChecked();
    expect(screen.getByText(MESSAGES.resumeOnFile)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save for later" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Submit changes" })).toBeInTheDocument();
  });

  it("states the policies: MLH's code of conduct, contest terms and privacy policy, and the host's standards first", async () => {
    routes();
    renderPage();
    const conduct = await screen.findByRole("group", { name: "Code of conduct" });
    expect(within(conduct).getByRole("link", { name: /MLH Code of Conduct/ })).toHaveAttribute("target", "_blank");
    expect(within(conduct).getByRole("link", { name: /MLH Contest Terms and Conditions/ })).toBeInTheDocument();
    expect(within(conduct).getByRole("link", { name: /MLH Privacy Policy/ })).toBeInTheDocument();
    expect(conduct).toHaveTextContent("Princeton University's community standards");
    expect(conduct).toHaveTextContent("take precedence");
    expect(within(conduct).getAllByRole("checkbox")).toHaveLength(3);
    expect(within(conduct).getByText("(optional)")).toBeInTheDocument();
  });
});

describe("the builder's help text and optional questions", () => {
  it("shows the help text with its question and marks an optional one", async () => {
    routes();
    const questions = SECTIONS.map((s) => ({
      ...s,
      questions: s.questions.map((q) =>
        q.question_id === "major"
          ? { ...q, required: false, help_text: "Undeclared is fine." }
          : q.question_id === "langs"
            ? { ...q, help_text: "The ones you have used in a project." }
            : q,
      ),
    }));
    renderPage({ questions });
    await listsLoaded();
    const major = screen.getByRole("textbox", { name: "Major (optional)" });
    expect(major).toHaveAccessibleDescription(expect.stringContaining("Undeclared is fine."));
    expect(screen.getByRole("group", { name: "Languages" })).toHaveAccessibleDescription(
      expect.stringContaining("The ones you have used in a project."),
    );
    // Required questions carry no marker.
    expect(screen.getByRole("spinbutton", { name: "Age" })).toBeInTheDocument();
  });
});

describe("Other and Prefer to self-describe", () => {
  const questions = [
    ...SECTIONS,
    {
      section_name: "Demographics",
      conditional_on: null,
      questions: [
        { question_id: "gender", question_text: "Gender", question_type: "multiple_choice" as const, options: ["Woman", "Prefer to self-describe"] },
        { question_id: "eth", question_text: "Ethnicity", question_type: "multiselect" as const, options: ["Chinese", "Other"] },
      ],
    },
  ];

  it("opens a text box for the applicant's words and saves them with the answer", async () => {
    const user = userEvent.setup();
    const api = routes({ "POST /api/applications/save": { body: draft() } });
    renderPage({ questions });
    await listsLoaded();
    expect(screen.queryByLabelText(/Your own words/)).toBeNull();
    await user.selectOptions(screen.getByLabelText("Gender"), "Prefer to self-describe");
    await user.type(screen.getByLabelText(/Your own words/), "Agender");
    await user.click(within(screen.getByRole("group", { name: /Ethnicity/ })).getByRole("checkbox", { name: "Other" }));
    await user.type(screen.getByLabelText(/Please tell us more/), "Hmong");
    // Another choice closes the box, and its words are not sent.
    await user.selectOptions(screen.getByLabelText("Gender"), "Woman");
    expect(screen.queryByLabelText(/Your own words/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Save for later" }));
    expect(await screen.findByText("Draft saved")).toBeInTheDocument();
    const body = api.calls.find((c) => c.path === "/api/applications/save")?.body as ReturnType<typeof toBody>;
    const demographics = body.sections[3].answers;
    expect(demographics).toEqual([
      { question_id: "gender", answer: "Woman" },
      { question_id: "eth", answer: "Other", detail: "Hmong" },
    ]);
  });

  it("reopens with the saved words in the box", async () => {
    routes();
    const saved = {
      ...draft(),
      sections: [{ section_name: "Demographics", answers: [{ question_id: "gender", answer: "Prefer to self-describe", detail: "Agender" }] }],
    };
    renderPage({ questions, application: saved });
    await listsLoaded();
    expect(screen.getByLabelText(/Your own words/)).toHaveValue("Agender");
  });
});
