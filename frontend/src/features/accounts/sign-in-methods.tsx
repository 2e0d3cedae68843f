// /account/sign-in: the person's ways to sign in. Linking a provider is a form POST (allauth's
// connect flow, which comes back here); unlinking never removes the last way in.
import { useState, type FormEvent } from "react";
import { authApi, type SignInMethods as Methods } from "../../api/auth";
import { Alert } from "../../components/alert";
import { Field } from "../../components/field";
import { getConfig } from "../../lib/config";
import { t } from "../../lib/i18n";
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
    }, t("Error adding your university email."));
  }

  async function unlink(id: string, name: string) {
    setDone(null);
    await unlinking.run(async () => {
      setMethods(await authApi.unlink(id));
      setDone(t("{provider} is no longer linked.", { provider: name }));
    }, t("Error unlinking {provider}.", { provider: name }));
  }

  return (
    <div className="stack">
      <header>
        <h1>{t("Sign-in methods")}</h1>
        <p className="muted">
          {t("How you sign in to {email}. Link a provider to sign in with it; your application and its emails always use this address.", {
            email: methods.email,
          })}
        </p>
      </header>
      {methods.university_email_needed ? (
        <section className="card stack" aria-labelledby="university-title">
          <h2 id="university-title">{t("Add your university email")}</h2>
          <p>
            {t(
              "You signed in with {email}, which is not a university address, so you can't apply yet. Add your university email below: we send it a link, and once you open it, it becomes your account's address and you can apply. You keep signing in the same way.",
              { email: methods.email },
            )}
          </p>
          {methods.pending_email && !sent ? (
            <Alert kind="info">
              {t("A link was sent to {email}. Open it to finish, or add the address again for a new link.", {
                email: methods.pending_email,
              })}
            </Alert>
          ) : null}
          {sent ? <Alert kind="success">{sent}</Alert> : null}
          {adding.error && !adding.fieldErrors.email ? <Alert kind="error">{adding.error}</Alert> : null}
          <form className="stack" onSubmit={(event) => void addUniversity(event)} noValidate>
            <Field
              label={t("University email")}
              type="email"
              name="university-email"
              autoComplete="email"
              value={university}
              onChange={(event) => setUniversity(event.target.value)}
              error={adding.fieldErrors.email ?? null}
              required
            />
            <button type="submit" className="button" disabled={adding.busy}>
              {t("Send verification link")}
            </button>
          </form>
        </section>
      ) : null}
      {done ? <Alert kind="success">{done}</Alert> : null}
      {unlinking.error ? <Alert kind="error">{unlinking.error}</Alert> : null}
      <section className="card stack" aria-labelledby="methods-title">
        <h2 id="methods-title">{t("Your sign-in methods")}</h2>
        <ul className="method-rows" aria-label={t("Sign-in methods")}>
          <li className="method-row">
            <span>
              <strong>{t("Email and password")}</strong>{" "}
              <span className={`badge ${methods.has_password ? "badge--linked" : ""}`}>{methods.has_password ? t("Set") : t("Not set")}</span>
            </span>
            {methods.has_password ? null : (
              <a className="button button--secondary button--small" href="/reset">
                {t("Set a password")}
              </a>
            )}
          </li>
          {methods.providers.map((provider) => (
            <li key={provider.id} className="method-row">
              <span>
                <strong>{provider.name}</strong>{" "}
                <span className={`badge ${provider.linked ? "badge--linked" : ""}`}>{provider.linked ? t("Linked") : t("Not linked")}</span>
              </span>
              {provider.linked ? (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => void unlink(provider.id, provider.name)}
                  disabled={unlinking.busy || (!methods.has_password && linkedCount <= 1)}
                  aria-label={t("Unlink {provider}", { provider: provider.name })}
                >
                  {t("Unlink")}
                </button>
              ) : provider.configured ? (
                <form method="post" action={provider.login_url}>
                  <input type="hidden" name="csrfmiddlewaretoken" value={csrf} />
                  <input type="hidden" name="process" value="connect" />
                  <button type="submit" className="button button--small" aria-label={t("Link {provider}", { provider: provider.name })}>
                    {t("Link")}
                  </button>
                </form>
              ) : null}
            </li>
          ))}
        </ul>
        {!methods.has_password && linkedCount <= 1 ? (
          <p className="muted">{t("Your only way to sign in can't be unlinked: set a password first.")}</p>
        ) : null}
        {methods.providers.length === 0 ? <p className="muted">{t("No sign-in providers are set up for this event.")}</p> : null}
      </section>
    </div>
  );
}
