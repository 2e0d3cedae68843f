// /account/sign-in: the person's ways to sign in. Linking a provider is a form POST (allauth's
// connect flow, which comes back here); unlinking never removes the last way in.
import { useState, type FormEvent } from "react";
import { authApi, type SignInMethods as Methods } from "../../api/auth";
import { Alert } from "../../components/alert";
import { Field } from "../../components/field";
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
  const adding = useSubmit();
  const [university, setUniversity] = useState("");
  const [sent, setSent] = useState<string | null>(null);

  async function addUniversity(event: FormEvent) {
    event.preventDefault();
    setSent(null);
    await adding.run(async () => {
      const answer = await authApi.addUniversityEmail(university.trim());
      setMethods(answer);
      setSent(answer.message);
      setUniversity("");
    }, "Error adding your university email.");
  }

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
      {methods.university_email_needed ? (
        <section className="card stack" aria-labelledby="university-title">
          <h2 id="university-title">Add your university email</h2>
          <p>
            You signed in with <strong>{methods.email}</strong>, which is not a university address, so you can't
            apply yet. Add your university email below: we send it a link, and once you open it, it becomes your
            account's address and you can apply. You keep signing in the same way.
          </p>
          {methods.pending_email && !sent ? (
            <Alert kind="info">
              A link was sent to <strong>{methods.pending_email}</strong>. Open it to finish, or add the address again
              for a new link.
            </Alert>
          ) : null}
          {sent ? <Alert kind="success">{sent}</Alert> : null}
          {adding.error && !adding.fieldErrors.email ? <Alert kind="error">{adding.error}</Alert> : null}
          <form className="stack" onSubmit={(event) => void addUniversity(event)} noValidate>
            <Field
              label="University email"
              type="email"
              name="university-email"
              autoComplete="email"
              value={university}
              onChange={(event) => setUniversity(event.target.value)}
              error={adding.fieldErrors.email ?? null}
              required
            />
            <button type="submit" className="button" disabled={adding.busy}>
              Send verification link
            </button>
          </form>
        </section>
      ) : null}
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
