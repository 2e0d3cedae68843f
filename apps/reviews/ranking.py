"""The cycle's ranking: `refresh_summaries` (the full recalibration, run by the Celery task
that ranking_state queues) turns every score into ReviewSummary rows and the cycle-wide
agreement and reviewer figures through scoring.rank, and `ranking` serves the last of them in
a constant number of queries, never recalibrating inside the request."""

from __future__ import annotations

import math
import time

from django.db import connection, transaction
from django.db.models import Count, F, FloatField, Max, Min, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from apps.accounts.models import User
from apps.applications.models import NO_REVIEW_SCORE, Application
from apps.applications.table import scores_changed
from apps.core.exceptions import ApplicationError
from apps.cycles.models import Cycle

from . import scoring
from .models import Conflict, RankingState, Review, ReviewOutcome, ReviewScore, ReviewSummary
from .ranking_state import KEY_DIGITS, is_stale, needs_requeue, request_refresh, score_key
from .rubric import criteria_of, criterion_payload

UPSERT_CHUNK = 20_000
# Ids in one statement's IN (...) on SQLite, whose older builds allow 999 parameters.
IN_CHUNK = 500
REVIEWER_KEYS = ("email", "reviews", "skipped", "conflicts", "mean", "sd")
MAX_PAGE_SIZE = 200
MAX_PAGE = 10_000_000
MAX_MIN_REVIEWS = 1000
DEFAULT_PAGE_SIZE = 50


def _finite(value: float | None) -> float | None:
    return value if value is not None and math.isfinite(value) else None


def refresh_summaries(cycle: Cycle, *, timings: dict | None = None) -> int:
    """The full recalibration (`recalibrate`), then the table's sort keys of the applications
    whose summary it rewrote or removed brought in line (`sync_score_keys`), in short statements
    of their own, so no status change or check-in waits on application rows for the length of a
    recalibration. Returns the number of summaries. `timings`, when given, receives each part's
    seconds and the keys written (benchmarks/paths.py reports how each part grows)."""
    started = time.perf_counter()
    summaries, moved = _recalibrate(cycle)
    recalibrated = time.perf_counter()
    written = sync_score_keys(cycle, moved)
    if timings is not None:
        timings.update(summaries=recalibrated - started, keys=time.perf_counter() - recalibrated, keys_written=written)
    return summaries


SYNC_CHUNK = 10_000
# ranking_state.score_key on PostgreSQL, in raw SQL over `s` (the summary, NULL without one):
# ROUND(score::numeric, KEY_DIGITS), as the ORM's Round writes it; %s is NO_REVIEW_SCORE.
_KEY_SQL = f"COALESCE(ROUND(s.score::numeric, {KEY_DIGITS})::float8, %s)"
# The same on SQLite, where the ORM's Round (score_key, which _sync_rows writes with) is ROUND.
_KEY_SQL_SQLITE = f"COALESCE(ROUND(s.score, {KEY_DIGITS}), %s)"
_TABLE, _SUMMARIES = Application._meta.db_table, ReviewSummary._meta.db_table
# The cycle's applications, by a range of ids.
_SYNC_RANGE = (
    f"UPDATE {_TABLE} AS a SET review_score_key = {_KEY_SQL} "
    f"FROM {_TABLE} AS b LEFT JOIN {_SUMMARIES} AS s ON s.application_id = b.id "
    "WHERE a.id = b.id AND b.cycle_id = %s AND b.id >= %s AND b.id < %s "
    f"AND a.review_score_key IS DISTINCT FROM {_KEY_SQL}"
)
# The applications of a list of ids.
_SYNC_IDS = (
    f"UPDATE {_TABLE} AS a SET review_score_key = {_KEY_SQL} "
    f"FROM unnest(%s::bigint[]) AS t(id) LEFT JOIN {_SUMMARIES} AS s ON s.application_id = t.id "
    f"WHERE a.id = t.id AND a.review_score_key IS DISTINCT FROM {_KEY_SQL}"
)


