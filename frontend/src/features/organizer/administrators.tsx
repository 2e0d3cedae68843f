// /admin/administrators: promote a user by email; list the admins, each with Remove Email.
import { useState, type FormEvent } from "react";
import { organizerApi } from "../../api/organizer";
import { Alert } from "../../components/alert";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Field } from "../../components/field";
import { ApiError } from "../../lib/api";
import { PageHeader, serverMessage } from "./common";

export const PROMOTE_FAILED = "Invalid Email - User does not exist";

interface Props {
  admins: string[];
  me: string;
  /** Where to go after removing oneself (no longer an admin); a full page load by default. */
  onLeave?: () => void;
}

export function Administrators({ admins: initial, me, onLeave }: Props) {
  const [admins, setAdmins] = useState(initial);
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  // The admin whose removal waits for confirmation.
  const [removing, setRemoving] = useState<string | null>(null);
  const removingMe = removing !== null && removing.toLowerCase() === me.toLowerCase();

  async function refresh() {
    try {
      setAdmins(await organizerApi.admins());
    } catch {
      /* the list on screen stays; the action's own message already says what happened */
    }
  }

  async function promote(event: FormEvent) {
    event.preventDefault();
    const value = email.trim().toLowerCase();
    if (!value) {
      setMessage({ ok: false, text: PROMOTE_FAILED });
      return;
    }
    setBusy("promote");
    setMessage(null);
    try {
      await organizerApi.promote(value);
      setMessage({ ok: true, text: `${value} is now an admin.` });
      setEmail("");
      await refresh();
    } catch {
      setMessage({ ok: false, text: PROMOTE_FAILED });
    } finally {
      setBusy(null);
    }
  }

  async function demote(address: string) {
    setRemoving(null);
    setBusy(address);
    setMessage(null);
    try {
      await organizerApi.demote(address);
      if (address.toLowerCase() === me.toLowerCase()) {
        (onLeave ?? (() => window.location.assign("/dashboard")))();
        return;
      }
      setMessage({ ok: true, text: `${address} is no longer an admin.` });
      await refresh();
    } catch (e) {
      // 409: the last admin can't be removed; the server's sentence says so.
      setMessage({
        ok: false,
        text: e instanceof ApiError && e.status === 404 ? PROMOTE_FAILED : serverMessage(e, "Error removing admin"),
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="stack org-narrow">
      <PageHeader title="Administrators" lead="Admins can open every application, decide, and manage the event." />
      <form className="card stack" onSubmit={promote} noValidate aria-labelledby="create-admin-title">
        <h2 id="create-admin-title">Create an admin</h2>
        <Field
          label="User email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          hint="The person must already have an account."
        />
        <div>
          <button type="submit" className="button" disabled={busy !== null}>
            {busy === "promote" ? "Adding…" : "Make Admin"}
          </button>
        </div>
      </form>
      {message ? <Alert kind={message.ok ? "success" : "error"}>{message.text}</Alert> : null}
      <section className="card stack" aria-labelledby="admins-title">
        <h2 id="admins-title">
          Current admins <span className="badge">{admins.length}</span>
        </h2>
        {admins.length === 0 ? <p className="muted">No admins.</p> : null}
        <ul className="org-rows" aria-label="Admins">
          {admins.map((address) => (
            <li key={address} className="org-row">
              <span className="org-break">
                {address}
                {address.toLowerCase() === me.toLowerCase() ? <span className="muted"> (you)</span> : null}
              </span>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => setRemoving(address)}
                disabled={busy !== null}
                aria-label={`Remove Email ${address}`}
              >
                {busy === address ? "Removing…" : "Remove Email"}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={removing !== null}
        title={removingMe ? "Remove your own admin rights?" : "Remove this admin?"}
        confirmLabel={removingMe ? "Remove me as admin" : "Remove admin"}
        danger
        onConfirm={() => removing && demote(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p>
          <strong className="org-break">{removing}</strong>{" "}
          {removingMe
            ? "is you: you will lose access to the admin pages at once, and only another admin can give it back."
            : "will no longer be able to open applications, decide or manage the event."}
        </p>
      </ConfirmDialog>
    </div>
  );
}
