"""The CSV export of applications (GET /api/applications/export, `export_applications`).

It streams in pieces of about 64 KB: on PostgreSQL the database writes the CSV itself (COPY),
elsewhere applications come through a server-side cursor in chunks, each chunk's answers in one
query; memory stays flat however many rows there are. Which applications: the one filter
language (apps/applications/filters.py; the export's JSON grammar is translated into it by
filters.py here).
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from collections.abc import Iterable, Iterator
from itertools import islice

from django.db import connection, transaction
from django.utils.text import slugify

from apps.applications.filters import BOOLEAN_FIELDS, Filters
from apps.applications.models import Answer, Application, RsvpAnswers, answer_text
from apps.core.csv_cells import neutralise, neutralise_text
from apps.cycles.models import Cycle, Question
from apps.cycles.selectors import rsvp_question_set

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


# The base columns' names for people (the `headers=text` export): what the table calls them.
BASE_LABELS = {
    "email": "Email",
    "first": "First name",
    "last": "Last name",
    "school": "School",
    "status": "Status",
    "teamcode": "Team code",
    "travel": "Travel reimbursement",
    "housing": "Housing",
    "submitted_at": "Submitted at",
}


# An RSVP column's key: its question_id after this prefix, so that an organizer's RSVP question
# can't be mistaken for an application question of the same id.
RSVP_PREFIX = "rsvp:"


def header(
    *, cycle: Cycle, question_ids: list[str], labelled: bool = False, rsvp_ids: tuple[str, ...] | list[str] = ()
) -> list[str]:
    """The header row: the columns' keys (what scripts and `export_applications` read), or
    (`labelled`) their names for people, each question by its text in the cycle's set (an
    answer to a question no longer in it keeps its id), then the RSVP columns. Neutralised
    either way: a key or a text may start with "-", which a spreadsheet runs."""
    if not labelled:
        return [neutralise(name) for name in (*BASE_COLUMNS, *question_ids, *(RSVP_PREFIX + q for q in rsvp_ids))]
    texts = dict(Question.objects.filter(cycle=cycle, question_id__in=question_ids).values_list("question_id", "text"))
    names = [BASE_LABELS[name] for name in BASE_COLUMNS] + [" ".join(texts.get(q, q).split()) for q in question_ids]
    if rsvp_ids:
        rsvp_texts = {q["question_id"]: q["question_text"] for s in rsvp_question_set(cycle) for q in s["questions"]}
        names += ["RSVP: " + " ".join(rsvp_texts.get(q, q).split()) for q in rsvp_ids]
    return [neutralise(name) for name in names]


def rsvp_columns(*, cycle: Cycle, applications) -> list[str]:
    """The RSVP columns: the cycle's RSVP set, in form order, once any exported application has
    RSVP answers. Before the first confirmation the export keeps the shape it always had, so
    nothing reading it sees empty columns appear."""
    if not RsvpAnswers.objects.filter(application__in=applications.values("pk")).exists():
        return []
    return [q["question_id"] for s in rsvp_question_set(cycle) for q in s["questions"]]


def export_queryset(*, cycle: Cycle, filters: Filters):
    return filters.apply(Application.objects.filter(cycle=cycle))


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


def export_rows(
    *, cycle: Cycle, filters: Filters, chunk_size: int = CHUNK_SIZE, labelled: bool = False
) -> Iterator[list[str]]:
    """The header, then one row per application with every answer, neutralised, streamed.

    The portable export (SQLite under `make run`); on PostgreSQL CsvExport uses COPY."""
    applications = export_queryset(cycle=cycle, filters=filters)
    question_ids = export_columns(cycle=cycle, applications=applications)
    rsvp_ids = rsvp_columns(cycle=cycle, applications=applications)
    yield header(cycle=cycle, question_ids=question_ids, labelled=labelled, rsvp_ids=rsvp_ids)
    rows = applications.order_by("email", "pk").values_list(*_APPLICATION_FIELDS).iterator(chunk_size=chunk_size)
    for chunk in _chunks(rows, chunk_size):
        answers: dict[int, dict[str, str]] = defaultdict(dict)
        ids = [row[0] for row in chunk]
        for application_id, question_id, value, detail in Answer.objects.filter(application_id__in=ids).values_list(
            "application_id", "question_id", "value", "detail"
        ):
            answers[application_id][question_id] = answer_text(value, detail)
        rsvps = (
            dict(RsvpAnswers.objects.filter(application_id__in=ids).values_list("application_id", "answers"))
            if rsvp_ids
            else {}
        )
        for pk, email, first, last, school, status, teamcode, travel, housing, submitted_at in chunk:
            own = answers.pop(pk, {})
            rsvp = rsvps.get(pk) or {}
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
                *[neutralise_text(_rsvp_text(rsvp.get(qid))) for qid in rsvp_ids],
            ]


def _rsvp_text(value) -> str | None:
    return value if isinstance(value, str) else None


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

    def __init__(self, *, cycle: Cycle, filters: Filters, labelled: bool = False) -> None:
        self.cycle = cycle
        self.filters = filters
        self.labelled = labelled
        self.rows = 0

    def __iter__(self) -> Iterator[bytes]:
        if connection.vendor == "postgresql":
            return self._copy()
        return self._python()

    def _python(self) -> Iterator[bytes]:
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        rows = export_rows(
            cycle=self.cycle, filters=self.filters, chunk_size=PORTABLE_CHUNK_ROWS, labelled=self.labelled
        )
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
        rsvp_ids = rsvp_columns(cycle=self.cycle, applications=applications)
        first = next(
            csv_lines([header(cycle=self.cycle, question_ids=question_ids, labelled=self.labelled, rsvp_ids=rsvp_ids)])
        )
        yield first.encode("utf-8")  # before the database starts on the rows
        statement, params = _copy_statement(applications, question_ids, rsvp_ids)
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


def _copy_statement(
    applications, question_ids: list[str], rsvp_ids: list[str] | tuple[str, ...] = ()
) -> tuple[str, list]:
    """COPY of the export's rows: the filtered applications (the ORM's SQL, from the one filter
    language), each with its answers pivoted into columns by one aggregate over its own answers
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
        *(_SQL_TEXT.format(f"r.r{i}") for i in range(len(rsvp_ids))),
    ]
    answers = ""
    if question_ids:
        # An answer with the applicant's own words reads "Other (their words)", as answer_text() writes it.
        cell = "CASE WHEN detail <> '' THEN value || ' (' || detail || ')' ELSE value END"
        pivot = ", ".join(f"max({cell}) FILTER (WHERE question_id = %s) AS q{i}" for i in range(len(question_ids)))
        own = f"SELECT {pivot} FROM {Answer._meta.db_table} WHERE application_id = a.id"
        answers = f"LEFT JOIN LATERAL ({own}) x ON true"
    if rsvp_ids:
        # A text answer comes out as text (->>); anything else stored there (never written by
        # the RSVP service) is left out, as the portable path leaves it out.
        picks = ", ".join(
            f"CASE WHEN jsonb_typeof(answers::jsonb -> %s) = 'string' THEN answers::jsonb ->> %s END AS r{i}"
            for i in range(len(rsvp_ids))
        )
        rsvp_table = RsvpAnswers._meta.db_table
        answers += f" LEFT JOIN LATERAL (SELECT {picks} FROM {rsvp_table} WHERE application_id = a.id) r ON true"
    select = f"SELECT {', '.join(cells)} FROM ({subquery}) a {answers} ORDER BY a.email, a.id"
    # Parameters in the statement's order: the subquery's filters, the pivot's ids, then each
    # RSVP id twice (its type test and its value).
    rsvp_params = [qid for qid in rsvp_ids for _ in range(2)]
    return f"COPY ({select}) TO STDOUT WITH (FORMAT csv)", [*params, *question_ids, *rsvp_params]


def export_filename(cycle: Cycle, name: str = "") -> str:
    """`applications-fall-2026.csv`, or named after what it holds (`name`, a card's title:
    `submitted-applications-all-schools-fall-2026.csv`)."""
    stem = slugify(name)[:MAX_NAME] or "applications"
    return f"{stem}-{cycle.season}-{cycle.year}.csv"


MAX_NAME = 80
