// The scoring panel of /admin/reviewapps/<index>: a score per criterion (with its description and
// scale), a private comment, Save; Skip; Declare a conflict. Read-only once decisions are released.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState, type FormEvent } from "react";
import { reviewsApi, type ConflictReason, type Criterion, type OwnReview, type Reassigned } from "../../api/reviews";
import { Alert } from "../../components/alert";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Spinner } from "../../components/spinner";
import { queryKeys } from "../../lib/query-keys";
import { useSubmit } from "../../lib/use-submit";
import { SelectField, TextareaField } from "../../components/field";
import { t } from "../../lib/i18n";
import { hasUnsavedReview, scaleValues, scoreErrors, scoresPayload, scoresText, usesRadios } from "./state";

export const BLIND_NOTE = t.noop("Blind review: identity hidden");
export const CONFLICT_REASONS: { value: ConflictReason; label: string }[] = [
  { value: "same_school", label: t.noop("Same school") },
  { value: "friend", label: t.noop("Friend or acquaintance") },
  { value: "other", label: t.noop("Other") },
];

function ScoreInput({
  criterion,
  value,
  error,
  disabled,
  onChange,
}: {
  criterion: Criterion;
  value: string;
  error?: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [criterion.description ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const range = `${criterion.scale_min}–${criterion.scale_max}`;
  const hint = criterion.description ? (
    <p id={hintId} className="field__hint">
      {criterion.description}
    </p>
  ) : null;
  const message = error ? (
    <p id={errorId} className="field__error" role="alert">
      {error}
    </p>
  ) : null;
  if (usesRadios(criterion)) {
    return (
      <fieldset className="rv-score" aria-describedby={describedBy} aria-invalid={error ? true : undefined} disabled={disabled}>
        <legend className="rv-score__legend">
          {criterion.name} <span className="muted">({range})</span>
        </legend>
        {hint}
        <div className="rv-scale">
          {scaleValues(criterion).map((v) => (
            <label key={v} className="rv-scale__option">
              <input
                type="radio"
                name={`score-${criterion.id}`}
                value={v}
                checked={value === String(v)}
                onChange={() => onChange(String(v))}
              />
              <span>{v}</span>
            </label>
          ))}
        </div>
        {message}
      </fieldset>
    );
  }
  return (
    <div className="field rv-score">
      <label htmlFor={id} className="rv-score__legend">
        {criterion.name} <span className="muted">({range})</span>
      </label>
      {hint}
      <input
        id={id}
        className="input rv-score__number"
        type="number"
        inputMode="numeric"
        min={criterion.scale_min}
        max={criterion.scale_max}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
      {message}
    </div>
  );
}

function nextWords(result: Reassigned, what: string): string {
  const next = result.next_reviewer
    ? t("{reviewer} reviews this application instead.", { reviewer: result.next_reviewer })
    : t("No other reviewer was free: an organizer will reassign it.");
  return `${what} ${next}`;
}

export type MoveKind = "skip" | "conflict";

interface PanelCallbacks {
  /** After a skip or a conflict was recorded: the page moves on to the next application. */
  onMoved?: (kind: MoveKind, notice: string) => void;
  /** Whenever the form starts or stops holding scores or a comment that aren't saved. */
  onUnsavedChange?: (unsaved: boolean) => void;
}

function ReviewForm({
  review,
  applicationId,
  onMoved,
  onUnsavedChange,
}: { review: OwnReview; applicationId: number } & PanelCallbacks) {
  const client = useQueryClient();
  const [scores, setScores] = useState(() => scoresText(review.scores));
  const [comment, setComment] = useState(review.comment);
  const [checked, setChecked] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [dialog, setDialog] = useState<null | "skip" | "conflict">(null);
  const [reason, setReason] = useState<ConflictReason>("same_school");
  const [note, setNote] = useState("");
  // After a skip or a conflict the application is someone else's: the form gives way to the notice.
  const [moved, setMoved] = useState(false);
  const save = useSubmit();
  const move = useSubmit();
  const errors = checked ? scoreErrors(review.criteria, scores) : {};
  const readOnly = !review.editable;
  const unsaved = !readOnly && hasUnsavedReview(review, scores, comment);
  useEffect(() => {
    onUnsavedChange?.(unsaved);
  }, [unsaved, onUnsavedChange]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    setNotice(null);
    if (Object.keys(scoreErrors(review.criteria, scores)).length) {
      save.setError(t("Score every criterion, then save."));
      return;
    }
    await save.run(async () => {
      const next = await reviewsApi.saveReview(applicationId, { scores: scoresPayload(review.criteria, scores), comment });
      client.setQueryData(queryKeys.reviews.own(applicationId), next);
      setNotice(t("Review saved. You can change it until decisions are released."));
    }, t("Error saving the review."));
  }

  async function confirmMove() {
    const kind = dialog;
    let words = "";
    const ok = await move.run(async () => {
      const result =
        kind === "skip" ? await reviewsApi.skip(applicationId) : await reviewsApi.conflict(applicationId, reason, note.trim());
      words = nextWords(result, kind === "skip" ? t("Skipped.") : t("Conflict recorded."));
      setNotice(words);
    }, kind === "skip" ? t("Error skipping the application.") : t("Error recording the conflict."));
    setDialog(null);
    if (ok && kind) {
      setMoved(true);
      onMoved?.(kind, words);
    }
  }

  const status =
    review.outcome === "scored"
      ? t("You scored this application.")
      : review.outcome === "skipped"
        ? t("You skipped this application.")
        : t("Not scored yet.");

  if (moved)
    return (
      <section className="card stack rv-panel" aria-labelledby="rv-panel-title">
        <h2 id="rv-panel-title">{t("Your review")}</h2>
        <Alert kind="success">{notice}</Alert>
      </section>
    );

  return (
    <section className="card stack rv-panel" aria-labelledby="rv-panel-title">
      <div className="rv-section-head">
        <h2 id="rv-panel-title">{t("Your review")}</h2>
        <p className="muted" role="status">
          {status}
        </p>
      </div>
      {readOnly ? <Alert kind="info">{t("Reviews are closed: decisions were released. Your review is shown as saved.")}</Alert> : null}
      <form className="stack" onSubmit={submit} noValidate aria-label={t("Score this application")}>
        {review.criteria.map((criterion) => (
          <ScoreInput
            key={criterion.id}
            criterion={criterion}
            value={scores[String(criterion.id)] ?? ""}
            error={errors[criterion.id] ?? save.fieldErrors[`scores.${criterion.id}`]}
            disabled={readOnly}
            onChange={(value) => setScores((s) => ({ ...s, [String(criterion.id)]: value }))}
          />
        ))}
        <TextareaField
          label={t("Comment")}
          rows={3}
          value={comment}
          readOnly={readOnly}
          onChange={(e) => setComment(e.target.value)}
          hint={t("Private: only you and the organizers read it.")}
        />
        {save.error ? <Alert kind="error">{save.error}</Alert> : null}
        {move.error ? <Alert kind="error">{move.error}</Alert> : null}
        {notice ? <Alert kind="success">{notice}</Alert> : null}
        {readOnly ? null : (
          <div className="rv-actions">
            <button type="submit" className="button" disabled={save.busy}>
              {save.busy ? t("Saving…") : t("Save review")}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setDialog("skip")}>
              {t("Skip")}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setDialog("conflict")}>
              {t("Declare a conflict")}
            </button>
          </div>
        )}
      </form>
      <ConfirmDialog
        open={dialog === "skip"}
        title={t("Skip this application?")}
        confirmLabel={t("Skip and pass it on")}
        busy={move.busy}
        onConfirm={confirmMove}
        onCancel={() => setDialog(null)}
      >
        <p>{t("The skip is recorded and the next reviewer with the fewest open assignments takes the application.")}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === "conflict"}
        title={t("Declare a conflict of interest")}
        confirmLabel={t("Declare the conflict")}
        busy={move.busy}
        danger
        onConfirm={confirmMove}
        onCancel={() => setDialog(null)}
      >
        <p>{t("The application is removed from your list and given to another reviewer.")}</p>
        <SelectField
          label={t("Reason")}
          choices={CONFLICT_REASONS.map((c) => ({ ...c, label: t(c.label) }))} value={reason} onChange={(e) => setReason(e.target.value as ConflictReason)} />
        <TextareaField label={t("Note (optional)")} rows={2} maxLength={300} value={note} onChange={(e) => setNote(e.target.value)} />
      </ConfirmDialog>
    </section>
  );
}

export function ScoringPanel({
  applicationId,
  initial,
  onMoved,
  onUnsavedChange,
}: {
  applicationId: number;
  /** The page's server-rendered review: no second request on load. */
  initial?: OwnReview;
} & PanelCallbacks) {
  const query = useQuery({
    queryKey: queryKeys.reviews.own(applicationId),
    queryFn: () => reviewsApi.review(applicationId),
    initialData: initial,
    // The review changes only through this panel, which writes its answers into the cache.
    staleTime: 60_000,
  });
  if (query.isPending)
    return (
      <section className="card org-center" aria-label={t("Your review")}>
        <Spinner label={t("Loading your review…")} />
      </section>
    );
  if (query.isError) return <Alert kind="error">{query.error.message || t("Error fetching your review.")}</Alert>;
  return <ReviewForm review={query.data} applicationId={applicationId} onMoved={onMoved} onUnsavedChange={onUnsavedChange} />;
}
