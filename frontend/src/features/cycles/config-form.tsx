// /admin/config: the current cycle's configuration and which cycle is current.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import {
  organizerApi,
  type CurrentCycle,
  type CycleConfig,
  type ReleasePreview,
  type UnreleasePreview,
} from "../../api/organizer";
import { Alert } from "../../components/alert";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Field, SelectField, type Choice } from "../../components/field";
import { ApiError, fieldErrors } from "../../lib/api";
import { focusFirstError } from "../../lib/focus";
import { t } from "../../lib/i18n";
import { PageHeader } from "../../components/page-header";
import {
  POST_RELEASE,
  dateOrderErrors,
  decisionsNoun,
  hideDecisions,
  formFieldErrors,
  statusMove,
  stillOpenNote,
  todayUtc,
  withoutError,
} from "./config-state";
import { queryKeys } from "../../lib/query-keys";
import { ReleaseProgress } from "./release-progress";

// The labels and messages stay English in the module (the catalog loads after it runs) and are
// shown through t(): the form's own checks and the server's messages (already in the page's
// language) go through the same t(error).
export const DATE_FIELDS: { key: keyof CycleConfig["dates"]; label: string }[] = [
  { key: "due", label: t.noop("Application due") },
  { key: "start", label: t.noop("Event start") },
  { key: "end", label: t.noop("Event end") },
  { key: "housing", label: t.noop("Housing form due") },
  { key: "confirmation_first_deadline", label: t.noop("First confirmation deadline") },
  { key: "waitlist_deadline", label: t.noop("Waitlist deadline") },
  { key: "confirmation_second_deadline", label: t.noop("Second confirmation deadline") },
];

export const REQUIRED = t.noop("This field is required");
export const BAD_DATE = t.noop("Enter a valid date");
export const BAD_URL = t.noop("Enter a valid URL");
export const UPDATED = t.noop("Configuration updated successfully");
export const UPDATE_FAILED = t.noop("Error updating configuration");
export const FETCH_FAILED = t.noop("Error fetching configuration");
export const COUNTS_CHANGED = t.noop("The numbers changed since you looked (someone decided meanwhile). Check them again.");
export const RETENTION_BEFORE_END = t.noop("The retention date must come after the event's end date");

export function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** Every field required; dates must be dates and the housing link a URL. Keys match the server's. */
export function validateConfig(config: CycleConfig): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { key } of DATE_FIELDS) {
    const value = config.dates[key] ?? "";
    if (!value) errors[key] = REQUIRED;
    else if (!isDate(value)) errors[key] = BAD_DATE;
  }
  for (const [key, message] of Object.entries(dateOrderErrors(config.dates))) errors[key] ??= message;
  if (!config.status) errors.status = REQUIRED;
  if (!config.location.trim()) errors.location = REQUIRED;
  if (!config.housing_link.trim()) errors.housing_link = REQUIRED;
  else if (!isUrl(config.housing_link.trim())) errors.housing_link = BAD_URL;
  // The one optional field: empty keeps the data until an organizer decides.
  const retention = config.retention_date ?? "";
  if (retention && !isDate(retention)) errors.retention_date = BAD_DATE;
  else if (retention && isDate(config.dates.end ?? "") && retention <= config.dates.end) errors.retention_date = RETENTION_BEFORE_END;
  return errors;
}

export function validateCurrent(current: { year: string; cycle: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!current.cycle) errors.cycle = REQUIRED;
  if (!current.year.trim()) errors.year = REQUIRED;
  else if (!/^\d{4}$/.test(current.year.trim()) || Number(current.year) < 2000 || Number(current.year) > 2100)
    errors.year = t.noop("Enter a year between 2000 and 2100");
  return errors;
}

/** The server's field errors at the form's fields (date errors arrive as "dates.<name>"). */
function serverFieldErrors(error: unknown): Record<string, string> {
  return formFieldErrors(fieldErrors(error));
}

/** What to say when a save failed: the server's own sentence for a refusal (409), which says why. */
function failureText(error: unknown): string {
  return error instanceof ApiError && error.status === 409 && error.body.message ? error.body.message : UPDATE_FAILED;
}

