// The dashboard's "Your data" card: the sponsors' consent switch, "Download my data" and
// "Delete my account" (typing the email to confirm). Its own component, placed once in the
// dashboard, so the dashboard's other parts stay as they are.
import { useState } from "react";
import { isDraft } from "../../api/applications";
import { privacyApi } from "../../api/privacy";
import { Alert } from "../../components/alert";
import { Field } from "../../components/field";
import { ApiError } from "../../lib/api";
import { t } from "../../lib/i18n";
import { useSubmit } from "../../lib/use-submit";
import { ConfirmDialog } from "../../components/confirm-dialog";
import "../../styles/privacy.css";

export interface PrivacyPanelProps {
  email: string;
  /** The application's status as the applicant sees it: drafts can't hold the consent yet. */
  status: string;
  shareResumeWithSponsors: boolean;
  /** Where to go once the account is gone; tests pass a spy. */
  navigate?: (to: string) => void;
}

/** The server's rule, mirrored so the button waits for the right address: same text, any case. */
export function emailMatches(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.toLowerCase();
}

export function canChangeConsent(status: string): boolean {
  return !isDraft(status);
}

function SponsorSwitch({ status, initial }: { status: string; initial: boolean }) {
  const [share, setShare] = useState(initial);
  const { busy, error, run } = useSubmit();
  const [saved, setSaved] = useState<string | null>(null);
  const allowed = canChangeConsent(status);

  async function change(next: boolean) {
    // The box shows the choice at once; a refusal puts it back.
    setShare(next);
    setSaved(null);
    const ok = await run(async () => {
      const answer = await privacyApi.setSponsorConsent(next);
      setShare(answer.share_resume_with_sponsors);
      setSaved(next ? t("Your resume will be in the sponsors' resume book.") : t("Your resume is out of the sponsors' resume book."));
    }, t("Your choice could not be saved."));
    if (!ok) setShare(!next);
  }

  return (
    <div className="privacy-panel__item">
      <label className="privacy-panel__switch">
        <input
          type="checkbox"
          checked={share}
          disabled={!allowed || busy}
          onChange={(e) => void change(e.target.checked)}
          aria-describedby="privacy-share-hint"
        />
        <span>{t("Share my resume with sponsors")}</span>
      </label>
      <p id="privacy-share-hint" className="field__hint">
        {allowed
          ? t("Sponsors get the resumes of attendees who agree. You can change your mind at any time.")
          : t("You can choose this once you have submitted your application.")}
      </p>
      <div aria-live="polite">
        {saved ? <Alert kind="success">{saved}</Alert> : null}
        {error ? <Alert kind="error">{error}</Alert> : null}
      </div>
    </div>
  );
}

export function PrivacyPanel({
  email,
  status,
  shareResumeWithSponsors,
  navigate = (to) => window.location.assign(to),
}: PrivacyPanelProps) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const { busy, error, setError, run } = useSubmit();
  const [deleted, setDeleted] = useState(false);

  function close() {
    setOpen(false);
    setTyped("");
    setError(null);
  }

  async function deleteAccount() {
    // Deleted: the person is signed out and taken to the page that says so (the dialog stays
    // busy until it opens).
    await run(
      async () => {
        await privacyApi.deleteAccount(typed.trim());
        setDeleted(true);
        navigate("/account-deleted");
      },
      (e) => {
        const fields = e instanceof ApiError ? e.body.errors : undefined;
        return fields?.email?.[0] ?? (e instanceof ApiError ? e.message : t("Your account could not be deleted."));
      },
      { leaving: true },
    );
  }

  return (
    <section className="card privacy-panel" aria-labelledby="privacy-title">
      <h2 id="privacy-title" className="privacy-panel__title">
        {t("Your data")}
      </h2>
      <div className="privacy-panel__grid">
        <SponsorSwitch status={status} initial={shareResumeWithSponsors} />
        <div className="privacy-panel__item">
          <a className="button button--secondary" href={privacyApi.exportUrl} download>
            {t("Download my data")}
          </a>
          <p className="field__hint">
            {t("A zip with your account, application, answers, history, consents, the emails we sent you and your resume.")}
          </p>
        </div>
        <div className="privacy-panel__item">
          <a className="button button--secondary" href="/account/sign-in">
            {t("Sign-in methods")}
          </a>
          <p className="field__hint">{t("Your password, and the providers (such as MyMLH) linked to sign in with.")}</p>
        </div>
        <div className="privacy-panel__item">
          <button type="button" className="button button--danger-outline" onClick={() => setOpen(true)}>
            {t("Delete my account")}
          </button>
          <p className="field__hint">{t("Removes your account, application and resume for good.")}</p>
        </div>
      </div>
      {deleted ? <Alert kind="success">{t("Your account has been deleted.")}</Alert> : null}
      <ConfirmDialog
        open={open}
        title={t("Delete your account?")}
        description={
          <p>
            {t(
              "This deletes your account, your application with its answers and history, and your resume. It can't be undone: download your data first if you want a copy. The statistics keep only anonymous counts.",
            )}
          </p>
        }
        confirmLabel={t("Delete my account")}
        busyLabel={t("Deleting…")}
        busy={busy}
        danger
        confirmDisabled={!emailMatches(typed, email)}
        onConfirm={() => void deleteAccount()}
        onCancel={close}
      >
        <Field
          label={t("Type your email address to confirm")}
          type="email"
          name="confirm-email"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setError(null);
          }}
          error={error}
        />
      </ConfirmDialog>
    </section>
  );
}
