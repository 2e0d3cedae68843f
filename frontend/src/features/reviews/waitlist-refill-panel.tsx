// The waitlist that refills itself: its switches (on, paused), how long an offer stays open,
// and who the refill would offer a spot next. Every figure comes from the server's preview.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { reviewsApi, type WaitlistRefill } from "../../api/reviews";
import { Alert } from "../../components/alert";
import { CheckboxField, Field } from "../../components/field";
import { fieldErrors } from "../../lib/api";
import { formatDate, t } from "../../lib/i18n";
import { queryKeys } from "../../lib/query-keys";
import { formatScore, offerDaysValue, refillSummary } from "./state";

function OfferDays() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.reviews.offerSettings, queryFn: reviewsApi.offerSettings });
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: reviewsApi.saveOfferSettings,
    onSuccess: (data) => {
      client.setQueryData(queryKeys.reviews.offerSettings, data);
      setText(null);
    },
    onError: (e) => setError(fieldErrors(e).offer_days ?? t("The setting could not be saved.")),
  });
  if (query.isPending) return <p className="muted">{t("Loading the offer settings…")}</p>;
  if (query.isError) return <Alert kind="error">{t("Error fetching the offer settings.")}</Alert>;
  const shown = text ?? (query.data.offer_days === null ? "" : String(query.data.offer_days));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = offerDaysValue(shown);
    setError(parsed.error);
    if (!parsed.error) save.mutate({ offer_days: parsed.value });
  }

  return (
    <form className="rv-refill__days" onSubmit={submit} noValidate>
      <Field
        label={t("Days to answer an offer")}
        hint={t("Empty: the cycle's confirmation deadline alone. Otherwise whichever comes first.")}
        inputMode="numeric"
        value={shown}
        error={error}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="button button--secondary" disabled={save.isPending}>
        {save.isPending ? t("Saving…") : t("Save days")}
      </button>
      {save.isSuccess && text === null ? (
        <p className="muted" role="status">
          {t("Saved.")}
        </p>
      ) : null}
    </form>
  );
}

export function WaitlistRefillPanel() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.reviews.waitlistRefill, queryFn: reviewsApi.waitlistRefill });
  const save = useMutation({
    mutationFn: reviewsApi.saveWaitlistRefill,
    onSuccess: (data: WaitlistRefill) => {
      client.setQueryData(queryKeys.reviews.waitlistRefill, data);
      // Turning it on may offer spots at once: the capacity figures move with it.
      void client.invalidateQueries({ queryKey: queryKeys.reviews.capacity });
    },
  });
  if (query.isPending)
    return (
      <section className="card rv-refill" aria-busy="true" aria-label={t("Waitlist refill")}>
        <p className="muted">{t("Loading the waitlist refill…")}</p>
      </section>
    );
  if (query.isError) return <Alert kind="error">{t("Error fetching the waitlist refill.")}</Alert>;
  const r = query.data;
  const words = refillSummary(r);
  return (
    <section className="card stack rv-refill" aria-labelledby="rv-refill-title">
      <h2 id="rv-refill-title">
        {t("Waitlist refill")} <span className={`badge rv-refill__state rv-refill__state--${words.key}`}>{words.state}</span>
      </h2>
      <p className="muted">
        {t(
          "When a spot frees (a decline, a spot given up, an offer that expires), the next person on the waitlist is offered it, with their own deadline and an email.",
        )}{" "}
        {words.order}
      </p>
      <div className="rv-refill__switches">
        <CheckboxField
          label={t("Refill the waitlist automatically")}
          checked={r.enabled}
          onChange={(enabled) => save.mutate({ enabled })}
        />
        <CheckboxField label={t("Pause the refill")} checked={r.paused} onChange={(paused) => save.mutate({ paused })} />
      </div>
      {save.isError ? <Alert kind="error">{t("The switch could not be saved. Try again.")}</Alert> : null}
      <p>{words.arithmetic}</p>
      {r.idle_reason ? <p className="muted">{r.idle_reason}</p> : null}
      <OfferDays />
      <h3>{t("Next on the waitlist")}</h3>
      {r.next.length === 0 ? (
        <p className="muted">{t("Nobody is waiting.")}</p>
      ) : (
        <div className="table-wrap">
          <table className="table org-table">
            <caption className="visually-hidden">{t("The next people on the waitlist, in the order they would be offered a spot")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("Name")}</th>
                <th scope="col">{t("Email")}</th>
                <th scope="col">{t("Team")}</th>
                <th scope="col">{r.ranked ? t("Score") : t("Waitlisted")}</th>
                <th scope="col">{t("Offered now")}</th>
              </tr>
            </thead>
            <tbody>
              {r.next.map((row) => (
                <tr key={row.application_id}>
                  <td data-label={t("Name")}>{row.name || "—"}</td>
                  <td data-label={t("Email")} className="org-break">
                    {row.email}
                  </td>
                  <td data-label={t("Team")}>{row.team ?? "—"}</td>
                  <td data-label={r.ranked ? t("Score") : t("Waitlisted")}>
                    {r.ranked ? formatScore(row.score) : row.waitlisted_at ? formatDate(row.waitlisted_at, { dateStyle: "medium" }) : "—"}
                  </td>
                  <td data-label={t("Offered now")}>{row.next ? <span className="badge rv-refill__next">{t("Next")}</span> : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
