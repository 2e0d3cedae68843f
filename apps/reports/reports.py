"""Organizer reports on the current cycle: statistics, the CSV export, demographics.

Everything is counted and filtered by the database. The export streams in pieces of about
64 KB: on PostgreSQL the database writes the CSV itself (COPY), elsewhere applications come
through a server-side cursor in chunks, each chunk's answers in one query; memory stays flat
however many rows there are.
"""

from __future__ import annotations

import csv
import io
import json
from collections import defaultdict
from collections.abc import Iterable, Iterator
from decimal import Decimal, InvalidOperation
from itertools import islice

from django.conf import settings
from django.db import connection, transaction
from django.db.models import BooleanField, Count, ExpressionWrapper, Q, Sum, Value

from apps.applications.models import AnonymisedAnswerCount, AnonymisedApplicationCount, Answer, Application
from apps.applications.models import ApplicationStatus as S
from apps.core.csv_cells import neutralise, neutralise_text
from apps.core.exceptions import ApplicationError
from apps.core.text import UNSTORABLE, is_storable
from apps.cycles.models import Cycle, Question, QuestionType

# --- Statistics ------------------------------------------------------------------------

DRAFTS = (S.UNSUBMITTED, S.STARTED)
ACCEPTED = (S.ACCEPTED, S.WAITLIST_ACCEPTED)


def application_stats(*, cycle: Cycle) -> dict[str, int]:
    """The 12 counters of spec section 3 and the check-in's two (issue 13), from one query.

    "princeton" is the configured host school; submitted means any status past a draft. The
    accepted, confirmed and declined counters match the statistics cards' export filters
    (spec section 7), so a card's CSV has as many rows as the card shows, plus the anonymised
    applications of deleted accounts and purged cycles (apps.privacy): the counters still
    count them, but they have no row left to export.

    The database counts per (status, host school or not), the live applications and the
    anonymised counts in one UNION ALL; the counters are sums of those few rows.
    """
    groups = {
        "applications": [s for s in S.values if s not in DRAFTS],
        "started": [S.STARTED],
        "accepted": list(ACCEPTED),
        "confirmed": [S.CONFIRMED],
        "declined": [S.DECLINED],
        "checked_in": [S.CHECKED_IN],
    }
    host = ExpressionWrapper(Q(school=settings.HOST_SCHOOL), output_field=BooleanField())
    live = (
        Application.objects.filter(cycle=cycle)
        .annotate(host=host)
        .values_list("status", "host")
        .annotate(n=Count("pk"))
        .order_by()
    )
    gone = (
        AnonymisedApplicationCount.objects.filter(cycle=cycle)
        .values_list("status", "host_school")
        .annotate(n=Sum("count"))
        .order_by()
    )
    counts: dict[tuple[str, bool], int] = defaultdict(int)
    for status, at_host, n in live.union(gone, all=True):
        counts[(status, bool(at_host))] += n
    stats = {}
    for name, statuses in groups.items():
        princeton = sum(counts[(status, True)] for status in statuses)
        others = sum(counts[(status, False)] for status in statuses)
        if name in ("applications", "started"):
            stats[f"total_{name}"] = princeton + others
        stats[f"princeton_{name}"] = princeton
        stats[f"non_princeton_{name}"] = others
    return stats


# --- The export filter grammar ---------------------------------------------------------

TEXT_FIELDS = ("school", "email", "first", "last")
BOOLEAN_FIELDS = ("travel_reimbursement", "housing_accommodations")
FILTER_FIELDS = ("status", *TEXT_FIELDS, "teamcode", *BOOLEAN_FIELDS)
OPERATORS = ("$ne", "$in")
MAX_IN_VALUES = 1000
MAX_FILTERS_LENGTH = 100_000


def _bad(message: str) -> ApplicationError:
    return ApplicationError(message, errors={"filters": [message]})


