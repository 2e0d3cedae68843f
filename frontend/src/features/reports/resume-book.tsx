import { useState, type FormEvent } from "react";
import { reportsApi } from "../../api/reports";
import { Alert } from "../../components/alert";
import { BackLink } from "../../components/back-link";
import { Field } from "../../components/field";
import { ApiError } from "../../lib/api";
import { saveFile } from "./save-file";

type Notice = { kind: "error" | "success"; text: string } | null;

// The browser's own notion of an email address (what <input type="email"> accepts).
const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function ResumeBook() {
  const [email, setEmail] = useState("");
  const [touched, setTouched] = useState(false);
  const [oneBusy, setOneBusy] = useState(false);
  const [oneNotice, setOneNotice] = useState<Notice>(null);
  const [allBusy, setAllBusy] = useState(false);
  const [allNotice, setAllNotice] = useState<Notice>(null);
  const [sponsorBusy, setSponsorBusy] = useState(false);
  const [sponsorNotice, setSponsorNotice] = useState<Notice>(null);
  const emailError = touched && !isEmail(email) ? "Enter a valid email address" : null;

  async function downloadOne(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!isEmail(email)) return;
    setOneBusy(true);
    setOneNotice(null);
    try {
      saveFile(await reportsApi.resume(email.trim().toLowerCase()));
      setOneNotice({ kind: "success", text: "Resume downloaded successfully" });
    } catch {
      setOneNotice({ kind: "error", text: "Error Occurred: User Does Not Exist" });
    } finally {
      setOneBusy(false);
    }
  }

  async function downloadAll() {
    setAllBusy(true);
    setAllNotice(null);
    try {
      saveFile(await reportsApi.allResumes());
      setAllNotice({ kind: "success", text: "All resumes downloaded successfully" });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : "The resumes could not be downloaded.";
      setAllNotice({ kind: "error", text: message });
    } finally {
      setAllBusy(false);
    }
  }

  async function downloadSponsors() {
    setSponsorBusy(true);
    setSponsorNotice(null);
    try {
      saveFile(await reportsApi.sponsorResumes());
      setSponsorNotice({ kind: "success", text: "Sponsor resume book downloaded successfully" });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : "The resumes could not be downloaded.";
      setSponsorNotice({ kind: "error", text: message });
    } finally {
      setSponsorBusy(false);
    }
  }

  return (
    <div className="stack reports">
      <header className="reports__header">
        <div>
          <BackLink />
          <h1>Resume Book</h1>
          <p className="muted">Resumes are private: they download here, never from a public link.</p>
        </div>
      </header>
      <div className="resume-book">
        <section className="card stack" aria-labelledby="resume-one-title">
          <h2 id="resume-one-title">One applicant's resume</h2>
          <p className="muted">Enter the email the applicant registered with.</p>
          <form className="stack" onSubmit={downloadOne} noValidate>
            <Field
              label="Applicant email"
              type="email"
              name="email"
              autoComplete="off"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setOneNotice(null);
              }}
              onBlur={() => setTouched(email.length > 0)}
              error={emailError}
            />
            <button type="submit" className="button" disabled={oneBusy || !isEmail(email)}>
              {oneBusy ? "Downloading…" : "Download resume"}
            </button>
          </form>
          <div aria-live="polite">{oneNotice ? <Alert kind={oneNotice.kind}>{oneNotice.text}</Alert> : null}</div>
        </section>
        <section className="card stack" aria-labelledby="resume-all-title">
          <h2 id="resume-all-title">Every confirmed attendee</h2>
          <p className="muted">
            For the organizers' own use: one zip file with a PDF per confirmed attendee, named after their email.
          </p>
          <button type="button" className="button" onClick={() => void downloadAll()} disabled={allBusy}>
            {allBusy ? "Preparing zip…" : "Download all resumes"}
          </button>
          <div aria-live="polite">{allNotice ? <Alert kind={allNotice.kind}>{allNotice.text}</Alert> : null}</div>
        </section>
        <section className="card stack" aria-labelledby="resume-sponsors-title">
          <h2 id="resume-sponsors-title">For sponsors</h2>
          <p className="muted">
            Only the confirmed attendees who agreed to share their resume with sponsors. This is the book to hand
            on; every download is logged on each applicant's page.
          </p>
          <button type="button" className="button" onClick={() => void downloadSponsors()} disabled={sponsorBusy}>
            {sponsorBusy ? "Preparing zip…" : "Download the sponsor resume book"}
          </button>
          <div aria-live="polite">
            {sponsorNotice ? <Alert kind={sponsorNotice.kind}>{sponsorNotice.text}</Alert> : null}
          </div>
        </section>
      </div>
    </div>
  );
}
