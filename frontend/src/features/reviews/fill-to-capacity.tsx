// "Fill to capacity": the organizer's capacity, expected attendance and waitlist size → a preview
// of who would be accepted and waitlisted, by rank → a confirmation → the decisions, recorded
// through the status machine in one request (the server checks the previewed count).
import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { reviewsApi, type Capacity, type FillResult, type RankingRow } from "../../api/reviews";
import { Alert } from "../../components/alert";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Field, CheckboxField } from "../../components/field";
import { queryKeys } from "../../lib/query-keys";
import { useSubmit } from "../../lib/use-submit";
import { t } from "../../lib/i18n";
import { acceptTarget, fillArithmetic, fillErrors, fillSummary, formatScore, type FillInput } from "./state";

function PreviewList({ title, rows, id }: { title: string; rows: RankingRow[]; id: string }) {
  return (
    <section className="rv-preview__col" aria-labelledby={id}>
      <h3 id={id}>
        {title} <span className="badge">{rows.length}</span>
      </h3>
      {rows.length === 0 ? (
        <p className="muted">{t("Nobody.")}</p>
      ) : (
        <ol className="rv-preview__list">
          {rows.map((row) => (
            <li key={row.application_id}>
              <span className="rv-preview__rank">#{row.rank}</span>{" "}
              <a href={`/admin/users/${encodeURIComponent(row.email)}`}>{row.name || row.email}</a>
              <span className="muted">
                {" "}
                · {formatScore(row.score)}
                {row.team ? ` · ${t("team {team}", { team: row.team })}` : ""}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function FillToCapacity({ plan, onDone }: { plan?: Capacity | null; onDone?: () => void }) {
  const client = useQueryClient();
  const [input, setInput] = useState<FillInput>({
    capacity: plan?.capacity ? String(plan.capacity) : "",
    attendanceRate: plan?.attendance_rate ? String(plan.attendance_rate) : "0.67",
    waitlistSize: plan?.waitlist_size != null ? String(plan.waitlist_size) : "0",
  });
  // Until a plan was saved, teams stay together: the peers' team invite does the same.
  const [keepTeams, setKeepTeams] = useState(plan?.capacity ? plan.keep_teams : true);
  const [checked, setChecked] = useState(false);
  const [preview, setPreview] = useState<FillResult | null>(null);
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<FillResult | null>(null);
  const previewing = useSubmit();
  const deciding = useSubmit();
  const errors = checked ? fillErrors(input) : {};

  function set(field: keyof FillInput, value: string) {
    setInput((i) => ({ ...i, [field]: value }));
    setPreview(null); // a preview is of the numbers it was asked with
  }

  function body(dryRun: boolean) {
    return {
      capacity: Number(input.capacity),
      attendance_rate: Number(input.attendanceRate),
      waitlist_size: Number(input.waitlistSize),
      keep_teams: keepTeams,
      dry_run: dryRun,
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    setDone(null);
    if (Object.keys(fillErrors(input)).length) {
      previewing.setError(t("Fix the marked fields, then preview."));
      return;
    }
    await previewing.run(async () => setPreview(await reviewsApi.fill(body(true))), t("Error previewing the admission."));
  }

  async function confirm() {
    if (!preview) return;
    const ok = await deciding.run(async () => {
      setDone(await reviewsApi.fill({ ...body(false), confirm_count: preview.counts.accept }));
    }, t("Error recording the decisions."));
    setAsking(false);
    if (ok) {
      setPreview(null);
      await client.invalidateQueries({ queryKey: queryKeys.reviews.all });
      onDone?.();
    }
  }

  const target =
    !fillErrors(input).capacity && !fillErrors(input).attendanceRate
      ? acceptTarget(Number(input.capacity), Number(input.attendanceRate))
      : null;

  return (
    <section className="card stack" aria-labelledby="rv-fill-title">
      <h2 id="rv-fill-title">{t("Fill to capacity")}</h2>
      <p className="muted">
        {t(
          "Accept the best-ranked applicants until the expected attendance fills the event, then waitlist the next ones. Nothing is decided until you confirm the preview.",
        )}
      </p>
      <form className="stack" onSubmit={submit} noValidate aria-label={t("Fill to capacity")}>
        <div className="rv-fill-grid">
          <Field
            label={t("Capacity")}
            inputMode="numeric"
            value={input.capacity}
            onChange={(e) => set("capacity", e.target.value)}
            error={errors.capacity ?? previewing.fieldErrors.capacity}
            hint={t("People the event can hold.")}
          />
          <Field
            label={t("Expected attendance rate")}
            inputMode="decimal"
            value={input.attendanceRate}
            onChange={(e) => set("attendanceRate", e.target.value)}
            error={errors.attendanceRate ?? previewing.fieldErrors.attendance_rate}
            hint={t("Share of accepted people who come (0.67 ≈ accept 1.5 per spot).")}
          />
          <Field
            label={t("Waitlist size")}
            inputMode="numeric"
            value={input.waitlistSize}
            onChange={(e) => set("waitlistSize", e.target.value)}
            error={errors.waitlistSize ?? previewing.fieldErrors.waitlist_size}
          />
        </div>
        <CheckboxField
          label={t("Keep teams together")}
          hint={t("A team is accepted or waitlisted as a unit, at the rank of its best member; a team that doesn't fit gives way to the next.")}
          checked={keepTeams}
          onChange={(v) => {
            setKeepTeams(v);
            setPreview(null);
          }}
        />
        {target !== null ? <p className="muted">{t.plural(target, { one: "About {count} acceptance in all for this capacity.", other: "About {count} acceptances in all for this capacity." })}</p> : null}
        {previewing.error ? <Alert kind="error">{previewing.error}</Alert> : null}
        <div>
          <button type="submit" className="button button--secondary" disabled={previewing.busy}>
            {previewing.busy ? t("Previewing…") : t("Preview")}
          </button>
        </div>
      </form>
      {preview ? (
        <div className="stack rv-preview" aria-label={t("Preview")}>
          <div role="status">
            <p className="rv-preview__summary">{fillSummary(preview.counts)}</p>
            <p className="muted">{fillArithmetic(preview.counts)}</p>
          </div>
          <div className="rv-preview__cols">
            <PreviewList id="rv-accept-title" title={t("Accept")} rows={preview.accept} />
            <PreviewList id="rv-waitlist-title" title={t("Waitlist")} rows={preview.waitlist} />
          </div>
          {deciding.error ? <Alert kind="error">{deciding.error}</Alert> : null}
          <div>
            <button
              type="button"
              className="button"
              onClick={() => setAsking(true)}
              disabled={preview.counts.accept + preview.counts.waitlist === 0}
            >
              {t("Record these decisions")}
            </button>
          </div>
        </div>
      ) : null}
      {done ? (
        <Alert kind="success" title={t("Decisions recorded.")}>
          {t.plural(
            done.counts.accept,
            {
              one: "{count} applicant accepted and {waitlist} waitlisted. Applicants hear of them when decisions are released.",
              other: "{count} applicants accepted and {waitlist} waitlisted. Applicants hear of them when decisions are released.",
            },
            { waitlist: done.counts.waitlist },
          )}
        </Alert>
      ) : null}
      <ConfirmDialog
        open={asking && preview !== null}
        title={t("Record these decisions?")}
        confirmLabel={
          preview ? t("Accept {accept} and waitlist {waitlist}", { accept: preview.counts.accept, waitlist: preview.counts.waitlist }) : t("Record")
        }
        busy={deciding.busy}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        {preview ? (
          <>
            <p>
              {t.plural(
                preview.counts.accept,
                {
                  one: "{count} applicant will be accepted and {waitlist} waitlisted, by rank.",
                  other: "{count} applicants will be accepted and {waitlist} waitlisted, by rank.",
                },
                { waitlist: preview.counts.waitlist },
              )}
            </p>
            <p className="muted">{t("Applicants are emailed when decisions are released (at once, if they already are).")}</p>
          </>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
