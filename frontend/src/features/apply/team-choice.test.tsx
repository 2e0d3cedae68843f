// The team answer reopens as it was saved, and joining a team nobody has shows the
// server's message on the teammate's code.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Application } from "../../api/applications";
import { mockFetch } from "../../lib/fetch-mock";
import { ApplyPage } from "./apply-page";
import {
  MESSAGES,
  savedTeamChoice,
} from "../../components/application/form-model";
import {
  CHECK_MESSAGES,
  teamChoiceOf,
  toBody,
} from "../../components/application/form-checks";
import { SECTIONS, validState } from "./test-fixtures";
import { renderWithQuery } from "../../lib/test-utils";

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const NO_SUCH_TEAM = "No team has this code. Check it with your teammate, or choose Yes to start a new team.";

function saved(teamChoice: Application["team_choice"], teamcode: string | null): Application {
  return {
    ...toBody(SECTIONS, validState(), true),
    teamcode,
    team_choice: teamChoice,
    status: "started",
    email: "ada@princeton.edu",
    travel_reimbursement: false,
    housing_accommodations: false,
  };
}

function renderWith(application: Application | null, routes: Parameters<typeof mockFetch>[0] = {}) {
  const api = mockFetch({
    "GET /api/applications/schools": { body: ["Princeton University", "College Not Present"] },
    "GET /api/applications/countries": { body: ["Canada"] },
    ...routes,
  });
  renderWithQuery(
    <ApplyPage
      cycleStatus="open"
      questions={SECTIONS}
      application={application}
      resumeSubmitted
      hostSchool="Princeton University"
      navigate={vi.fn()}
    />,
  );
  return api;
}

// The team question loads apart from the form (a spinner until then): found once it is there.
const teamGroup = () => screen.findByRole("group", { name: /Are you starting a new team\?/ });

describe("switching the team answer", () => {
  it("offers applying alone as a choice of its own: no code is made and none is sent", async () => {
    const user = userEvent.setup();
    const api = renderWith(saved("new", "4815162"), {
      "POST /api/applications/save": { body: saved("alone", null) },
    });
    const team = await teamGroup();
    await user.click(within(team).getByRole("radio", { name: "I'm applying alone" }));
    expect(within(team).queryByText("4815162")).not.toBeInTheDocument();
    expect(within(team).queryByLabelText("Your teammate's team code")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save for later" }));
    await waitFor(() => expect(api.calls.some((c) => c.path === "/api/applications/save")).toBe(true));
    const body = api.calls.find((c) => c.path === "/api/applications/save")?.body as { team_choice: string; teamcode: unknown };
    expect([body.team_choice, body.teamcode]).toEqual(["alone", null]);
    // Yes again brings back the code made before.
    await user.click(within(team).getByRole("radio", { name: "Yes" }));
    expect(within(team).getByText("4815162")).toBeInTheDocument();
  });

  it("keeps the saved code through No and back to Yes, and asks for no new one", async () => {
    const user = userEvent.setup();
    const api = renderWith(saved("new", "4815162"));
    const team = await teamGroup();
    expect(within(team).getByText("4815162")).toBeInTheDocument();
    await user.click(within(team).getByRole("radio", { name: "No" }));
    await user.type(within(team).getByLabelText("Your teammate's team code"), "123456");
    await user.click(within(team).getByRole("radio", { name: "Yes" }));
    expect(within(team).getByText("4815162")).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === "/api/applications/teamcode")).toBe(false);
    // And the teammate's code typed before is there again on No.
    await user.click(within(team).getByRole("radio", { name: "No" }));
    expect(within(team).getByLabelText("Your teammate's team code")).toHaveValue("123456");
  });

  it("keeps a code made on this page through No and back to Yes", async () => {
    const user = userEvent.setup();
    const api = renderWith(null, { "POST /api/applications/teamcode": { status: 201, body: { teamcode: "2718281" } } });
    const team = await teamGroup();
    await user.click(within(team).getByRole("radio", { name: "Yes" }));
    expect(await within(team).findByText("2718281")).toBeInTheDocument();
    await user.click(within(team).getByRole("radio", { name: "No" }));
    await user.click(within(team).getByRole("radio", { name: "Yes" }));
    expect(within(team).getByText("2718281")).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === "/api/applications/teamcode")).toHaveLength(1);
  });
});

