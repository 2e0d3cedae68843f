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
import { t } from "../../lib/i18n";
import { useSubmit } from "../../lib/use-submit";
import { approvalPassesGrant, isoToLocal, localToIso, rowView, statusLabel } from "./admin-state";
import { money, receiptLabel, typedAmount } from "./travel-state";

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
      () => travelApi.setBudget({ amount: typedAmount(amount), currency: currency.trim(), receipts_due: localToIso(due) }),
      t("The budget could not be saved. Try again."),
    );
    if (ok) {
      setDone(true);
      refresh();
    }
  }
  const errors = submit.fieldErrors;
  return (
    <form className="card stack" onSubmit={save} noValidate aria-labelledby="travel-budget-title">
      <h2 id="travel-budget-title">{t("Budget")}</h2>
      <p className="travel-summary" aria-live="polite">
        {t("Granted {granted} of {budget} · {left} left", {
          granted: money(overview.granted, null),
          budget: money(overview.budget, overview.currency),
          left: money(overview.left, null),
        })}{" "}
        · {t.plural(overview.pending_receipts, { one: "{count} receipt to review", other: "{count} receipts to review" })}
      </p>
      <div className="travel-grid">
        <Field label={t("Travel budget")} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount && t(errors.amount)} />
        <Field label={t("Currency")} value={currency} onChange={(e) => setCurrency(e.target.value)} error={errors.currency && t(errors.currency)} maxLength={3} />
        <Field
          label={t("Receipts due")}
          type="datetime-local"
          value={due}
          onChange={(e) => setDue(e.target.value)}
          error={errors.receipts_due && t(errors.receipts_due)}
          hint={t("Grants without a receipt by then lapse, and the applicant is emailed.")}
        />
      </div>
      {submit.error && !Object.keys(errors).length ? <Alert kind="error">{submit.error}</Alert> : null}
      {done ? <Alert kind="success">{t("Budget saved.")}</Alert> : null}
      <div className="travel-actions">
        <button type="submit" className="button" disabled={submit.busy}>
          {submit.busy ? t("Saving…") : t("Save budget")}
        </button>
        <a className="button button--secondary" href={travelApi.payoutUrl} download>
          {t("Download payout CSV")}
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
      const result = await travelApi.grantBulk({ by, value: value.trim(), amount: typedAmount(amount) });
      setDone(t.plural(result.granted, { one: "{count} grant made.", other: "{count} grants made." }));
      refresh();
    }, t("The grants could not be made. Try again."));
  }
  const errors = submit.fieldErrors;
  return (
    <form className="card stack" onSubmit={grant} noValidate aria-labelledby="travel-bulk-title">
      <h2 id="travel-bulk-title">{t("Grant in bulk")}</h2>
      <p className="muted">
        {t(
          "The same amount to everyone who asked from a country or a city and has no grant yet: all of them, or none if the budget can't cover them.",
        )}
      </p>
      <div className="travel-grid">
        <SelectField
          label={t("Travelling from")}
          value={by}
          onChange={(e) => setBy(e.target.value as "country" | "origin")}
          choices={[
            { value: "country", label: t("Country") },
            { value: "origin", label: t("City") },
          ]}
          error={errors.by && t(errors.by)}
        />
        <Field
          label={by === "country" ? t("Country name") : t("City name")}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={errors.value && t(errors.value)}
        />
        <Field label={t("Amount each")} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount && t(errors.amount)} />
      </div>
      {submit.error && !Object.keys(errors).length ? <Alert kind="error">{submit.error}</Alert> : null}
      {done ? <Alert kind="success">{done}</Alert> : null}
      <button type="submit" className="button button--secondary" disabled={submit.busy}>
        {submit.busy ? t("Granting…") : t("Grant to all of them")}
      </button>
    </form>
  );
}

function ReceiptRow({ receipt, currency, name, grant }: { receipt: TravelReceipt; currency: string; name: string; grant: NonNullable<TravelPerson["grant"]> }) {
  const refresh = useRefresh();
  const [reason, setReason] = useState("");
  const submit = useSubmit();
  const label = receipt.original_name || t("Receipt {id}", { id: receipt.id });

  async function review(decision: "approve" | "reject") {
    await submit.run(async () => {
      await travelApi.review(receipt.id, decision, reason.trim());
      refresh();
    }, t("The review could not be saved. Try again."));
  }
  return (
    <li className="travel-receipt">
      <a href={travelApi.receiptFileUrl(receipt.id)} aria-label={t("Open {receipt} of {name}", { receipt: label, name })}>
        {label}
      </a>
      <span>{money(receipt.amount, currency)}</span>
      <span className={`badge travel-badge--${receipt.status}`}>{receiptLabel(receipt.status)}</span>
      {receipt.reason ? <span className="travel-receipt__reason">{receipt.reason}</span> : null}
      {receipt.status === "pending" ? (
        <div className="travel-review">
          {approvalPassesGrant(grant, receipt) ? (
            <p className="travel-review__note" role="note">
              {t("Approving this takes the approved total past the grant: the payout stays {amount}.", { amount: money(grant.amount, currency) })}
            </p>
          ) : null}
          <button type="button" className="button button--small" disabled={submit.busy} onClick={() => void review("approve")} aria-label={t("Approve {receipt} of {name}", { receipt: label, name })}>
            {t("Approve")}
          </button>
          <Field
            label={t("Reason to reject {receipt}", { receipt: label })}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={submit.fieldErrors.reason && t(submit.fieldErrors.reason)}
            maxLength={500}
          />
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={submit.busy}
            onClick={() => void review("reject")}
            aria-label={t("Reject {receipt} of {name}", { receipt: label, name })}
          >
            {t("Reject")}
          </button>
          {submit.error && !Object.keys(submit.fieldErrors).length ? <Alert kind="error">{submit.error}</Alert> : null}
        </div>
      ) : null}
    </li>
  );
}

