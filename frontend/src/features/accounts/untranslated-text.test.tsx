// Every text the converted sign-in screens render goes through t(): with a pseudo-catalog that
// brackets each of the Spanish catalog's strings, nothing outside brackets may be left but the
// event's name and punctuation. A new English sentence in one of these screens fails here.
import { screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setCatalog } from "../../lib/i18n";
import { mockFetch, type Route } from "../../lib/fetch-mock";
import { renderWithQuery } from "../../lib/test-utils";
import spanish from "../../locales/es/accounts.json";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";
import { ResetConfirmForm, ResetRequestForm } from "./reset-forms";
import { VerifyStatus } from "./verify-status";

const PSEUDO = Object.fromEntries(Object.keys(spanish).map((english) => [english, `⟦${english}⟧`]));

afterEach(() => {
  vi.unstubAllGlobals();
  setCatalog("en");
});

/** The page's text with every translated string taken out. */
const untranslated = (text: string) => text.replace(/⟦[^⟧]*⟧/g, "").replace("HackPortal", "").replace(/[\s.]/g, "");

describe("the sign-in screens render only translated text", () => {
  it.each<[string, ReactElement, Record<string, Route>, string]>([
    ["login", <LoginForm />, {}, "⟦Login⟧"],
    ["register", <RegisterForm />, {}, "⟦Get Started⟧"],
    ["reset request", <ResetRequestForm />, {}, "⟦Reset Password⟧"],
    ["new password", <ResetConfirmForm token="tok" />, {}, "⟦Choose a New Password⟧"],
    ["expired reset link", <ResetConfirmForm token="tok" valid={false} />, {}, "⟦Reset link expired⟧"],
    ["verified", <VerifyStatus token="ok" />, { "GET /api/auth/verify/ok": { body: { message: "Verified." } } }, "⟦Account Created!⟧"],
    [
      "already verified",
      <VerifyStatus token="again" />,
      { "GET /api/auth/verify/again": { body: { message: "Verified.", already_verified: true } } },
      "⟦Already verified⟧",
    ],
    ["invalid link", <VerifyStatus token="bad" />, { "GET /api/auth/verify/bad": { status: 400, body: { message: "Invalid." } } }, "⟦Invalid URL⟧"],
  ])("%s", async (_, ui, routes, landmark) => {
    mockFetch(routes);
    setCatalog("es", PSEUDO);
    const { container } = renderWithQuery(ui);
    expect(await screen.findAllByText(landmark)).not.toHaveLength(0);
    expect(untranslated(container.textContent ?? "")).toBe("");
  });
});
