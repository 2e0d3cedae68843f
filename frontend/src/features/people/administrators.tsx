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
import { t } from "../../lib/i18n";

export const PROMOTE_FAILED = t.noop("No account uses this email address.");

/** The roles an organizer can give, in the words of the page (English here: the catalog loads
 *  after this module; each is translated where it is shown). Whole sentences per role, so each
 *  language words them its own way. */
export const ROLE_CHOICES: {
  value: StaffRole;
  label: string;
  button: string;
  now: string;
  gone: string;
  removeTitle: string;
}[] = [
  {
    value: "admin",
    label: t.noop("Organizer"),
    button: t.noop("Make Admin"),
    now: t.noop("{email} is now an admin."),
    gone: t.noop("{email} is no longer an admin."),
    removeTitle: t.noop("Remove this admin?"),
  },
  {
    value: "reviewer",
    label: t.noop("Reviewer"),
    button: t.noop("Make Reviewer"),
    now: t.noop("{email} is now a reviewer."),
    gone: t.noop("{email} is no longer a reviewer."),
    removeTitle: t.noop("Remove this reviewer?"),
  },
  {
    value: "volunteer",
    label: t.noop("Volunteer"),
    button: t.noop("Make Volunteer"),
    now: t.noop("{email} is now a volunteer."),
    gone: t.noop("{email} is no longer a volunteer."),
    removeTitle: t.noop("Remove this volunteer?"),
  },
];
const ROLE_HINTS: Record<StaffRole, string> = {
  admin: t.noop("Organizers open every application, decide, and manage the event."),
  reviewer: t.noop("Reviewers score the applications assigned to them and see nothing else."),
  volunteer: t.noop("Volunteers check people in at the event (/checkin) and see nothing else."),
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
      setMessage({ ok: false, text: t(PROMOTE_FAILED) });
      return;
    }
    setBusy("promote");
    setMessage(null);
    try {
      if (role === "admin") await organizerApi.promote(value);
      else await checkinApi.setStaffRole(value, role);
      setMessage({ ok: true, text: t(roleOf(role).now, { email: value }) });
      setEmail("");
      await Promise.all([refresh(), refreshStaff()]);
    } catch (e) {
      // 404: no such account; 409: its address isn't verified yet (the server's sentence).
      const unknown = !(e instanceof ApiError) || e.status === 404 || role === "admin";
      setMessage({ ok: false, text: unknown ? t(PROMOTE_FAILED) : serverMessage(e, t(PROMOTE_FAILED)) });
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
      setMessage({ ok: true, text: t(roleOf(member.role).gone, { email: member.email }) });
      await refreshStaff();
    } catch (e) {
      setMessage({ ok: false, text: serverMessage(e, t("Error removing the role")) });
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
      setMessage({ ok: true, text: t("{email} is no longer an admin.", { email: address }) });
      await refresh();
    } catch (e) {
      // 409: the last admin can't be removed; the server's sentence says so.
      setMessage({
        ok: false,
        text: e instanceof ApiError && e.status === 404 ? t(PROMOTE_FAILED) : serverMessage(e, t("Error removing admin")),
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="stack org-narrow">
      <PageHeader
        title={t("Administrators")}
        lead={t("Organizers run the event; reviewers score applications; volunteers check people in at the door.")}
      />
      <form className="card stack" onSubmit={promote} noValidate aria-labelledby="create-admin-title">
        <h2 id="create-admin-title">{t("Add staff")}</h2>
        <Field
          label={t("User email")}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          hint={t("The person must already have an account.")}
        />
        <SelectField
          label={t("Role")}
          choices={ROLE_CHOICES.map((choice) => ({ value: choice.value, label: t(choice.label) }))}
          value={role}
          onChange={(e) => setRole(e.target.value as StaffRole)}
        />
        <p className="field__hint org-role-hint">{t(ROLE_HINTS[role])}</p>
        <div>
          <button type="submit" className="button" disabled={busy !== null}>
            {busy === "promote" ? t("Adding…") : t(roleOf(role).button)}
          </button>
        </div>
      </form>
      {message ? <Alert kind={message.ok ? "success" : "error"}>{message.text}</Alert> : null}
      <section className="card stack" aria-labelledby="admins-title">
        <h2 id="admins-title">
          {t("Current admins")} <span className="badge">{admins.length}</span>
        </h2>
        {admins.length === 0 ? <p className="muted">{t("No admins.")}</p> : null}
        <ul className="org-rows" aria-label={t("Admins")}>
          {admins.map((address) => (
            <li key={address} className="org-row">
              <span className="org-break">
                {address}
                {address.toLowerCase() === me.toLowerCase() ? <span className="muted"> {t("(you)")}</span> : null}
              </span>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => setRemoving(address)}
                disabled={busy !== null}
                aria-label={t("Remove Email {email}", { email: address })}
              >
                {busy === address ? t("Removing…") : t("Remove Email")}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section className="card stack" aria-labelledby="staff-title">
        <h2 id="staff-title">
          {t("Reviewers and volunteers")} <span className="badge">{staff.length}</span>
        </h2>
        {staff.length === 0 ? <p className="muted">{t("No reviewers or volunteers yet.")}</p> : null}
        {staff.length ? (
          <ul className="org-rows" aria-label={t("Reviewers and volunteers")}>
            {staff.map((member) => (
              <li key={member.email} className="org-row">
                <span className="org-break">
                  {member.email} <span className={`badge org-role org-role--${member.role}`}>{t(roleOf(member.role).label)}</span>
                </span>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => setUnstaffing(member)}
                  disabled={busy !== null}
                  aria-label={t("Remove role of {email}", { email: member.email })}
                >
                  {busy === member.email ? t("Removing…") : t("Remove role")}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <ConfirmDialog
        open={unstaffing !== null}
        title={unstaffing ? t(roleOf(unstaffing.role).removeTitle) : t("Remove this role?")}
        confirmLabel={t("Remove role")}
        danger
        onConfirm={() => unstaffing && unstaff(unstaffing)}
        onCancel={() => setUnstaffing(null)}
      >
        <p>
          <strong className="org-break">{unstaffing?.email}</strong>{" "}
          {unstaffing?.role === "volunteer"
            ? t("will be an ordinary account again, and can no longer check people in.")
            : t("will be an ordinary account again, and can no longer review applications.")}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={removing !== null}
        title={removingMe ? t("Remove your own admin rights?") : t("Remove this admin?")}
        confirmLabel={removingMe ? t("Remove me as admin") : t("Remove admin")}
        danger
        onConfirm={() => removing && demote(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p>
          <strong className="org-break">{removing}</strong>{" "}
          {removingMe
            ? t("is you: you will lose access to the admin pages at once, and only another admin can give it back.")
            : t("will no longer be able to open applications, decide or manage the event.")}
        </p>
      </ConfirmDialog>
    </div>
  );
}
