import { fireEvent, screen, waitFor } from "@testing-library/react";
import { renderWithQuery } from "../../lib/test-utils";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../lib/fetch-mock";
import { setCatalog } from "../../lib/i18n";
import spanish from "../../locales/es/accounts.json";
import { REGISTER_SUCCESS, RegisterForm } from "./register-form";

afterEach(() => vi.unstubAllGlobals());

const PASSWORD = "Coffee-Beans-42";
const registerButton = () => screen.getByRole("button", { name: "Register" });

async function fill(email: string, password: string, confirm: string) {
  const user = userEvent.setup({ delay: null });
  if (email) {
    await user.click(screen.getByLabelText("Email"));
    await user.paste(email);
  }
  if (password) {
    await user.click(screen.getByLabelText("Password"));
    await user.paste(password);
  }
  if (confirm) {
    await user.click(screen.getByLabelText("Confirm password"));
    await user.paste(confirm);
  }
  return user;
}

describe("RegisterForm", () => {
  it("is titled 'Get Started' and links to login", () => {
    mockFetch({});
    renderWithQuery(<RegisterForm />);
    expect(screen.getByRole("heading", { name: "Get Started" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Login/ })).toHaveAttribute("href", "/login");
  });

  it("keeps Register disabled until email, password and confirmation are all valid", async () => {
    mockFetch({});
    renderWithQuery(<RegisterForm />);
    expect(registerButton()).toBeDisabled();
    const user = await fill("ada@princeton.edu", PASSWORD, "");
    expect(registerButton()).toBeDisabled();
    await user.click(screen.getByLabelText("Confirm password"));
    await user.paste(PASSWORD);
    expect(registerButton()).toBeEnabled();
    await user.type(screen.getByLabelText("Confirm password"), "!");
    expect(registerButton()).toBeDisabled();
  });

  it("shows the spec's message under each invalid field", async () => {
    mockFetch({});
    renderWithQuery(<RegisterForm />);
    await fill("ada-at-gmail", "short", "other");
    expect(screen.getByText("Must be a student email assigned by a university")).toBeInTheDocument();
    expect(
      screen.getByText("Password must have at least 8 characters, 1 number, and 1 special character"),
    ).toBeInTheDocument();
    expect(screen.getByText("This field must match the password")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Must be a student email assigned by a university");
    expect(registerButton()).toBeDisabled();
  });

  it("shows 'Invalid Entry' when submit is forced with invalid data, and sends nothing", async () => {
    const { apiCalls } = mockFetch({});
    renderWithQuery(<RegisterForm />);
    await fill("ada@princeton.edu", "weak", "weak");
    fireEvent.submit(screen.getByRole("form", { name: "Get Started" }));
    expect(await screen.findByText("Invalid Entry")).toHaveClass("alert--error");
    expect(apiCalls()).toEqual([]);
  });

  it("clears its error when a field changes", async () => {
    mockFetch({});
    renderWithQuery(<RegisterForm />);
    const user = await fill("ada@princeton.edu", "weak", "");
    fireEvent.submit(screen.getByRole("form", { name: "Get Started" }));
    expect(await screen.findByText("Invalid Entry")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Confirm password"), "w");
    expect(screen.queryByText("Invalid Entry")).not.toBeInTheDocument();
  });

  it("shows 'User with this email already exists' when the server says so", async () => {
    mockFetch({ "POST /api/auth/register": { status: 409, body: { message: "User with this email already exists" } } });
    renderWithQuery(<RegisterForm />);
    const user = await fill("ada@princeton.edu", PASSWORD, PASSWORD);
    await user.click(registerButton());
    // At the Email field, as the password rules are at theirs, not in a banner under the form.
    expect(await screen.findByText("User with this email already exists")).toHaveClass("field__error");
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription(/User with this email already exists/);
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(document.querySelector(".alert--error")).toBeNull();
    expect(screen.queryByRole("link", { name: "Return to Login" })).not.toBeInTheDocument();
    // Changing the address clears it.
    await user.type(screen.getByLabelText("Email"), "x");
    expect(screen.queryByText("User with this email already exists")).not.toBeInTheDocument();
  });

  it("shows 'Registration Failed' for a server failure with no sentence", async () => {
    mockFetch({ "POST /api/auth/register": { status: 500, body: "<html>" } });
    renderWithQuery(<RegisterForm />);
    const user = await fill("ada@princeton.edu", PASSWORD, PASSWORD);
    await user.click(registerButton());
    expect(await screen.findByText("Registration Failed")).toHaveClass("alert--error");
  });

  it("lets a non-student address through and shows the server's refusal (only it knows the whitelist)", async () => {
    const message = "Must be a student email assigned by a university";
    const { apiCalls } = mockFetch({ "POST /api/auth/register": { status: 400, body: { message } } });
    renderWithQuery(<RegisterForm />);
    const user = await fill("ada@gmail.com", PASSWORD, PASSWORD);
    expect(registerButton()).toBeEnabled();
    await user.click(registerButton());
    expect(await screen.findByText(`Invalid Entry: ${message}`)).toHaveClass("field__error");
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription(new RegExp(message));
    expect(apiCalls().map((c) => c.path)).toEqual(["/api/auth/register"]);
  });

  it("shows the server's message when registrations are rate-limited", async () => {
    const message = "Too many attempts. Please wait a few minutes and try again.";
    mockFetch({ "POST /api/auth/register": { status: 429, body: { message } } });
    renderWithQuery(<RegisterForm />);
    const user = await fill("ada@princeton.edu", PASSWORD, PASSWORD);
    await user.click(registerButton());
    expect(await screen.findByText(message)).toHaveClass("alert--error");
  });

  it("clears a server error when a field changes", async () => {
    mockFetch({ "POST /api/auth/register": { status: 500, body: {} } });
    renderWithQuery(<RegisterForm />);
    const user = await fill("ada@princeton.edu", PASSWORD, PASSWORD);
    await user.click(registerButton());
    expect(await screen.findByText("Registration Failed")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Email"), "x");
    expect(screen.queryByText("Registration Failed")).not.toBeInTheDocument();
  });

  it("on success shows the verification message and 'Return to Login'", async () => {
    const { apiCalls } = mockFetch({ "POST /api/auth/register": { status: 201, body: { message: "Sent." } } });
    renderWithQuery(<RegisterForm />);
    const user = await fill("Ada@Princeton.edu", PASSWORD, PASSWORD);
    await user.click(registerButton());
    expect(await screen.findByText(REGISTER_SUCCESS)).toBeInTheDocument();
    expect(REGISTER_SUCCESS).toBe("Verification Email Sent. Check Spam folder if email is not visible.");
    expect(screen.getByRole("link", { name: "Return to Login" })).toHaveAttribute("href", "/login");
    // Registering again never changes the password: the page points at reset instead.
    expect(screen.getByText(/Your first password still holds/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Reset your password" })).toHaveAttribute("href", "/reset");
    expect(screen.queryByLabelText("Email")).not.toBeInTheDocument();
    await waitFor(() =>
      expect(apiCalls()).toEqual([
        expect.objectContaining({ path: "/api/auth/register", body: { email: "Ada@Princeton.edu", password: PASSWORD } }),
      ]),
    );
  });
});

describe("RegisterForm in Spanish", () => {
  afterEach(() => setCatalog("en"));

  it("shows the Spanish catalog's labels, button and checks", async () => {
    mockFetch({});
    setCatalog("es", spanish);
    renderWithQuery(<RegisterForm />);
    expect(screen.getByRole("heading", { name: "Empieza aquí" })).toBeInTheDocument();
    expect(screen.getByLabelText("Correo electrónico")).toBeInTheDocument();
    expect(screen.getByLabelText("Confirma la contraseña")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Crear cuenta" })).toBeDisabled();
    expect(screen.getByRole("link", { name: "¿Ya tienes cuenta? Inicia sesión" })).toHaveAttribute("href", "/login");
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByLabelText("Contraseña"));
    await user.paste("short");
    expect(screen.getByText("La contraseña debe tener al menos 8 caracteres, 1 número y 1 carácter especial")).toBeInTheDocument();
  });
});