/** "Granted 300,00 USD", or that it lapsed (no receipt by the deadline). */
function grantText(grant: { amount: string; status: string }, currency: string): string {
  const amount = money(grant.amount, currency);
  return grant.status === "lapsed" ? t("Granted {amount}, lapsed", { amount }) : t("Granted {amount}", { amount });
}

function PersonRow({ person, currency }: { person: TravelPerson; currency: string }) {
  const refresh = useRefresh();
  const view = rowView(person, currency);
  const [amount, setAmount] = useState(view.suggested);
  const submit = useSubmit();

  async function grant(event: FormEvent) {
    event.preventDefault();
    await submit.run(async () => {
      await travelApi.grant(person.application_id, typedAmount(amount));
      refresh();
    }, t("The grant could not be saved. Try again."));
  }
  async function withdraw() {
    await submit.run(async () => {
      await travelApi.withdrawGrant(person.application_id);
      refresh();
    }, t("The grant could not be withdrawn. Try again."));
  }
  const request = person.request;
  const granted = person.grant;
  return (
    <li className="card stack--tight travel-person">
      <div className="travel-person__head">
        <strong>{person.name}</strong> <span className="muted">{person.email}</span>{" "}
        <span className="badge">{statusLabel(person.status)}</span>
      </div>
      <p className="muted travel-person__asked">
        {request
          ? t("Asked {amount} from {origin}, {country}", {
              amount: money(request.amount, request.currency),
              origin: request.origin,
              country: request.country,
            })
          : t("Did not ask")}
        {person.grant ? ` · ${grantText(person.grant, currency)}` : ""}
      </p>
      {view.canGrant ? (
        <form className="travel-grant-form" onSubmit={grant} noValidate aria-label={t("Grant for {name}", { name: person.name })}>
          <Field
            label={t("Grant for {name} ({currency})", { name: person.name, currency })}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={submit.fieldErrors.amount && t(submit.fieldErrors.amount)}
          />
          <button type="submit" className="button button--small" disabled={submit.busy}>
            {person.grant ? t("Change grant") : t("Grant")}
          </button>
          {view.canWithdraw ? (
            <button type="button" className="button button--secondary button--small" disabled={submit.busy} onClick={() => void withdraw()}>
              {t("Withdraw")}
            </button>
          ) : null}
        </form>
      ) : (
        <p className="muted">{view.note && t(view.note)}</p>
      )}
      {submit.error && !Object.keys(submit.fieldErrors).length ? <Alert kind="error">{submit.error}</Alert> : null}
      {granted?.receipts.length ? (
        <ul className="travel-receipts" aria-label={t("Receipts of {name}", { name: person.name })}>
          {granted.receipts.map((r) => (
            <ReceiptRow key={r.id} receipt={r} currency={currency} name={person.name} grant={granted} />
          ))}
        </ul>
      ) : null}
      {view.approvedPastGrant && granted ? (
        <p className="muted travel-person__capped">
          {t("The approved receipts come to more than the grant: the payout is the grant, {amount}.", {
            amount: money(granted.amount, currency),
          })}
        </p>
      ) : null}
    </li>
  );
}

export function AdminTravelPage() {
  const overview = useQuery({ queryKey: KEY, queryFn: travelApi.overview });
  return (
    <div className="stack">
      <PageHeader title={t("Travel grants")} lead={t("Set the budget, grant travel support, review receipts and download the payout.")} />
      {overview.isPending ? <Spinner label={t("Loading travel support…")} /> : null}
      {overview.isError ? <Alert kind="error">{t("Travel support could not be loaded. Reload the page to try again.")}</Alert> : null}
      {overview.data ? (
        <>
          <BudgetForm key={`${overview.data.budget}-${overview.data.receipts_due}`} overview={overview.data} />
          <BulkForm />
          <section className="stack" aria-labelledby="travel-people-title">
            <h2 id="travel-people-title">{t("Applicants")}</h2>
            {overview.data.people.length ? (
              <ul className="travel-people">
                {overview.data.people.map((p) => (
                  <PersonRow key={`${p.application_id}-${p.grant?.amount ?? ""}`} person={p} currency={overview.data.currency} />
                ))}
              </ul>
            ) : (
              <p className="muted">{t("Nobody has asked for travel support yet.")}</p>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
