import "../../styles/reports.css";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { mailingsApi, type Mailing } from "../../api/mailings";
import { Alert } from "../../components/alert";
import { Spinner } from "../../components/spinner";
import { ApiError, fieldErrors } from "../../lib/api";
import { t } from "../../lib/i18n";
import { queryKeys } from "../../lib/query-keys";
import { refusalOr, useSubmit } from "../../lib/use-submit";
import {
  EMPTY_COMPOSE,
  afterScheduled,
  composeErrors,
  customRecipients,
  mailingForm,
  previewDraft,
  previewable,
  reviseErrors,
  serverErrors,
  stepRecipient,
  type Compose,
  type LanguageVersion,
  type ComposeErrors,
  type ComposeField,
} from "./compose-state";
import { DeliveryStatus } from "./delivery-status";
import { listPollMs, sendingText, withSamples } from "./list-progress";
import { ProgressBar } from "../../components/progress-bar";
import type { Sample } from "../../lib/progress";
import { MailingsTable } from "./mailings-table";
import { MarkdownEditor } from "./markdown-editor";
import { useServerPreview } from "./server-preview";
import {
  AUDIENCE_GROUP_LABELS,
  initialAudience,
  offeredAudiences,
  audienceOption,
  browserZone,
  formatSendAt,
  previewLanguage,
  previewWhom,
  recipientsText,
} from "./schedule";

type Field = ComposeField;
type Errors = ComposeErrors;
type Notice = { kind: "error" | "success"; text: string } | null;

/** A chosen file's text (FileReader rather than Blob.text(), which older browsers lack). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/**
 * Batch emails: write an email in Markdown (or upload an HTML file) with placeholders, see it
 * as a real recipient will get it and how many it goes to, schedule it, and follow each
 * recipient's delivery.
 */
/** An enabled language besides the default: its code and its name in itself. */
export interface MailLanguage {
  code: string;
  name: string;
}

