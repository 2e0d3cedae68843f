// /admin/travel: the cycle's travel budget and receipts deadline, grants one by one or in bulk
// (by country or by the city they travel from), each receipt approved or rejected with a
// reason, and the payout CSV of the approved amounts.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { travelApi, type TravelOverview, type TravelPerson, type TravelReceipt } from "../../api/travel";
import { Alert } from "../../components/alert";
import { Field, SelectField } from "../../components/field";
import { PageHeader } from "../../components/page-header";
import { Spinner } from "../../components/spinner";
import { useSubmit } from "../../lib/use-submit";
import { isoToLocal, localToIso, rowView } from "./admin-state";

const KEY = ["travel-overview"] as const;

function useRefresh() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: KEY });
}

function BudgetForm({ overview }: { overview: TravelOverview }) {
  const refresh = useRefresh();
  const [amount, setAmount] = useState(overview.budget);
  const [currency, setCurrency] = useState(overview.currency);
  const [due, setDue] = useState(isoToLocal(overview.receipts_due));
  const [done, setDone] = useState(false);
  const submit = useSubmit();

  async function save(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    const ok = await submit.run(
      () => travelApi.setBudget({ amount: amount.trim(), currency: currency.trim(), receipts_due: localToIso(due) }),
      "The budget could not be saved. Try again.",
    );
    if (ok) {
      setDone(true);
      refresh();
    }
  }
  const errors = submit.fieldErrors;
  return (
    <form className="card stack" onSubmit={save} noValidate aria-labelledby="travel-budget-title">
      <h2 id="travel-budget-title">Budget</h2>
      <p className="travel-summary" aria-live="polite">
        Granted <strong>{overview.granted}</strong> of {overview.budget} {overview.currency} ·{" "}
        <strong>{overview.left}</strong> left · {overview.pending_receipts} receipt{overview.pending_receipts === 1 ? "" : "s"} to review
      </p>
      <div className="travel-grid">
        <Field label="Travel budget" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount} />
        <Field label="Currency" value={currency} onChange={(e) => setCurrency(e.target.value)} error={errors.currency} maxLength={3} />
        <Field
          label="Receipts due"
          type="datetime-local"
          value={due}
          onChange={(e) => setDue(e.target.value)}
          error={errors.receipts_due}
          hint="Grants without a receipt by then lapse, and the applicant is emailed."
        />
      </div>
      {submit.error && !Object.keys(errors).length ? <Alert kind="error">{submit.error}</Alert> : null}
      {done ? <Alert kind="success">Budget saved.</Alert> : null}
      <div className="travel-actions">
        <button type="submit" className="button" disabled={submit.busy}>
          {submit.busy ? "Saving…" : "Save budget"}
        </button>
        <a className="button button--secondary" href={travelApi.payoutUrl} download>
          Download payout CSV
        </a>
      </div>
    </form>
  );
}

function BulkForm() {
  const refresh = useRefresh();
  const [by, setBy] = useState<"country" | "origin">("country");
  const [value, setValue] = useState("");
  const [amount, setAmount] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const submit = useSubmit();

  async function grant(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    await submit.run(async () => {
      const result = await travelApi.grantBulk({ by, value: value.trim(), amount: amount.trim() });
      setDone(`${result.granted} grant${result.granted === 1 ? "" : "s"} made.`);
      refresh();
    }, "The grants could not be made. Try again.");
  }
  const errors = submit.fieldErrors;
  return (
    <form className="card stack" onSubmit={grant} noValidate aria-labelledby="travel-bulk-title">
      <h2 id="travel-bulk-title">Grant in bulk</h2>
      <p className="muted">
        The same amount to everyone who asked from a country or a city and has no grant yet: all of them, or none if the budget
        can't cover them.
      </p>
      <div className="travel-grid">
        <SelectField
          label="Travelling from"
          value={by}
          onChange={(e) => setBy(e.target.value as "country" | "origin")}
          choices={[
            { value: "country", label: "Country" },
            { value: "origin", label: "City" },
          ]}
          error={errors.by}
        />
        <Field label={by === "country" ? "Country name" : "City name"} value={value} onChange={(e) => setValue(e.target.value)} error={errors.value} />
        <Field label="Amount each" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount} />
      </div>
      {submit.error && !Object.keys(errors).length ? <Alert kind="error">{submit.error}</Alert> : null}
      {done ? <Alert kind="success">{done}</Alert> : null}
      <button type="submit" className="button button--secondary" disabled={submit.busy}>
        {submit.busy ? "Granting…" : "Grant to all of them"}
      </button>
    </form>
  );
}