def sync_score_keys(cycle: Cycle, ids: list[int] | None = None) -> int:
    """Copy each application's combined score, rounded (ranking_state.score_key), to its
    `review_score_key` (NO_REVIEW_SCORE without one), writing only the rows whose key differs,
    SYNC_CHUNK ids per statement (IN_CHUNK on SQLite, for a list): the applications `ids` names,
    or every one of the cycle's (None). Returns the rows written."""
    written = 0
    postgres = connection.vendor == "postgresql"
    if ids is not None:
        step = SYNC_CHUNK if postgres else IN_CHUNK
        for start in range(0, len(ids), step):
            chunk = ids[start : start + step]
            if postgres:
                written += _rows_written(_SYNC_IDS, [NO_REVIEW_SCORE, chunk, NO_REVIEW_SCORE])
            else:
                written += _sync_rows(Application.objects.filter(pk__in=chunk))
    elif postgres:
        span = Application.objects.filter(cycle=cycle).aggregate(low=Min("pk"), high=Max("pk"))
        if span["low"] is not None:
            for start in range(span["low"], span["high"] + 1, SYNC_CHUNK):
                params = [NO_REVIEW_SCORE, cycle.pk, start, start + SYNC_CHUNK, NO_REVIEW_SCORE]
                written += _rows_written(_SYNC_RANGE, params)
    else:
        written = _sync_rows(Application.objects.filter(cycle=cycle))
    if ids is None or ids:  # the summaries named changed: what the table filters on may have too
        transaction.on_commit(scores_changed)
    return written


def _rows_written(sql: str, params: list) -> int:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount


def _sync_rows(applications) -> int:
    """sync_score_keys through the ORM (SQLite), for the applications of a queryset."""
    score = Coalesce(
        score_key(Subquery(ReviewSummary.objects.filter(application_id=OuterRef("pk")).values("score")[:1])),
        Value(NO_REVIEW_SCORE),
        output_field=FloatField(),
    )
    return applications.alias(new_key=score).exclude(review_score_key=F("new_key")).update(review_score_key=score)


# Every recalibration moves every calibrated figure by a hair: one new score moves the pool's
# mean, and with it every reviewer's shift and every combined score and spread, by about 1e-8
# (measured at 50,000 applications and 40 reviewers). A summary whose figures all moved less
# than DRIFT, and whose rank and review count stand, is left as it is: rewriting all 50,000 rows
# (each with three indexes) for drift alone was 0.9 s of a 2.3 s recalibration, and left as many
# dead rows behind each time. The figures a page shows are within DRIFT of the exact ones; the
# sort key (ranking_state.KEY_DIGITS) is ten times coarser.
DRIFT = 1e-7


def recalibrate(cycle: Cycle) -> int:
    """The recalibration alone (without the sort keys): the number of summaries."""
    return _recalibrate(cycle)[0]


