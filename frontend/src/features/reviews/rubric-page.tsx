// /admin/rubric: this cycle's review criteria (name, description, scale, weight, order) and the
// blind-review switch, saved together in one PUT.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { reviewsApi, type Rubric } from "../../api/reviews";
import { Alert } from "../../components/alert";
import { Field, CheckboxField, TextareaField } from "../../components/field";
import { CenteredSpinner } from "../../components/centered-spinner";
import { queryKeys } from "../../lib/query-keys";
import { useSubmit } from "../../lib/use-submit";
import { PageHeader } from "../../components/page-header";
import { t } from "../../lib/i18n";
import { LinkedText } from "./linked-text";
import {
  MAX_CRITERIA,
  addRow,
  hasErrors,
  moveRow,
  removeRow,
  rowsFrom,
  serverRowErrors,
  toPayload,
  updateRow,
  validateRows,
  type CriterionRow,
  type RowErrors,
  type RubricErrors,
} from "./rubric-state";

function CriterionEditor({
  row,
  index,
  count,
  errors,
  locked,
  onChange,
  onMove,
  onRemove,
}: {
  row: CriterionRow;
  index: number;
  count: number;
  errors: RowErrors;
  locked: boolean;
  onChange: (field: keyof RowErrors, value: string) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const title = row.name.trim() || t("Criterion {number}", { number: index + 1 });
  return (
    <li className="card rv-criterion">
      <fieldset className="rv-criterion__set" disabled={locked}>
        <legend className="rv-criterion__legend">
          {index + 1}. {title}
        </legend>
        <div className="rv-criterion__grid">
          <Field label={t("Name")} value={row.name} maxLength={60} onChange={(e) => onChange("name", e.target.value)} error={errors.name} />
          <Field
            label={t("Lowest score")}
            inputMode="numeric"
            value={row.scaleMin}
            onChange={(e) => onChange("scaleMin", e.target.value)}
            error={errors.scaleMin}
          />
          <Field
            label={t("Highest score")}
            inputMode="numeric"
            value={row.scaleMax}
            onChange={(e) => onChange("scaleMax", e.target.value)}
            error={errors.scaleMax}
          />
          <Field
            label={t("Weight")}
            inputMode="decimal"
            value={row.weight}
            onChange={(e) => onChange("weight", e.target.value)}
            error={errors.weight}
          />
        </div>
        <TextareaField
          label={t("Description")}
          rows={2}
          value={row.description}
          onChange={(e) => onChange("description", e.target.value)}
          error={errors.description}
          hint={t("What reviewers should look for. Shown beside the score.")}
        />
        <div className="rv-criterion__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onMove(-1)}
            disabled={index === 0}
          >
            {t("Move up")}
            <span className="visually-hidden">: {title}</span>
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onMove(1)}
            disabled={index === count - 1}
          >
            {t("Move down")}
            <span className="visually-hidden">: {title}</span>
          </button>
          <button type="button" className="button button--secondary button--small rv-danger" onClick={onRemove} aria-label={t("Remove {name}", { name: title })}>
            {t("Remove")}
          </button>
        </div>
      </fieldset>
    </li>
  );
}

function RubricForm({ rubric }: { rubric: Rubric }) {
  const client = useQueryClient();
  const [rows, setRows] = useState(() => rowsFrom(rubric.criteria));
  const [blind, setBlind] = useState(rubric.blind);
  const [shown, setShown] = useState<RubricErrors>({ list: null, rows: {} });
  const [checked, setChecked] = useState(false);
  const [saved, setSaved] = useState(false);
  const { busy, error, fieldErrors, setError, run } = useSubmit();
  // After a first Save, problems update as the organizer types (not before: an empty new row
  // shouldn't shout at once).
  const errors = checked ? validateRows(rows) : shown;
  const serverRows = serverRowErrors(rows, fieldErrors);

  function change(next: CriterionRow[]) {
    setRows(next);
    setSaved(false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validateRows(rows);
    setShown(problems);
    setChecked(true);
    setSaved(false);
    if (hasErrors(problems)) {
      setError(t("Fix the marked fields, then save."));
      return;
    }
    const ok = await run(async () => {
      const next = await reviewsApi.saveRubric({ criteria: toPayload(rows), blind });
      client.setQueryData(queryKeys.reviews.rubric, next);
      setRows(rowsFrom(next.criteria));
      setBlind(next.blind);
    }, t("Error saving the rubric."));
    setSaved(ok);
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={t("Rubric")}>
      {rubric.locked ? (
        <Alert kind="info" title={t("Decisions were released.")}>
          {t("The criteria can no longer change this cycle; blind review can still be switched.")}
        </Alert>
      ) : null}
      <section className="card stack" aria-labelledby="rv-blind-title">
        <h2 id="rv-blind-title">{t("Blind review")}</h2>
        <CheckboxField
          label={t("Hide applicants' identity from reviewers")}
          hint={t(
            "Reviewers then see answers and the resume, but no name, email, school, team or demographic answers. Organizers still see everything.",
          )}
          checked={blind}
          onChange={(value) => {
            setBlind(value);
            setSaved(false);
          }}
        />
      </section>
      <section className="stack" aria-labelledby="rv-criteria-title">
        <div className="rv-section-head">
          <h2 id="rv-criteria-title">{t("Criteria")}</h2>
          <p className="muted">
            {t("{count} of at most {max}. The combined score is the weighted mean of the criteria.", { count: rows.length, max: MAX_CRITERIA })}
          </p>
        </div>
        {errors.list ? <Alert kind="error">{errors.list}</Alert> : null}
        <ol className="rv-criteria">
          {rows.map((row, index) => (
            <CriterionEditor
              key={row.key}
              row={row}
              index={index}
              count={rows.length}
              locked={rubric.locked}
              errors={{ ...serverRows[row.key], ...errors.rows[row.key] }}
              onChange={(field, value) => change(updateRow(rows, row.key, field, value))}
              onMove={(delta) => change(moveRow(rows, row.key, delta))}
              onRemove={() => change(removeRow(rows, row.key))}
            />
          ))}
        </ol>
        {rubric.locked ? null : (
          <div>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => change(addRow(rows))}
              disabled={rows.length >= MAX_CRITERIA}
            >
              {t("Add a criterion")}
            </button>
          </div>
        )}
      </section>
      {error ? <Alert kind="error">{error}</Alert> : null}
      {saved ? <Alert kind="success">{t("Rubric saved.")}</Alert> : null}
      <div className="rv-save">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t("Saving…") : t("Save rubric")}
        </button>
      </div>
    </form>
  );
}

export function RubricPage() {
  const query = useQuery({ queryKey: queryKeys.reviews.rubric, queryFn: reviewsApi.rubric });
  return (
    <div className="stack org-narrow">
      <PageHeader
        back={{ href: "/admin", label: t("Admin Panel") }}
        title={t("Review Rubric")}
        lead={
          <LinkedText
            text={t("The criteria reviewers score for this cycle. Questions applicants answer are in the [Question Builder]; the results are on the [Ranking].")}
            hrefs={["/admin/createapp", "/admin/ranking"]}
          />
        }
      />
      {query.isPending ? (
        <CenteredSpinner label={t("Loading the rubric…")} />
      ) : query.isError ? (
        <Alert kind="error">{query.error.message || t("Error fetching the rubric.")} {t("Please reload the page.")}</Alert>
      ) : (
        <RubricForm rubric={query.data} />
      )}
    </div>
  );
}
