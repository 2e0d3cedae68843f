// /admin/batch, Batch Update: one decision for many pasted addresses, in ONE request.
import { useState, type FormEvent } from "react";
import { organizerApi, type BatchResult, type BatchStatusInput } from "../../api/organizer";
import { Alert } from "../../components/alert";
import { extractEmails } from "../../lib/emails";
import { useSubmit } from "../../lib/use-submit";
import { EmailResults, SelectField, TextareaField, YesNoField, type Choice } from "./common";

export const RELEASE_NOTE =
  "Hackers are notified of status changes only when the hackathon status is changed to released.";

export function BatchUpdate({ statuses, defaultStatus }: { statuses: Choice[]; defaultStatus: string }) {
  const [status, setStatus] = useState(defaultStatus);
  const [emails, setEmails] = useState("");
  const [travel, setTravel] = useState(false);
  const [housing, setHousing] = useState(false);
  const [result, setResult] = useState<BatchResult | null>(null);
  const { busy, error, setError, run } = useSubmit();
  const found = extractEmails(emails).length;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!found) {
      setError("Paste at least one email address.");
      return;
    }
    setResult(null);
    await run(
      async () =>
        setResult(
          await organizerApi.batchStatus({
            emails,
            // One of the server-rendered choices; the server still checks it.
            status: status as BatchStatusInput["status"],
            travel_reimbursement: travel,
            housing_accommodations: housing,
          }),
        ),
      "Error updating the batch",
    );
  }

  return (
    <section className="card stack" aria-labelledby="batch-update-title">
      <h2 id="batch-update-title">Batch Update</h2>
      <Alert kind="info">{RELEASE_NOTE}</Alert>
      <form className="stack" onSubmit={submit} noValidate aria-label="Batch Update">
        <div className="org-grid">
          <SelectField label="Status" choices={statuses} value={status} onChange={(e) => setStatus(e.target.value)} />
          <YesNoField label="Travel Reimbursement" value={travel} onChange={setTravel} />
          <YesNoField label="Housing Accommodations" value={housing} onChange={setHousing} />
        </div>
        <TextareaField
          label="Emails"
          rows={7}
          value={emails}
          onChange={(e) => setEmails(e.target.value)}
          hint={`Paste addresses in any format: one per line, comma separated, or a copied table. ${found} found.`}
          spellCheck={false}
        />
        {error ? <Alert kind="error">{error}</Alert> : null}
        <div>
          <button type="submit" className="button" disabled={busy}>
            {busy ? "Updating…" : "Submit"}
          </button>
        </div>
      </form>
      {result ? <EmailResults approved={result.approved} failed={result.failed} /> : null}
    </section>
  );
}
