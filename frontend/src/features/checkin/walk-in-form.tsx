// An organizer registers someone who turned up without applying: account, minimal application
// and check-in in one request (POST walk-in). Volunteers don't see it (the API refuses them too).
// Someone with an account and only a draft is a walk-in too: the search offers "Register as a
// walk-in" on their draft, which opens this form filled in from it (`prefill`).
import { useEffect, useRef, useState, type FormEvent } from "react";
import { checkinApi, type WalkInInput } from "../../api/checkin";
import { Alert } from "../../components/alert";
import { Field, SelectField } from "../../components/field";
import { t } from "../../lib/i18n";
import { useSubmit } from "../../lib/use-submit";
import { outcomeOfResult, type Outcome } from "./outcome";

const EMPTY: WalkInInput = {
  email: "",
  first_name: "",
  last_name: "",
  school: "",
  dietary_restrictions: "",
  tshirt_size: "",
  code_of_conduct: false,
};

export function WalkInForm({
  tshirtSizes,
  onDone,
  prefill = null,
}: {
  tshirtSizes: string[];
  onDone: (outcome: Outcome) => void;
  /** A draft's person, from the search: the form opens with them filled in (give it a new key). */
  prefill?: Partial<WalkInInput> | null;
}) {
  const [open, setOpen] = useState(prefill !== null);
  const [values, setValues] = useState<WalkInInput>({ ...EMPTY, ...prefill });
  const [done, setDone] = useState<string | null>(null);
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // Opened from a search result further up: bring the form to the desk's eyes, at its first
    // field still empty (the box to tick, once the names are in).
    if (prefill === null || !form.current) return;
    const empty = Array.from(form.current.querySelectorAll<HTMLInputElement>("input")).find(
      (input) => (input.type === "checkbox" ? !input.checked : !input.value),
    );
    (empty ?? form.current.querySelector("input"))?.focus();
    form.current.scrollIntoView?.({ block: "start" });
  }, [prefill]);
  const set = (name: keyof WalkInInput) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));

  async function register(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    const body = { ...values, email: values.email.trim().toLowerCase() };
    await submit.run(async () => {
      const result = await checkinApi.walkIn(body);
      onDone(outcomeOfResult(result));
      const who = { name: result.person.name, email: result.person.email };
      setDone(
        result.welcome_sent
          ? t("{name} is registered and checked in. A welcome email with a link to choose a password was sent to {email}.", who)
          : t("{name} is checked in, with the account they already had ({email}).", who),
      );
      setValues(EMPTY);
      setOpen(false);
    }, t("The walk-in could not be registered. Try again."));
  }

  if (!open) {
    return (
      <section className="card checkin-walkin" aria-labelledby="checkin-walkin-title">
        <h2 id="checkin-walkin-title" className="checkin-card__title">
          {t("Walk-ins")}
        </h2>
        <p className="muted">{t("Someone who didn't apply? Register them and check them in at once.")}</p>
        {done ? <Alert kind="success">{done}</Alert> : null}
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          {t("Register a walk-in")}
        </button>
      </section>
    );
  }

  const errors = submit.fieldErrors;
  return (
    <form ref={form} className="card stack checkin-walkin" onSubmit={register} noValidate aria-labelledby="checkin-walkin-title">
      <h2 id="checkin-walkin-title" className="checkin-card__title">
        {t("Register a walk-in")}
      </h2>
      <Field label={t("Email")} type="email" autoComplete="off" value={values.email} onChange={set("email")} error={errors.email} required />
      <div className="checkin-walkin__names">
        <Field label={t("First name")} autoComplete="off" value={values.first_name} onChange={set("first_name")} error={errors.first_name} required />
        <Field label={t("Last name")} autoComplete="off" value={values.last_name} onChange={set("last_name")} error={errors.last_name} required />
      </div>
      <Field label={t("School")} autoComplete="off" value={values.school} onChange={set("school")} error={errors.school} required />
      <Field
        label={t("Dietary needs (optional)")}
        autoComplete="off"
        value={values.dietary_restrictions}
        onChange={set("dietary_restrictions")}
        error={errors.dietary_restrictions}
      />
      <SelectField
        label={t("T-shirt size (optional)")}
        choices={[{ value: "", label: t("Not given") }, ...tshirtSizes.map((size) => ({ value: size, label: size }))]}
        value={values.tshirt_size}
        onChange={set("tshirt_size")}
        error={errors.tshirt_size}
      />
      <div className="checkin-walkin__conduct">
        <label className="check-card">
          <input
            type="checkbox"
            name="code_of_conduct"
            checked={Boolean(values.code_of_conduct)}
            onChange={(e) => setValues((v) => ({ ...v, code_of_conduct: e.target.checked }))}
            aria-invalid={errors.code_of_conduct ? true : undefined}
            aria-describedby={errors.code_of_conduct ? "walkin-conduct-error" : undefined}
            required
          />
          <span>{t("They read and accept the code of conduct (show it to them at the desk)")}</span>
        </label>
        {errors.code_of_conduct ? (
          <p id="walkin-conduct-error" className="field__error" role="alert">
            {errors.code_of_conduct}
          </p>
        ) : null}
      </div>
      {submit.error ? (
        // Field errors are shown at their fields: the summary says where to look, not "email: …".
        <Alert kind="error">{Object.keys(errors).length ? t("Check the fields marked above.") : submit.error}</Alert>
      ) : null}
      <div className="checkin-walkin__actions">
        <button type="submit" className="button" disabled={submit.busy}>
          {submit.busy ? t("Registering…") : t("Register and check in")}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setOpen(false)} disabled={submit.busy}>
          {t("Cancel")}
        </button>
      </div>
    </form>
  );
}
