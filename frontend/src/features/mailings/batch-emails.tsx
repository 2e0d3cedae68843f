import "../../styles/reports.css";
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { mailingsApi, type Mailing } from "../../api/mailings";
import { Alert } from "../../components/alert";
import { Spinner } from "../../components/spinner";
import { ApiError, fieldErrors } from "../../lib/api";
import { extractEmails } from "../../lib/emails";
import { AUDIENCES, audienceLabel, browserZone, formatSendAt, localToIso } from "./schedule";

type Errors = Partial<Record<"subject" | "audience" | "emails" | "html" | "send_at", string>>;
type Notice = { kind: "error" | "success"; text: string } | null;

const STATUS_LABELS: Record<string, string> = {
  scheduled: "Scheduled",
  sending: "Sending",
  sent: "Sent",
  cancelled: "Cancelled",
};

/** Batch emails: schedule an HTML email to a status audience or a custom list, and follow the mailings. */
export function BatchEmails() {
  const id = useId();
  const [subject, setSubject] = useState("");
  const [audience, setAudience] = useState("submitted");
  const [emails, setEmails] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [sendAt, setSendAt] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const [mailings, setMailings] = useState<Mailing[] | null>(null);
  const [listError, setListError] = useState(false);
  const [cancelling, setCancelling] = useState<number | null>(null);

  const refresh = useCallback(async () => {
    try {
      setMailings(await mailingsApi.list());
      setListError(false);
    } catch {
      setListError(true);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // While something is waiting or being sent, follow its progress without a reload.
  const pending = (mailings ?? []).some((m) => m.status === "scheduled" || m.status === "sending");
  useEffect(() => {
    if (!pending) return undefined;
    const timer = window.setInterval(() => void refresh(), 15000);
    return () => window.clearInterval(timer);
  }, [pending, refresh]);

  const found = audience === "custom" ? extractEmails(emails) : [];

  function validate(): Errors {
    const next: Errors = {};
    if (!subject.trim()) next.subject = "Enter a subject.";
    if (audience === "custom" && found.length === 0) next.emails = "Paste at least one email address.";
    if (!file) next.html = "Choose an HTML file.";
    else if (!/\.html?$/i.test(file.name)) next.html = "The file must be an .html file.";
    if (!sendAt) next.send_at = "Choose when to send.";
    else if (!localToIso(sendAt)) next.send_at = "Enter a valid date and time.";
    return next;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const problems = validate();
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !file) return;
    const form = new FormData();
    form.append("subject", subject.trim());
    form.append("audience", audience);
    if (audience === "custom") form.append("emails", emails);
    form.append("html", file, file.name);
    form.append("send_at", localToIso(sendAt) ?? "");
    setBusy(true);
    try {
      const created = await mailingsApi.create(form);
      const n = created.recipients;
      setNotice({
        kind: "success",
        text: `Scheduled for ${formatSendAt(localToIso(sendAt) ?? sendAt)} to ${n} recipient${n === 1 ? "" : "s"}.`,
      });
      setSubject("");
      setEmails("");
      setFile(null);
      setSendAt("");
      if (fileInput.current) fileInput.current.value = "";
      await refresh();
    } catch (error) {
      const fields = fieldErrors(error) as Errors;
      setErrors(fields);
      setNotice({
        kind: "error",
        text: error instanceof ApiError ? error.message : "The mailing could not be scheduled.",
      });
    } finally {
      setBusy(false);
    }
  }

  async function cancel(mailing: Mailing) {
    setCancelling(mailing.id);
    setNotice(null);
    try {
      await mailingsApi.cancel(mailing.id);
      setNotice({ kind: "success", text: `Cancelled “${mailing.subject}”.` });
    } catch (error) {
      setNotice({
        kind: "error",
        text: error instanceof ApiError ? error.message : "The mailing could not be cancelled.",
      });
    } finally {
      setCancelling(null);
      await refresh();
    }
  }

  const err = (name: keyof Errors) => (errors[name] ? `${id}-${name}-error` : undefined);

  return (
    <section className="batch-emails stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Batch emails</h2>
      <form className="card stack batch-emails__form" onSubmit={submit} noValidate aria-label="Schedule a batch email">
        <div className="field">
          <label htmlFor={`${id}-subject`}>Subject</label>
          <input
            id={`${id}-subject`}
            className="input"
            name="subject"
            maxLength={200}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={err("subject")}
          />
          {errors.subject ? (
            <p id={`${id}-subject-error`} className="field__error">
              {errors.subject}
            </p>
          ) : null}
        </div>
        <div className="batch-emails__row">
          <div className="field">
            <label htmlFor={`${id}-audience`}>Audience</label>
            <select
              id={`${id}-audience`}
              className="select"
              name="audience"
              value={audience}
              onChange={(e) => setAudience(e.target.value)}
              aria-invalid={errors.audience ? true : undefined}
              aria-describedby={err("audience")}
            >
              {AUDIENCES.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </select>
            {errors.audience ? (
              <p id={`${id}-audience-error`} className="field__error">
                {errors.audience}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor={`${id}-send-at`}>Send at</label>
            <input
              id={`${id}-send-at`}
              className="input"
              type="datetime-local"
              name="send_at"
              value={sendAt}
              onChange={(e) => setSendAt(e.target.value)}
              aria-invalid={errors.send_at ? true : undefined}
              aria-describedby={[`${id}-send-at-hint`, err("send_at")].filter(Boolean).join(" ")}
            />
            <p id={`${id}-send-at-hint`} className="field__hint">
              In your time zone ({browserZone()}). A time in the past sends at once.
            </p>
            {errors.send_at ? (
              <p id={`${id}-send_at-error`} className="field__error">
                {errors.send_at}
              </p>
            ) : null}
          </div>
        </div>
        {audience === "custom" ? (
          <div className="field">
            <label htmlFor={`${id}-emails`}>Custom recipients</label>
            <textarea
              id={`${id}-emails`}
              className="textarea"
              name="emails"
              rows={5}
              value={emails}
              onChange={(e) => setEmails(e.target.value)}
              aria-invalid={errors.emails ? true : undefined}
              aria-describedby={[`${id}-emails-hint`, err("emails")].filter(Boolean).join(" ")}
            />
            <p id={`${id}-emails-hint`} className="field__hint">
              Paste any text: the email addresses in it are used ({found.length} found).
            </p>
            {errors.emails ? (
              <p id={`${id}-emails-error`} className="field__error">
                {errors.emails}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-html`}>HTML file</label>
          <input
            id={`${id}-html`}
            ref={fileInput}
            className="input"
            type="file"
            name="html"
            accept=".html,.htm,text/html"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            aria-invalid={errors.html ? true : undefined}
            aria-describedby={err("html")}
          />
          {errors.html ? (
            <p id={`${id}-html-error`} className="field__error">
              {errors.html}
            </p>
          ) : null}
        </div>
        <div aria-live="polite">{notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}</div>
        <div>
          <button type="submit" className="button" disabled={busy}>
            {busy ? "Scheduling…" : "Schedule"}
          </button>
        </div>
      </form>

      <div className="batch-emails__list-head">
        <h3 id={`${id}-list-title`}>Mailings</h3>
        <button type="button" className="button button--secondary button--small" onClick={() => void refresh()}>
          Refresh
        </button>
      </div>
      {listError ? (
        <Alert kind="error">The mailings could not be loaded.</Alert>
      ) : mailings === null ? (
        <Spinner label="Loading mailings…" />
      ) : mailings.length === 0 ? (
        <p className="muted empty-note">No mailings yet. Scheduled emails will show here.</p>
      ) : (
        <div className="table-wrap">
          <table className="table mailings-table" aria-labelledby={`${id}-list-title`}>
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">Audience</th>
                <th scope="col">Send at</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Recipients
                </th>
                <th scope="col" className="num">
                  Sent
                </th>
                <th scope="col" className="num">
                  Failed
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {mailings.map((m) => (
                <tr key={m.id}>
                  <td data-label="Subject">{m.subject}</td>
                  <td data-label="Audience">{audienceLabel(m.audience)}</td>
                  <td data-label="Send at">{formatSendAt(m.send_at)}</td>
                  <td data-label="Status">
                    <span className={`badge badge--${m.status}`}>{STATUS_LABELS[m.status] ?? m.status}</span>
                  </td>
                  <td data-label="Recipients" className="num">
                    {m.recipients}
                  </td>
                  <td data-label="Sent" className="num">
                    {m.sent}
                  </td>
                  <td data-label="Failed" className="num">
                    {m.failed}
                  </td>
                  <td className="mailings-table__actions">
                    {m.status === "scheduled" ? (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => void cancel(m)}
                        disabled={cancelling !== null}
                        aria-label={`Cancel “${m.subject}”`}
                      >
                        {cancelling === m.id ? "Cancelling…" : "Cancel"}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
