// Organizers add the event's checkpoints from the door's page: a name ("Saturday lunch") and a
// kind (a meal shows the dietary needs large). Volunteers only pick one to scan at.
import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { checkinApi, type CheckpointKind } from "../../api/checkin";
import { Alert } from "../../components/alert";
import { Field, SelectField } from "../../components/field";
import { t } from "../../lib/i18n";
import { useSubmit } from "../../lib/use-submit";

const KINDS: { value: CheckpointKind; label: string }[] = [
  { value: "meal", label: t.noop("Meal") },
  { value: "swag", label: t.noop("Swag") },
  { value: "other", label: t.noop("Other (a workshop, a talk…)") },
];

export function CheckpointForm() {
  const client = useQueryClient();
  const [name, setName] = useState("");
  const [kind, setKind] = useState<CheckpointKind>("meal");
  const [done, setDone] = useState<string | null>(null);
  const submit = useSubmit();

  async function add(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    await submit.run(async () => {
      const made = await checkinApi.addCheckpoint(name, kind);
      setDone(t("{name} added: pick it under “Scanning at”.", { name: made.name }));
      setName("");
      await client.invalidateQueries({ queryKey: ["checkin-checkpoints"] });
    }, t("The checkpoint could not be added. Try again."));
  }

  return (
    <form className="card stack checkin-checkpoint-form" onSubmit={add} noValidate aria-labelledby="checkin-checkpoint-form-title">
      <h2 id="checkin-checkpoint-form-title" className="checkin-card__title">
        {t("Add a checkpoint")}
      </h2>
      <Field
        label={t("Checkpoint name")}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={submit.fieldErrors.name}
        maxLength={100}
        hint={t("Such as Saturday lunch, Swag, Workshop.")}
      />
      <SelectField
        label={t("Kind")}
        value={kind}
        onChange={(e) => setKind(e.target.value as CheckpointKind)}
        choices={KINDS.map((k) => ({ ...k, label: t(k.label) }))}
        error={submit.fieldErrors.kind}
      />
      {submit.error && !Object.keys(submit.fieldErrors).length ? <Alert kind="error">{submit.error}</Alert> : null}
      {done ? <Alert kind="success">{done}</Alert> : null}
      <button type="submit" className="button button--secondary" disabled={submit.busy}>
        {submit.busy ? t("Adding…") : t("Add checkpoint")}
      </button>
    </form>
  );
}
