import { useState, type FormEvent } from "react";
import { authApi } from "../../api/auth";
import { ApiError } from "../../lib/api";
import { Alert } from "../../components/alert";
import { Field, AccountEmailField } from "../../components/field";
import { getConfig, type Role } from "../../lib/config";
import { t } from "../../lib/i18n";
import { useSubmit } from "../../lib/use-submit";
import {
  INVALID_ENTRY,
  LOGIN_EMAIL_MESSAGE,
  emailError,
  entryError,
  mayBeAccepted,
  type FormError,
} from "../../lib/validation";

export const INVALID_CREDENTIALS = t.noop("Invalid credentials.");
export const NO_ANSWER = t.noop("The portal can't be reached right now. Check your connection and try again.");

/** What a refused sign-in tells the person: "Invalid credentials." only when the password or
 *  account was wrong (401); a lockout (429) or an outage (503) says so, or the right password
 *  would look wrong and send its owner off to reset it. */
export function loginFailure(err: unknown): string {
  if (!(err instanceof ApiError)) return t(NO_ANSWER);
  if (err.status === 401) return t(INVALID_CREDENTIALS);
  // The portal's own refusals carry a sentence; anything else (a proxy's page) is no answer.
  return (err.status < 500 || err.status === 503) && err.body.message ? err.body.message : t(NO_ANSWER);
}

/** Each staff role's home, as the server's `home_for` (apps/core/pages.py); students: /dashboard. */
const HOMES: Partial<Record<Role, string>> = { admin: "/admin", reviewer: "/admin/reviewapps", volunteer: "/checkin" };

/** Where a sign-in goes: the page the person was sent from (`next`), else their home (as the
 *  server's public-only guard does). */
export function landingAfterSignIn(next: string | undefined, role: Role): string {
  if (next) return next;
  return HOMES[role] ?? "/dashboard";
}

export function LoginForm({ next, onSuccess }: { next?: string; onSuccess?: (to: string) => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const { busy: signingIn, error, setError, run } = useSubmit<FormError>();
  // The server's 403: the password was right, the address never verified. Offer a new link.
  const [unverified, setUnverified] = useState(false);
  const resending = useSubmit();
  const [resent, setResent] = useState<string | null>(null);
  const busy = signingIn || resending.busy;
  const valid = mayBeAccepted(email) && password.length > 0;
  let themedName = "HackPortal";
  try {
    themedName = getConfig().event.themedName;
  } catch {
    /* tests render without a page config */
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) {
      setError({ text: t(INVALID_ENTRY) });
      return;
    }
    setUnverified(false);
    setResent(null);
    resending.setError(null);
    await run(
      async () => {
        try {
          const { user } = await authApi.login(email, password);
          (onSuccess ?? ((to: string) => window.location.assign(to)))(landingAfterSignIn(next, user.role));
        } catch (err) {
          setUnverified(err instanceof ApiError && err.status === 403);
          throw err;
        }
      },
      (err) => entryError(err, loginFailure(err)),
      // Signed in: the page goes to the person's home, so the button stays busy.
      { leaving: true },
    );
  }

  async function resend() {
    setResent(null);
    await resending.run(async () => {
      const { message } = await authApi.resendVerification(email);
      setResent(message);
    }, loginFailure);
  }

  return (
    <form onSubmit={submit} noValidate className="stack" aria-labelledby="login-title">
      <h1 id="login-title">
        {t("Welcome to")} <span className="auth-card__themed">{themedName}</span>
      </h1>
      <AccountEmailField
        label={t("Email")}
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          setUnverified(false);
          setResent(null);
          resending.setError(null);
        }}
        error={emailError(email, LOGIN_EMAIL_MESSAGE)}
      />
      <Field
        label={t("Password")}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {error ? (
        <Alert kind="error" title={error.title}>
          {error.text}
        </Alert>
      ) : null}
      {unverified ? (
        <div className="stack stack--tight">
          <p className="muted">
            {t("No email, or the link expired? We can send a new one to {email}.", { email: email.trim() })}
          </p>
          <button type="button" className="button button--secondary button--block" onClick={resend} disabled={busy}>
            {t("Send a new verification link")}
          </button>
          {resent ? <Alert kind="success">{resent}</Alert> : null}
          {resending.error ? <Alert kind="error">{resending.error}</Alert> : null}
        </div>
      ) : null}
      <button type="submit" className="button button--block" disabled={!valid || busy}>
        {busy ? t("Signing in…") : t("Login")}
      </button>
      <div className="links-row">
        <a href="/register">{t("Don't have an account?")}</a>
        <a href="/reset">{t("Forgot Password?")}</a>
      </div>
    </form>
  );
}