def _value(field: str, value):
    """One filter value, checked against its field's type; returns what the database holds."""
    if field in BOOLEAN_FIELDS:
        if isinstance(value, bool):
            return value
        if value in ("true", "false"):
            return value == "true"
        raise _bad(f"The filter on '{field}' takes true or false.")
    if field == "teamcode" and value is None:
        return None
    if not isinstance(value, str) or len(value) > 255:
        raise _bad(f"The filter on '{field}' takes a text value.")
    if not is_storable(value):
        raise _bad(f"The filter on '{field}': {UNSTORABLE}")
    if field == "status" and value not in S.values:
        raise _bad(f"'{value}' is not an application status.")
    if field == "email":
        return value.strip().lower()
    return value


def _condition(field: str, value) -> Q:
    if value is None:
        return Q(**{f"{field}__isnull": True})
    return Q(**{field: value})


def parse_filters(raw: str | dict | None) -> Q:
    """The export's `filters`: a JSON object of field → value, {"$ne": value} or {"$in": [values]}.

    Fields are an allow-list; any other field, operator or value type is a 400 that says why.
    """
    if raw in (None, ""):
        return Q()
    if isinstance(raw, str):
        if len(raw) > MAX_FILTERS_LENGTH:
            raise _bad("The filters are too long.")
        try:
            raw = json.loads(raw)
        except (ValueError, RecursionError) as exc:
            raise _bad("The filters must be a JSON object.") from exc
    if not isinstance(raw, dict):
        raise _bad("The filters must be a JSON object.")
    query = Q()
    for field, spec in raw.items():
        if field not in FILTER_FIELDS:
            raise _bad(f"Unknown filter field '{field}'. Use one of: {', '.join(FILTER_FIELDS)}.")
        if not isinstance(spec, dict):
            query &= _condition(field, _value(field, spec))
            continue
        if not spec:
            raise _bad(f"The filter on '{field}' has no operator.")
        for operator, operand in spec.items():
            if operator == "$ne":
                query &= ~_condition(field, _value(field, operand))
            elif operator == "$in":
                if not isinstance(operand, list) or len(operand) > MAX_IN_VALUES:
                    raise _bad(f"'$in' on '{field}' takes a list of at most {MAX_IN_VALUES} values.")
                values = [_value(field, v) for v in operand]
                condition = Q(**{f"{field}__in": [v for v in values if v is not None]})
                if None in values:
                    condition |= Q(**{f"{field}__isnull": True})
                query &= condition
            else:
                raise _bad(f"Unknown filter operator '{operator}'. Use one of: {', '.join(OPERATORS)}.")
    return query


# --- The CSV export --------------------------------------------------------------------

BASE_COLUMNS = (
    "email",
    "first",
    "last",
    "school",
    "status",
    "teamcode",
    "travel",
    "housing",
    "submitted_at",
)
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
# The portable path's applications per chunk: it holds one chunk's rows and their answers at a
# time, so that is its memory whatever the export's size (2,000 rows held 2,000 rows' answers:
# the whole of a small cycle's export). A chunk's answers are one indexed query, so smaller
# chunks cost a few more round trips, which on SQLite are function calls.
PORTABLE_CHUNK_ROWS = 100
# What the export hands to the response at a time: big enough that a 50,000-row export is a
# few hundred writes instead of one per line, small enough to keep memory flat.
EXPORT_CHUNK_BYTES = 64 * 1024


def export_queryset(*, cycle: Cycle, filters: Q):
    return Application.objects.filter(cycle=cycle).filter(filters)


def export_columns(*, cycle: Cycle, applications) -> list[str]:
    """The question columns: the current set's, in form order, then other answered ids."""
    ordered = Question.objects.filter(cycle=cycle).order_by("section__order", "order", "pk")
    in_set = list(ordered.values_list("question_id", flat=True))
    others = (
        Answer.objects.filter(application__in=applications.values("pk"))
        .exclude(question_id__in=in_set)
        .order_by("question_id")
        .values_list("question_id", flat=True)
        .distinct()
    )
    return in_set + list(others)


def _chunks(iterable: Iterable, size: int) -> Iterator[list]:
    iterator = iter(iterable)
    while chunk := list(islice(iterator, size)):
        yield chunk


