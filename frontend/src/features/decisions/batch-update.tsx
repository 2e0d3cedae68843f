// /admin/batch, Batch Update: one decision for many pasted addresses, in ONE request.
//
// Before anything is sent, the form says what it would overwrite (a dry run of the same request,
// as the addresses are pasted): "3 of these have already confirmed — tick Override to change
// them". On Submit, a decision that would email applicants (the cycle is already released)
// asks first, with the count, and so does Override when it would change applicants who have
// already confirmed or declined: a ticked box is easy to forget between two batches.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { organizerApi, type BatchDecisionResult, type BatchStatusInput } from "../../api/organizer";
import { Alert } from "../../components/alert";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { extractEmails } from "../../lib/emails";
import { queryKeys } from "../../lib/query-keys";
import { useSubmit } from "../../lib/use-submit";
import { CheckboxField, SelectField, TextareaField, YesNoField, type Choice } from "../../components/field";
import { TravelReimbursementField } from "../../components/travel-field";
import { EmailResults } from "../../components/email-results";
import { useDebounced } from "../../lib/use-debounced";
import { decisionResultView, overrideConfirmation } from "../../lib/batch-result";
import { SKIP_REASONS, emailButton, overwriteNotice, skipCode, travelSent } from "../../lib/overwrite";
import { formatNumber, t } from "../../lib/i18n";

// English constants (tests find them by these words); translated where they are shown.
export const RELEASE_NOTE = t.noop(
  "Hackers are notified of status changes only when the hackathon status is changed to Released.",
);
export const OVERRIDE_LABEL = t.noop("Override: also change applicants who have confirmed or declined");

