"""What a review change does to the ranking, inside the change's own transaction: rescore that
one application (`rescore`), mark the cycle's calibration stale and queue its one recalibration
(`mark_changed`). Requests never recalibrate: they read the last one and, when it is stale,
queue it (`request_refresh`).

Kept apart from ranking.py (the full recalibration and the page) so the review writes import
only this and the maths.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.db.models import FloatField, Value
from django.db.models.functions import Round
from django.utils import timezone

from apps.applications.models import NO_REVIEW_SCORE, Application
from apps.applications.table import scores_changed
from apps.core.tasks import delay

from . import scoring
from .models import Conflict, Criterion, RankingState, Review, ReviewOutcome, ReviewScore, ReviewSummary

# A claim per cycle: a burst of saves queues one recalibration. It expires on its own, so a
# lost task (a broker hiccup) delays the next one at most this long: the next save or ranking
# read after it queues again.
CLAIM_SECONDS = 30

# The table's sort key (Application.review_score_key) is the combined score to KEY_DIGITS
# decimals. Scores are in reviewers' standard deviations, a few either side of 0: a millionth
# of one is far below any difference they carry, and applications that close fall to the next
# key (email, id) as exact ties do. Unrounded, every recalibration rewrote every reviewed
# application's row for drift alone: one new review moves the pool's mean, and with it every
# calibrated score, by about 1e-8, and rewriting 42,000 application rows (each with its indexes)
# was 1.7 s of the 2.9 s a recalibration took at 50,000 applications. Rounded, it rewrites the
# rows whose score moved: those of the reviewer whose figures changed.
KEY_DIGITS = 6


def score_key(score):
    """The sort key of a score expression, in the database (PostgreSQL rounds it as numeric,
    SQLite as a float). ranking.sync_score_keys writes the same on PostgreSQL in raw SQL."""
    if isinstance(score, float):
        score = Value(score, output_field=FloatField())
    return Round(score, KEY_DIGITS, output_field=FloatField())


# Sent by name: tasks.py calls this module, so this module never imports it back.
REFRESH_TASK = "apps.reviews.tasks.refresh_ranking"


def claim_key(cycle_id: int) -> str:
    return f"reviews:refresh-queued:{cycle_id}"


def is_stale(state: RankingState | None) -> bool:
    return state is None or state.refreshed_at is None or state.changed_at > state.refreshed_at


def mark_changed(cycle_id: int, application_id: int | None = None, reviewer_id: int | None = None) -> None:
    """Inside the change's transaction: the application's summary rescored now (when one is
    named), the reviewer's running figures (when one is named), the cycle's calibration stale
    from now, and a recalibration queued after commit unless one already is.

    The summary row is written before the state row: a recalibration upserts every summary
    first and the state row last, so taking them in the same order means a save and a
    recalibration can wait for each other but never deadlock."""
    if application_id is not None:
        rescore(cycle_id, application_id)
    now = timezone.now()
    updated = RankingState.objects.filter(cycle_id=cycle_id).update(changed_at=now)
    if not updated:
        RankingState.objects.get_or_create(cycle_id=cycle_id, defaults={"changed_at": now})
    if reviewer_id is not None:
        update_reviewer(cycle_id, reviewer_id)
    request_refresh(cycle_id)


def update_reviewer(cycle_id: int, reviewer_id: int) -> None:
    """The reviewer's row of the ranking's figures (reviews, mean, SD, skips, conflicts) from
    their reviews now, so the ranking page's reviewer table follows each save instead of the
    last recalibration; their shift and scale stay the recalibration's. Four reads and one
    write, whatever the size of the cycle. The caller already holds the state row (its
    `changed_at` update), so two saves write the figures one after the other, each reading the
    other's."""
    rows = RankingState.objects.filter(cycle_id=cycle_id).values_list("reviewers", flat=True).first() or []
    reviews: dict[int, dict[int, float]] = {}
    for application, criterion, value in ReviewScore.objects.filter(
        review__reviewer_id=reviewer_id, review__application__cycle_id=cycle_id, review__outcome=ReviewOutcome.SCORED
    ).values_list("review__application_id", "criterion_id", "value"):
        reviews.setdefault(application, {})[criterion] = value
    n, mean, sd = scoring.reviewer_figures(reviews.values(), criterion_specs(cycle_id))
    skipped = Review.objects.filter(
        reviewer_id=reviewer_id, application__cycle_id=cycle_id, outcome=ReviewOutcome.SKIPPED
    ).count()
    conflicts = Conflict.objects.filter(reviewer_id=reviewer_id, application__cycle_id=cycle_id).count()
    row = next((r for r in rows if r.get("reviewer_id") == reviewer_id), None)
    if row is None:
        email = get_user_model().objects.filter(pk=reviewer_id).values_list("email", flat=True).first() or ""
        row = {"reviewer_id": reviewer_id, "email": email, "shift": None, "scale": None}
        rows.append(row)
        rows.sort(key=lambda r: r.get("email", ""))
    row.update(reviews=n, mean=mean, sd=sd, skipped=skipped, conflicts=conflicts)
    RankingState.objects.filter(cycle_id=cycle_id).update(reviewers=rows)


