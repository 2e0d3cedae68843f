// A submission forced through with invalid data shows 'Invalid Entry'. The page's
// own checks catch most of it; what gets past them (a rule only the server knows, a forced
// submit) comes back as a 400 naming its fields, and reads 'Invalid Entry' with the reason.
import { screen } from "@testing-library/react";
import { renderWithQuery } from "../../lib/test-utils";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api";
import { mockFetch } from "../../lib/fetch-mock";
import { INVALID_ENTRY, entryError } from "../../lib/validation";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";
import { ResetConfirmForm, ResetRequestForm } from "./reset-forms";

afterEach(() => vi.unstubAllGlobals());

const PASSWORD = "Coffee-Beans-42";
const STUDENT = "Must be a student email assigned by a university";
const WEAK = "Password must have at least 8 characters, 1 number, and 1 special character";
const BAD_LINK = "This reset link is invalid or has expired. Please request a new one.";

describe("entryError", () => {
  it.each([
    ["a 400 naming a field", new ApiError(400, { message: STUDENT, errors: { email: [STUDENT] } }), { title: INVALID_ENTRY, text: STUDENT }],
    ["a 400 with field errors only", new ApiError(400, { errors: { password: [WEAK] } }), { title: INVALID_ENTRY, text: WEAK }],
    ["a 400 without field errors (an expired link)", new ApiError(400, { message: BAD_LINK }), { text: "fallback" }],
    ["a 400 with empty field errors", new ApiError(400, { message: "x", errors: {} }), { text: "fallback" }],
    ["a 409", new ApiError(409, { message: "exists", errors: { email: ["exists"] } }), { text: "fallback" }],
    ["a 429", new ApiError(429, { message: "slow down" }), { text: "fallback" }],
    ["no answer at all", new TypeError("Failed to fetch"), { text: "fallback" }],
  ])("%s → %j", (_name, error, shown) => {
    expect(entryError(error, "fallback")).toEqual(shown);
  });
});

type Case = {
  name: string;
  form: ReactElement;
  route: string;
  fill: (u: ReturnType<typeof userEvent.setup>) => Promise<void>;
  button: string;
  body: { message: string; errors?: Record<string, string[]> };
  /** The field whose error shows it (registration puts its refusals at their field). */
  atField?: string;
};

async function type(u: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await u.click(screen.getByLabelText(label));
  await u.paste(text);
}

const CASES: Case[] = [
  {
    name: "register, a non-student address the whitelist doesn't hold",
    form: <RegisterForm />,
    route: "POST /api/auth/register",
    fill: async (u) => {
      await type(u, "Email", "ada@gmail.com");
      await type(u, "Password", PASSWORD);
      await type(u, "Confirm password", PASSWORD);
    },
    button: "Register",
    body: { message: STUDENT, errors: { email: [STUDENT] } },
    atField: "Email",
  },
  {
    name: "login, a malformed request",
    form: <LoginForm onSuccess={() => undefined} />,
    route: "POST /api/auth/login",
    fill: async (u) => {
      await type(u, "Email", "ada@princeton.edu");
      await type(u, "Password", "x");
    },
    button: "Login",
    body: { message: "Ensure this field has no more than 254 characters.", errors: { email: ["Too long."] } },
  },
  {
    name: "reset request, an address the server can't read",
    form: <ResetRequestForm />,
    route: "POST /api/auth/reset_password",
    fill: (u) => type(u, "Email", "ada@princeton.edu"),
    button: "Send reset link",
    body: { message: "Must be a valid email address", errors: { email: ["Must be a valid email address"] } },
  },
  {
    name: "new password, refused by the server's rule",
    form: <ResetConfirmForm token="tok" />,
    route: "POST /api/auth/reset_password/tok",
    fill: async (u) => {
      await type(u, "New password", PASSWORD);
      await type(u, "Confirm new password", PASSWORD);
    },
    button: "Reset password",
    body: { message: WEAK, errors: { password: [WEAK] } },
  },
];

describe.each(CASES)("$name", ({ form, route, fill, button, body, atField }) => {
  it("shows 'Invalid Entry' with the server's reason", async () => {
    mockFetch({ [route]: { status: 400, body } });
    renderWithQuery(form);
    const u = userEvent.setup({ delay: null });
    await fill(u);
    await u.click(screen.getByRole("button", { name: button }));
    if (atField) {
      const error = await screen.findByText(`${INVALID_ENTRY}: ${body.message}`);
      expect(error).toHaveClass("field__error");
      expect(screen.getByLabelText(atField)).toHaveAccessibleDescription(new RegExp(`${INVALID_ENTRY}: ${body.message}`));
      return;
    }
    const title = await screen.findByText(INVALID_ENTRY);
    const alert = screen.getByRole("alert");
    expect(alert).toContainElement(title);
    expect(alert).toHaveClass("alert--error");
    expect(alert).toHaveTextContent(body.message);
  });
});

it("an expired reset link is not an invalid entry: its own message shows alone", async () => {
  mockFetch({ "POST /api/auth/reset_password/tok": { status: 400, body: { message: BAD_LINK } } });
  renderWithQuery(<ResetConfirmForm token="tok" />);
  const u = userEvent.setup({ delay: null });
  await type(u, "New password", PASSWORD);
  await type(u, "Confirm new password", PASSWORD);
  await u.click(screen.getByRole("button", { name: "Reset password" }));
  expect(await screen.findByText(BAD_LINK)).toHaveClass("alert--error");
  expect(screen.queryByText(INVALID_ENTRY)).not.toBeInTheDocument();
});