interface Props {
  config: CycleConfig;
  current: CurrentCycle;
  statuses: Choice[];
  seasons: Choice[];
}

export function ConfigForm({ config: initialConfig, current: initialCurrent, statuses, seasons }: Props) {
  const [config, setConfig] = useState<CycleConfig>(initialConfig);
  const [current, setCurrent] = useState({ year: String(initialCurrent.year), cycle: initialCurrent.cycle });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [cycleErrors, setCycleErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [cycleMessage, setCycleMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // The status as stored: what a save moves away from (a release, or back before one).
  const [savedStatus, setSavedStatus] = useState<CycleConfig["status"]>(initialConfig.status);
  // A save that releases decision emails waits here for the organizer to confirm the count.
  const [release, setRelease] = useState<{ preview: ReleasePreview; changed: boolean } | null>(null);
  // A save that moves the cycle back before release waits here: how many decisions disappear.
  const [unrelease, setUnrelease] = useState<{ preview: UnreleasePreview; changed: boolean } | null>(null);
  const queryClient = useQueryClient();
  // A refused save moves the focus to its first field in error (after the errors render): on a
  // phone the dates are a screen or more above the Save button and its message.
  const form = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest) focusFirstError(form.current);
  }, [focusRequest]);

  // Changing a field clears its error: it may be fixed now, and the save checks again.
  const setDate = (key: keyof CycleConfig["dates"], value: string) => {
    setConfig((c) => ({ ...c, dates: { ...c.dates, [key]: value } }));
    setErrors((e) => withoutError(e, key));
  };
  const setField = <K extends "status" | "location" | "housing_link" | "retention_date">(key: K, value: CycleConfig[K]) => {
    setConfig((c) => ({ ...c, [key]: value }));
    setErrors((e) => withoutError(e, key));
  };

  // Cancelling the release (or "Keep them released") puts the status back as it is stored: the
  // field left at the status that was not saved read as if the cycle had moved. The form's other
  // unsaved changes stay.
  function keepSavedStatus() {
    setRelease(null);
    setUnrelease(null);
    setField("status", savedStatus);
  }

  async function send(confirm: { confirm_emails?: number; confirm_unrelease?: number } = {}) {
    setBusy(true);
    try {
      const saved = await organizerApi.saveConfig({
        ...config,
        location: config.location.trim(),
        housing_link: config.housing_link.trim(),
        retention_date: config.retention_date || null,
        ...confirm,
      });
      setRelease(null);
      setUnrelease(null);
      setSavedStatus(saved.status);
      setMessage({ ok: true, text: UPDATED });
      // A release has just queued its emails: count them again (and follow them while they go).
      if (confirm.confirm_emails !== undefined) void queryClient.invalidateQueries({ queryKey: queryKeys.releaseProgress });
    } catch (e) {
      const refused = e instanceof ApiError && e.status === 409 ? (e.body.errors ?? {}) : {};
      if ("confirm_emails" in refused) {
        // The count changed between the dialog and the save: show the new one and ask again.
        await askToRelease(true);
        return;
      }
      if ("confirm_unrelease" in refused) {
        await askToUnrelease(true);
        return;
      }
      setRelease(null);
      setUnrelease(null);
      const found = serverFieldErrors(e);
      setErrors(found);
      setMessage({ ok: false, text: failureText(e) });
      // A refused move (a release that can no longer be undone): nothing was saved, so the field
      // shows the status as stored again, not the one refused, with the server's reason under it.
      if (e instanceof ApiError && e.status === 409 && config.status !== savedStatus) setConfig((c) => ({ ...c, status: savedStatus }));
      if (Object.keys(found).length) setFocusRequest((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  /** Before a save that moves a released cycle back: how many decisions its applicants stop
   *  seeing. Someone who already answered makes the server refuse; the save then shows why. */
  async function askToUnrelease(changed = false) {
    setBusy(true);
    try {
      const preview = await organizerApi.unreleasePreview();
      if (preview.total === 0 || preview.answered > 0) {
        setUnrelease(null);
        await send();
        return;
      }
      setUnrelease({ preview, changed });
    } catch {
      setUnrelease(null);
      setMessage({ ok: false, text: UPDATE_FAILED });
    } finally {
      setBusy(false);
    }
  }

  /** Before a save that releases: how many of each decision will be emailed (the server counts). */
  async function askToRelease(changed = false) {
    setBusy(true);
    try {
      const preview = await organizerApi.releasePreview();
      if (preview.total === 0) {
        setRelease(null);
        await send();
        return;
      }
      setRelease({ preview, changed });
    } catch {
      setRelease(null);
      setMessage({ ok: false, text: UPDATE_FAILED });
    } finally {
      setBusy(false);
    }
  }

  async function saveConfig(event: FormEvent) {
    event.preventDefault();
    const found = validateConfig(config);
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length) {
      setMessage({ ok: false, text: UPDATE_FAILED });
      setFocusRequest((n) => n + 1);
      return;
    }
    const move = statusMove(savedStatus, config.status);
    if (move === "release") await askToRelease();
    else if (move === "unrelease") await askToUnrelease();
    else await send();
  }

  async function saveCurrent(event: FormEvent) {
    event.preventDefault();
    const found = validateCurrent(current);
    setCycleErrors(found);
    setCycleMessage(null);
    if (Object.keys(found).length) {
      setCycleMessage({ ok: false, text: UPDATE_FAILED });
      return;
    }
    setBusy(true);
    try {
      await organizerApi.saveCurrent({ year: Number(current.year), cycle: current.cycle });
    } catch (e) {
      setCycleErrors(fieldErrors(e));
      setCycleMessage({ ok: false, text: UPDATE_FAILED });
      setBusy(false);
      return;
    }
    // Another cycle has its own configuration: show the one now in force.
    try {
      const fresh = await organizerApi.config();
      setConfig(fresh);
      setSavedStatus(fresh.status);
      setErrors({});
      setCycleMessage({ ok: true, text: UPDATED });
    } catch {
      setCycleMessage({ ok: false, text: FETCH_FAILED });
    } finally {
      setBusy(false);
    }
  }

  const stillOpen = stillOpenNote(savedStatus, config.dates.due, todayUtc());

  return (
    <div className="stack">
      <PageHeader title={t("Configuration")} lead={t("Every field is required unless it says optional. Dates are in UTC.")} />
      <ReleaseProgress released={POST_RELEASE.includes(savedStatus)} />
      <div className="org-config">
        <form ref={form} className="card stack" onSubmit={saveConfig} noValidate aria-labelledby="config-title">
          <h2 id="config-title">{t("Cycle configuration")}</h2>
          <fieldset className="org-section">
            <legend>{t("Dates")}</legend>
            <div className="org-grid">
              {DATE_FIELDS.map(({ key, label }) => (
                <Field
                  key={key}
                  label={t(label)}
                  type="date"
                  required
                  value={config.dates[key] ?? ""}
                  onChange={(e) => setDate(key, e.target.value)}
                  error={errors[key] && t(errors[key])}
                />
              ))}
            </div>
          </fieldset>
          <div className="org-grid org-grid--wide">
            <SelectField
              label={t("Hackathon status")}
              required
              choices={statuses}
              value={config.status}
              onChange={(e) => setField("status", e.target.value as CycleConfig["status"])}
              error={errors.status && t(errors.status)}
            />
            <Field
              label={t("Location")}
              required
              value={config.location}
              onChange={(e) => setField("location", e.target.value)}
              error={errors.location && t(errors.location)}
            />
            <Field
              label={t("Housing form link")}
              type="url"
              required
              value={config.housing_link}
              onChange={(e) => setField("housing_link", e.target.value)}
              error={errors.housing_link && t(errors.housing_link)}
            />
            <Field
              label={t("Data retention date (optional)")}
              type="date"
              value={config.retention_date ?? ""}
              onChange={(e) => setField("retention_date", e.target.value || null)}
              error={errors.retention_date && t(errors.retention_date)}
              hint={t(
                "Once another cycle is current, this cycle's applications, resumes and mail are purged after this day; the statistics keep anonymised counts. Empty: kept.",
              )}
            />
          </div>
          <p className="field__hint">
            {t(
              "Applicants hear about decisions only when the status is changed to Released. Saving with that status shows how many will be emailed and asks first. Moving a released cycle back to Not open, Open or Closed hides the decisions again: it asks first too, and is refused once anyone has answered.",
            )}
          </p>
          {message ? <Alert kind={message.ok ? "success" : "error"}>{t(message.text)}</Alert> : null}
          <div>
            <button type="submit" className="button" disabled={busy}>
              {t("Save Configuration")}
            </button>
          </div>
        </form>
        <form className="card stack org-config__cycle" onSubmit={saveCurrent} noValidate aria-labelledby="cycle-title">
          <h2 id="cycle-title">{t("Current cycle")}</h2>
          <SelectField
            label={t("Season")}
            required
            choices={seasons}
            value={current.cycle}
            onChange={(e) => setCurrent({ ...current, cycle: e.target.value as CurrentCycle["cycle"] })}
            error={cycleErrors.cycle && t(cycleErrors.cycle)}
          />
          <Field
            label={t("Year")}
            type="number"
            inputMode="numeric"
            required
            min={2000}
            max={2100}
            value={current.year}
            onChange={(e) => setCurrent({ ...current, year: e.target.value })}
            error={cycleErrors.year && t(cycleErrors.year)}
          />
          <p className="field__hint">{t("Switching to a new season or year starts a new cycle with a copy of the current questions.")}</p>
          {cycleMessage ? <Alert kind={cycleMessage.ok ? "success" : "error"}>{t(cycleMessage.text)}</Alert> : null}
          <div>
            <button type="submit" className="button" disabled={busy}>
              {t("Save Cycle")}
            </button>
          </div>
        </form>
      </div>
      <ConfirmDialog
        open={release !== null}
        title={t("Release decisions and email applicants?")}
        confirmLabel={t.plural(release?.preview.total ?? 0, {
          one: "Release and email {count} applicant",
          other: "Release and email {count} applicants",
        })}
        busy={busy}
        onConfirm={() => release && send({ confirm_emails: release.preview.total })}
        onCancel={keepSavedStatus}
      >
        {release?.changed ? <Alert kind="error">{t(COUNTS_CHANGED)}</Alert> : null}
        {release && stillOpen ? <Alert kind="info">{stillOpen}</Alert> : null}
        <p>
          {t.plural(release?.preview.total ?? 0, {
            one: "Saving with the status Released emails {count} applicant their decision at once:",
            other: "Saving with the status Released emails {count} applicants their decision at once:",
          })}
        </p>
        <ul aria-label={t("Emails per decision")}>
          {(release?.preview.counts ?? []).map((item) => (
            <li key={item.status}>
              {item.label}: <strong>{item.count}</strong>
            </li>
          ))}
        </ul>
        <p>{t("Each applicant gets one email, and no one is emailed twice.")}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={unrelease !== null}
        danger
        title={t("Withdraw the released decisions?")}
        confirmLabel={hideDecisions(unrelease?.preview.total ?? 0)}
        cancelLabel={t("Keep them released")}
        busy={busy}
        onConfirm={() => unrelease && send({ confirm_unrelease: unrelease.preview.total })}
        onCancel={keepSavedStatus}
      >
        {unrelease?.changed ? <Alert kind="error">{t(COUNTS_CHANGED)}</Alert> : null}
        <p>
          {t("Saving with the status {status} takes {decisions} off their dashboards: they will see their application as submitted again.", {
            status: statuses.find((c) => c.value === config.status)?.label ?? config.status,
            decisions: decisionsNoun(unrelease?.preview.total ?? 0),
          })}
        </p>
        <ul aria-label={t("Decisions hidden per decision")}>
          {(unrelease?.preview.counts ?? []).map((item) => (
            <li key={item.status}>
              {item.label}: <strong>{item.count}</strong>
            </li>
          ))}
        </ul>
        <p>{t("Emails already sent can't be taken back. Each applicant's history records the change.")}</p>
      </ConfirmDialog>
    </div>
  );
}
