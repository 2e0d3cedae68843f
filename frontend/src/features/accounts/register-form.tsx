import { useState, type FormEvent } from "react";
import { authApi } from "../../api/auth";
import { ApiError } from "../../lib/api";
import { Alert } from "../../components/alert";
import { Field, AccountEmailField } from "../../components/field";
import {
  INVALID_ENTRY,
  STUDENT_EMAIL_MESSAGE,
  confirmError,
  emailError,
  entryError,
  mayBeAccepted,
  isValidPassword,
  outsideEmailHint,
  passwordError,
  type FormError,
} from "../../lib/validation";
import { useSubmit } from "../../lib/use-submit";
import { getConfig } from "../../lib/config";
import { t } from "../../lib/i18n";

function extraStudentDomains(): string[] {
  try {
    return getConfig().studentDomains ?? [];
  } catch {
    return []; // rendered without a page config (tests)
  }
}

/** Which field a refused registration is about: the address (taken already, or not a student's:
 *  409, or a 400 naming the email or no field), or the password (a 400 naming it). Null for a
 *  refusal of no field (rate limit, outage), which the banner shows. */
export function registerFieldError(err: unknown): { email?: string; password?: string } | null {
  if (!(err instanceof ApiError) || ![400, 409].includes(err.status)) return null;
  const fields = err.body.errors ?? {};
  const message = err.body.message || "";
  if (fields.password?.length) return { password: fields.password[0] };
  if (err.status === 409 || fields.email?.length || !Object.keys(fields).length) {
    const reason = fields.email?.[0] ?? message;
    if (!reason) return null;
    // A 400 is an entry the page let through and the server refused: 'Invalid Entry', and why.
    return { email: err.status === 400 ? `${t(INVALID_ENTRY)}: ${reason}` : reason };
  }
  return null;
}

export const REGISTER_SUCCESS = t.noop("Verification Email Sent. Check Spam folder if email is not visible.");

export function RegisterForm() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const { busy, error, setError, run } = useSubmit<FormError | null>();
  const [done, setDone] = useState(false);
  // The server's refusal of one field shows at that field, as the password rules do.
  const [refused, setRefused] = useState<{ email?: string; password?: string }>({});
  const valid = mayBeAccepted(email) && isValidPassword(password) && password === confirm;

  function change(setter: (value: string) => void) {
    return (event: { target: { value: string } }) => {
      setter(event.target.value);
      setError(null);
      setRefused({});
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) {
      setError({ text: t(INVALID_ENTRY) });
      return;
    }
    await run(
      async () => {
        await authApi.register(email, password);
        setDone(true);
      },
      (err) => {
        const atField = registerFieldError(err);
        if (atField) {
          setRefused(atField);
          return null;
        }
        // The server's refusals say why: 409 (a verified account), 400 (not a student address —
        // the page lets any address through, since only the server knows the whitelist — shown
        // as 'Invalid Entry' with the reason), 429 and 503. Anything else (no answer at all) is
        // generic.
        const known = err instanceof ApiError && [400, 409, 429, 503].includes(err.status);
        return entryError(err, (known && err.body.message) || t("Registration Failed"));
      },
    );
  }

  if (done) {
    return (
      <div className="stack">
        <h1>{t("Get Started")}</h1>
        <Alert kind="success">{t(REGISTER_SUCCESS)}</Alert>
        <p className="muted">{t("The link in the email works for about 1 hour.")}</p>
        <p className="muted">
          {t("Registered with this address before? Your first password still holds. Forgot it?")}{" "}
          <a href="/reset">{t("Reset your password")}</a>.
        </p>
        <a className="button button--block" href="/login">
          {t("Return to Login")}
        </a>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="stack" aria-labelledby="register-title">
      <h1 id="register-title">{t("Get Started")}</h1>
      <p className="muted">{t("Create your account with your university email address.")}</p>
      <AccountEmailField
        label={t("Email")}
        value={email}
        onChange={change(setEmail)}
        error={emailError(email, STUDENT_EMAIL_MESSAGE) ?? refused.email}
        hint={outsideEmailHint(email, extraStudentDomains())}
      />
      <Field
        label={t("Password")}
        type="password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={change(setPassword)}
        error={passwordError(password) ?? (refused.password ? `${t(INVALID_ENTRY)}: ${refused.password}` : undefined)}
      />
      <Field
        label={t("Confirm password")}
        type="password"
        name="confirm"
        autoComplete="new-password"
        value={confirm}
        onChange={change(setConfirm)}
        error={confirmError(password, confirm)}
      />
      {error ? (
        <Alert kind="error" title={error.title}>
          {error.text}
        </Alert>
      ) : null}
      <button type="submit" className="button button--block" disabled={!valid || busy}>
        {busy ? t("Registering…") : t("Register")}
      </button>
      <div className="links-row">
        <a href="/login">{t("Already have an account? Login")}</a>
      </div>
    </form>
  );
}
