import { fireEvent, screen } from "@testing-library/react";
import { renderWithQuery } from "../../lib/test-utils";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../lib/fetch-mock";
import { ResetConfirmForm, ResetRequestForm } from "./reset-forms";

afterEach(() => vi.unstubAllGlobals());

const user = () => userEvent.setup({ delay: null });
const NEW_PASSWORD = "Fresh-Roast-77";

describe("ResetRequestForm", () => {
  const sendButton = () => screen.getByRole("button", { name: "Send reset link" });

  it("keeps its button disabled until the email is valid, with 'Must be a valid email address'", async () => {
    mockFetch({});
    renderWithQuery(<ResetRequestForm />);
    expect(sendButton()).toBeDisabled();
    const u = user();
    await u.click(screen.getByLabelText("Email"));
    await u.paste("ada-at-princeton");
    expect(screen.getByText("Must be a valid email address")).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    await u.clear(screen.getByLabelText("Email"));
    await u.click(screen.getByLabelText("Email"));
    // Any address goes to the server, which answers the same for all of them (no list to test).
    await u.paste("ada@gmail.com");
    expect(sendButton()).toBeEnabled();
  });

  it("shows 'Invalid Entry' when submit is forced with an invalid email", async () => {
    const { apiCalls } = mockFetch({});
    renderWithQuery(<ResetRequestForm />);
    const u = user();
    await u.click(screen.getByLabelText("Email"));
    await u.paste("nope");
    fireEvent.submit(screen.getByRole("form", { name: "Reset Password" }));
    expect(await screen.findByText("Invalid Entry")).toHaveClass("alert--error");
    expect(apiCalls()).toEqual([]);
  });

  it("shows the server's message on success", async () => {
    const { apiCalls } = mockFetch({
      "POST /api/auth/reset_password": { body: { message: "If that account exists, a reset link is on its way." } },
    });
    renderWithQuery(<ResetRequestForm />);
    const u = user();
    await u.click(screen.getByLabelText("Email"));
    await u.paste("ada@princeton.edu");
    await u.click(sendButton());
    expect(await screen.findByText("If that account exists, a reset link is on its way.")).toHaveClass("alert--success");
    expect(apiCalls()[0]).toMatchObject({ path: "/api/auth/reset_password", body: { email: "ada@princeton.edu" } });
  });

  it("shows the server's message on error", async () => {
    mockFetch({ "POST /api/auth/reset_password": { status: 429, body: { message: "Too many requests. Try later." } } });
    renderWithQuery(<ResetRequestForm />);
    const u = user();
    await u.click(screen.getByLabelText("Email"));
    await u.paste("ada@princeton.edu");
    await u.click(sendButton());
    expect(await screen.findByText("Too many requests. Try later.")).toHaveClass("alert--error");
  });

  it("shows a generic sentence when the network fails", async () => {
    mockFetch({ "POST /api/auth/reset_password": () => Promise.reject(new TypeError("Failed to fetch")) });
    renderWithQuery(<ResetRequestForm />);
    const u = user();
    await u.click(screen.getByLabelText("Email"));
    await u.paste("ada@princeton.edu");
    await u.click(sendButton());
    expect(await screen.findByText("Something went wrong. Please try again.")).toHaveClass("alert--error");
  });
});

describe("ResetConfirmForm", () => {
  const resetButton = () => screen.getByRole("button", { name: "Reset password" });

  it("keeps its button disabled until the password is valid and confirmed", async () => {
    mockFetch({});
    renderWithQuery(<ResetConfirmForm token="tok" />);
    const u = user();
    await u.click(screen.getByLabelText("New password"));
    await u.paste("weak");
    expect(
      screen.getByText("Password must have at least 8 characters, 1 number, and 1 special character"),
    ).toBeInTheDocument();
    expect(resetButton()).toBeDisabled();
    await u.clear(screen.getByLabelText("New password"));
    await u.click(screen.getByLabelText("New password"));
    await u.paste(NEW_PASSWORD);
    await u.click(screen.getByLabelText("Confirm new password"));
    await u.paste("Fresh");
    expect(screen.getByText("This field must match the password")).toBeInTheDocument();
    expect(resetButton()).toBeDisabled();
    await u.click(screen.getByLabelText("Confirm new password"));
    await u.paste("-Roast-77");
    expect(resetButton()).toBeEnabled();
  });

  it("shows 'Invalid Entry' when submit is forced with invalid data", async () => {
    const { apiCalls } = mockFetch({});
    renderWithQuery(<ResetConfirmForm token="tok" />);
    fireEvent.submit(screen.getByRole("form", { name: "Choose a New Password" }));
    expect(await screen.findByText("Invalid Entry")).toHaveClass("alert--error");
    expect(apiCalls()).toEqual([]);
  });

  it("sends the token and password, shows the server's message and a way to login", async () => {
    const { apiCalls } = mockFetch({
      "POST /api/auth/reset_password/a%2Fb-c": { body: { message: "Your password has been reset." } },
    });
    renderWithQuery(<ResetConfirmForm token="a/b-c" />);
    const u = user();
    await u.click(screen.getByLabelText("New password"));
    await u.paste(NEW_PASSWORD);
    await u.click(screen.getByLabelText("Confirm new password"));
    await u.paste(NEW_PASSWORD);
    await u.click(resetButton());
    expect(await screen.findByText("Your password has been reset.")).toHaveClass("alert--success");
    expect(screen.getByRole("link", { name: "Go to Login" })).toHaveAttribute("href", "/login");
    expect(screen.getByLabelText("New password")).toBeDisabled();
    expect(apiCalls()[0]).toMatchObject({ method: "POST", body: { password: NEW_PASSWORD } });
  });

  it("shows the server's message on error and lets the person try again", async () => {
    mockFetch({
      "POST /api/auth/reset_password/tok": { status: 400, body: { message: "This reset link is invalid or has expired." } },
    });
    renderWithQuery(<ResetConfirmForm token="tok" />);
    const u = user();
    await u.click(screen.getByLabelText("New password"));
    await u.paste(NEW_PASSWORD);
    await u.click(screen.getByLabelText("Confirm new password"));
    await u.paste(NEW_PASSWORD);
    await u.click(resetButton());
    expect(await screen.findByText("This reset link is invalid or has expired.")).toHaveClass("alert--error");
    expect(resetButton()).toBeEnabled();
  });
});
