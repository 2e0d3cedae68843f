// /admin/whitelist-emails: let one extra address, or every address matching a pattern, register.
import { useState, type FormEvent } from "react";
import { organizerApi, type WhitelistException } from "../../api/organizer";
import { Alert } from "../../components/alert";
import { Field } from "../../components/field";
import { isEmail } from "../../lib/emails";
import { PageHeader, serverMessage } from "./common";

export function Whitelist({ exceptions: initial }: { exceptions: WhitelistException[] }) {
  const [exceptions, setExceptions] = useState(initial);
  const [email, setEmail] = useState("");
  const [pattern, setPattern] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [patternError, setPatternError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function refresh() {
    try {
      setExceptions(await organizerApi.exceptions());
    } catch {
      setMessage({ ok: false, text: "Error fetching the whitelist." });
    }
  }

  async function addEmail(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!isEmail(value)) {
      setEmailError("Enter a valid email address.");
      return;
    }
    setBusy("email");
    setEmailError(null);
    setMessage(null);
    try {
      await organizerApi.whitelistEmail(value);
      setEmail("");
      setMessage({ ok: true, text: `${value.toLowerCase()} can now register.` });
      await refresh();
    } catch (e) {
      setEmailError(serverMessage(e, "Error adding the email."));
    } finally {
      setBusy(null);
    }
  }

  async function addPattern(event: FormEvent) {
    event.preventDefault();
    const value = pattern.trim();
    if (!value) {
      setPatternError("Enter a pattern.");
      return;
    }
    try {
      new RegExp(value);
    } catch {
      setPatternError("That is not a valid regular expression.");
      return;
    }
    setBusy("pattern");
    setPatternError(null);
    setMessage(null);
    try {
      await organizerApi.whitelistPattern(value);
      setPattern("");
      setMessage({ ok: true, text: `Addresses matching ${value} can now register.` });
      await refresh();
    } catch (e) {
      setPatternError(serverMessage(e, "Error adding the pattern."));
    } finally {
      setBusy(null);
    }
  }

  async function remove(rule: WhitelistException) {
    setBusy(`rule-${rule.id}`);
    setMessage(null);
    try {
      await organizerApi.removeException(rule.id);
      setExceptions((list) => list.filter((r) => r.id !== rule.id));
      setMessage({ ok: true, text: `Removed ${rule.value}.` });
    } catch (e) {
      setMessage({ ok: false, text: serverMessage(e, "Error removing the exception.") });
      await refresh();
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="stack org-narrow">
      <PageHeader
        title="Whitelist Emails"
        lead="Let addresses that are not university emails register: one address at a time, or every address matching a pattern."
      />
      <div className="org-columns">
        <form className="card stack" onSubmit={addEmail} noValidate aria-labelledby="wl-email-title">
          <h2 id="wl-email-title">Single email</h2>
          <Field
            label="Email address"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={emailError}
          />
          <div>
            <button type="submit" className="button" disabled={busy !== null}>
              {busy === "email" ? "Adding…" : "Add Email"}
            </button>
          </div>
        </form>
        <form className="card stack" onSubmit={addPattern} noValidate aria-labelledby="wl-pattern-title">
          <h2 id="wl-pattern-title">Pattern</h2>
          <Field
            label="Regular expression"
            autoComplete="off"
            spellCheck={false}
            value={pattern}
            onChange={(e) => setPattern(e.target.value)}
            error={patternError}
            hint="Matched against the whole address, e.g. .*@mentors\.example\.org"
          />
          <div>
            <button type="submit" className="button" disabled={busy !== null}>
              {busy === "pattern" ? "Adding…" : "Add Pattern"}
            </button>
          </div>
        </form>
      </div>
      {message ? <Alert kind={message.ok ? "success" : "error"}>{message.text}</Alert> : null}
      <section className="card stack" aria-labelledby="wl-list-title">
        <h2 id="wl-list-title">
          Current exceptions <span className="badge">{exceptions.length}</span>
        </h2>
        {exceptions.length === 0 ? <p className="muted">No exceptions yet.</p> : null}
        <ul className="org-rows" aria-label="Current exceptions">
          {exceptions.map((rule) => (
            <li key={rule.id} className="org-row">
              <span className="org-row__main">
                <span className="badge">{rule.kind === "email" ? "Email" : "Pattern"}</span>{" "}
                <code className="org-break">{rule.value}</code>
              </span>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => remove(rule)}
                disabled={busy !== null}
                aria-label={`Remove ${rule.value}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