@transaction.atomic
def _recalibrate(cycle: Cycle) -> tuple[int, list[int]]:
    """Recompute the cycle's summaries from all its scores: one query for the scores, the maths
    in one pass (scoring.rank), one read of the applications' summaries and keys as they
    stand, then upserts of the summaries that moved (DRIFT) in chunks of UPSERT_CHUNK and the
    deletion of those whose application has no usable review any more. Returns the number of
    summaries and the applications whose sort key is to be brought in line: those whose summary
    it wrote or deleted, and those whose key it found out of line. Two refreshes of a cycle
    take turns (`_lock`)."""
    _lock(cycle)
    started = timezone.now()
    criteria = criteria_of(cycle)
    specs = [
        scoring.CriterionSpec(id=c.pk, weight=float(c.weight), scale_min=c.scale_min, scale_max=c.scale_max)
        for c in criteria
    ]
    rows = ReviewScore.objects.filter(
        review__application__cycle=cycle, review__outcome=ReviewOutcome.SCORED, criterion__cycle=cycle
    ).values_list("review__reviewer_id", "review__application_id", "criterion_id", "value")
    result = scoring.rank_rows(_fetched(rows), specs)
    order = result.order()
    ranks = {app: i + 1 for i, app in enumerate(a for a in order if result.applications[a].score is not None)}
    # What each application holds now: its summary (to write only the ones that moved, DRIFT)
    # and its sort key, against the key its summary gives, rounded by the database as the key
    # is written. A key out of line is put right whatever this run writes: the sync of an
    # earlier run may have been cut off after its summaries committed (a worker lost), or have
    # raced a review's save, and a run that finds the summary as it should be would otherwise
    # never look at that key again.
    stored: dict[int, tuple] = {}
    off_key: list[int] = []
    key = _KEY_SQL if connection.vendor == "postgresql" else _KEY_SQL_SQLITE
    applications = (
        f"SELECT a.id, a.review_score_key, {key}, s.reviews, s.score, s.raw_score, s.spread, s.rank "
        f"FROM {_TABLE} AS a LEFT JOIN {_SUMMARIES} AS s ON s.application_id = a.id WHERE a.cycle_id = %s",
        [NO_REVIEW_SCORE, cycle.pk],
    )
    for app, held, summary_key, reviews, score, raw_score, spread, rank in _rows(*applications):
        if reviews is not None:  # a summary's review count is never NULL: it has one
            stored[app] = (score, raw_score, reviews, spread, rank)
        if held != summary_key:
            off_key.append(app)
    columns = {
        "application_id": [],
        "score": [],
        "raw_score": [],
        "reviews": [],
        "spread": [],
        "rank": [],
    }
    for app, res in result.applications.items():
        now = (_finite(res.score), _finite(res.raw_score), res.reviews, _finite(res.spread), ranks.get(app))
        if _same(stored.get(app), now):
            continue
        for name, value in zip(("score", "raw_score", "reviews", "spread", "rank"), now, strict=True):
            columns[name].append(value)
        columns["application_id"].append(app)
    _upsert(columns, started)
    # Summaries whose application has no usable review any more.
    gone = sorted(stored.keys() - result.applications.keys())
    for start in range(0, len(gone), IN_CHUNK):
        ReviewSummary.objects.filter(application_id__in=gone[start : start + IN_CHUNK]).delete()

    names = {c.pk: c.name for c in criteria}
    agreement = [
        {
            "criterion_id": cid,
            "name": names.get(cid, ""),
            "alpha": _finite(agreement.alpha),
            "units": agreement.units,
            "pairable_values": agreement.pairable_values,
        }
        for cid, agreement in result.agreement.items()
    ]
    reviewers = _reviewer_rows(cycle, result)
    figures = {
        "agreement": agreement,
        "reviewers": reviewers,
        "refreshed_at": started,
        "ranked": len(ranks),
        "pooled_mean": _finite(result.pooled_mean),
        "pooled_sd": _finite(result.pooled_sd),
    }
    updated = RankingState.objects.filter(cycle_id=cycle.pk).update(**figures)
    if not updated:
        RankingState.objects.get_or_create(cycle_id=cycle.pk, defaults={"changed_at": started, **figures})
    return len(result.applications), sorted({*columns["application_id"], *gone, *off_key})


def _same(stored: tuple | None, figures: tuple) -> bool:
    """Whether a summary as stored (score, raw score, reviews, spread, rank) stands for these
    figures: the same review count and rank, each float within DRIFT (None only for None)."""
    if stored is None:
        return False
    for old, new in zip(stored, figures, strict=True):
        if old is None or new is None:
            if old is not new:
                return False
        elif isinstance(new, float):
            if abs(old - new) > DRIFT:
                return False
        elif old != new:
            return False
    return True


def _fetched(rows, chunk: int = 10_000):
    """The tuples of a values_list queryset, read through a plain cursor a chunk at a time: the
    ORM's iterator (a server-side cursor, a row converter per value) took 0.35 s of the 50,000
    applications' recalibration for 126,000 scores, this 0.2 s. The result is held by the
    driver, so the Python rows exist a chunk at a time."""
    return _rows(*rows.query.sql_with_params(), chunk=chunk)


