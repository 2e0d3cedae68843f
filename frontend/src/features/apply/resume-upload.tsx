import { useState, type ChangeEvent } from "react";
import { resumesApi } from "../../api/resumes";
import { ApiError } from "../../lib/api";
import { t } from "../../lib/i18n";
import { describedBy, FieldError, FieldHint } from "../../components/application/question-field";
import { MESSAGES, RESUME_MAX_BYTES, fieldId } from "../../components/application/form-model";

type Status = { kind: "info" | "success" | "error" | "busy"; text: string };

function looksLikePdf(file: File): boolean {
  return file.type === "application/pdf" || file.name.toLowerCase().endsWith(".pdf");
}

/**
 * The resume upload: a chosen PDF is sent at once, so the server's content check answers while
 * the applicant is still on the page. The status line carries the spec's four messages.
 */
export function ResumeUpload({
  onFile,
  error,
  onUploaded,
  label = t("Resume"),
}: {
  /** Whether a resume is on file when the page opens. */
  onFile: boolean;
  error?: string | null;
  onUploaded: () => void;
  label?: string;
}) {
  const [status, setStatus] = useState<Status>(
    onFile ? { kind: "info", text: MESSAGES.resumeOnFile } : { kind: "info", text: MESSAGES.resumeNone },
  );
  const name = "resume";
  const id = fieldId(name);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    if (file.size > RESUME_MAX_BYTES) {
      setStatus({ kind: "error", text: MESSAGES.resumeRejected });
      input.value = "";
      return;
    }
    if (!looksLikePdf(file)) {
      setStatus({ kind: "error", text: MESSAGES.resumeRejected });
      input.value = "";
      return;
    }
    setStatus({ kind: "busy", text: t.noop("Uploading your resume…") });
    try {
      await resumesApi.upload(file);
      setStatus({ kind: "success", text: MESSAGES.resumeUploaded });
      onUploaded();
    } catch (err) {
      // The file itself was refused (413, or a 400 about it): the one sentence. Anything else
      // (rate limit, outage) says why in the server's words.
      const refusedFile = err instanceof ApiError && (err.status === 413 || Boolean(err.body.errors?.resume));
      const message = refusedFile
        ? MESSAGES.resumeRejected
        : err instanceof ApiError && err.body.message
          ? err.body.message
          : MESSAGES.resumeRejected;
      setStatus({ kind: "error", text: message });
      input.value = "";
    }
  }

  return (
    <div className={`field apply-field apply-resume${error ? " apply-field--invalid" : ""}`} data-invalid={error ? "true" : undefined}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        className="apply-file"
        accept="application/pdf,.pdf"
        onChange={choose}
        disabled={status.kind === "busy"}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, { hint: true, error })}
      />
      <FieldHint name={name}>{t("PDF only, at most 2 MB.")}</FieldHint>
      <p className={`apply-resume__status apply-resume__status--${status.kind}`} role="status">
        {/* MESSAGES' English, or the server's sentence in the page's language (passed through). */}
        {t(status.text)}
      </p>
      <FieldError name={name} error={error} />
    </div>
  );
}