def export_rows(*, cycle: Cycle, filters: Q, chunk_size: int = CHUNK_SIZE) -> Iterator[list[str]]:
    """The header, then one row per application with every answer, neutralised, streamed.

    The portable export (SQLite under `make run`); on PostgreSQL CsvExport uses COPY."""
    applications = export_queryset(cycle=cycle, filters=filters)
    question_ids = export_columns(cycle=cycle, applications=applications)
    # Header cells too: a question_id may start with "-" (say "-2-3"), which a spreadsheet runs.
    yield [neutralise(name) for name in (*BASE_COLUMNS, *question_ids)]
    rows = applications.order_by("email", "pk").values_list(*_APPLICATION_FIELDS).iterator(chunk_size=chunk_size)
    for chunk in _chunks(rows, chunk_size):
        answers: dict[int, dict[str, str]] = defaultdict(dict)
        for application_id, question_id, value in Answer.objects.filter(
            application_id__in=[row[0] for row in chunk]
        ).values_list("application_id", "question_id", "value"):
            answers[application_id][question_id] = value
        for pk, email, first, last, school, status, teamcode, travel, housing, submitted_at in chunk:
            own = answers.pop(pk, {})
            yield [
                neutralise_text(email),
                neutralise_text(first),
                neutralise_text(last),
                neutralise_text(school),
                neutralise_text(status),
                neutralise_text(teamcode),
                "yes" if travel else "no",
                "yes" if housing else "no",
                submitted_at.isoformat() if submitted_at else "",
                *[neutralise_text(own.get(qid)) for qid in question_ids],
            ]


class _Echo:
    """A file-like object whose write returns what it was given, for csv.writer in a stream."""

    def write(self, value: str) -> str:
        return value


def csv_lines(rows: Iterable[list[str]]) -> Iterator[str]:
    writer = csv.writer(_Echo())
    for row in rows:
        yield writer.writerow(row)


class CsvExport:
    """The export's CSV as bytes in pieces of about EXPORT_CHUNK_BYTES, the header first.

    On PostgreSQL the database pivots the answers into columns, neutralises the cells and
    writes the CSV itself (COPY ... TO STDOUT), streamed to the client as it comes; elsewhere
    (SQLite under `make run`) export_rows and Python's csv module do the same. Both give the
    bytes of Python's csv writer (apps/reports/tests/test_export_bytes.py). `rows` counts the
    applications written so far.
    """

    def __init__(self, *, cycle: Cycle, filters: Q) -> None:
        self.cycle = cycle
        self.filters = filters
        self.rows = 0

    def __iter__(self) -> Iterator[bytes]:
        if connection.vendor == "postgresql":
            return self._copy()
        return self._python()

    def _python(self) -> Iterator[bytes]:
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        rows = export_rows(cycle=self.cycle, filters=self.filters, chunk_size=PORTABLE_CHUNK_ROWS)
        writer.writerow(next(rows))
        yield _take(buffer)  # the header at once: the download starts before the first query
        for row in rows:
            writer.writerow(row)
            self.rows += 1
            if buffer.tell() >= EXPORT_CHUNK_BYTES:
                yield _take(buffer)
        if buffer.tell():
            yield _take(buffer)

    def _copy(self) -> Iterator[bytes]:
        applications = export_queryset(cycle=self.cycle, filters=self.filters)
        question_ids = export_columns(cycle=self.cycle, applications=applications)
        header = next(csv_lines([[neutralise(name) for name in (*BASE_COLUMNS, *question_ids)]]))
        yield header.encode("utf-8")  # before the database starts on the rows
        statement, params = _copy_statement(applications, question_ids)
        buffer = bytearray()
        # SET LOCAL needs a transaction, and ends with it (also behind pgbouncer).
        with transaction.atomic(), connection.cursor() as cursor:
            # The per-row subquery makes the plan look costly enough for JIT compilation,
            # which took a quarter of a second before the first row and saved nothing.
            cursor.execute("SET LOCAL jit = off")
            with cursor.cursor.copy(statement, params) as copy:
                for line in copy:  # libpq hands over one CSV line at a time
                    buffer += line
                    self.rows += 1
                    if len(buffer) >= EXPORT_CHUNK_BYTES:
                        yield _crlf(bytes(buffer))
                        buffer.clear()
        if buffer:
            yield _crlf(bytes(buffer))


def _take(buffer: io.StringIO) -> bytes:
    data = buffer.getvalue().encode("utf-8")
    buffer.seek(0)
    buffer.truncate()
    return data