function ReceiptRow({ receipt, currency, name }: { receipt: TravelReceipt; currency: string; name: string }) {
  const refresh = useRefresh();
  const [reason, setReason] = useState("");
  const submit = useSubmit();
  const label = receipt.original_name || `Receipt ${receipt.id}`;

  async function review(decision: "approve" | "reject") {
    await submit.run(async () => {
      await travelApi.review(receipt.id, decision, reason.trim());
      refresh();
    }, "The review could not be saved. Try again.");
  }
  return (
    <li className="travel-receipt">
      <a href={travelApi.receiptFileUrl(receipt.id)} aria-label={`Open ${label} of ${name}`}>
        {label}
      </a>
      <span>
        {receipt.amount} {currency}
      </span>
      <span className={`badge travel-badge--${receipt.status}`}>{receipt.status}</span>
      {receipt.reason ? <span className="travel-receipt__reason">{receipt.reason}</span> : null}
      {receipt.status === "pending" ? (
        <div className="travel-review">
          <button type="button" className="button button--small" disabled={submit.busy} onClick={() => void review("approve")} aria-label={`Approve ${label} of ${name}`}>
            Approve
          </button>
          <Field
            label={`Reason to reject ${label}`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={submit.fieldErrors.reason}
            maxLength={500}
          />
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={submit.busy}
            onClick={() => void review("reject")}
            aria-label={`Reject ${label} of ${name}`}
          >
            Reject
          </button>
          {submit.error && !Object.keys(submit.fieldErrors).length ? <Alert kind="error">{submit.error}</Alert> : null}
        </div>
      ) : null}
    </li>
  );
}

function PersonRow({ person, currency }: { person: TravelPerson; currency: string }) {
  const refresh = useRefresh();
  const view = rowView(person);
  const [amount, setAmount] = useState(view.suggested);
  const submit = useSubmit();

  async function grant(event: FormEvent) {
    event.preventDefault();
    await submit.run(async () => {
      await travelApi.grant(person.application_id, amount.trim());
      refresh();
    }, "The grant could not be saved. Try again.");
  }
  async function withdraw() {
    await submit.run(async () => {
      await travelApi.withdrawGrant(person.application_id);
      refresh();
    }, "The grant could not be withdrawn. Try again.");
  }
  const request = person.request;
  return (
    <li className="card stack--tight travel-person">
      <div className="travel-person__head">
        <strong>{person.name}</strong> <span className="muted">{person.email}</span>{" "}
        <span className="badge">{person.status.replace(/_/g, " ")}</span>
      </div>
      <p className="muted travel-person__asked">
        {request ? `Asked ${request.amount} ${request.currency} from ${request.origin}, ${request.country}` : "Did not ask"}
        {person.grant ? ` · Granted ${person.grant.amount} ${currency} (${person.grant.status})` : ""}
      </p>
      {view.canGrant ? (
        <form className="travel-grant-form" onSubmit={grant} noValidate aria-label={`Grant for ${person.name}`}>
          <Field
            label={`Grant for ${person.name} (${currency})`}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={submit.fieldErrors.amount}
          />
          <button type="submit" className="button button--small" disabled={submit.busy}>
            {person.grant ? "Change grant" : "Grant"}
          </button>
          {view.canWithdraw ? (
            <button type="button" className="button button--secondary button--small" disabled={submit.busy} onClick={() => void withdraw()}>
              Withdraw
            </button>
          ) : null}
        </form>
      ) : (
        <p className="muted">{view.note}</p>
      )}
      {submit.error && !Object.keys(submit.fieldErrors).length ? <Alert kind="error">{submit.error}</Alert> : null}
      {person.grant?.receipts.length ? (
        <ul className="travel-receipts" aria-label={`Receipts of ${person.name}`}>
          {person.grant.receipts.map((r) => (
            <ReceiptRow key={r.id} receipt={r} currency={currency} name={person.name} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function AdminTravelPage() {
  const overview = useQuery({ queryKey: KEY, queryFn: travelApi.overview });
  return (
    <div className="stack">
      <PageHeader title="Travel grants" lead="Set the budget, grant travel support, review receipts and download the payout." />
      {overview.isPending ? <Spinner label="Loading travel support…" /> : null}
      {overview.isError ? <Alert kind="error">Travel support could not be loaded. Reload the page to try again.</Alert> : null}
      {overview.data ? (
        <>
          <BudgetForm key={`${overview.data.budget}-${overview.data.receipts_due}`} overview={overview.data} />
          <BulkForm />
          <section className="stack" aria-labelledby="travel-people-title">
            <h2 id="travel-people-title">Applicants</h2>
            {overview.data.people.length ? (
              <ul className="travel-people">
                {overview.data.people.map((p) => (
                  <PersonRow key={`${p.application_id}-${p.grant?.amount ?? ""}`} person={p} currency={overview.data.currency} />
                ))}
              </ul>
            ) : (
              <p className="muted">Nobody has asked for travel support yet.</p>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
