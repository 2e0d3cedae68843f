import { useState, type FormEvent } from "react";
import { reportsApi } from "../../api/reports";
import { ReportHeader } from "../../components/page-header";
import { Alert } from "../../components/alert";
import { Field } from "../../components/field";
import { ApiError } from "../../lib/api";
import { useSubmit } from "../../lib/use-submit";
import { saveFile } from "../../lib/save-file";
import { DownloadProgress, useDownloadProgress } from "../../components/download-progress";
import { t } from "../../lib/i18n";

type Notice = { kind: "error" | "success"; text: string } | null;

// The browser's own notion of an email address (what <input type="email"> accepts).
const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** The server's sentence for a refused download, else `fallback`. */
const refusal = (fallback: string) => (error: unknown) => (error instanceof ApiError ? error.message : fallback);

/** One download button's state: busy, and what the last try said. */
function useDownload() {
  const submit = useSubmit();
  const [done, setDone] = useState<string | null>(null);
  const notice: Notice = done ? { kind: "success", text: done } : submit.error ? { kind: "error", text: submit.error } : null;
  const download = async (action: () => Promise<unknown>, success: string, failure: (error: unknown) => string) => {
    setDone(null);
    if (await submit.run(action, failure)) setDone(success);
  };
  const clear = () => {
    setDone(null);
    submit.setError(null);
  };
  return { busy: submit.busy, notice, download, clear };
}

export function ResumeBook() {
  const [email, setEmail] = useState("");
  const [touched, setTouched] = useState(false);
  const one = useDownload();
  const all = useDownload();
  const sponsors = useDownload();
  // The zips are built while they stream: how much has arrived so far.
  const allProgress = useDownloadProgress();
  const sponsorProgress = useDownloadProgress();
  const emailError = touched && !isEmail(email) ? t("Enter a valid email address") : null;

  async function downloadOne(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!isEmail(email)) return;
    await one.download(
      async () => saveFile(await reportsApi.resume(email.trim().toLowerCase())),
      t("Resume downloaded successfully"),
      () => t("No resume has been uploaded for this email address."),
    );
  }

  /** A zip of resumes, built while it streams: the bar follows what has arrived, and is cleared
   *  before and after, whether the download ends well or not. */
  async function downloadZip(
    state: ReturnType<typeof useDownload>,
    progress: ReturnType<typeof useDownloadProgress>,
    fetchZip: typeof reportsApi.allResumes,
    done: string,
  ) {
    await state.download(
      async () => {
        progress.reset();
        try {
          saveFile(await fetchZip(progress.track));
        } finally {
          progress.reset();
        }
      },
      done,
      refusal(t("The resumes could not be downloaded.")),
    );
  }

  const downloadAll = () => downloadZip(all, allProgress, reportsApi.allResumes, t("All resumes downloaded successfully"));
  const downloadSponsors = () =>
    downloadZip(sponsors, sponsorProgress, reportsApi.sponsorResumes, t("Sponsor resume book downloaded successfully"));

  return (
    <div className="stack reports">
      <ReportHeader title={t("Resume Book")}>
        <p className="muted">{t("Resumes are private: they download here, never from a public link.")}</p>
      </ReportHeader>
      <div className="resume-book">
        <section className="card stack" aria-labelledby="resume-one-title">
          <h2 id="resume-one-title">{t("One applicant's resume")}</h2>
          <p className="muted">{t("Enter the email the applicant registered with.")}</p>
          <form className="stack" onSubmit={downloadOne} noValidate>
            <Field
              label={t("Applicant email")}
              type="email"
              name="email"
              autoComplete="off"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                one.clear();
              }}
              onBlur={() => setTouched(email.length > 0)}
              error={emailError}
            />
            <button type="submit" className="button" disabled={one.busy || !isEmail(email)}>
              {one.busy ? t("Downloading…") : t("Download resume")}
            </button>
          </form>
          <div aria-live="polite">{one.notice ? <Alert kind={one.notice.kind}>{one.notice.text}</Alert> : null}</div>
        </section>
        <section className="card stack" aria-labelledby="resume-all-title">
          <h2 id="resume-all-title">{t("Every confirmed attendee")}</h2>
          <p className="muted">
            {t("For the organizers' own use: one zip file with a PDF per confirmed attendee, named after their email.")}
          </p>
          <button type="button" className="button" onClick={() => void downloadAll()} disabled={all.busy}>
            {all.busy ? t("Preparing zip…") : t("Download all resumes")}
          </button>
          {all.busy ? <DownloadProgress label={t("Downloading the resumes")} progress={allProgress.progress ?? { received: 0, total: null }} /> : null}
          <div aria-live="polite">{all.notice ? <Alert kind={all.notice.kind}>{all.notice.text}</Alert> : null}</div>
        </section>
        <section className="card stack" aria-labelledby="resume-sponsors-title">
          <h2 id="resume-sponsors-title">{t("For sponsors")}</h2>
          <p className="muted">
            {t(
              "Only the confirmed attendees who agreed to share their resume with sponsors. This is the book to hand on; every download is logged on each applicant's page.",
            )}
          </p>
          <button type="button" className="button" onClick={() => void downloadSponsors()} disabled={sponsors.busy}>
            {sponsors.busy ? t("Preparing zip…") : t("Download the sponsor resume book")}
          </button>
          {sponsors.busy ? (
            <DownloadProgress label={t("Downloading the sponsor resume book")} progress={sponsorProgress.progress ?? { received: 0, total: null }} />
          ) : null}
          <div aria-live="polite">
            {sponsors.notice ? <Alert kind={sponsors.notice.kind}>{sponsors.notice.text}</Alert> : null}
          </div>
        </section>
      </div>
    </div>
  );
}