export function BatchUpdate({ statuses, defaultStatus }: { statuses: Choice[]; defaultStatus: string }) {
  const [status, setStatus] = useState(defaultStatus);
  const [emails, setEmails] = useState("");
  const [travel, setTravel] = useState(false);
  const [housing, setHousing] = useState(false);
  const [override, setOverride] = useState(false);
  // The result, with the decision and the number of addresses it was asked for.
  const [result, setResult] = useState<{ body: BatchDecisionResult; label: string; asked: number; override: boolean } | null>(
    null,
  );
  // What Submit asks about first: emails it sends (after release), and with Override ticked,
  // the applicants who already answered that it would change.
  const [confirming, setConfirming] = useState<{ emailed: number; answered: { email: string; reason: string; code?: string }[] } | null>(
    null,
  );
  const { busy, error, setError, run } = useSubmit();
  const found = extractEmails(emails).length;
  const settled = useDebounced(emails, 400);
  const label = statuses.find((s) => s.value === status)?.label ?? status;

  // The dry run of the pasted list (without Override): who has already answered. Advisory
  // only: the real request is judged by the server again, so a failed dry run shows nothing.
  const previewQuery = useQuery({
    queryKey: queryKeys.applications.batchPreview(settled, status),
    queryFn: () =>
      organizerApi.batchStatus({ emails: settled, status: status as BatchStatusInput["status"], dry_run: true }),
    enabled: extractEmails(settled).length > 0,
    retry: false,
    // The notice of the last list stays until the next one's answer replaces it.
    placeholderData: keepPreviousData,
  });
  // After a submit, the result speaks for this list; the notice returns when the list or the
  // status changes.
  const [sentFor, setSentFor] = useState<string | null>(null);
  const previewFor = JSON.stringify([settled, status]);
  const preview =
    extractEmails(settled).length && previewQuery.isSuccess && sentFor !== previewFor ? previewQuery.data : null;

  const body = (): BatchStatusInput => ({
    emails,
    // One of the server-rendered choices; the server still checks it.
    status: status as BatchStatusInput["status"],
    travel_reimbursement: travelSent(status, travel),
    housing_accommodations: housing,
    override,
  });

  async function send() {
    setConfirming(null);
    setResult(null);
    await run(async () => {
      const sent = body();
      const answer = await organizerApi.batchStatus(sent);
      setResult({ body: answer, label, asked: found, override: Boolean(sent.override) });
      setSentFor(previewFor);
    }, t("Error updating the batch"));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!found) {
      setError(t("Paste at least one email address."));
      return;
    }
    // What this exact request would do now: after release it emails, so ask first. With
    // Override ticked, the same list without it says whom Override changes: ask about them too.
    let emailed = 0;
    let answered: { email: string; reason: string; code?: string }[] = [];
    const checked = await run(async () => {
      const [exact, without] = await Promise.all([
        organizerApi.batchStatus({ ...body(), dry_run: true }),
        override ? organizerApi.batchStatus({ ...body(), override: false, dry_run: true }) : null,
      ]);
      emailed = exact.emailed;
      const reasons: string[] = Object.values(SKIP_REASONS);
      answered = (without?.skipped ?? []).filter((s) => reasons.includes(skipCode(s)));
    }, t("Error updating the batch"));
    if (!checked) return;
    if (emailed > 0 || answered.length > 0) setConfirming({ emailed, answered });
    else await send();
  }

  const notice = preview ? overwriteNotice(preview.skipped, override) : null;
  // The same words as the table's Override: what it overwrites, for whom.
  const overriding = confirming?.answered.length ? overrideConfirmation(confirming.answered, label) : null;
  return (
    <section className="card stack" aria-labelledby="batch-update-title">
      <h2 id="batch-update-title">{t("Batch Update")}</h2>
      <Alert kind="info">{t(RELEASE_NOTE)}</Alert>
      <form className="stack" onSubmit={submit} noValidate aria-label={t("Batch Update")}>
        <div className="org-grid">
          <SelectField label={t("Status")} choices={statuses} value={status} onChange={(e) => setStatus(e.target.value)} />
          <TravelReimbursementField status={status} travel={travel} onChange={setTravel} />
          <YesNoField label={t("Housing Accommodations")} value={housing} onChange={setHousing} />
        </div>
        <TextareaField
          label={t("Emails")}
          rows={7}
          value={emails}
          onChange={(e) => setEmails(e.target.value)}
          hint={t("Paste addresses in any format: one per line, comma separated, or a copied table. {count} found.", { count: formatNumber(found) })}
          spellCheck={false}
        />
        {notice ? (
          <div role="status">
            <Alert kind="info">{notice}</Alert>
          </div>
        ) : null}
        <CheckboxField
          label={t(OVERRIDE_LABEL)}
          hint={t("Without it, applicants who have already confirmed or declined are skipped and listed.")}
          checked={override}
          onChange={setOverride}
        />
        {error ? <Alert kind="error">{error}</Alert> : null}
        <div>
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("Updating…") : t("Submit")}
          </button>
        </div>
      </form>
      {result ? (
        <>
          {(() => {
            const view = decisionResultView(result.body, result.label, result.asked, result.override);
            return <Alert kind={view.kind}>{view.summary}</Alert>;
          })()}
          {result.body.emailed ? (
            <Alert kind="success">
              {t.plural(result.body.emailed, { one: "{count} decision email queued.", other: "{count} decision emails queued." })}
            </Alert>
          ) : null}
          <EmailResults
            doneTitle={result.label}
            approved={result.body.approved}
            failed={result.body.failed}
            skipped={result.body.skipped}
          />
        </>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        danger={overriding !== null}
        title={overriding?.title ?? t("Email these applicants now?")}
        confirmLabel={overriding?.confirmLabel ?? emailButton("Decide", confirming?.emailed ?? 0)}
        busy={busy}
        onConfirm={send}
        onCancel={() => setConfirming(null)}
      >
        {overriding ? <p>{t("Override is ticked. {body}", { body: overriding.body })}</p> : null}
        {(confirming?.emailed ?? 0) > 0 ? (
          <p>
            {t.plural(confirming?.emailed ?? 0, {
              one: "Decisions are already released, so this sends {count} applicant the “{label}” email at once.",
              other: "Decisions are already released, so this sends {count} applicants the “{label}” email at once.",
            }, { label })}
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