def _rows(sql: str, params, chunk: int = 10_000):
    """_fetched's rows for a statement and its parameters."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        while batch := cursor.fetchmany(chunk):
            yield from batch


_UPSERT = (
    f"INSERT INTO {ReviewSummary._meta.db_table} "
    "(application_id, score, raw_score, reviews, spread, rank, refreshed_at) "
    "SELECT a, s, r, n, d, k, %s FROM unnest(%s::bigint[], %s::float8[], %s::float8[], %s::integer[], "
    "%s::float8[], %s::integer[]) AS t(a, s, r, n, d, k) "
    "ON CONFLICT (application_id) DO UPDATE SET score = EXCLUDED.score, raw_score = EXCLUDED.raw_score, "
    "reviews = EXCLUDED.reviews, spread = EXCLUDED.spread, rank = EXCLUDED.rank, "
    "refreshed_at = EXCLUDED.refreshed_at"
)


def _upsert(columns: dict[str, list], refreshed_at) -> None:
    """The summaries, UPSERT_CHUNK rows a statement: on PostgreSQL one INSERT ... SELECT FROM
    unnest(arrays) ON CONFLICT DO UPDATE (no model instances: 50,000 rows in well under a
    second); elsewhere bulk_create's upsert."""
    n = len(columns["application_id"])
    names = ("application_id", "score", "raw_score", "reviews", "spread", "rank")
    for start in range(0, n, UPSERT_CHUNK):
        part = {name: columns[name][start : start + UPSERT_CHUNK] for name in names}
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(_UPSERT, [refreshed_at, *(part[name] for name in names)])
        else:
            ReviewSummary.objects.bulk_create(
                [
                    ReviewSummary(**dict(zip(names, values, strict=True)), refreshed_at=refreshed_at)
                    for values in zip(*(part[name] for name in names), strict=True)
                ],
                update_conflicts=True,
                unique_fields=["application"],
                update_fields=[*names[1:], "refreshed_at"],
            )


# pg_advisory_xact_lock(key1, key2): key1 names the lock's purpose, key2 is the cycle.
REFRESH_LOCK = 1_207_013


def _lock(cycle: Cycle) -> None:
    """Refreshes of one cycle take turns (an advisory lock, so review saves, which touch the
    RankingState row, never wait for a refresh). SQLite has no advisory locks; there the
    refresh's transaction began IMMEDIATE (config/settings/base.py) and already holds the
    database's one write lock, so refreshes take turns all the same."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [REFRESH_LOCK, cycle.pk])


def _reviewer_rows(cycle: Cycle, result) -> list[dict]:
    """Per reviewer: reviews scored, skips, conflicts (two grouped queries and one of names)."""
    skipped = dict(
        Review.objects.filter(application__cycle=cycle, outcome=ReviewOutcome.SKIPPED)
        .values_list("reviewer_id")
        .annotate(n=Count("pk"))
    )
    conflicts = dict(
        Conflict.objects.filter(application__cycle=cycle).values_list("reviewer_id").annotate(n=Count("pk"))
    )
    ids = set(result.reviewers) | set(skipped) | set(conflicts)
    emails = dict(User.objects.filter(pk__in=ids).values_list("pk", "email"))
    rows = []
    for pk in sorted(ids, key=lambda i: emails.get(i, "")):
        stats = result.reviewers.get(pk)
        rows.append(
            {
                "reviewer_id": pk,
                "email": emails.get(pk, ""),
                "reviews": stats.reviews if stats else 0,
                "skipped": skipped.get(pk, 0),
                "conflicts": conflicts.get(pk, 0),
                "mean": _finite(stats.mean) if stats else None,
                "sd": _finite(stats.sd) if stats else None,
                "shift": _finite(stats.shift) if stats else None,
                "scale": _finite(stats.scale) if stats else None,
            }
        )
    return rows


def ensure_fresh(cycle: Cycle) -> RankingState:
    """The cycle's ranking state, recalibrated first when a review changed since the last one.

    Only for what acts on the whole order at once and must not act on a stale one (fill to
    capacity, the CSV exports): an organizer's deliberate, rare action. Pages use
    `last_state`."""
    state = RankingState.objects.filter(cycle_id=cycle.pk).first()
    if is_stale(state):
        refresh_summaries(cycle)
        state = RankingState.objects.get(cycle_id=cycle.pk)
    return state


def last_state(cycle: Cycle) -> RankingState:
    """The cycle's last recalibration as it stands (one query): the caller serves it and, when
    a review changed since, says it is being recalculated. The change queued that
    recalibration itself; this queues it again only when that may have been lost
    (`ranking_state.needs_requeue`)."""
    state = RankingState.objects.filter(cycle_id=cycle.pk).first()
    if needs_requeue(state):
        request_refresh(cycle.pk)
    return state or RankingState(cycle_id=cycle.pk, changed_at=None)


ROW_FIELDS = ("id", "email", "first", "last", "school", "teamcode", "status")
SUMMARY_FIELDS = (
    "review_summary__rank",
    "review_summary__score",
    "review_summary__raw_score",
    "review_summary__reviews",
    "review_summary__spread",
)


def ranked_applications(cycle: Cycle, *, min_reviews: int = 0):
    """The cycle's scored applications with at least `min_reviews` reviews, by rank."""
    return (
        Application.objects.filter(cycle=cycle, review_summary__rank__isnull=False)
        .filter(review_summary__reviews__gte=min_reviews)
        .order_by("review_summary__rank")
    )


