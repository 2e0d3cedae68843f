import { useState, type FormEvent } from "react";
import { authApi } from "../../api/auth";
import { ApiError } from "../../lib/api";
import { Alert } from "../../components/alert";
import { Field, AccountEmailField } from "../../components/field";
import {
  INVALID_ENTRY,
  RESET_EMAIL_MESSAGE,
  confirmError,
  emailError,
  entryError,
  mayBeAccepted,
  isValidPassword,
  passwordError,
  type FormError,
} from "../../lib/validation";
import { useSubmit } from "../../lib/use-submit";
import { t } from "../../lib/i18n";

function messageOf(err: unknown): string {
  return err instanceof ApiError ? err.message : t("Something went wrong. Please try again.");
}

/** The server's confirmation, or why it refused. */
function Outcome({ sent, error }: { sent: string | null; error: FormError | null }) {
  if (sent !== null) return <Alert kind="success">{sent}</Alert>;
  if (error)
    return (
      <Alert kind="error" title={error.title}>
        {error.text}
      </Alert>
    );
  return null;
}

export function ResetRequestForm() {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const { busy, error, setError, run } = useSubmit<FormError>();
  const valid = mayBeAccepted(email);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSent(null);
    if (!valid) return setError({ text: t(INVALID_ENTRY) });
    await run(
      async () => setSent((await authApi.resetRequest(email)).message),
      (err) => entryError(err, messageOf(err)),
    );
  }

  return (
    <form onSubmit={submit} noValidate className="stack" aria-labelledby="reset-title">
      <h1 id="reset-title">{t("Reset Password")}</h1>
      <p className="muted">{t("Enter your account's email and we'll send you a link to choose a new password.")}</p>
      <AccountEmailField
        label={t("Email")}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={emailError(email, RESET_EMAIL_MESSAGE)}
      />
      <Outcome sent={sent} error={error} />
      <button type="submit" className="button button--block" disabled={!valid || busy}>
        {busy ? t("Sending…") : t("Send reset link")}
      </button>
      <div className="links-row">
        <a href="/login">{t("Back to Login")}</a>
      </div>
    </form>
  );
}

// The server's sentence in English: compared with its answer, translated where shown.
export const INVALID_RESET_LINK = t.noop("This reset link is invalid or has expired. Please request a new one.");

/** What a reset link that can't be used says, on load (the server checked it) or after a try. */
function InvalidResetLink() {
  return (
    <div className="stack">
      <h1>{t("Reset link expired")}</h1>
      <Alert kind="error">{t(INVALID_RESET_LINK)}</Alert>
      <p className="muted">{t("A reset link works once, for a limited time. Ask for a new one and use the latest email.")}</p>
      <a className="button button--block" href="/reset">
        {t("Request a new link")}
      </a>
      <div className="links-row">
        <a href="/login">{t("Back to Login")}</a>
      </div>
    </div>
  );
}

/** `valid` is the server's answer when the page was served: false for a used, expired or garbled link. */
export function ResetConfirmForm({ token, valid: linkValid = true }: { token: string; valid?: boolean }) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [saved, setSaved] = useState<string | null>(null);
  const { busy, error, setError, run } = useSubmit<FormError>();
  const [expired, setExpired] = useState(!linkValid);
  const valid = isValidPassword(password) && password === confirm;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) return setError({ text: t(INVALID_ENTRY) });
    await run(
      async () => {
        try {
          setSaved((await authApi.resetConfirm(token, password)).message);
        } catch (err) {
          // The link ran out between loading the page and submitting (the server's 400 says so,
          // by its code: the message is in the page's language).
          const refused = err instanceof ApiError && err.status === 400 ? err.body : null;
          if (refused && (refused.code === "invalid_reset_link" || refused.message === INVALID_RESET_LINK)) setExpired(true);
          throw err;
        }
      },
      (err) => entryError(err, messageOf(err)),
    );
  }

  if (expired) return <InvalidResetLink />;
  const succeeded = saved !== null;
  return (
    <form onSubmit={submit} noValidate className="stack" aria-labelledby="reset-confirm-title">
      <h1 id="reset-confirm-title">{t("Choose a New Password")}</h1>
      <Field
        label={t("New password")}
        type="password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={passwordError(password)}
        disabled={succeeded}
      />
      <Field
        label={t("Confirm new password")}
        type="password"
        name="confirm"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={confirmError(password, confirm)}
        disabled={succeeded}
      />
      <Outcome sent={saved} error={error} />
      {succeeded ? (
        <a className="button button--block" href="/login">
          {t("Go to Login")}
        </a>
      ) : (
        <button type="submit" className="button button--block" disabled={!valid || busy}>
          {busy ? t("Saving…") : t("Reset password")}
        </button>
      )}
    </form>
  );
}
