// The decision form of the applicant and review pages: status, travel, housing; Save Decision
// records it through POST /api/applications/status/{email} and reloads the page.
import { useState, type FormEvent } from "react";
import { organizerApi, type Decision, type DecisionInput } from "../../api/organizer";
import { Alert } from "../../components/alert";
import { SelectField, YesNoField, serverMessage, type Choice } from "./common";

interface Props {
  email: string;
  decisions: Choice[];
  initial: Decision;
  /** The status select's label: 'Decision' on the applicant page, 'Accept / Reject Hacker' when reviewing. */
  statusLabel?: string;
  /** After a successful save; the default reloads the page as the spec asks. */
  onSaved?: () => void;
}

export function DecisionForm({ email, decisions, initial, statusLabel = "Decision", onSaved }: Props) {
  // A status outside the decision list (e.g. confirmed) shows as 'No Decision' until the organizer picks one.
  const known = decisions.some((d) => d.value === initial.status);
  const [status, setStatus] = useState(known ? initial.status : "");
  const [travel, setTravel] = useState(initial.travel_reimbursement);
  const [housing, setHousing] = useState(initial.housing_accommodations);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const choices = known ? decisions : [{ value: "", label: "Choose a decision" }, ...decisions];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!status) {
      setError("Choose a decision.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      // `status` is one of the server-rendered decisions; the server still checks it.
      const decision: DecisionInput = {
        status: status as DecisionInput["status"],
        travel_reimbursement: travel,
        housing_accommodations: housing,
      };
      await organizerApi.decide(email, decision);
      (onSaved ?? (() => window.location.reload()))();
    } catch (e) {
      setError(serverMessage(e, "Error saving decision"));
      setBusy(false);
    }
  }

  return (
    <form className="stack org-decision" onSubmit={submit}>
      <div className="org-decision__fields">
        <SelectField label={statusLabel} choices={choices} value={status} onChange={(e) => setStatus(e.target.value)} />
        <YesNoField label="Travel Reimbursement" value={travel} onChange={setTravel} />
        <YesNoField label="Housing Accommodations" value={housing} onChange={setHousing} />
      </div>
      {error ? <Alert kind="error">{error}</Alert> : null}
      <div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Saving…" : "Save Decision"}
        </button>
      </div>
    </form>
  );
}
