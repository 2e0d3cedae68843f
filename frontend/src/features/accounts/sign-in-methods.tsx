// /account/sign-in: the person's ways to sign in. Linking a provider is a form POST (allauth's
// connect flow, which comes back here); unlinking never removes the last way in.
import { useState } from "react";
import { authApi, type SignInMethods as Methods } from "../../api/auth";
import { Alert } from "../../components/alert";
import { getConfig } from "../../lib/config";
import { useSubmit } from "../../lib/use-submit";

export function SignInMethods(initial: Methods) {
  const [methods, setMethods] = useState(initial);
  const [done, setDone] = useState<string | null>(null);
  const unlinking = useSubmit();
  let csrf = "";
  try {
    csrf = getConfig().csrfToken;
  } catch {
    csrf = "";
  }
  const linkedCount = methods.providers.filter((p) => p.linked).length;

  async function unlink(id: string, name: string) {
    setDone(null);
    await unlinking.run(async () => {
      setMethods(await authApi.unlink(id));
      setDone(`${name} is no longer linked.`);
    }, `Error unlinking ${name}.`);
  }

  return (
    <div className="stack">
      <header>
        <h1>Sign-in methods</h1>
        <p className="muted">
          How you sign in to <strong>{methods.email}</strong>. Link a provider to sign in with it; your application
          and its emails always use this address.
        </p>
      </header>
      {done ? <Alert kind="success">{done}</Alert> : null}
      {unlinking.error ? <Alert kind="error">{unlinking.error}</Alert> : null}
      <section className="card stack" aria-labelledby="methods-title">
        <h2 id="methods-title">Your sign-in methods</h2>
        <ul className="method-rows" aria-label="Sign-in methods">
          <li className="method-row">
            <span>
              <strong>Email and password</strong>{" "}
              <span className={`badge ${methods.has_password ? "badge--linked" : ""}`}>{methods.has_password ? "Set" : "Not set"}</span>
            </span>
            {methods.has_password ? null : (
              <a className="button button--secondary button--small" href="/reset">
                Set a password
              </a>
            )}
          </li>
          {methods.providers.map((provider) => (
            <li key={provider.id} className="method-row">
              <span>
                <strong>{provider.name}</strong>{" "}
                <span className={`badge ${provider.linked ? "badge--linked" : ""}`}>{provider.linked ? "Linked" : "Not linked"}</span>
              </span>
              {provider.linked ? (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => void unlink(provider.id, provider.name)}
                  disabled={unlinking.busy || (!methods.has_password && linkedCount <= 1)}
                  aria-label={`Unlink ${provider.name}`}
                >
                  Unlink
                </button>
              ) : provider.configured ? (
                <form method="post" action={provider.login_url}>
                  <input type="hidden" name="csrfmiddlewaretoken" value={csrf} />
                  <input type="hidden" name="process" value="connect" />
                  <button type="submit" className="button button--small" aria-label={`Link ${provider.name}`}>
                    Link
                  </button>
                </form>
              ) : null}
            </li>
          ))}
        </ul>
        {!methods.has_password && linkedCount <= 1 ? (
          <p className="muted">Your only way to sign in can't be unlinked: set a password first.</p>
        ) : null}
        {methods.providers.length === 0 ? <p className="muted">No sign-in providers are set up for this event.</p> : null}
      </section>
    </div>
  );
}
