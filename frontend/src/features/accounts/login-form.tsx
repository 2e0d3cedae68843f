import { useState, type FormEvent } from "react";
import { authApi } from "../../api/auth";
import { Alert } from "../../components/alert";
import { Field } from "../../components/field";
import { getConfig } from "../../lib/config";
import { useWhitelist } from "../../lib/use-whitelist";
import { INVALID_ENTRY, LOGIN_EMAIL_MESSAGE, emailError, isStudentEmail } from "../../lib/validation";

export function LoginForm({ next = "/dashboard", onSuccess }: { next?: string; onSuccess?: (to: string) => void }) {
  const patterns = useWhitelist();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const valid = isStudentEmail(email, patterns) && password.length > 0;
  let themedName = "HackPortal Café";
  try {
    themedName = getConfig().event.themedName;
  } catch {
    /* tests render without a page config */
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) {
      setError(INVALID_ENTRY);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await authApi.login(email, password);
      (onSuccess ?? ((to: string) => window.location.assign(to)))(next);
    } catch {
      setError("Invalid credentials.");
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="stack" aria-labelledby="login-title">
      <h1 id="login-title">
        Welcome to <span className="auth-card__themed">{themedName}</span>
      </h1>
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={emailError(email, LOGIN_EMAIL_MESSAGE, patterns)}
      />
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {error ? <Alert kind="error">{error}</Alert> : null}
      <button type="submit" className="button button--block" disabled={!valid || busy}>
        {busy ? "Signing in…" : "Login"}
      </button>
      <div className="links-row">
        <a href="/register">Don't have an account?</a>
        <a href="/reset">Forgot Password?</a>
      </div>
    </form>
  );
}
