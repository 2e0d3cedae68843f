"""The CSV export as it was before it streamed through PostgreSQL's COPY: the oracle that the
new export's bytes are compared with (test_export_bytes.py) and the "before" of
benchmarks/bench.py. Kept verbatim; don't improve it."""

from __future__ import annotations

import csv
from collections import defaultdict
from collections.abc import Iterable, Iterator
from itertools import islice

from django.db.models import Q

from apps.applications.models import Answer
from apps.cycles.models import Cycle
from apps.reports.export import BASE_COLUMNS, export_columns, export_queryset

_APPLICATION_FIELDS = (
    "pk",
    "email",
    "first",
    "last",
    "school",
    "status",
    "teamcode",
    "travel_reimbursement",
    "housing_accommodations",
    "submitted_at",
)
CHUNK_SIZE = 2000
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralise(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    text = value.isoformat() if hasattr(value, "isoformat") else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _chunks(iterable: Iterable, size: int) -> Iterator[list]:
    iterator = iter(iterable)
    while chunk := list(islice(iterator, size)):
        yield chunk


def export_rows(*, cycle: Cycle, filters: Q, chunk_size: int = CHUNK_SIZE) -> Iterator[list[str]]:
    applications = export_queryset(cycle=cycle, filters=filters)
    question_ids = export_columns(cycle=cycle, applications=applications)
    yield [neutralise(name) for name in (*BASE_COLUMNS, *question_ids)]
    rows = applications.order_by("email", "pk").values_list(*_APPLICATION_FIELDS).iterator(chunk_size=chunk_size)
    for chunk in _chunks(rows, chunk_size):
        answers: dict[int, dict[str, str]] = defaultdict(dict)
        for application_id, question_id, value in Answer.objects.filter(
            application_id__in=[row[0] for row in chunk]
        ).values_list("application_id", "question_id", "value"):
            answers[application_id][question_id] = value
        for pk, *fields in chunk:
            own = answers.pop(pk, {})
            yield [neutralise(v) for v in fields] + [neutralise(own.get(qid, "")) for qid in question_ids]


class _Echo:
    def write(self, value: str) -> str:
        return value


def csv_lines(rows: Iterable[list[str]]) -> Iterator[str]:
    writer = csv.writer(_Echo())
    for row in rows:
        yield writer.writerow(row)
