"""CSV exports of the reviews (one row per review, comments included) and of the reviewers'
figures, streamed, every cell neutralised against spreadsheet formulas by the applications
export's rule (apps.core.csv_cells.neutralise, the one rule every export writes through)."""

from __future__ import annotations

import csv
from collections import defaultdict
from collections.abc import Iterator

from apps.core.csv_cells import neutralise
from apps.cycles.models import Cycle

from .models import Review, ReviewScore
from .ranking import ensure_fresh
from .rubric import criteria_of

CHUNK = 2000


class _Echo:
    """A file-like object whose write returns what it was given, for csv.writer in a stream."""

    def write(self, value: str) -> str:
        return value


def csv_lines(rows) -> Iterator[str]:
    writer = csv.writer(_Echo())
    for row in rows:
        yield writer.writerow(row)


def _encoded(rows) -> Iterator[bytes]:
    for line in csv_lines(rows):
        yield line.encode("utf-8")


def _score_rows(cycle: Cycle) -> Iterator[list[str]]:
    """The header, then one row per review by application email and reviewer: three queries per
    CHUNK reviews (a page of reviews by keyset, their scores), whatever the size."""
    criteria = criteria_of(cycle)
    yield [neutralise(h) for h in ("application_email", "name", "reviewer", "outcome", *[c.name for c in criteria])] + [
        "combined",
        "comment",
    ]
    last = 0
    while True:
        chunk = list(
            Review.objects.filter(application__cycle=cycle, pk__gt=last)
            .order_by("pk")
            .values_list(
                "pk",
                "application__email",
                "application__first",
                "application__last",
                "reviewer__email",
                "outcome",
                "application__review_summary__score",
                "comment",
            )[:CHUNK]
        )
        if not chunk:
            return
        last = chunk[-1][0]
        scores: dict[int, dict[int, int]] = defaultdict(dict)
        for review_id, criterion_id, value in ReviewScore.objects.filter(
            review_id__in=[row[0] for row in chunk]
        ).values_list("review_id", "criterion_id", "value"):
            scores[review_id][criterion_id] = value
        for pk, email, first, last_name, reviewer, outcome, combined, comment in chunk:
            own = scores.get(pk, {})
            yield [
                neutralise(email),
                neutralise(f"{first} {last_name}".strip()),
                neutralise(reviewer),
                outcome,
                *[neutralise(own.get(c.pk)) for c in criteria],
                "" if combined is None else f"{combined:.4f}",
                neutralise(comment),
            ]


def scores_csv(cycle: Cycle) -> Iterator[bytes]:
    # Refreshed now, before the response starts, so the stream only reads.
    ensure_fresh(cycle)
    return _encoded(_score_rows(cycle))


def reviewers_csv(cycle: Cycle) -> Iterator[bytes]:
    state = ensure_fresh(cycle)
    keys = ("email", "reviews", "skipped", "conflicts", "mean", "sd", "shift", "scale")
    header = ["reviewer", *keys[1:]]

    def cell(value) -> str:
        return f"{value:.4f}" if isinstance(value, float) else neutralise(value)

    return _encoded([header, *([cell(row.get(k)) for k in keys] for row in state.reviewers)])


def filename(cycle: Cycle, what: str) -> str:
    return f"{what}-{cycle.season}-{cycle.year}.csv"