describe("the team answer, as stored", () => {
  it.each([
    ["new", "12345678", "yes"],
    ["join", "12345678", "no"],
    ["join", "", "no"],
    [null, "12345678", "yes"], // saved before the choice was kept: the code is the applicant's team
    [null, "", ""],
    [undefined, "", ""],
  ] as const)("team_choice %j with code %j reopens as %j", (choice, code, expected) => {
    expect(savedTeamChoice(choice, code)).toBe(expected);
  });

  it.each([
    ["no", "", "join"],
    ["no", "87654321", "join"],
    ["yes", "12345678", "new"],
    ["yes", "", null], // the code is still being made: nothing to keep yet
    ["", "", null],
  ] as const)("choice %j with code %j is sent as %j", (teamChoice, teamcode, expected) => {
    expect(teamChoiceOf({ teamChoice, teamcode })).toBe(expected);
  });
});

describe("a draft saved with No and a friend's code", () => {
  it("reopens as No, with the code in the teammate's field", async () => {
    renderWith(saved("join", "87654321"));
    const team = await teamGroup();
    expect(within(team).getByRole("radio", { name: "No" })).toBeChecked();
    expect(within(team).getByRole("radio", { name: "Yes" })).not.toBeChecked();
    expect(screen.getByLabelText("Your teammate's team code")).toHaveValue("87654321");
    expect(screen.queryByText("Your team code")).not.toBeInTheDocument();
  });

  it("is saved again with the choice", async () => {
    const user = userEvent.setup();
    const api = renderWith(saved("join", "87654321"), { "POST /api/applications/save": { body: saved("join", "87654321") } });
    await user.click(screen.getByRole("button", { name: "Save for later" }));
    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    const body = api.calls.find((c) => c.path === "/api/applications/save")?.body as ReturnType<typeof toBody>;
    expect([body.team_choice, body.teamcode]).toEqual(["join", "87654321"]);
  });
});

describe("joining a team nobody has", () => {
  it("shows the server's message under the teammate's code and focuses it", async () => {
    const user = userEvent.setup();
    renderWith(saved("join", "99999999"), {
      "POST /api/applications/application": {
        status: 400,
        body: { message: "Please fix the highlighted fields and submit again.", errors: { teamcode: [NO_SUCH_TEAM] } },
      },
    });
    await waitFor(() => expect(document.querySelector(".ac__loading-indicator")).toBeNull());
    const input = await screen.findByLabelText("Your teammate's team code");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining(NO_SUCH_TEAM)));
    expect(input).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(input).toHaveFocus());
  });
});

describe("the teammate's code, checked when the field is left", () => {
  async function typeCode(user: ReturnType<typeof userEvent.setup>, code: string) {
    await waitFor(() => expect(document.querySelector(".ac__loading-indicator")).toBeNull());
    await user.click(within(await teamGroup()).getByRole("radio", { name: "No" }));
    const input = screen.getByLabelText("Your teammate's team code");
    await user.clear(input);
    await user.type(input, code);
    await user.tab();
    return input;
  }

  it("flags a code nobody has at the field, and typing again clears it", async () => {
    const user = userEvent.setup();
    const api = renderWith(null, {
      "POST /api/applications/teamcode/check": { body: { teamcode: "99999999", problem: NO_SUCH_TEAM } },
    });
    const input = await typeCode(user, "99999999");
    await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining(NO_SUCH_TEAM)));
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(api.apiCalls().filter((c) => c.path.endsWith("/teamcode/check"))).toHaveLength(1);
    await user.type(input, "{backspace}");
    expect(input).not.toHaveAttribute("aria-invalid");
  });

  it("says nothing of a code that can be joined", async () => {
    const user = userEvent.setup();
    const api = renderWith(null, {
      "POST /api/applications/teamcode/check": { body: { teamcode: "123456", problem: null } },
    });
    const input = await typeCode(user, "123456");
    await waitFor(() => expect(api.apiCalls().some((c) => c.path.endsWith("/teamcode/check"))).toBe(true));
    expect(input).not.toHaveAttribute("aria-invalid");
  });

  it("a code of the wrong shape is flagged without asking the server", async () => {
    const user = userEvent.setup();
    const api = renderWith(null);
    const input = await typeCode(user, "123");
    await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining(CHECK_MESSAGES.teamcodeDigits)));
    expect(api.apiCalls().filter((c) => c.path.endsWith("/teamcode/check"))).toHaveLength(0);
  });
});
