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
  const title = row.name.trim() || `Criterion ${index + 1}`;
  return (
    <li className="card rv-criterion">
      <fieldset className="rv-criterion__set" disabled={locked}>
        <legend className="rv-criterion__legend">
          {index + 1}. {title}
        </legend>
        <div className="rv-criterion__grid">
          <Field label="Name" value={row.name} maxLength={60} onChange={(e) => onChange("name", e.target.value)} error={errors.name} />
          <Field
            label="Lowest score"
            inputMode="numeric"
            value={row.scaleMin}
            onChange={(e) => onChange("scaleMin", e.target.value)}
            error={errors.scaleMin}
          />
          <Field
            label="Highest score"
            inputMode="numeric"
            value={row.scaleMax}
            onChange={(e) => onChange("scaleMax", e.target.value)}
            error={errors.scaleMax}
          />
          <Field
            label="Weight"
            inputMode="decimal"
            value={row.weight}
            onChange={(e) => onChange("weight", e.target.value)}
            error={errors.weight}
          />
        </div>
        <TextareaField
          label="Description"
          rows={2}
          value={row.description}
          onChange={(e) => onChange("description", e.target.value)}
          error={errors.description}
          hint="What reviewers should look for. Shown beside the score."
        />
        <div className="rv-criterion__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onMove(-1)}
            disabled={index === 0}
          >
            Move up
            <span className="visually-hidden">: {title}</span>
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onMove(1)}
            disabled={index === count - 1}
          >
            Move down
            <span className="visually-hidden">: {title}</span>
          </button>
          <button type="button" className="button button--secondary button--small rv-danger" onClick={onRemove} aria-label={`Remove ${title}`}>
            Remove
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
      setError("Fix the marked fields, then save.");
      return;
    }
    const ok = await run(async () => {
      const next = await reviewsApi.saveRubric({ criteria: toPayload(rows), blind });
      client.setQueryData(queryKeys.reviews.rubric, next);
      setRows(rowsFrom(next.criteria));
      setBlind(next.blind);
    }, "Error saving the rubric.");
    setSaved(ok);
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Rubric">
      {rubric.locked ? (
        <Alert kind="info" title="Decisions were released.">
          The criteria can no longer change this cycle; blind review can still be switched.
        </Alert>
      ) : null}
      <section className="card stack" aria-labelledby="rv-blind-title">
        <h2 id="rv-blind-title">Blind review</h2>
        <CheckboxField
          label="Hide applicants' identity from reviewers"
          hint="Reviewers then see answers and the resume, but no name, email, school, team or demographic answers. Organizers still see everything."
          checked={blind}
          onChange={(value) => {
            setBlind(value);
            setSaved(false);
          }}
        />
      </section>
      <section className="stack" aria-labelledby="rv-criteria-title">
        <div className="rv-section-head">
          <h2 id="rv-criteria-title">Criteria</h2>
          <p className="muted">
            {rows.length} of at most {MAX_CRITERIA}. The combined score is the weighted mean of the criteria.
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
              Add a criterion
            </button>
          </div>
        )}
      </section>
      {error ? <Alert kind="error">{error}</Alert> : null}
      {saved ? <Alert kind="success">Rubric saved.</Alert> : null}
      <div className="rv-save">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Saving…" : "Save rubric"}
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
        title="Review Rubric"
        lead={
          <>
            The criteria reviewers score for this cycle. Questions applicants answer are in the{" "}
            <a href="/admin/createapp">Question Builder</a>; the results are on the <a href="/admin/ranking">Ranking</a>.
          </>
        }
      />
      {query.isPending ? (
        <CenteredSpinner label="Loading the rubric…" />
      ) : query.isError ? (
        <Alert kind="error">{query.error.message || "Error fetching the rubric."} Please reload the page.</Alert>
      ) : (
        <RubricForm rubric={query.data} />
      )}
    </div>
  );
}
