import { useEffect, useState } from "react";
import { authApi } from "../../api/auth";
import { Spinner } from "../../components/spinner";
import { getConfig } from "../../lib/config";

function contactHref(): string | null {
  try {
    const email = getConfig().event.contactEmail;
    return email ? `mailto:${email}` : null;
  } catch {
    return null; // rendered without a page config (tests)
  }
}

export function VerifyStatus({ token }: { token: string }) {
  const [state, setState] = useState<"loading" | "ok" | "invalid">("loading");
  useEffect(() => {
    authApi
      .verify(token)
      .then(() => setState("ok"))
      .catch(() => setState("invalid"));
  }, [token]);

  if (state === "loading") {
    return (
      <div className="island__loading">
        <Spinner label="Verifying your email…" />
      </div>
    );
  }
  if (state === "ok") {
    return (
      <div className="stack">
        <h1>Account Created!</h1>
        <p>Please login and apply!</p>
        <a className="button button--block" href="/login">
          Go to Login
        </a>
      </div>
    );
  }
  const contact = contactHref();
  return (
    <div className="stack">
      <h1>Invalid URL</h1>
      <p>Email verification links expire roughly 1 hour after they are sent.</p>
      <p>
        Please register again to get a fresh link. If problems persist,{" "}
        {contact ? <a href={contact}>contact the team</a> : "contact the team"}.
      </p>
      <a className="button button--block" href="/register">
        Register again
      </a>
    </div>
  );
}
