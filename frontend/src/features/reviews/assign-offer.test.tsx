import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithQuery } from "../../lib/test-utils";
import { mockFetch } from "../../lib/fetch-mock";
import { AssignApplications, nextToAdd, withEmails } from "./assign-applications";

afterEach(() => vi.unstubAllGlobals());

const OFFERED = ["a@yale.edu", "b@yale.edu", "c@yale.edu", "d@yale.edu"];

describe("the offer of unassigned applications", () => {
  it.each([
    // list text, how many → added
    ["", 2, ["a@yale.edu", "b@yale.edu"]],
    ["", 9, OFFERED],
    ["a@yale.edu\nB@Yale.edu", 2, ["c@yale.edu", "d@yale.edu"]],
    ["x@yale.edu", 0, []],
    ["x@yale.edu", -3, []],
    [OFFERED.join(" "), 5, []],
  ])("with %j in the list, adding %i adds %j", (text, count, added) => {
    expect(nextToAdd(OFFERED, text, count)).toEqual(added);
  });

  it.each([
    ["", ["a@yale.edu"], "a@yale.edu"],
    ["x@yale.edu\n\n  ", ["a@yale.edu", "b@yale.edu"], "x@yale.edu\na@yale.edu\nb@yale.edu"],
    ["x@yale.edu", [], "x@yale.edu"],
  ])("%j plus %j reads %j", (text, emails, result) => {
    expect(withEmails(text, emails)).toBe(result);
  });

  it("adds the chosen number to the list, and drops what was assigned from the offer", async () => {
    mockFetch({
      "POST /api/applications/assign-applications": {
        body: { approved: ["a@yale.edu", "b@yale.edu"], failed: [] },
      },
      "GET /api/reviews/unassigned": { body: { emails: ["c@yale.edu", "d@yale.edu"], more: false } },
    });
    const u = userEvent.setup({ delay: null });
    renderWithQuery(<AssignApplications admins={["grace@princeton.edu"]} unassigned={OFFERED} />);
    const offer = screen.getByRole("group", { name: "4 submitted applications without a reviewer" });
    const howMany = within(offer).getByLabelText("How many");
    expect(howMany).toHaveValue(4);
    await u.clear(howMany);
    await u.type(howMany, "2");
    await u.click(within(offer).getByRole("button", { name: "Add 2 to the list" }));
    expect(screen.getByLabelText("Emails")).toHaveValue("a@yale.edu\nb@yale.edu");
    await u.type(screen.getByLabelText("Member"), "grace@princeton.edu");
    await u.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByRole("group", { name: "2 submitted applications without a reviewer" })).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Assigned" })).toHaveTextContent("a@yale.edu");
  });

  it("says when every submitted application has a reviewer", () => {
    renderWithQuery(<AssignApplications admins={[]} unassigned={[]} />);
    expect(screen.getByText("Every submitted application has a reviewer.")).toBeInTheDocument();
    expect(screen.queryByLabelText("How many")).not.toBeInTheDocument();
  });

  it("asks for the count again after an auto-assign: what it assigned is no longer on offer", async () => {
    const server = mockFetch({
      "POST /api/reviews/auto-assign": {
        body: { assigned: 6, applications: 3, loads: { "grace@princeton.edu": 3, "linus@princeton.edu": 3 } },
      },
      "GET /api/reviews/unassigned": { body: { emails: ["d@yale.edu"], more: false } },
    });
    const u = userEvent.setup({ delay: null });
    renderWithQuery(
      <AssignApplications
        admins={["grace@princeton.edu", "linus@princeton.edu"]}
        reviewers={[
          { email: "grace@princeton.edu", role: "reviewer" },
          { email: "linus@princeton.edu", role: "reviewer" },
        ]}
        unassigned={OFFERED}
      />,
    );
    expect(screen.getByRole("group", { name: "4 submitted applications without a reviewer" })).toBeInTheDocument();
    await u.click(screen.getByRole("button", { name: "Assign to 2 reviewers" }));
    expect(await screen.findByRole("group", { name: "1 submitted application without a reviewer" })).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === "GET" && c.path === "/api/reviews/unassigned")).toHaveLength(1);
  });
});