def _crlf(chunk: bytes) -> bytes:
    r"""COPY ends CSV lines with \n, Python's csv writer (the export's format) with \r\n.

    Only line ends outside quotes change: a line break in an answer is inside a quoted field,
    where Python's writer leaves it too. A chunk holds whole lines, so it starts outside
    quotes, and each double quote goes in or out (a doubled "" inside a field does both)."""
    if b'"' not in chunk:
        return chunk.replace(b"\n", b"\r\n")
    parts = chunk.split(b'"')
    parts[0::2] = [part.replace(b"\n", b"\r\n") for part in parts[0::2]]
    return b'"'.join(parts)


# A text cell as neutralise() writes it: a quote before a formula-looking start. NULLIF makes
# '' a NULL, which COPY writes as an empty, unquoted cell (as Python's writer does; COPY would
# quote an empty string).
_SQL_TEXT = r"NULLIF(CASE WHEN left({0}, 1) IN ('=', '+', '-', '@', E'\t', E'\r') THEN '''' || {0} ELSE {0} END, '')"
# datetime.isoformat() of a UTC time: microseconds only when there are some.
_SQL_ISO = (
    "to_char({0} AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS') "
    "|| CASE WHEN to_char({0}, 'US') = '000000' THEN '' ELSE '.' || to_char({0}, 'US') END || '+00:00'"
)
_TEXT_COLUMNS = ("email", "first", "last", "school", "status", "teamcode")


def _copy_statement(applications, question_ids: list[str]) -> tuple[str, list]:
    """COPY of the export's rows: the filtered applications (the ORM's SQL, from parse_filters'
    grammar), each with its answers pivoted into columns by one aggregate over its own answers
    (an index lookup per application), in the export's order.

    Per application rather than one GROUP BY over every answer: the rows then come in the
    (cycle, email) index's order as they are made, so the first ones leave at once."""
    subquery, params = (
        applications.order_by()
        .values_list("id", *_TEXT_COLUMNS, *BOOLEAN_FIELDS, "submitted_at")
        .query.sql_with_params()
    )
    cells = [
        *(_SQL_TEXT.format(f"a.{name}") for name in _TEXT_COLUMNS),
        "CASE WHEN a.travel_reimbursement THEN 'yes' ELSE 'no' END",
        "CASE WHEN a.housing_accommodations THEN 'yes' ELSE 'no' END",
        _SQL_ISO.format("a.submitted_at"),
        *(_SQL_TEXT.format(f"x.q{i}") for i in range(len(question_ids))),
    ]
    answers = ""
    if question_ids:
        pivot = ", ".join(f"max(value) FILTER (WHERE question_id = %s) AS q{i}" for i in range(len(question_ids)))
        own = f"SELECT {pivot} FROM {Answer._meta.db_table} WHERE application_id = a.id"
        answers = f"LEFT JOIN LATERAL ({own}) x ON true"
    select = f"SELECT {', '.join(cells)} FROM ({subquery}) a {answers} ORDER BY a.email, a.id"
    # Parameters in the statement's order: the subquery's filters, then the pivot's ids.
    return f"COPY ({select}) TO STDOUT WITH (FORMAT csv)", [*params, *question_ids]


def export_filename(cycle: Cycle) -> str:
    return f"applications-{cycle.season}-{cycle.year}.csv"


# --- Demographics ----------------------------------------------------------------------

SURVEY_TYPES = (QuestionType.MULTISELECT, QuestionType.BOOLEAN, QuestionType.MULTIPLE_CHOICE, QuestionType.NUMERIC)
# Who each group counts. "accepted" is everyone admitted who has not declined: accepted,
# accepted from the waitlist, and those who have since confirmed (a declined applicant may
# have come from the waitlist, so declined applications are left out).
GROUPS = {
    "applied": [s for s in S.values if s not in DRAFTS],
    "accepted": [S.ACCEPTED, S.WAITLIST_ACCEPTED, S.CONFIRMED, S.CHECKED_IN],
    # A checked-in applicant confirmed first: the event's people are counted as confirmed.
    "confirmed": [S.CONFIRMED, S.CHECKED_IN],
}
BOOLEAN_ORDER = ("yes", "no")


