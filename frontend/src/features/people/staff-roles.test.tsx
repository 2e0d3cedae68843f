// The role select on /admin/administrators: organizers through promote (as before), reviewers
// and volunteers through staff-role; their list with roles, and taking a role away after asking.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../lib/fetch-mock";
import { Administrators, PROMOTE_FAILED } from "./administrators";

afterEach(() => vi.unstubAllGlobals());

const ME = "grace@princeton.edu";

describe("Administrators: staff roles", () => {
  it("gives a volunteer role with the select, and lists them with it", async () => {
    const server = mockFetch({
      "POST /api/auth/staff-role": { body: { email: "sam@princeton.edu", role: "volunteer" } },
      "GET /api/auth/admins": { body: [ME] },
      "GET /api/auth/staff": {
        body: [
          { email: ME, role: "admin" },
          { email: "rae@princeton.edu", role: "reviewer" },
          { email: "sam@princeton.edu", role: "volunteer" },
        ],
      },
    });
    const user = userEvent.setup();
    render(<Administrators admins={[ME]} me={ME} staff={[{ email: "rae@princeton.edu", role: "reviewer" }]} />);
    expect(screen.getByRole("option", { name: "Organizer" })).toBeInTheDocument();
    await user.type(screen.getByLabelText("User email"), "Sam@Princeton.edu");
    await user.selectOptions(screen.getByLabelText("Role"), "volunteer");
    expect(screen.getByText(/check people in at the event/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Make Volunteer" }));
    expect(await screen.findByText("sam@princeton.edu is now a volunteer.")).toBeInTheDocument();
    expect(server.calls.find((c) => c.path === "/api/auth/staff-role")?.body).toEqual({
      email: "sam@princeton.edu",
      role: "volunteer",
    });
    const list = await screen.findByRole("list", { name: "Reviewers and volunteers" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining("rae@princeton.edu Reviewer"),
      expect.stringContaining("sam@princeton.edu Volunteer"),
    ]);
    // The organizer stays in the admins' list, not in this one.
    expect(within(list).queryByText(ME)).not.toBeInTheDocument();
  });

  it("shows the server's reason for an unverified account, and the spec's words for an unknown one", async () => {
    mockFetch({
      "POST /api/auth/staff-role": [
        { status: 409, body: { message: "This account hasn't verified its email address yet." } },
        { status: 404, body: { message: "No account with this email." } },
      ],
    });
    const user = userEvent.setup();
    render(<Administrators admins={[ME]} me={ME} />);
    await user.selectOptions(screen.getByLabelText("Role"), "reviewer");
    await user.type(screen.getByLabelText("User email"), "new@princeton.edu");
    await user.click(screen.getByRole("button", { name: "Make Reviewer" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("hasn't verified its email address yet");
    await user.click(screen.getByRole("button", { name: "Make Reviewer" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(PROMOTE_FAILED);
  });

  it("takes a role away only after the dialog is confirmed", async () => {
    const server = mockFetch({
      "POST /api/auth/staff-role": { body: { email: "sam@princeton.edu", role: "user" } },
      "GET /api/auth/staff": { body: [{ email: ME, role: "admin" }] },
    });
    const user = userEvent.setup();
    render(<Administrators admins={[ME]} me={ME} staff={[{ email: "sam@princeton.edu", role: "volunteer" }]} />);
    await user.click(screen.getByRole("button", { name: "Remove role of sam@princeton.edu" }));
    const dialog = screen.getByRole("alertdialog", { name: "Remove this volunteer?" });
    expect(dialog).toHaveTextContent("can no longer check people in");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(server.calls.filter((c) => c.method === "POST")).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Remove role of sam@princeton.edu" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Remove role" }));
    expect(await screen.findByText("sam@princeton.edu is no longer a volunteer.")).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === "POST")?.body).toEqual({ email: "sam@princeton.edu", role: "user" });
    expect(screen.getByText("No reviewers or volunteers yet.")).toBeInTheDocument();
  });
});
