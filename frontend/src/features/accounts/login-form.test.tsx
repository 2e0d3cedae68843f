import { fireEvent, screen, waitFor } from "@testing-library/react";
import { renderWithQuery } from "../../lib/test-utils";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setConfig, type PortalConfig } from "../../lib/config";
import { mockFetch } from "../../lib/fetch-mock";
import { LoginForm } from "./login-form";

afterEach(() => {
  vi.unstubAllGlobals();
  setConfig(null);
});

const loginButton = () => screen.getByRole("button", { name: "Login" });

async function fill(email: string, password: string) {
  const user = userEvent.setup({ delay: null });
  if (email) {
    await user.click(screen.getByLabelText("Email"));
    await user.paste(email);
  }
  if (password) {
    await user.click(screen.getByLabelText("Password"));
    await user.paste(password);
  }
  return user;
}

describe("LoginForm", () => {
  it("shows 'Welcome to' and the event's themed name, and the two links", () => {
    mockFetch({});
    setConfig({ event: { themedName: "Café Hackathon" } } as PortalConfig);
    renderWithQuery(<LoginForm />);
    expect(screen.getByRole("heading", { name: /Welcome to\s*Café Hackathon/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Don't have an account?" })).toHaveAttribute("href", "/register");
    expect(screen.getByRole("link", { name: "Forgot Password?" })).toHaveAttribute("href", "/reset");
  });

  it("keeps Login disabled until the email is valid and a password is present", async () => {
    mockFetch({});
    renderWithQuery(<LoginForm />);
    expect(loginButton()).toBeDisabled();
    const user = await fill("ada@princeton.edu", "");
    expect(loginButton()).toBeDisabled();
    await user.type(screen.getByLabelText("Password"), "x");
    expect(loginButton()).toBeEnabled();
  });

  it("says 'Must be a student email address' for something that is no address, and keeps Login disabled", async () => {
    mockFetch({});
    renderWithQuery(<LoginForm />);
    await fill("ada-at-princeton", "Coffee-Beans-42");
    expect(screen.getByText("Must be a student email address")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(loginButton()).toBeDisabled();
  });

  it("lets any address through to the server, which knows the whitelist (a single whitelisted address)", async () => {
    const { apiCalls } = mockFetch({
      "POST /api/auth/login": { body: { user: { email: "guest@partner.com", role: "user" } } },
    });
    const onSuccess = vi.fn();
    renderWithQuery(<LoginForm onSuccess={onSuccess} />);
    const user = await fill("guest@partner.com", "pw");
    expect(screen.queryByText("Must be a student email address")).not.toBeInTheDocument();
    expect(loginButton()).toBeEnabled();
    await user.click(loginButton());
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    // No whitelist is fetched: the page never runs the organizers' patterns.
    expect(apiCalls().map((c) => c.path)).toEqual(["/api/auth/login"]);
  });

  it("shows 'Invalid Entry' when submit is forced with invalid data, and calls nobody", async () => {
    const { apiCalls } = mockFetch({});
    renderWithQuery(<LoginForm />);
    await fill("ada", "");
    fireEvent.submit(screen.getByRole("form", { name: /Welcome to/ }));
    expect(await screen.findByText("Invalid Entry")).toHaveClass("alert--error");
    expect(apiCalls()).toEqual([]);
  });

  it("signs in and goes to `next`", async () => {
    const { apiCalls } = mockFetch({
      "POST /api/auth/login": { body: { user: { email: "ada@princeton.edu", role: "user" } } },
    });
    const onSuccess = vi.fn();
    renderWithQuery(<LoginForm next="/admin" onSuccess={onSuccess} />);
    const user = await fill("ada@princeton.edu", "Coffee-Beans-42");
    await user.click(loginButton());
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith("/admin"));
    expect(apiCalls()).toEqual([
      expect.objectContaining({
        method: "POST",
        path: "/api/auth/login",
        body: { email: "ada@princeton.edu", password: "Coffee-Beans-42" },
      }),
    ]);
  });

  it("goes to /dashboard when no `next` is given", async () => {
    mockFetch({ "POST /api/auth/login": { body: { user: { email: "ada@princeton.edu", role: "user" } } } });
    const onSuccess = vi.fn();
    renderWithQuery(<LoginForm onSuccess={onSuccess} />);
    const user = await fill("ada@princeton.edu", "Coffee-Beans-42");
    await user.click(loginButton());
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith("/dashboard"));
  });

  it("says 'Invalid credentials.' for a wrong password (401), without a pointless session refresh", async () => {
    const { apiCalls } = mockFetch({
      "POST /api/auth/login": { status: 401, body: { message: "Invalid credentials." } },
    });
    const onSuccess = vi.fn();
    renderWithQuery(<LoginForm onSuccess={onSuccess} />);
    const user = await fill("ada@princeton.edu", "Wrong-Pass-1");
    await user.click(loginButton());
    expect(await screen.findByText("Invalid credentials.")).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(loginButton()).toBeEnabled();
    expect(apiCalls().map((c) => c.path)).toEqual(["/api/auth/login"]);
  });

  it.each([
    ["a lockout (429)", 429, "Too many attempts. Please wait a few minutes and try again."],
    ["an outage (503)", 503, "The service is temporarily unavailable. Please try again in a minute."],
    ["a malformed request (400)", 400, "Bad request."],
  ])("shows the server's reason for %s, not 'Invalid credentials.'", async (_why, status, message) => {
    mockFetch({ "POST /api/auth/login": { status, body: { message } } });
    renderWithQuery(<LoginForm onSuccess={vi.fn()} />);
    const user = await fill("ada@princeton.edu", "Coffee-Beans-42");
    await user.click(loginButton());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText("Invalid credentials.")).not.toBeInTheDocument();
  });

  it("says the portal can't be reached when no sentence of the portal's comes back", async () => {
    mockFetch({ "POST /api/auth/login": { status: 502, body: "<html>Bad gateway</html>" } });
    renderWithQuery(<LoginForm onSuccess={vi.fn()} />);
    const user = await fill("ada@princeton.edu", "Coffee-Beans-42");
    await user.click(loginButton());
    expect(await screen.findByText(/can't be reached right now/)).toBeInTheDocument();
  });
});
