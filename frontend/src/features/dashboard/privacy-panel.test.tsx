import { screen, within } from "@testing-library/react";
import { renderWithQuery } from "../../lib/test-utils";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../lib/fetch-mock";
import { canChangeConsent, emailMatches, PrivacyPanel } from "./privacy-panel";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPanel(overrides: Partial<Parameters<typeof PrivacyPanel>[0]> = {}) {
  const navigate = vi.fn();
  renderWithQuery(
    <PrivacyPanel
      email="ada@princeton.edu"
      status="submitted"
      shareResumeWithSponsors={false}
      navigate={navigate}
      {...overrides}
    />,
  );
  return { navigate };
}

describe("emailMatches", () => {
  it.each([
    ["ada@princeton.edu", true],
    ["  ADA@Princeton.edu ", true],
    ["ada@princeton.ed", false],
    ["", false],
    ["bob@princeton.edu", false],
  ])("%j against ada@princeton.edu is %s", (typed, expected) => {
    expect(emailMatches(typed, "ada@princeton.edu")).toBe(expected);
  });
});

describe("canChangeConsent", () => {
  it.each([
    ["unsubmitted", false],
    ["started", false],
    ["submitted", true],
    ["confirmed", true],
  ])("%s: %s", (status, expected) => {
    expect(canChangeConsent(status)).toBe(expected);
  });
});

describe("the Your data card", () => {
  it("links the export, which the browser downloads from the API", () => {
    renderPanel();
    const link = screen.getByRole("link", { name: "Download my data" });
    expect(link).toHaveAttribute("href", "/api/privacy/export");
    expect(link).toHaveAttribute("download");
  });

  it("deletes the account only once the email is typed, then leaves the page", async () => {
    const { apiCalls } = mockFetch({ "POST /api/privacy/delete-account": { body: { message: "Deleted." } } });
    const { navigate } = renderPanel();
    await userEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    const dialog = screen.getByRole("alertdialog", { name: "Delete your account?" });
    expect(dialog).toHaveAccessibleDescription(/can't be undone/);
    const confirm = within(dialog).getByRole("button", { name: "Delete my account" });
    expect(confirm).toBeDisabled();
    const input = within(dialog).getByLabelText(/Type your email address/);
    await userEvent.type(input, "ada@princeton.ed");
    expect(confirm).toBeDisabled();
    await userEvent.type(input, "u");
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    expect(apiCalls().map((c) => [c.path, c.body])).toEqual([
      ["/api/privacy/delete-account", { email: "ada@princeton.edu" }],
    ]);
    expect(navigate).toHaveBeenCalledWith("/account-deleted");
  });

  it("shows the server's refusal on the field and stays", async () => {
    mockFetch({
      "POST /api/privacy/delete-account": {
        status: 409,
        body: { message: "You are the last organizer." },
      },
    });
    const { navigate } = renderPanel();
    await userEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    const dialog = screen.getByRole("alertdialog");
    await userEvent.type(within(dialog).getByLabelText(/Type your email address/), "ada@princeton.edu");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("You are the last organizer.");
    expect(navigate).not.toHaveBeenCalled();
  });

  it("cancel closes the dialog and forgets what was typed", async () => {
    const { apiCalls } = mockFetch({});
    renderPanel();
    await userEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    await userEvent.type(screen.getByLabelText(/Type your email address/), "ada@");
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    expect(screen.getByLabelText(/Type your email address/)).toHaveValue("");
    expect(apiCalls()).toEqual([]);
  });

  it("switches the sponsors' consent through the API", async () => {
    const { apiCalls } = mockFetch({
      "PUT /api/privacy/consents/sponsors": { body: { share_resume_with_sponsors: true, can_change: true } },
    });
    renderPanel();
    const box = screen.getByRole("checkbox", { name: "Share my resume with sponsors" });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    expect(await screen.findByRole("status")).toHaveTextContent("in the sponsors' resume book");
    expect(box).toBeChecked();
    expect(apiCalls().map((c) => c.body)).toEqual([{ share_resume_with_sponsors: true }]);
  });

  it("waits for a submitted application before the consent can change", () => {
    renderPanel({ status: "started" });
    expect(screen.getByRole("checkbox", { name: "Share my resume with sponsors" })).toBeDisabled();
    expect(screen.getByText(/once you have submitted/)).toBeInTheDocument();
  });
});

describe("a refused consent change", () => {
  it("puts the box back and says why", async () => {
    mockFetch({
      "PUT /api/privacy/consents/sponsors": { status: 409, body: { message: "Submit an application first." } },
    });
    renderPanel({ shareResumeWithSponsors: true });
    const box = screen.getByRole("checkbox", { name: "Share my resume with sponsors" });
    await userEvent.click(box);
    expect(await screen.findByRole("alert")).toHaveTextContent("Submit an application first.");
    expect(box).toBeChecked();
  });
});
