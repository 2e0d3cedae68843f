"""The export streamed through PostgreSQL's COPY (and the portable path) writes exactly the
bytes the export wrote before, line by line through Python's csv module (legacy_export.py):
formula-looking cells, quotes, commas, line breaks, non-ASCII, empty and missing answers,
answers to retired questions, every filter form. And it streams: 64 KB pieces, the header
first, flat memory."""

from __future__ import annotations

import datetime
import json
import random
import tracemalloc

import pytest
from django.db import connection

from apps.accounts.models import User
from apps.applications.models import Answer, Application
from apps.applications.tests.organizer_data import make_application
from apps.cycles.selectors import current_cycle
from apps.reports import export as reports
from apps.reports.filters import parse_filters
from apps.reports.tests import legacy_export

TRICKY = [
    "",
    "plain",
    "=1+1",
    "+33 6 12 34 56 78",
    "-minus",
    "@handle",
    "\tTabbed",
    "\rCarriage",
    " =space first",
    'Say "hi"',
    '"',
    '""',
    "comma, separated",
    "two\nlines",
    "crlf\r\ninside",
    "ends with newline\n",
    "\\.",
    "\\",
    "Zoë Ünal — 日本語 🚀",
    "'already quoted",
    "a=b",
    "x" * 3000,
]
FILTERS = [
    None,
    {"status": {"$ne": "started"}},
    {"status": {"$in": ["accepted", "confirmed"]}},
    {"school": "Yale University", "status": {"$ne": "rejected"}},
    {"teamcode": {"$in": ["-765432", None]}},
    {"teamcode": {"$ne": None}},
    {"travel_reimbursement": True},
    {"email": {"$in": ["nobody@nowhere.edu"]}},
]


@pytest.fixture
def mixed(db):
    """A few applications through the status machine, and several hundred in bulk with every
    tricky value in every text column and answer."""
    rng = random.Random(14)
    make_application("=ada@princeton.edu", status="accepted", first="=Ada", last="+Plus", answers={"age": "19"})
    make_application("bo@yale.edu", status="confirmed", school="Yale University", teamcode="-765432")
    make_application("cy@princeton.edu", status="started", answers={"major": 'He said "no"\nthen "yes"'})
    cycle = current_cycle()
    users = User.objects.bulk_create([User(email=f"bulk{i:04d}@school.edu") for i in range(600)])
    start = datetime.datetime(2026, 3, 1, 12, 0, tzinfo=datetime.UTC)
    applications = Application.objects.bulk_create(
        [
            Application(
                cycle=cycle,
                user=user,
                email=user.email,
                first=rng.choice(TRICKY)[:100],
                last=rng.choice(TRICKY)[:100],
                school=rng.choice(["Yale University", "Princeton University", "Université Laval", ""]),
                status=rng.choice(["started", "submitted", "accepted", "confirmed", "rejected"]),
                teamcode=rng.choice([None, "1234567", "-765432", "@team"]),
                travel_reimbursement=rng.random() < 0.3,
                housing_accommodations=rng.random() < 0.3,
                submitted_at=rng.choice(
                    [None, start, start + datetime.timedelta(seconds=rng.randint(1, 10**6), microseconds=1)]
                    + [start + datetime.timedelta(microseconds=rng.randint(1, 999_999))]
                ),
            )
            for user in users
        ]
    )
    question_ids = ["age", "major", "why_attend", "languages", "links", "gender", "retired_one", "-2-3"]
    Answer.objects.bulk_create(
        [
            Answer(application=application, question_id=question_id, value=rng.choice(TRICKY))
            for application in applications
            for question_id in question_ids
            if rng.random() < 0.85
        ]
    )


def legacy_bytes(filters) -> bytes:
    rows = legacy_export.export_rows(cycle=current_cycle(), filters=parse_filters(filters))
    return "".join(legacy_export.csv_lines(rows)).encode("utf-8")


def new_bytes(filters, *, path: str = "") -> bytes:
    export = reports.CsvExport(cycle=current_cycle(), filters=parse_filters(filters))
    chunks = getattr(export, path)() if path else iter(export)
    return b"".join(chunks)


@pytest.mark.parametrize("filters", FILTERS, ids=[json.dumps(f) for f in FILTERS])
def test_the_export_writes_the_same_bytes_as_before(mixed, filters):
    before = legacy_bytes(filters)
    assert before.count(b"\r\n") > 1 or filters  # the dataset does reach the export
    assert new_bytes(filters) == before
    assert new_bytes(filters, path="_python") == before  # the portable path (SQLite) as well


def test_postgresql_streams_through_copy(mixed):
    if connection.vendor != "postgresql":
        pytest.skip("COPY is PostgreSQL's")
    statement, _params = reports._copy_statement(
        reports.export_queryset(cycle=current_cycle(), filters=parse_filters(None)), ["age"]
    )
    assert statement.startswith("COPY (")
    assert new_bytes(None, path="_copy") == legacy_bytes(None)


def test_line_ends_are_right_at_every_chunk_size(mixed, monkeypatch):
    """Pieces cut after any line: quotes and line breaks inside answers never confuse the
    conversion of COPY's line ends."""
    before = legacy_bytes(None)
    for size in (1, 100, 4096):
        monkeypatch.setattr(reports, "EXPORT_CHUNK_BYTES", size)
        assert new_bytes(None) == before


def test_the_header_comes_first_and_pieces_are_about_64_kb(mixed):
    export = reports.CsvExport(cycle=current_cycle(), filters=parse_filters(None))
    pieces = list(export)
    assert pieces[0].startswith(b"email,first,last,school,status,teamcode,travel,housing,submitted_at,")
    assert pieces[0].endswith(b"\r\n") and pieces[0].count(b"\r\n") == 1  # the header alone
    body = pieces[1:]
    assert len(body) >= 2
    assert all(reports.EXPORT_CHUNK_BYTES <= len(p) < reports.EXPORT_CHUNK_BYTES + 40_000 for p in body[:-1])
    assert export.rows == 603


def test_the_endpoint_streams_it(mixed, admin_client):
    response = admin_client.get("/api/applications/export", {"filters": json.dumps({"status": {"$ne": "started"}})})
    assert b"".join(response.streaming_content) == legacy_bytes({"status": {"$ne": "started"}})


def _bulk(n: int, start: int) -> None:
    cycle = current_cycle()
    users = User.objects.bulk_create([User(email=f"flat{i:05d}@school.edu") for i in range(start, start + n)])
    applications = Application.objects.bulk_create(
        [Application(cycle=cycle, user=u, email=u.email, first="First", last="=Last") for u in users]
    )
    Answer.objects.bulk_create(
        [Answer(application=a, question_id=q, value="x" * 300) for a in applications for q in ("age", "major")]
    )


def _peak() -> tuple[int, int]:
    tracemalloc.start()
    try:
        export = reports.CsvExport(cycle=current_cycle(), filters=parse_filters(None))
        size = sum(len(piece) for piece in export)
        return tracemalloc.get_traced_memory()[1], size
    finally:
        tracemalloc.stop()


def test_memory_stays_flat_as_rows_grow(db):
    """4x the rows, about the same peak: a piece's worth, not the file's."""
    _bulk(500, 0)
    small_peak, small_size = _peak()
    _bulk(1500, 500)
    large_peak, large_size = _peak()
    assert large_size > 3.5 * small_size
    assert large_peak < max(small_peak * 1.5, 2 * reports.EXPORT_CHUNK_BYTES + 200_000), (small_peak, large_peak)
