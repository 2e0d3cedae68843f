// Travel support on the dashboard: ask for it (how much, from where), then see the grant and
// upload receipts (PDF or image, at most 5 MB) before the deadline; each receipt shows its
// review, with the reason when it was not approved.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { travelApi, type OwnTravel, type TravelRequestInput } from "../../api/travel";
import { Alert } from "../../components/alert";
import { Field } from "../../components/field";
import { Spinner } from "../../components/spinner";
import { formatNumber, t } from "../../lib/i18n";
import { useSubmit } from "../../lib/use-submit";
import { approvedPastGrant, money, receiptLabel, travelView, typedAmount } from "./travel-state";

export const TRAVEL_KEY = ["travel-mine"] as const;

const MAX_BYTES = 5 * 1024 * 1024;

export function RequestForm({ mine, onDone }: { mine: OwnTravel; onDone: () => void }) {
  const asked = mine.request;
  // Before a first request, where the application said they travel from: asked once, not twice.
  const answered = asked ? null : mine.answered;
  const [values, setValues] = useState<TravelRequestInput>({
    amount: asked?.amount ?? "",
    currency: asked?.currency ?? mine.currency ?? "USD",
    origin: asked?.origin ?? answered?.origin ?? "",
    country: asked?.country ?? answered?.country ?? "",
  });
  const fromApplication = (name: "origin" | "country") =>
    answered?.[name] && values[name] === answered[name] ? t("From your application") : undefined;
  const submit = useSubmit();
  const set = (name: keyof TravelRequestInput) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    await submit.run(async () => {
      await travelApi.saveRequest({ ...values, amount: typedAmount(values.amount), currency: values.currency.trim() });
      onDone();
    }, t("Your request could not be saved. Try again."));
  }

  const errors = submit.fieldErrors;
  return (
    <form className="stack travel-request" onSubmit={save} noValidate aria-label={t("Travel support request")}>
      <div className="travel-grid travel-grid--four">
        <Field label={t("Amount you need")} inputMode="decimal" value={values.amount} onChange={set("amount")} error={errors.amount} hint={t("Such as {example}", { example: formatNumber(250, { minimumFractionDigits: 2 }) })} />
        <Field label={t("Currency")} value={values.currency} onChange={set("currency")} error={errors.currency} maxLength={3} hint={t("Three letters, such as USD or EUR")} />
        <Field label={t("Travelling from (city)")} value={values.origin} onChange={set("origin")} error={errors.origin} maxLength={200} hint={fromApplication("origin")} />
        <Field label={t("Country")} value={values.country} onChange={set("country")} error={errors.country} maxLength={100} autoComplete="country-name" hint={fromApplication("country")} />
      </div>
      {submit.error && !Object.keys(errors).length ? <Alert kind="error">{submit.error}</Alert> : null}
      <button type="submit" className="button button--secondary" disabled={submit.busy}>
        {submit.busy ? t("Saving…") : asked ? t("Save changes") : t("Ask for travel support")}
      </button>
    </form>
  );
}

function ReceiptForm({ onDone }: { onDone: () => void }) {
  const [amount, setAmount] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const submit = useSubmit();

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      submit.setError(t("Choose the receipt's file."));
      return;
    }
    if (file.size > MAX_BYTES) {
      submit.setError(t("Please upload the receipt as a PDF or an image (PNG, JPEG, WebP) of at most 5 MB."));
      return;
    }
    const ok = await submit.run(() => travelApi.uploadReceipt(file, typedAmount(amount)), t("The receipt could not be uploaded. Try again."));
    // The parent remounts this form after a success (a new key), which empties the file input.
    if (ok) onDone();
  }

  const errors = submit.fieldErrors;
  return (
    <form className="stack" onSubmit={send} noValidate aria-label={t("Upload a receipt")}>
      <div className="travel-grid">
        <Field
          label={t("Receipt (PDF or image, at most 5 MB)")}
          type="file"
          accept="application/pdf,image/png,image/jpeg,image/webp"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          error={errors.file}
        />
        <Field label={t("Amount on the receipt")} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount} />
      </div>
      {submit.error && !Object.keys(errors).length ? <Alert kind="error">{submit.error}</Alert> : null}
      <button type="submit" className="button" disabled={submit.busy}>
        {submit.busy ? t("Uploading…") : t("Upload receipt")}
      </button>
    </form>
  );
}