export function BatchEmails({ languages = [] }: { languages?: MailLanguage[] }) {
  const id = useId();
  // Opened from the admin home or the table, the address names the audience (and the table's
  // filter, which is kept as its query string and resolved by the server).
  const [compose, setCompose] = useState<Compose>(() => ({
    ...EMPTY_COMPOSE,
    ...initialAudience(typeof window === "undefined" ? "" : window.location.search),
  }));
  const { subject, audience, emails, kind, markdown, file, sendAt, filters: tableFilter } = compose;
  const change = (fields: Partial<Compose>) => setCompose((current) => ({ ...current, ...fields }));
  const choices = offeredAudiences(tableFilter !== "");
  const testing = useSubmit();
  const [errors, setErrors] = useState<Errors>({});
  // An error goes as soon as its field is fixed (React's "adjust state while rendering": the
  // message and the fix show in the same paint).
  const [checkedCompose, setCheckedCompose] = useState(compose);
  if (checkedCompose !== compose) {
    setCheckedCompose(compose);
    setErrors(reviseErrors(errors, checkedCompose, compose));
  }
  const [notice, setNotice] = useState<Notice>(null);
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const scheduling = useSubmit();
  const busy = scheduling.busy;
  const fileInput = useRef<HTMLInputElement>(null);

  const [recipient, setRecipient] = useState(0);

  const queryClient = useQueryClient();
  // Each mailing's sent counts as they came, for the time left while it is sent.
  const samples = useRef<Map<number, Sample[]>>(new Map());
  const list = useQuery({
    queryKey: queryKeys.mailings.list,
    queryFn: async () => {
      const rows = await mailingsApi.list();
      samples.current = withSamples(samples.current, rows, Date.now());
      return rows;
    },
    // While something is being sent or is about to be, follow it every few seconds; one
    // scheduled for later, once a minute; nothing waiting, not at all. No Refresh button.
    refetchInterval: (q) => listPollMs(q.state.data ?? [], Date.now()),
  });
  const mailings = list.data ?? null;
  const listError = list.isError;
  // The counts only decorate the audience choices; the preview still says how many.
  const audiences = useQuery({ queryKey: queryKeys.mailings.audiences, queryFn: mailingsApi.audiences });
  const counts: Record<string, number> = Object.fromEntries(
    (audiences.data ?? []).map((row) => [row.audience, row.recipients]),
  );
  // The table's filter is counted on its own (it is no fixed audience the list counts).
  const filterCount = useQuery({
    queryKey: [...queryKeys.mailings.audiences, "filter", tableFilter],
    queryFn: () => mailingsApi.audienceCount({ audience: "filter", filters: tableFilter }),
    enabled: tableFilter !== "",
  });
  if (tableFilter && filterCount.data) counts.filter = filterCount.data.recipients;
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.mailings.list });
  const cancelling = useSubmit();
  const [cancelTarget, setCancelTarget] = useState<number | null>(null);
  const [openDeliveries, setOpenDeliveries] = useState<number | null>(null);

  // Another audience starts the preview again at its first recipient.
  useEffect(() => setRecipient(0), [audience, emails]);
  // An edit after a duplicate warning is another email: the warning no longer applies.
  useEffect(() => setDuplicate(null), [subject, audience, emails, kind, markdown, file]);

  const canPreview = previewable(compose);
  const draft = previewDraft(compose, recipient);
  const { preview, error: previewError } = useServerPreview(draft, () => mailingsApi.previewDraft(draft), canPreview);
  const placeholders = preview?.placeholders ?? [];

  const found = customRecipients(compose);

  async function schedule(confirmDuplicate: boolean) {
    // One notice at a time, whichever action it came from.
    setNotice(null);
    scheduling.setError(null);
    cancelling.setError(null);
    const problems = composeErrors(compose);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const form = mailingForm(compose, confirmDuplicate);
    await scheduling.run(async () => {
      let created: Awaited<ReturnType<typeof mailingsApi.create>>;
      try {
        created = await mailingsApi.create(form);
      } catch (error) {
        // The same email already went out: no failure, a question (send it again?). Known by
        // its code: the message is in the page's language.
        if (error instanceof ApiError && error.body.code === "duplicate_mailing") {
          setDuplicate(error.message);
          return;
        }
        setErrors(serverErrors(fieldErrors(error)));
        throw error;
      }
      setNotice({
        kind: "success",
        text: t("Scheduled for {when} to {recipients}.", {
          // The server's time: a time already past goes out now (the table says the same).
          when: formatSendAt(created.send_at),
          recipients: recipientsText(created.recipients),
        }),
      });
      setCompose(afterScheduled);
      setDuplicate(null);
      if (fileInput.current) fileInput.current.value = "";
      await Promise.all([
        refresh(),
        queryClient.invalidateQueries({ queryKey: queryKeys.mailings.audiences }),
      ]);
    }, refusalOr(t("The mailing could not be scheduled.")));
  }

  async function sendTest() {
    setNotice(null);
    await testing.run(async () => {
      const answer = await mailingsApi.sendDraftTest(draft);
      setNotice({ kind: "success", text: answer.message });
    }, refusalOr(t("The test email could not be sent.")));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void schedule(false);
  }

  function chooseFile(chosen: File | null) {
    change({ file: chosen, fileText: "" });
    // The text is for the preview; a file chosen meanwhile wins.
    const keep = (fileText: string) => setCompose((current) => (current.file === chosen ? { ...current, fileText } : current));
    if (chosen) void readText(chosen).then(keep, () => keep(""));
  }

  // Closing the panel takes the focus back to the button that opened it.
  function closeDeliveries(mailingId: number) {
    setOpenDeliveries(null);
    window.requestAnimationFrame(() => document.getElementById(`${id}-deliveries-${mailingId}`)?.focus());
  }

  async function cancel(mailing: Mailing) {
    setCancelTarget(mailing.id);
    setNotice(null);
    scheduling.setError(null);
    await cancelling.run(async () => {
      await mailingsApi.cancel(mailing.id);
      setNotice({ kind: "success", text: t("Cancelled “{subject}”.", { subject: mailing.subject }) });
    }, refusalOr(t("The mailing could not be cancelled.")));
    // Whatever the answer, the row's status is the server's now.
    await refresh();
  }

  const failed = scheduling.error ?? cancelling.error ?? testing.error;
  const shownNotice: Notice = notice ?? (failed ? { kind: "error", text: failed } : null);
  const err = (name: Field) => (errors[name] ? `${id}-${name}-error` : undefined);
  const fieldError = (name: Field) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field__error">
        {t(errors[name] ?? "")}
      </p>
    ) : null;
  // A refused draft keeps the last good preview (useServerPreview), which may be of another
  // audience: its count would go stale until the draft is fixed, so the audience's own count is
  // read then.
  const counted = previewError ? null : preview;
  const count =
    audience === "custom" && !counted ? found.length : counted?.recipients ?? counts[audience] ?? filterCount.data?.recipients;
  const deliveriesOf = mailings?.find((m) => m.id === openDeliveries) ?? null;

  return (
    <section className="batch-emails stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("Batch emails")}</h2>
      <form className="card stack batch-emails__form" onSubmit={submit} noValidate aria-label={t("Schedule a batch email")}>
        <div className="field">
          <label htmlFor={`${id}-subject`}>{t("Subject")}</label>
          <input
            id={`${id}-subject`}
            className="input"
            name="subject"
            maxLength={200}
            value={subject}
            onChange={(e) => change({ subject: e.target.value })}
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={err("subject")}
          />
          {fieldError("subject")}
        </div>
        <div className="batch-emails__row">
          <div className="field">
            <label htmlFor={`${id}-audience`}>{t("Audience")}</label>
            <select
              id={`${id}-audience`}
              className="select"
              name="audience"
              value={audience}
              onChange={(e) => change({ audience: e.target.value })}
              aria-invalid={errors.audience ? true : undefined}
              aria-describedby={err("audience")}
            >
              {(Object.keys(AUDIENCE_GROUP_LABELS) as (keyof typeof AUDIENCE_GROUP_LABELS)[]).map((group) => {
                const inGroup = choices.filter((a) => a.group === group);
                return inGroup.length ? (
                  <optgroup key={group} label={t(AUDIENCE_GROUP_LABELS[group])}>
                    {inGroup.map((a) => (
                      <option key={a.value} value={a.value}>
                        {audienceOption(t(a.label), counts[a.value])}
                      </option>
                    ))}
                  </optgroup>
                ) : null;
              })}
            </select>
            {fieldError("audience")}
          </div>
          <div className="field">
            <label htmlFor={`${id}-send-at`}>{t("Send at")}</label>
            <input
              id={`${id}-send-at`}
              className="input"
              type="datetime-local"
              name="send_at"
              value={sendAt}
              onChange={(e) => change({ sendAt: e.target.value })}
              aria-invalid={errors.send_at ? true : undefined}
              aria-describedby={[`${id}-send-at-hint`, err("send_at")].filter(Boolean).join(" ")}
            />
            <p id={`${id}-send-at-hint`} className="field__hint">
              {t("In your time zone ({zone}). A time in the past sends at once.", { zone: browserZone() })}
            </p>
            {fieldError("send_at")}
          </div>
        </div>
        {audience === "custom" ? (
          <div className="field">
            <label htmlFor={`${id}-emails`}>{t("Custom recipients")}</label>
            <textarea
              id={`${id}-emails`}
              className="textarea"
              name="emails"
              rows={5}
              value={emails}
              onChange={(e) => change({ emails: e.target.value })}
              aria-invalid={errors.emails ? true : undefined}
              aria-describedby={[`${id}-emails-hint`, err("emails")].filter(Boolean).join(" ")}
            />
            <p id={`${id}-emails-hint`} className="field__hint">
              {t("Paste any text: the email addresses in it are used ({n} found).", { n: found.length })}
            </p>
            {fieldError("emails")}
          </div>
        ) : null}

        <fieldset className="batch-emails__kind">
          <legend>{t("Message")}</legend>
          <div className="batch-emails__kinds">
            {(
              [
                ["markdown", t("Write in Markdown")],
                ["html", t("Upload HTML")],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="batch-emails__kind-option">
                <input
                  type="radio"
                  name="body_kind"
                  value={value}
                  checked={kind === value}
                  onChange={() => change({ kind: value })}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="batch-emails__compose">
          <div className="batch-emails__write stack">
            {kind === "markdown" ? (
              <div className="field">
                <label htmlFor={`${id}-markdown`}>{t("Message in Markdown")}</label>
                <MarkdownEditor
                  id={`${id}-markdown`}
                  value={markdown}
                  onChange={(value) => change({ markdown: value })}
                  placeholders={placeholders}
                  invalid={Boolean(errors.markdown)}
                  describedBy={[`${id}-markdown-hint`, err("markdown")].filter(Boolean).join(" ")}
                />
                <p id={`${id}-markdown-hint`} className="field__hint">
                  {t("Placeholders are filled in for each recipient: {first_name}, {dashboard_link}… Write {default} for people without a name.", {
                    first_name: "{{ first_name }}",
                    dashboard_link: "{{ dashboard_link }}",
                    default: '{{ first_name|default:"there" }}',
                  })}
                </p>
                {fieldError("markdown")}
                {languages.length > 0 ? (
                  <fieldset className="batch-emails__versions" aria-describedby={`${id}-versions-hint`}>
                    <legend>{t("Other languages (optional)")}</legend>
                    <p id={`${id}-versions-hint`} className="field__hint">
                      {t("Recipients whose language has a version here get it; everyone else gets the message above.")}
                    </p>
                    {languages.map((language) => {
                      const version = compose.versions[language.code] ?? { subject: "", markdown: "" };
                      const write = (fields: Partial<LanguageVersion>) =>
                        change({ versions: { ...compose.versions, [language.code]: { ...version, ...fields } } });
                      return (
                        <div key={language.code} className="stack">
                          <div className="field">
                            <label htmlFor={`${id}-subject-${language.code}`}>{t("Subject in {language}", { language: language.name })}</label>
                            <input
                              id={`${id}-subject-${language.code}`}
                              lang={language.code}
                              className="input"
                              maxLength={200}
                              value={version.subject}
                              onChange={(e) => write({ subject: e.target.value })}
                              aria-describedby={err("translations")}
                            />
                          </div>
                          <div className="field">
                            <label htmlFor={`${id}-markdown-${language.code}`}>
                              {t("Message in {language}, in Markdown", { language: language.name })}
                            </label>
                            <textarea
                              id={`${id}-markdown-${language.code}`}
                              lang={language.code}
                              className="textarea"
                              rows={6}
                              value={version.markdown}
                              onChange={(e) => write({ markdown: e.target.value })}
                              aria-describedby={err("translations")}
                            />
                          </div>
                        </div>
                      );
                    })}
                    {fieldError("translations")}
                  </fieldset>
                ) : null}
              </div>
            ) : (
              <div className="field">
                <label htmlFor={`${id}-html`}>{t("HTML file")}</label>
                <input
                  id={`${id}-html`}
                  ref={fileInput}
                  className="input"
                  type="file"
                  name="html"
                  accept=".html,.htm,text/html"
                  onChange={(e) => chooseFile(e.target.files?.[0] ?? null)}
                  aria-invalid={errors.html ? true : undefined}
                  aria-describedby={[`${id}-html-hint`, err("html")].filter(Boolean).join(" ")}
                />
                <p id={`${id}-html-hint`} className="field__hint">
                  {t("Sent as it is, with its placeholders (such as {example}) filled in.", { example: "{{ first_name }}" })}
                </p>
                {fieldError("html")}
              </div>
            )}
          </div>

          <section className="batch-emails__preview stack" aria-labelledby={`${id}-preview-title`}>
            <h3 id={`${id}-preview-title`}>{t("Preview")}</h3>
            {!canPreview ? (
              <p className="muted">{t("Choose a file to preview it.")}</p>
            ) : previewError ? (
              <Alert kind="error">{previewError}</Alert>
            ) : preview ? (
              <>
                <p className="batch-emails__whom" aria-live="polite">
                  {[previewWhom(preview.recipient, preview.recipients), previewLanguage(preview, languages)]
                    .filter(Boolean)
                    .join(" ")}
                </p>
                {preview.recipients > 1 ? (
                  <div className="button-row">
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      onClick={() => setRecipient(stepRecipient(recipient, -1, preview.recipients))}
                    >
                      {t("Previous recipient")}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      onClick={() => setRecipient(stepRecipient(recipient, 1, preview.recipients))}
                    >
                      {t("Next recipient")}
                    </button>
                  </div>
                ) : null}
                <p className="preview-subject">
                  <span className="muted">{t("Subject:")} </span>
                  <strong>{preview.subject || t("(no subject yet)")}</strong>
                </p>
                <iframe
                  className="preview-frame"
                  title={
                    preview.recipient
                      ? t("The email as {email} will get it", { email: preview.recipient.email })
                      : t("The email as a sample recipient will get it")
                  }
                  sandbox=""
                  srcDoc={preview.html}
                />
              </>
            ) : (
              <Spinner label={t("Rendering preview…")} />
            )}
          </section>
        </div>

        {count !== undefined ? (
          <p className="batch-emails__count" aria-live="polite">
            {t.plural(count, { one: "{count} recipient will get this email.", other: "{count} recipients will get this email." })}
          </p>
        ) : null}
        {duplicate ? (
          <div className="alert alert--info stack batch-emails__duplicate" role="alert">
            <p>{duplicate}</p>
            <div className="button-row">
              <button type="button" className="button" disabled={busy} onClick={() => void schedule(true)}>
                {t("Schedule it again")}
              </button>
              <button type="button" className="button button--secondary" onClick={() => setDuplicate(null)}>
                {t("Don’t send it twice")}
              </button>
            </div>
          </div>
        ) : null}
        <div aria-live="polite">{shownNotice ? <Alert kind={shownNotice.kind}>{shownNotice.text}</Alert> : null}</div>
        <div className="button-row">
          {/* After the duplicate warning its own button is the one primary action. */}
          {duplicate ? null : (
            <button type="submit" className="button" disabled={busy}>
              {busy ? t("Scheduling…") : t("Schedule")}
            </button>
          )}
          <button
            type="button"
            className="button button--secondary"
            disabled={testing.busy || !canPreview}
            onClick={() => void sendTest()}
          >
            {testing.busy ? t("Sending the test…") : t("Send a test to me")}
          </button>
        </div>
      </form>

      <div className="batch-emails__list-head">
        <h3 id={`${id}-list-title`}>{t("Mailings")}</h3>
        <p className="muted field__hint">{t("Updates by itself while mail is going out.")}</p>
      </div>
      {(mailings ?? [])
        .filter((m) => m.status === "sending")
        .map((m) => (
          <ProgressBar
            key={m.id}
            label={t("Sending “{subject}”", { subject: m.subject })}
            text={sendingText(m, samples.current.get(m.id) ?? [])}
            value={m.sent}
            max={m.recipients}
            failed={m.failed}
          />
        ))}
      {listError ? (
        <Alert kind="error">{t("The mailings could not be loaded.")}</Alert>
      ) : mailings === null ? (
        <Spinner label={t("Loading mailings…")} />
      ) : mailings.length === 0 ? (
        <p className="muted empty-note">{t("No mailings yet. Scheduled emails will show here.")}</p>
      ) : (
        <MailingsTable
          mailings={mailings}
          labelledBy={`${id}-list-title`}
          deliveriesButtonId={(mailingId) => `${id}-deliveries-${mailingId}`}
          openDeliveries={openDeliveries}
          onToggleDeliveries={(mailingId) => setOpenDeliveries(openDeliveries === mailingId ? null : mailingId)}
          cancelling={cancelling.busy ? cancelTarget : null}
          cancelBusy={cancelling.busy}
          onCancel={(mailing) => void cancel(mailing)}
        />
      )}
      {deliveriesOf ? (
        <DeliveryStatus key={deliveriesOf.id} mailing={deliveriesOf} onClose={() => closeDeliveries(deliveriesOf.id)} />
      ) : null}
    </section>
  );
}
