import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mailingsApi, type EmailTemplate } from "../../api/mailings";
import { ApiError } from "../../lib/api";
import { renderWithQuery } from "../../lib/test-utils";
import { TemplateEditor } from "./automated-emails";

const template: EmailTemplate = {
  key: "decision_accepted",
  name: "Decision: accepted",
  subject: "You're in!",
  html: "<p>Welcome</p>",
  placeholders: ["first_name"],
  customized: true,
};

beforeEach(() => {
  vi.spyOn(mailingsApi, "preview").mockResolvedValue({ subject: "You're in!", html: "<p>Welcome</p>", text: "" });
});
afterEach(() => vi.restoreAllMocks());

describe("TemplateEditor's actions", () => {
  it("disables all three buttons while one runs, and labels the running one", async () => {
    let finish!: () => void;
    vi.spyOn(mailingsApi, "sendTest").mockReturnValue(
      new Promise((resolve) => (finish = () => resolve({ message: "Sent to grace@princeton.edu." }))),
    );
    const user = userEvent.setup();
    renderWithQuery(<TemplateEditor template={template} email="grace@princeton.edu" onSaved={() => {}} />);
    await user.click(screen.getByRole("button", { name: "Send test to me" }));
    expect(screen.getByRole("button", { name: "Sending…" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Reset to default" })).toBeDisabled();
    finish();
    expect(await screen.findByText("Sent to grace@princeton.edu.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save" })).toBeEnabled();
  });

  it("shows one notice at a time: a failed reset's, then the next save's", async () => {
    vi.spyOn(mailingsApi, "resetTemplate").mockRejectedValue(new ApiError(502, { message: "" }));
    vi.spyOn(mailingsApi, "saveTemplate").mockRejectedValue(
      new ApiError(400, { message: "Please fix the highlighted fields.", errors: { subject: ["Too long."] } }),
    );
    const user = userEvent.setup();
    renderWithQuery(<TemplateEditor template={template} email="grace@princeton.edu" onSaved={() => {}} />);
    await user.click(screen.getByRole("button", { name: "Reset to default" }));
    expect(await screen.findByText("Request failed (502)")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Please fix the highlighted fields.")).toBeInTheDocument();
    expect(screen.queryByText("Request failed (502)")).not.toBeInTheDocument();
    expect(screen.getByText("Too long.")).toBeInTheDocument();
  });
});