def row_of(values: dict) -> dict:
    return {
        "rank": values["review_summary__rank"],
        "application_id": values["id"],
        "email": values["email"],
        "name": f"{values['first']} {values['last']}".strip(),
        "school": values["school"],
        "team": values["teamcode"] or None,
        "status": values["status"],
        "score": values["review_summary__score"],
        "raw_score": values["review_summary__raw_score"],
        "reviews": values["review_summary__reviews"],
        "spread": values["review_summary__spread"],
    }


def rows_of(queryset) -> list[dict]:
    return [row_of(v) for v in queryset.values(*ROW_FIELDS, *SUMMARY_FIELDS)]


def _int_param(raw, *, name: str, default: int, minimum: int, maximum: int) -> int:
    if raw is None or raw == "":
        return default
    text = str(raw).strip()
    if not text.isascii() or not text.isdigit() or len(text) > 9 or not minimum <= int(text) <= maximum:
        bounds = {"minimum": minimum, "maximum": maximum}
        message = _("Must be a whole number from %(minimum)s to %(maximum)s.") % bounds
        raise ApplicationError(f"'{name}': {message}", errors={name: [message]})
    return int(text)


def ranking(cycle: Cycle, params) -> dict:
    """GET ranking: a page of the last recalibration's ranked rows, the rubric, agreement and
    reviewer figures, and whether a recalibration is pending (`recalculating`). The same
    queries fresh or stale (state, criteria, page, plus the count under `min_reviews`): a
    stale ranking only queues its recalibration."""
    min_reviews = _int_param(
        params.get("min_reviews"), name="min_reviews", default=0, minimum=0, maximum=MAX_MIN_REVIEWS
    )
    page = _int_param(params.get("page"), name="page", default=1, minimum=1, maximum=MAX_PAGE)
    size = _int_param(
        params.get("page_size"), name="page_size", default=DEFAULT_PAGE_SIZE, minimum=1, maximum=MAX_PAGE_SIZE
    )
    state = last_state(cycle)
    queryset = ranked_applications(cycle, min_reviews=min_reviews)
    # Unfiltered, the total is what the refresh ranked: no count over the join.
    total = state.ranked if min_reviews == 0 else queryset.count()
    start = (page - 1) * size
    if min_reviews == 0:
        # Ranks are 1..n without gaps when nothing is filtered: a page is a range of ranks,
        # read by the rank index instead of an OFFSET walk.
        page_rows = queryset.filter(review_summary__rank__gt=start)[:size]
    else:
        page_rows = queryset[start : start + size]
    return {
        "rows": rows_of(page_rows),
        "total": total,
        "page": page,
        "pages": max(1, math.ceil(total / size)),
        "criteria": [criterion_payload(c) for c in criteria_of(cycle)],
        "agreement": state.agreement,
        "reviewers": [
            {k: r[k] for k in ("email", "reviews", "skipped", "conflicts", "mean", "sd")} for r in state.reviewers
        ],
        "refreshed_at": state.refreshed_at,
        "changed_at": state.changed_at,
        "recalculating": is_stale(state),
    }


def summaries_query(cycle: Cycle):
    """Every summary of the cycle (exports)."""
    return ReviewSummary.objects.filter(application__cycle=cycle)
