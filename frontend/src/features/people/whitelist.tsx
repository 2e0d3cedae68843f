// /admin/whitelist-emails: let one extra address, or every address matching a pattern, register.
import { useState, type FormEvent } from "react";
import { organizerApi, type WhitelistException } from "../../api/organizer";
import { Alert } from "../../components/alert";
import { Field } from "../../components/field";
import { isEmail } from "../../lib/emails";
import { useSubmit } from "../../lib/use-submit";
import { PageHeader } from "../../components/page-header";

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
      setMessage({ ok: false, text: "Error fetching the whitelist." });
    }
  }

  async function addEmail(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!isEmail(value)) {
      emailSubmit.setError("Enter a valid email address.");
      return;
    }
    setMessage(null);
    removal.setError(null);
    await emailSubmit.run(async () => {
      await organizerApi.whitelistEmail(value);
      setEmail("");
      setMessage({ ok: true, text: `${value.toLowerCase()} can now register.` });
      await refresh();
    }, "Error adding the email.");
  }

  async function addPattern(event: FormEvent) {
    event.preventDefault();
    const value = pattern.trim();
    if (!value) {
      patternSubmit.setError("Enter a pattern.");
      return;
    }
    try {
      new RegExp(value);
    } catch {
      patternSubmit.setError("That is not a valid regular expression.");
      return;
    }
    setMessage(null);
    removal.setError(null);
    await patternSubmit.run(async () => {
      await organizerApi.whitelistPattern(value);
      setPattern("");
      setMessage({ ok: true, text: `Addresses matching ${value} can now register.` });
      await refresh();
    }, "Error adding the pattern.");
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
      setMessage({ ok: true, text: `Removed ${rule.value}.` });
    }, "Error removing the exception.");
  }

  // The latest news wins: a reload that failed after a failed removal says so, not the removal.
  const alert = message ?? (removal.error ? { ok: false, text: removal.error } : null);

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
            error={emailSubmit.error}
          />
          <div>
            <button type="submit" className="button" disabled={busy}>
              {emailSubmit.busy ? "Adding…" : "Add Email"}
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
            error={patternSubmit.error}
            hint="Matched against the whole address, e.g. .*@mentors\.example\.org"
          />
          <div>
            <button type="submit" className="button" disabled={busy}>
              {patternSubmit.busy ? "Adding…" : "Add Pattern"}
            </button>
          </div>
        </form>
      </div>
      {alert ? <Alert kind={alert.ok ? "success" : "error"}>{alert.text}</Alert> : null}
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
                disabled={busy}
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
