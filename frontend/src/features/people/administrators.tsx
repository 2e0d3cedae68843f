// /admin/administrators: give an account a staff role by email (organizer, reviewer or
// volunteer); list the admins, each with Remove Email, and the reviewers and volunteers with theirs.
import { useState, type FormEvent } from "react";
import { checkinApi, type StaffMember, type StaffRole } from "../../api/checkin";
import { organizerApi } from "../../api/organizer";
import { Alert } from "../../components/alert";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Field, SelectField } from "../../components/field";
import { ApiError, serverMessage } from "../../lib/api";
import { PageHeader } from "../../components/page-header";
import "../../styles/staff.css";

export const PROMOTE_FAILED = "Invalid Email - User does not exist";

/** The roles an organizer can give, in the words of the page. */
export const ROLE_CHOICES: { value: StaffRole; label: string; button: string; word: string }[] = [
  { value: "admin", label: "Organizer", button: "Make Admin", word: "an admin" },
  { value: "reviewer", label: "Reviewer", button: "Make Reviewer", word: "a reviewer" },
  { value: "volunteer", label: "Volunteer", button: "Make Volunteer", word: "a volunteer" },
];
const ROLE_HINTS: Record<StaffRole, string> = {
  admin: "Organizers open every application, decide, and manage the event.",
  reviewer: "Reviewers score the applications assigned to them and see nothing else.",
  volunteer: "Volunteers check people in at the event (/checkin) and see nothing else.",
};

function roleOf(value: string) {
  return ROLE_CHOICES.find((c) => c.value === value) ?? ROLE_CHOICES[0];
}

interface Props {
  admins: string[];
  me: string;
  /** The reviewers and volunteers (the admins are in `admins`). */
  staff?: StaffMember[];
  /** Where to go after removing oneself (no longer an admin); a full page load by default. */
  onLeave?: () => void;
}

export function Administrators({ admins: initial, me, staff: initialStaff = [], onLeave }: Props) {
  const [admins, setAdmins] = useState(initial);
  const [staff, setStaff] = useState(initialStaff.filter((m) => m.role !== "admin"));
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<StaffRole>("admin");
  // The reviewer or volunteer whose role waits for confirmation before it is taken away.
  const [unstaffing, setUnstaffing] = useState<StaffMember | null>(null);
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

  async function refreshStaff() {
    try {
      setStaff((await checkinApi.staff()).filter((m) => m.role !== "admin"));
    } catch {
      /* as above */
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
      if (role === "admin") await organizerApi.promote(value);
      else await checkinApi.setStaffRole(value, role);
      setMessage({ ok: true, text: `${value} is now ${roleOf(role).word}.` });
      setEmail("");
      await Promise.all([refresh(), refreshStaff()]);
    } catch (e) {
      // 404: no such account; 409: its address isn't verified yet (the server's sentence).
      const unknown = !(e instanceof ApiError) || e.status === 404 || role === "admin";
      setMessage({ ok: false, text: unknown ? PROMOTE_FAILED : serverMessage(e, PROMOTE_FAILED) });
    } finally {
      setBusy(null);
    }
  }

  async function unstaff(member: StaffMember) {
    setUnstaffing(null);
    setBusy(member.email);
    setMessage(null);
    try {
      await checkinApi.setStaffRole(member.email, "user");
      setMessage({ ok: true, text: `${member.email} is no longer ${roleOf(member.role).word}.` });
      await refreshStaff();
    } catch (e) {
      setMessage({ ok: false, text: serverMessage(e, "Error removing the role") });
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
      <PageHeader
        title="Administrators"
        lead="Organizers run the event; reviewers score applications; volunteers check people in at the door."
      />
      <form className="card stack" onSubmit={promote} noValidate aria-labelledby="create-admin-title">
        <h2 id="create-admin-title">Add staff</h2>
        <Field
          label="User email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          hint="The person must already have an account."
        />
        <SelectField
          label="Role"
          choices={ROLE_CHOICES}
          value={role}
          onChange={(e) => setRole(e.target.value as StaffRole)}
        />
        <p className="field__hint org-role-hint">{ROLE_HINTS[role]}</p>
        <div>
          <button type="submit" className="button" disabled={busy !== null}>
            {busy === "promote" ? "Adding…" : roleOf(role).button}
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
      <section className="card stack" aria-labelledby="staff-title">
        <h2 id="staff-title">
          Reviewers and volunteers <span className="badge">{staff.length}</span>
        </h2>
        {staff.length === 0 ? <p className="muted">No reviewers or volunteers yet.</p> : null}
        {staff.length ? (
          <ul className="org-rows" aria-label="Reviewers and volunteers">
            {staff.map((member) => (
              <li key={member.email} className="org-row">
                <span className="org-break">
                  {member.email} <span className={`badge org-role org-role--${member.role}`}>{roleOf(member.role).label}</span>
                </span>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => setUnstaffing(member)}
                  disabled={busy !== null}
                  aria-label={`Remove role of ${member.email}`}
                >
                  {busy === member.email ? "Removing…" : "Remove role"}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <ConfirmDialog
        open={unstaffing !== null}
        title={`Remove this ${unstaffing ? roleOf(unstaffing.role).label.toLowerCase() : "role"}?`}
        confirmLabel="Remove role"
        danger
        onConfirm={() => unstaffing && unstaff(unstaffing)}
        onCancel={() => setUnstaffing(null)}
      >
        <p>
          <strong className="org-break">{unstaffing?.email}</strong> will be an ordinary account again
          {unstaffing?.role === "volunteer" ? ", and can no longer check people in." : ", and can no longer review applications."}
        </p>
      </ConfirmDialog>
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
