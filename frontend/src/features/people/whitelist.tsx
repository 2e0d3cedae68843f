// /admin/whitelist-emails: let one extra address, or every address matching a pattern, register.
import { useState, type FormEvent } from "react";
import { organizerApi, type WhitelistException } from "../../api/organizer";
import { Alert } from "../../components/alert";
import { Field } from "../../components/field";
import { isEmail } from "../../lib/emails";
import { useSubmit } from "../../lib/use-submit";
import { PageHeader } from "../../components/page-header";
import { t } from "../../lib/i18n";

export function Whitelist({ exceptions: initial }: { exceptions: WhitelistException[] }) {
  const [exceptions, setExceptions] = useState(initial);
  const [email, setEmail] = useState("");
  const [pattern, setPattern] = useState("");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  // One request per form; every button waits while any of them runs.
  const emailSubmit = useSubmit();
  const patternSubmit = useSubmit();
  const removal = useSubmit();
  const busy = emailSubmit.busy || patternSubmit.busy || removal.busy;

  async function refresh() {
    try {
      setExceptions(await organizerApi.exceptions());
    } catch {
      setMessage({ ok: false, text: t("Error fetching the whitelist.") });
    }
  }

  async function addEmail(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!isEmail(value)) {
      emailSubmit.setError(t("Enter a valid email address."));
      return;
    }
    setMessage(null);
    removal.setError(null);
    await emailSubmit.run(async () => {
      await organizerApi.whitelistEmail(value);
      setEmail("");
      setMessage({ ok: true, text: t("{email} can now register.", { email: value.toLowerCase() }) });
      await refresh();
    }, t("Error adding the email."));
  }

  async function addPattern(event: FormEvent) {
    event.preventDefault();
    const value = pattern.trim();
    if (!value) {
      patternSubmit.setError(t("Enter a pattern."));
      return;
    }
    try {
      new RegExp(value);
    } catch {
      patternSubmit.setError(t("That is not a valid regular expression."));
      return;
    }
    setMessage(null);
    removal.setError(null);
    await patternSubmit.run(async () => {
      await organizerApi.whitelistPattern(value);
      setPattern("");
      setMessage({ ok: true, text: t("Addresses matching {pattern} can now register.", { pattern: value }) });
      await refresh();
    }, t("Error adding the pattern."));
  }

  async function remove(rule: WhitelistException) {
    setMessage(null);
    await removal.run(async () => {
      try {
        await organizerApi.removeException(rule.id);
      } catch (e) {
        // Reload before the buttons come back: the rule may be gone already (another tab).
        await refresh();
        throw e;
      }
      setExceptions((list) => list.filter((r) => r.id !== rule.id));
      setMessage({ ok: true, text: t("Removed {value}.", { value: rule.value }) });
    }, t("Error removing the exception."));
  }

  // The latest news wins: a reload that failed after a failed removal says so, not the removal.
  const alert = message ?? (removal.error ? { ok: false, text: removal.error } : null);

  return (
    <div className="stack org-narrow">
      <PageHeader
        title={t("Whitelist Emails")}
        lead={t("Let addresses that are not university emails register: one address at a time, or every address matching a pattern.")}
      />
      <div className="org-columns">
        <form className="card stack" onSubmit={addEmail} noValidate aria-labelledby="wl-email-title">
          <h2 id="wl-email-title">{t("Single email")}</h2>
          <Field
            label={t("Email address")}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={emailSubmit.error}
          />
          <div>
            <button type="submit" className="button" disabled={busy}>
              {emailSubmit.busy ? t("Adding…") : t("Add Email")}
            </button>
          </div>
        </form>
        <form className="card stack" onSubmit={addPattern} noValidate aria-labelledby="wl-pattern-title">
          <h2 id="wl-pattern-title">{t("Pattern")}</h2>
          <Field
            label={t("Regular expression")}
            autoComplete="off"
            spellCheck={false}
            value={pattern}
            onChange={(e) => setPattern(e.target.value)}
            error={patternSubmit.error}
            hint={t("Matched against the whole address, e.g. {example}", { example: ".*@mentors\\.example\\.org" })}
          />
          <div>
            <button type="submit" className="button" disabled={busy}>
              {patternSubmit.busy ? t("Adding…") : t("Add Pattern")}
            </button>
          </div>
        </form>
      </div>
      {alert ? <Alert kind={alert.ok ? "success" : "error"}>{alert.text}</Alert> : null}
      <section className="card stack" aria-labelledby="wl-list-title">
        <h2 id="wl-list-title">
          {t("Current exceptions")} <span className="badge">{exceptions.length}</span>
        </h2>
        {exceptions.length === 0 ? <p className="muted">{t("No exceptions yet.")}</p> : null}
        <ul className="org-rows" aria-label={t("Current exceptions")}>
          {exceptions.map((rule) => (
            <li key={rule.id} className="org-row">
              <span className="org-row__main">
                <span className="badge">{rule.kind === "email" ? t("Email") : t("Pattern")}</span>{" "}
                <code className="org-break">{rule.value}</code>
              </span>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => remove(rule)}
                disabled={busy}
                aria-label={t("Remove {value}", { value: rule.value })}
              >
                {t("Remove")}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