def _numeric_key(label: str):
    try:
        return (0, Decimal(label), label)
    except InvalidOperation:
        return (1, Decimal(0), label)


def _multiselect_match(option: str) -> Q:
    """Answers holding `option` among their comma-joined values (with or without a space)."""
    q = Q(value=option) | Q(value__startswith=f"{option},") | Q(value__endswith=f",{option}")
    q |= Q(value__contains=f",{option},") | Q(value__endswith=f", {option}") | Q(value__contains=f", {option},")
    return q


def demographics(*, cycle: Cycle, group: str) -> list[dict]:
    """Counts of real answers per survey question for a group, in at most three queries: the
    questions, the GROUP BY, the multiselect aggregate.

    Single-valued questions are counted with one GROUP BY over (question, value); multiselect
    questions with one conditional COUNT per option, so an answer holding three options counts
    once for each. Labels with no answer are left out, so an empty `data` means no data.
    """
    if group not in GROUPS:
        raise ApplicationError(
            f"Unknown group '{group}'. Use one of: {', '.join(GROUPS)}.",
            errors={"group": ["Choose applied, accepted or confirmed."]},
        )
    questions = list(
        Question.objects.filter(cycle=cycle, type__in=SURVEY_TYPES).order_by("section__order", "order", "pk")
    )
    answers = Answer.objects.filter(application__cycle=cycle, application__status__in=GROUPS[group]).exclude(value="")

    single_ids = [q.question_id for q in questions if q.type != QuestionType.MULTISELECT]
    grouped: dict[str, dict[str, int]] = defaultdict(dict)
    # The anonymised answers of deleted accounts and purged data (apps.privacy) come in the same
    # query (UNION ALL), already counted per value; a multiselect's are one row per option, so
    # every question type adds them by label.
    anonymised: dict[str, dict[str, int]] = defaultdict(dict)
    if questions:
        live = answers.filter(question_id__in=single_ids).values_list("question_id", "value").annotate(n=Count("pk"))
        kept = (
            AnonymisedAnswerCount.objects.filter(
                cycle=cycle, status__in=GROUPS[group], question_id__in=[q.question_id for q in questions]
            )
            .values_list("question_id", "value")
            .annotate(n=Sum("count"))
            .annotate(anonymised=Value(True))
        )
        for question_id, value, n, is_anonymised in live.annotate(anonymised=Value(False)).union(kept, all=True):
            target = anonymised if is_anonymised else grouped
            target[question_id][value] = target[question_id].get(value, 0) + n

    multiselect = [q for q in questions if q.type == QuestionType.MULTISELECT]
    option_counts: dict[str, int] = {}
    if multiselect:
        aggregates = {
            f"m{i}_{j}": Count("pk", filter=Q(question_id=q.question_id) & _multiselect_match(str(option)))
            for i, q in enumerate(multiselect)
            for j, option in enumerate(q.options or [])
        }
        if aggregates:
            option_counts = answers.filter(question_id__in=[q.question_id for q in multiselect]).aggregate(**aggregates)

    out = []
    for q in questions:
        if q.type == QuestionType.MULTISELECT:
            i = multiselect.index(q)
            extra = anonymised.get(q.question_id, {})
            data = [
                {"label": str(option), "count": (option_counts.get(f"m{i}_{j}") or 0) + extra.get(str(option), 0)}
                for j, option in enumerate(q.options or [])
            ]
        else:
            counts = dict(grouped.get(q.question_id, {}))
            for label, n in anonymised.get(q.question_id, {}).items():
                counts[label] = counts.get(label, 0) + n
            if q.type == QuestionType.NUMERIC:
                labels = sorted(counts, key=_numeric_key)
            else:
                order = list(BOOLEAN_ORDER) if q.type == QuestionType.BOOLEAN else [str(o) for o in q.options or []]
                labels = [label for label in order if label in counts]
                labels += sorted(label for label in counts if label not in order)
            data = [{"label": label, "count": counts[label]} for label in labels]
        out.append(
            {
                "question_id": q.question_id,
                "question_text": q.text,
                "question_type": q.type,
                "data": [row for row in data if row["count"]],
            }
        )
    return out
