import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { organizerApi } from "../api/organizer";
import { AssignApplications } from "../features/reviews/assign-applications";
import { BatchUpdate } from "../features/decisions/batch-update";
import { Whitelist } from "../features/people/whitelist";
import { renderWithQuery } from "../lib/test-utils";

// The organizer tools count and check addresses with lib/emails (the server's extractor), so
// text the server would find nothing in is refused before any request.
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.restoreAllMocks());

// Each of these held an address for the old client regexes (neil@ox.ac.uk, y@z.edu, b@c.edu,
// a@b.edu) and holds none for the server.
const NOTHING_FOR_THE_SERVER = "o'neil@ox.ac.uk x@y@z.edu a!b@c.edu a@b.edu.x";

describe("the organizer tools read addresses as the server does", () => {
  it("Batch Update counts none and sends nothing for text the server finds no address in", async () => {
    const batch = vi.spyOn(organizerApi, "batchStatus");
    const user = userEvent.setup();
    renderWithQuery(<BatchUpdate statuses={[{ value: "accepted", label: "Accepted" }]} defaultStatus="accepted" />);
    await user.click(screen.getByLabelText("Emails"));
    await user.paste(NOTHING_FOR_THE_SERVER);
    expect(screen.getByText(/0 found\./)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(screen.getByText("Paste at least one email address.")).toBeInTheDocument();
    expect(batch).not.toHaveBeenCalled();
  });

  it("Assign Applications counts only what the server will assign", async () => {
    const user = userEvent.setup();
    renderWithQuery(<AssignApplications admins={["alan@princeton.edu"]} />);
    await user.click(screen.getByLabelText("Emails"));
    await user.paste(`${NOTHING_FOR_THE_SERVER} ada@princeton.edu`);
    expect(screen.getByText(/1 found/)).toBeInTheDocument();
  });

  it("the whitelist refuses an address the extractor would not yield", async () => {
    const add = vi.spyOn(organizerApi, "whitelistEmail");
    const user = userEvent.setup();
    render(<Whitelist exceptions={[]} />);
    await user.type(screen.getByLabelText("Email address"), "a!b@c.edu");
    await user.click(screen.getByRole("button", { name: "Add Email" }));
    expect(screen.getByText("Enter a valid email address.")).toBeInTheDocument();
    expect(add).not.toHaveBeenCalled();
  });
});
