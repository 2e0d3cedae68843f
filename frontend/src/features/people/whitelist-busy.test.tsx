import { screen, waitFor } from "@testing-library/react";
import { renderWithQuery } from "../../lib/test-utils";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { organizerApi } from "../../api/organizer";
import { ApiError } from "../../lib/api";
import { Whitelist } from "./whitelist";

const rule = { id: 3, kind: "email" as const, value: "ada@mentors.org" };

afterEach(() => vi.restoreAllMocks());

describe("Whitelist while a request runs", () => {
  it("disables every button while one form's request runs, and says which", async () => {
    let finish!: () => void;
    vi.spyOn(organizerApi, "whitelistEmail").mockReturnValue(
      new Promise((resolve) => (finish = () => resolve(rule))),
    );
    vi.spyOn(organizerApi, "exceptions").mockResolvedValue([rule]);
    const user = userEvent.setup();
    renderWithQuery(<Whitelist exceptions={[{ ...rule, id: 1, value: "old@x.org" }]} />);
    await user.type(screen.getByLabelText("Email address"), "Ada@mentors.org");
    await user.click(screen.getByRole("button", { name: "Add Email" }));
    expect(screen.getByRole("button", { name: "Adding…" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Add Pattern" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Remove old@x.org" })).toBeDisabled();
    finish();
    expect(await screen.findByText("ada@mentors.org can now register.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add Pattern" })).toBeEnabled();
  });

  it("shows a refused removal's message and reloads the list", async () => {
    vi.spyOn(organizerApi, "removeException").mockRejectedValue(new ApiError(404, { message: "No such exception." }));
    const reload = vi.spyOn(organizerApi, "exceptions").mockResolvedValue([]);
    const user = userEvent.setup();
    renderWithQuery(<Whitelist exceptions={[rule]} />);
    await user.click(screen.getByRole("button", { name: `Remove ${rule.value}` }));
    expect(await screen.findByText("No such exception.")).toBeInTheDocument();
    expect(reload).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.getByText("No exceptions yet.")).toBeInTheDocument());
  });

  it("keeps the server's refusal beside the email field, and the fallback offline", async () => {
    vi.spyOn(organizerApi, "whitelistEmail")
      .mockRejectedValueOnce(new ApiError(400, { message: "That address is already whitelisted." }))
      .mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const user = userEvent.setup();
    renderWithQuery(<Whitelist exceptions={[]} />);
    await user.type(screen.getByLabelText("Email address"), "ada@mentors.org");
    await user.click(screen.getByRole("button", { name: "Add Email" }));
    expect(await screen.findByText("That address is already whitelisted.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add Email" }));
    expect(await screen.findByText("Error adding the email.")).toBeInTheDocument();
  });
});
