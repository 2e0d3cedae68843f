// Where a sign-in lands, what an unverified account, a used reset link and a verify link
// opened twice are told, and the register page's hint for a non-university address.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../lib/fetch-mock";
import { OUTSIDE_EMAIL_HINT } from "../../lib/validation";
import { LoginForm, landingAfterSignIn } from "./login-form";
import { RegisterForm } from "./register-form";
import { INVALID_RESET_LINK, ResetConfirmForm } from "./reset-forms";
import { VerifyStatus } from "./verify-status";
import { renderWithQuery } from "../../lib/test-utils";

afterEach(() => vi.unstubAllGlobals());

const PASSWORD = "Coffee-Beans-42";
const UNVERIFIED = "Please verify your email address first: open the link we emailed you when you registered.";

async function type(label: string, text: string) {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByLabelText(label, { exact: true }));
  await user.paste(text);
  return user;
}

describe("landingAfterSignIn", () => {
  it.each([
    [undefined, "admin", "/admin"],
    ["", "admin", "/admin"],
    [undefined, "user", "/dashboard"],
    ["", "user", "/dashboard"],
    ["/admin/users?page=2", "admin", "/admin/users?page=2"],
    ["/apply", "user", "/apply"],
    ["/dashboard", "admin", "/dashboard"],
    [undefined, "reviewer", "/admin/reviewapps"],
    [undefined, "volunteer", "/checkin"],
    ["/checkin", "reviewer", "/checkin"],
  ] as const)("next %j for a %s goes to %s", (next, role, to) => {
    expect(landingAfterSignIn(next, role)).toBe(to);
  });

  it("an organizer signing in with no `next` goes to /admin", async () => {
    mockFetch({ "POST /api/auth/login": { body: { user: { email: "grace@princeton.edu", role: "admin" } } } });
    const onSuccess = vi.fn();
    renderWithQuery(<LoginForm next="" onSuccess={onSuccess} />);
    await type("Email", "grace@princeton.edu");
    const user = await type("Password", PASSWORD);
    await user.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith("/admin"));
  });
});

describe("an unverified account signing in", () => {
  it("is told to verify and can ask for a new link, which the server answers", async () => {
    const sent = "If this address has an account waiting for verification, a new link is on its way.";
    const { apiCalls } = mockFetch({
      "POST /api/auth/login": { status: 403, body: { message: UNVERIFIED } },
      "POST /api/auth/resend_verification": { body: { message: sent } },
    });
    const onSuccess = vi.fn();
    renderWithQuery(<LoginForm onSuccess={onSuccess} />);
    await type("Email", "late@princeton.edu");
    const user = await type("Password", PASSWORD);
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText(UNVERIFIED)).toHaveClass("alert--error");
    await user.click(screen.getByRole("button", { name: "Send a new verification link" }));
    expect(await screen.findByText(sent)).toHaveClass("alert--success");
    expect(apiCalls().at(-1)).toMatchObject({ path: "/api/auth/resend_verification", body: { email: "late@princeton.edu" } });
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("shows the limit's message when asking too often", async () => {
    const tooMany = "Too many attempts. Please wait a few minutes and try again.";
    mockFetch({
      "POST /api/auth/login": { status: 403, body: { message: UNVERIFIED } },
      "POST /api/auth/resend_verification": { status: 429, body: { message: tooMany } },
    });
    renderWithQuery(<LoginForm onSuccess={vi.fn()} />);
    await type("Email", "late@princeton.edu");
    const user = await type("Password", PASSWORD);
    await user.click(screen.getByRole("button", { name: "Login" }));
    await user.click(await screen.findByRole("button", { name: "Send a new verification link" }));
    expect(await screen.findByText(tooMany)).toHaveClass("alert--error");
  });

  it("a wrong password offers no new link", async () => {
    mockFetch({ "POST /api/auth/login": { status: 401, body: { message: "Invalid credentials." } } });
    renderWithQuery(<LoginForm onSuccess={vi.fn()} />);
    await type("Email", "late@princeton.edu");
    const user = await type("Password", "Wrong-pass-1");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Invalid credentials.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send a new verification link" })).not.toBeInTheDocument();
  });
});

describe("the reset link page", () => {
  it("says at once that a link the server found unusable can't be used, and links to ask again", () => {
    const { apiCalls } = mockFetch({});
    renderWithQuery(<ResetConfirmForm token="used" valid={false} />);
    expect(screen.getByRole("heading", { name: "Reset link expired" })).toBeInTheDocument();
    expect(screen.getByText(INVALID_RESET_LINK)).toHaveClass("alert--error");
    expect(screen.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/reset");
    expect(screen.queryByLabelText("New password")).not.toBeInTheDocument();
    expect(apiCalls()).toEqual([]);
  });

  it("a link that runs out while the page is open says so the same way", async () => {
    mockFetch({ "POST /api/auth/reset_password/tok": { status: 400, body: { message: INVALID_RESET_LINK } } });
    renderWithQuery(<ResetConfirmForm token="tok" valid />);
    await type("New password", PASSWORD);
    const user = await type("Confirm new password", PASSWORD);
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/reset");
  });

  it("knows the refusal by its code whatever the language of its message", async () => {
    mockFetch({
      "POST /api/auth/reset_password/tok": {
        status: 400,
        body: { message: "Este enlace no es válido o ha caducado.", code: "invalid_reset_link" },
      },
    });
    renderWithQuery(<ResetConfirmForm token="tok" valid />);
    await type("New password", PASSWORD);
    const user = await type("Confirm new password", PASSWORD);
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/reset");
  });
});

describe("a verification link opened again", () => {
  it("says the account is verified and offers sign-in, not registering again", async () => {
    mockFetch({
      "GET /api/auth/verify/used": {
        body: { message: "This email address is already verified. Please sign in.", already_verified: true },
      },
    });
    renderWithQuery(<VerifyStatus token="used" />);
    expect(await screen.findByRole("heading", { name: "Already verified" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Login" })).toHaveAttribute("href", "/login");
    expect(screen.queryByText(/register again/i)).not.toBeInTheDocument();
  });
});

describe("the register page and a non-university address", () => {
  it("lets it through with a hint that it is checked when you register", async () => {
    mockFetch({});
    renderWithQuery(<RegisterForm />);
    await type("Email", "judge@gmail.com");
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription(OUTSIDE_EMAIL_HINT);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("gives a university address no hint", async () => {
    mockFetch({});
    renderWithQuery(<RegisterForm />);
    await type("Email", "ada@princeton.edu");
    expect(screen.queryByText(OUTSIDE_EMAIL_HINT)).not.toBeInTheDocument();
  });
});