def criterion_specs(cycle_id: int) -> list[scoring.CriterionSpec]:
    return [
        scoring.CriterionSpec(id=pk, weight=float(weight), scale_min=low, scale_max=high)
        for pk, weight, low, high in Criterion.objects.filter(cycle_id=cycle_id).values_list(
            "pk", "weight", "scale_min", "scale_max"
        )
    ]


def needs_requeue(state: RankingState | None) -> bool:
    """Whether a read should queue the recalibration itself: the ranking is stale, and the
    change that made it so is at least a claim's life old. Every change queues its own
    recalibration after commit (`mark_changed`), so a read soon after one would only spend a
    Redis round trip for the claim to refuse it (the first request after a change was 1.53x
    the table's page 1 for that, against 1.43x fresh). Once the claim could have expired with
    its task lost, reads take over, as the claim's own expiry promises. A cycle with no state
    row has had no change through `mark_changed` (reviews imported or written directly), so
    nothing is queued for it yet."""
    if state is None:
        return True
    if not is_stale(state):
        return False
    return (timezone.now() - state.changed_at).total_seconds() >= CLAIM_SECONDS


def request_refresh(cycle_id: int) -> None:
    """Queue the cycle's recalibration once its caller commits (at once outside a transaction),
    unless one is already queued."""
    transaction.on_commit(lambda: _queue(cycle_id))


def _queue(cycle_id: int) -> None:
    if not cache.add(claim_key(cycle_id), 1, CLAIM_SECONDS):
        return
    delay(REFRESH_TASK, cycle_id)


def rescore(cycle_id: int, application_id: int) -> scoring.ApplicationResult:
    """The application's summary from its own scored reviews, with every reviewer's shift and
    scale as the last recalibration left them (scoring.score_application): three reads and two
    writes (the summary, the application's sort key), whatever the size of the cycle. Its rank
    stays the last recalibration's (a new row has none, so the ranking lists it once the
    recalibration has run); its score, raw score, reviews and spread are current at once, which
    is what the table sorts and filters on."""
    state = RankingState.objects.filter(cycle_id=cycle_id).values("reviewers", "pooled_mean", "pooled_sd").first()
    state = state or {"reviewers": [], "pooled_mean": None, "pooled_sd": None}
    calibration = {
        row["reviewer_id"]: (row["shift"], row["scale"])
        for row in state["reviewers"]
        if row.get("reviewer_id") is not None and row.get("shift") is not None and row.get("scale")
    }
    specs = criterion_specs(cycle_id)
    reviews: dict[int, dict[int, float]] = {}
    for reviewer, criterion, value in ReviewScore.objects.filter(
        review__application_id=application_id, review__outcome=ReviewOutcome.SCORED
    ).values_list("review__reviewer_id", "criterion_id", "value"):
        reviews.setdefault(reviewer, {})[criterion] = value
    result = scoring.score_application(
        sorted(reviews.items()),
        specs,
        calibration,
        pooled_mean=state["pooled_mean"],
        pooled_sd=state["pooled_sd"],
    )
    # The table's sort key on the application row follows in the same transaction.
    Application.objects.filter(pk=application_id).update(
        review_score_key=NO_REVIEW_SCORE if result.score is None else score_key(result.score)
    )
    transaction.on_commit(scores_changed)
    if result.reviews == 0:
        ReviewSummary.objects.filter(application_id=application_id).delete()
        return result
    ReviewSummary.objects.bulk_create(
        [
            ReviewSummary(
                application_id=application_id,
                score=result.score,
                raw_score=result.raw_score,
                reviews=result.reviews,
                spread=result.spread,
                rank=None,
                refreshed_at=timezone.now(),
            )
        ],
        # The rank and refresh time stay the recalibration's: it alone orders the whole cycle.
        update_conflicts=True,
        unique_fields=["application"],
        update_fields=["score", "raw_score", "reviews", "spread"],
    )
    return result