export function TravelCard({ status, now = Date.now() }: { status: string; now?: number }) {
  const client = useQueryClient();
  const mine = useQuery({ queryKey: TRAVEL_KEY, queryFn: travelApi.mine });
  const [editing, setEditing] = useState(false);
  const [uploads, setUploads] = useState(0);
  const view = travelView(mine.data, status, now);
  if (view.mode === "none") return null;
  const refresh = () => {
    setEditing(false);
    void client.invalidateQueries({ queryKey: TRAVEL_KEY });
  };

  let body;
  if (mine.isPending) body = <Spinner label={t("Loading travel support…")} />;
  else if (mine.isError || !mine.data) body = <Alert kind="error">{t("Travel support could not be loaded. Reload the page to try again.")}</Alert>;
  else {
    const data = mine.data;
    const grant = data.grant;
    const pastGrant = grant ? approvedPastGrant(grant) : null;
    if (grant) {
      body = (
        <div className="stack">
          <p className="travel-grant">
            {grant.status === "lapsed"
              ? t("Your travel grant was {amount}, but it lapsed: no receipt reached us before the deadline.", {
                  amount: money(grant.amount, data.currency),
                })
              : t("You have a travel grant of {amount}.", { amount: money(grant.amount, data.currency) })}
          </p>
          {view.mode === "granted" ? (
            <p className="muted">
              {view.deadline ? t("Upload your receipts by {deadline}.", { deadline: view.deadline }) : t("Upload your receipts here.")}{" "}
              {pastGrant
                ? t("Your approved receipts come to {total}: we reimburse up to your grant, {amount}.", {
                    total: money(pastGrant, data.currency),
                    amount: money(grant.amount, data.currency),
                  })
                : t("Approved so far: {amount}.", { amount: money(grant.approved, data.currency) })}
            </p>
          ) : null}
          {view.mode === "closed" ? (
            <p className="muted">
              {t("The deadline for receipts has passed. Approved: {amount}.", { amount: money(grant.approved, data.currency) })}
            </p>
          ) : null}
          {grant.receipts.length ? (
            <ul className="travel-receipts" aria-label={t("Your receipts")}>
              {grant.receipts.map((r) => (
                <li key={r.id} className="travel-receipt">
                  <span className="travel-receipt__name">{r.original_name || t("Receipt {id}", { id: r.id })}</span>
                  <span>{money(r.amount, data.currency)}</span>
                  <span className={`badge travel-badge--${r.status}`}>{receiptLabel(r.status)}</span>
                  {r.reason ? <span className="travel-receipt__reason">{r.reason}</span> : null}
                </li>
              ))}
            </ul>
          ) : null}
          {view.canUpload ? (
            <ReceiptForm
              key={uploads}
              onDone={() => {
                setUploads((n) => n + 1);
                refresh();
              }}
            />
          ) : null}
        </div>
      );
    } else if (view.mode === "asked" && !editing) {
      const r = data.request!;
      body = (
        <div className="stack">
          <p>
            {t("You asked for {amount} to travel from {origin}, {country}. The organizers will let you know.", {
              amount: money(r.amount, r.currency),
              origin: r.origin,
              country: r.country,
            })}
          </p>
          <button type="button" className="button button--secondary button--small" onClick={() => setEditing(true)}>
            {t("Change my request")}
          </button>
        </div>
      );
    } else {
      body = (
        <div className="stack">
          <p className="muted">{t("Need help paying for the trip? Ask for travel support: the organizers grant what their budget allows.")}</p>
          <RequestForm mine={data} onDone={refresh} />
        </div>
      );
    }
  }

  return (
    <section className="card stack travel-card" aria-labelledby="travel-card-title">
      <h2 id="travel-card-title" className="travel-card__title">
        {t("Travel support")}
      </h2>
      {body}
    </section>
  );
}

/**
 * The apply form's optional last section: ask for travel support with the application. Asked
 * once a draft exists (the request belongs to the application); the dashboard keeps it after.
 */
export function ApplyTravelSection({ hasApplication }: { hasApplication: boolean }) {
  const client = useQueryClient();
  const mine = useQuery({ queryKey: TRAVEL_KEY, queryFn: travelApi.mine, enabled: hasApplication });
  const [saved, setSaved] = useState(false);
  let body;
  if (!hasApplication) {
    body = <p className="muted">{t("Save your application first; then you can ask for travel support here or on your dashboard.")}</p>;
  } else if (mine.isPending) {
    body = <Spinner label={t("Loading travel support…")} />;
  } else if (mine.isError || !mine.data) {
    body = <Alert kind="error">{t("Travel support could not be loaded. Reload the page to try again.")}</Alert>;
  } else {
    body = (
      <>
        <p className="muted">{t("Optional. Need help paying for the trip? Say how much and from where; the organizers grant what their budget allows.")}</p>
        {saved ? <Alert kind="success">{t("Your travel request is saved. You can change it on your dashboard.")}</Alert> : null}
        <RequestForm
          key={mine.dataUpdatedAt}
          mine={mine.data}
          onDone={() => {
            setSaved(true);
            void client.invalidateQueries({ queryKey: TRAVEL_KEY });
          }}
        />
      </>
    );
  }
  return (
    <section className="card stack travel-card" aria-labelledby="apply-travel-title">
      <h2 id="apply-travel-title" className="travel-card__title">
        {t("Travel support (optional)")}
      </h2>
      {body}
    </section>
  );
}
