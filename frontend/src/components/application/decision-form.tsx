// The decision form of the applicant and review pages: status, travel, housing; Save Decision
// records it through POST /api/applications/status/{email} and reloads the page.
//
// An applicant who has confirmed or declined keeps their answer unless Override is ticked (the
// form says so before anything is sent), and a decision that would email the applicant at once
// (decisions are already released) asks first.
import { useState, type FormEvent } from "react";
import { organizerApi, type Decision, type DecisionInput } from "../../api/organizer";
import { Alert } from "../alert";
import { ConfirmDialog } from "../confirm-dialog";
import { useSubmit } from "../../lib/use-submit";
import { CheckboxField, SelectField, YesNoField, type Choice } from "../field";
import { TravelReimbursementField } from "../travel-field";
import { serverMessage } from "../../lib/api";
import { ANSWERED_NOTES, emailButton, travelSent } from "../../lib/overwrite";
import { t } from "../../lib/i18n";

export const NEEDS_OVERRIDE = t.noop("Tick Override to change the decision of an applicant who has answered.");

interface Props {
  email: string;
  decisions: Choice[];
  initial: Decision;
  /** The status select's label: 'Decision' on the applicant page, 'Accept / Reject Hacker' when reviewing. */
  statusLabel?: string;
  /** After a successful save; the default reloads the page as the spec asks. */
  onSaved?: () => void | Promise<void>;
}

export function DecisionForm({ email, decisions, initial, statusLabel, onSaved }: Props) {
  // A status outside the decision list (e.g. confirmed) shows as 'No Decision' until the organizer picks one.
  const known = decisions.some((d) => d.value === initial.status);
  const [status, setStatus] = useState(known ? initial.status : "");
  const [travel, setTravel] = useState(initial.travel_reimbursement);
  const [housing, setHousing] = useState(initial.housing_accommodations);
  const [override, setOverride] = useState(false);
  const { busy, error, setError, run } = useSubmit();
  const [confirming, setConfirming] = useState(false);
  const choices = known ? decisions : [{ value: "", label: t("Choose a decision") }, ...decisions];
  const answered = ANSWERED_NOTES[initial.status];
  const label = decisions.find((d) => d.value === status)?.label ?? status;

  // `status` is one of the server-rendered decisions; the server still checks it.
  const decision = (): DecisionInput => ({
    status: status as DecisionInput["status"],
    travel_reimbursement: travelSent(status, travel),
    housing_accommodations: housing,
    ...(answered ? { override } : {}),
  });

  async function save() {
    setConfirming(false);
    let saved = false;
    await run(
      async () => {
        await organizerApi.decide(email, decision());
        saved = true;
        await (onSaved ?? (() => window.location.reload()))();
      },
      (e) =>
        saved
          ? // Saved, but what the page does next failed: its own sentence says what is left to do.
            e instanceof Error
            ? e.message
            : t("The decision is saved. Reload the page.")
          : serverMessage(e, t("Error saving decision")),
      // Saved: the page reloads (or the review moves on), so the button stays busy.
      { leaving: true },
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!status) {
      setError(t("Choose a decision."));
      return;
    }
    if (answered && !override) {
      setError(t(NEEDS_OVERRIDE));
      return;
    }
    // A changed decision may email the applicant at once (after release): the server's own
    // judgment, through a dry run of the same decision. "No Decision" is never announced.
    if (status !== initial.status && status !== "submitted") {
      let emailed = 0;
      const checked = await run(async () => {
        const preview = await organizerApi.batchStatus({
          emails: [email],
          status: status as Exclude<DecisionInput["status"], "submitted">,
          override,
          dry_run: true,
        });
        emailed = preview.emailed;
      }, t("Error saving decision"));
      if (!checked) return;
      if (emailed > 0) {
        setConfirming(true);
        return;
      }
    }
    await save();
  }

  return (
    <form className="stack org-decision" onSubmit={submit}>
      {answered ? <Alert kind="info">{t(answered)}</Alert> : null}
      <div className="org-decision__fields">
        <SelectField label={statusLabel ?? t("Decision")} choices={choices} value={status} onChange={(e) => setStatus(e.target.value)} />
        <TravelReimbursementField status={status} travel={travel} onChange={setTravel} />
        <YesNoField label={t("Housing Accommodations")} value={housing} onChange={setHousing} />
        {answered ? (
          <CheckboxField label={t("Override: change this applicant's decision")} checked={override} onChange={setOverride} />
        ) : null}
      </div>
      {error ? <Alert kind="error">{error}</Alert> : null}
      <div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? t("Saving…") : t("Save Decision")}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("Email this applicant now?")}
        confirmLabel={emailButton("Save", 1)}
        busy={busy}
        onConfirm={save}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {t("Decisions are already released, so saving sends {email} the “{label}” email at once.", { email, label })}
        </p>
      </ConfirmDialog>
    </form>
  );
}
