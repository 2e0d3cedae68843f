import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { mailingsApi, type EmailTemplate, type Preview } from "../../api/mailings";
import { ReportHeader } from "../../components/page-header";
import { LoadError } from "../../components/load-error";
import { Alert } from "../../components/alert";
import { Spinner } from "../../components/spinner";
import { fieldErrors } from "../../lib/api";
import { t } from "../../lib/i18n";
import { queryKeys } from "../../lib/query-keys";
import { refusalOr, useSubmit } from "../../lib/use-submit";
import { useServerPreview } from "./server-preview";

type Notice = { kind: "error" | "success"; text: string } | null;

/** An enabled language: its code and its name in itself. */
export interface EmailLanguage {
  code: string;
  name: string;
}

function titleOf(template: EmailTemplate): string {
  if (template.name) return template.name;
  const words = template.key.replace(/[_-]+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One automated email's editor; the page remounts it (by key) when another email is chosen. */
export function TemplateEditor({
  template,
  email,
  onSaved,
  language = "",
  languageName,
}: {
  template: EmailTemplate;
  email: string;
  onSaved: (saved: EmailTemplate) => void;
  /** Whose version this is: an enabled language's code, "" for the default language's. */
  language?: string;
  /** The language's name, said in the title when there is more than one. */
  languageName?: string;
}) {
  const id = useId();
  const [subject, setSubject] = useState(template.subject);
  const [html, setHtml] = useState(template.html);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const saving = useSubmit();
  const testing = useSubmit();
  const resetting = useSubmit();
  // One request at a time: every button waits while any of them runs.
  const busy = saving.busy || testing.busy || resetting.busy;
  const dirty = subject !== template.subject || html !== template.html;

  // A server-rendered preview, refreshed shortly after typing stops.
  const { preview, error: previewError } = useServerPreview<Preview>([template.key, language, subject, html], () =>
    mailingsApi.preview(template.key, subject, html, language),
  );

  /** One notice at a time, whichever action it came from. */
  function clearNotices() {
    setNotice(null);
    for (const action of [saving, testing, resetting]) action.setError(null);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!subject.trim()) problems.subject = t("Enter a subject.");
    if (!html.trim()) problems.html = t("Enter the email's HTML.");
    setErrors(problems);
    if (Object.keys(problems).length) return;
    clearNotices();
    await saving.run(async () => {
      let answer: Awaited<ReturnType<typeof mailingsApi.saveTemplate>>;
      try {
        answer = await mailingsApi.saveTemplate(template.key, subject, html, language);
      } catch (error) {
        setErrors(fieldErrors(error));
        throw error;
      }
      const saved = answer && typeof answer === "object" && "key" in answer ? answer : { ...template, subject, html };
      onSaved(saved);
      // The server keeps the subject plain (it drops a pasted {% autoescape %} wrapper): show
      // what was stored, so the form is not left "unsaved".
      setSubject(saved.subject);
      setNotice({ kind: "success", text: t("Saved. The next emails of this kind use this version.") });
    }, refusalOr(t("The email could not be saved.")));
  }

  async function resetToDefault() {
    clearNotices();
    await resetting.run(async () => {
      const restored = await mailingsApi.resetTemplate(template.key, language);
      onSaved(restored);
      setSubject(restored.subject);
      setHtml(restored.html);
      setErrors({});
      setNotice({ kind: "success", text: t("Back to the default version.") });
    }, refusalOr(t("The email could not be reset.")));
  }

  async function sendTest() {
    clearNotices();
    await testing.run(async () => {
      const result = await mailingsApi.sendTest(template.key, subject, html, language);
      setNotice({ kind: "success", text: result?.message || t("A test email was sent to {email}.", { email }) });
    }, refusalOr(t("The test email could not be sent.")));
  }

  const failed = saving.error ?? testing.error ?? resetting.error;
  const shownNotice: Notice = notice ?? (failed ? { kind: "error", text: failed } : null);

  // The names the server substitutes (the schema: a list of names, no descriptions).
  const placeholders = template.placeholders;

  return (
    <form className="template-editor" onSubmit={save} noValidate aria-labelledby={`${id}-title`}>
      <div className="template-editor__edit stack">
        <div className="template-editor__title">
          <h2 id={`${id}-title`}>{languageName ? `${titleOf(template)} · ${languageName}` : titleOf(template)}</h2>
          <span className={`badge${template.customized ? " badge--customized" : ""}`}>
            {template.customized ? t("Customized") : t("Default")}
          </span>
        </div>
        <div className="field">
          <label htmlFor={`${id}-subject`}>{t("Subject")}</label>
          <input
            id={`${id}-subject`}
            className="input"
            value={subject}
            maxLength={200}
            onChange={(e) => setSubject(e.target.value)}
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={errors.subject ? `${id}-subject-error` : undefined}
          />
          {errors.subject ? (
            <p id={`${id}-subject-error`} className="field__error">
              {errors.subject}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-html`}>{t("HTML")}</label>
          <textarea
            id={`${id}-html`}
            className="textarea template-editor__html"
            rows={16}
            spellCheck={false}
            value={html}
            onChange={(e) => setHtml(e.target.value)}
            aria-invalid={errors.html ? true : undefined}
            aria-describedby={[placeholders.length ? `${id}-placeholders` : "", errors.html ? `${id}-html-error` : ""]
              .filter(Boolean)
              .join(" ") || undefined}
          />
          {errors.html ? (
            <p id={`${id}-html-error`} className="field__error">
              {errors.html}
            </p>
          ) : null}
        </div>
        {placeholders.length ? (
          <div id={`${id}-placeholders`} className="placeholders">
            <p className="label">{t("Placeholders")}</p>
            <ul className="placeholders__list">
              {placeholders.map((p) => (
                <li key={p}>
                  <code>{`{{ ${p} }}`}</code>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div aria-live="polite">{shownNotice ? <Alert kind={shownNotice.kind}>{shownNotice.text}</Alert> : null}</div>
        <div className="button-row">
          <button type="submit" className="button" disabled={busy}>
            {saving.busy ? t("Saving…") : t("Save")}
          </button>
          <button type="button" className="button button--secondary" onClick={() => void sendTest()} disabled={busy}>
            {testing.busy ? t("Sending…") : t("Send test to me")}
          </button>
          {template.customized ? (
            <button type="button" className="button button--secondary" onClick={() => void resetToDefault()} disabled={busy}>
              {resetting.busy ? t("Resetting…") : t("Reset to default")}
            </button>
          ) : null}
          {dirty ? <span className="muted template-editor__dirty">{t("Unsaved changes")}</span> : null}
        </div>
      </div>
      <div className="template-editor__preview stack">
        <h3 id={`${id}-preview-title`}>{t("Preview")}</h3>
        {previewError ? <Alert kind="error">{previewError}</Alert> : null}
        {preview ? (
          <>
            <p className="preview-subject">
              <span className="muted">{t("Subject:")} </span>
              <strong>{preview.subject}</strong>
            </p>
            <iframe
              className="preview-frame"
              title={t("Preview of {email}", { email: titleOf(template) })}
              sandbox=""
              srcDoc={preview.html}
            />
          </>
        ) : previewError ? null : (
          <Spinner label={t("Rendering preview…")} />
        )}
      </div>
    </form>
  );
}

/** The choice of which language's versions to edit, shown when more than one is enabled. */
export function VersionLanguage({
  languages,
  value,
  onChange,
}: {
  languages: EmailLanguage[];
  value: string;
  onChange: (code: string) => void;
}) {
  const [first] = languages;
  return (
    <div className="field automated-emails__language">
      <label htmlFor="automated-emails-language">{t("Version for")}</label>
      <select
        id="automated-emails-language"
        className="select"
        value={value || first.code}
        onChange={(e) => onChange(e.target.value === first.code ? "" : e.target.value)}
        aria-describedby="automated-emails-language-hint"
      >
        {languages.map((language, i) => (
          <option key={language.code} value={language.code}>
            {i === 0 ? t("{language} (default)", { language: language.name }) : language.name}
          </option>
        ))}
      </select>
      <p id="automated-emails-language-hint" className="field__hint">
        {t(
          "Each recipient gets the version in their language, else the {language} one, else the built-in email in their language. A language without its own version starts from what its readers get now.",
          { language: first.name },
        )}
      </p>
    </div>
  );
}

export function AutomatedEmails({ email, languages = [] }: { email: string; languages?: EmailLanguage[] }) {
  const queryClient = useQueryClient();
  // "" is the default language's version (the first of `languages`).
  const [language, setLanguage] = useState("");
  // Another language's list is kept under the default list's key with its code (not a key of
  // its own in query-keys.ts, which every page loads).
  const queryKey = language ? [...queryKeys.mailings.templates, language] : queryKeys.mailings.templates;
  const query = useQuery({ queryKey, queryFn: () => mailingsApi.templates(language) });
  const languageName = languages.length > 1 ? (languages.find((l) => l.code === language) ?? languages[0]).name : undefined;
  const templates = query.data ?? null;
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = chosen ?? templates?.[0]?.key ?? null;

  const current = templates?.find((item) => item.key === selected) ?? null;

  return (
    <div className="stack reports">
      <ReportHeader title={t("Automated Emails")}>
        <p className="muted">
          {t("The emails the portal sends by itself. Edit one, preview it, and send a test to {email}.", { email })}
        </p>
      </ReportHeader>
      {languages.length > 1 ? <VersionLanguage languages={languages} value={language} onChange={setLanguage} /> : null}
      {query.isError ? (
        <LoadError message={t("The automated emails could not be loaded.")} onRetry={() => void query.refetch()} />
      ) : templates === null ? (
        <div className="reports__loading">
          <Spinner label={t("Loading automated emails…")} />
        </div>
      ) : templates.length === 0 ? (
        <p className="muted">{t("There are no automated emails.")}</p>
      ) : (
        <div className="automated-emails">
          <nav className="automated-emails__nav" aria-label={t("Automated emails")}>
            <ul>
              {templates.map((item) => (
                <li key={item.key}>
                  <button
                    type="button"
                    className="side-link"
                    aria-current={item.key === selected ? "true" : undefined}
                    onClick={() => setChosen(item.key)}
                  >
                    {titleOf(item)}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          {current ? (
            <div className="card automated-emails__editor">
              <TemplateEditor
                key={`${current.key}:${language}`}
                template={current}
                email={email}
                language={language}
                languageName={languageName}
                onSaved={(saved) => {
                  queryClient.setQueryData<EmailTemplate[]>(queryKey, (list) =>
                    (list ?? []).map((item) => (item.key === saved.key ? { ...item, ...saved } : item)),
                  );
                  // The other languages' lists start from this version where they have none.
                  void queryClient.invalidateQueries({
                    queryKey: queryKeys.mailings.templates,
                    predicate: (q) => (q.queryKey[2] ?? "") !== language,
                  });
                }}
              />
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
