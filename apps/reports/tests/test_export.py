"""GET /api/applications/export: the filter grammar, the CSV's shape, formula neutralisation,
streaming with a bounded number of queries and flat memory."""

from __future__ import annotations

import csv
import io
import json
import tracemalloc

import pytest

from apps.accounts.models import User
from apps.applications.models import Answer, Application
from apps.applications.tests.organizer_data import make_application, other_cycle
from apps.cycles.selectors import current_cycle, question_set
from apps.reports import export as reports
from apps.reports.filters import parse_filters

HOST = "Princeton University"


def export(client, filters=None):
    params = {} if filters is None else {"filters": filters if isinstance(filters, str) else json.dumps(filters)}
    return client.get("/api/applications/export", params)


def table(response) -> list[dict]:
    assert response.status_code == 200
    assert response.streaming
    text = b"".join(response.streaming_content).decode("utf-8")
    return list(csv.DictReader(io.StringIO(text)))


@pytest.fixture
def applications(db):
    """Applications in the statuses the statistics cards filter on, at and away from the host."""
    data = [
        ("ada@princeton.edu", HOST, "submitted"),
        ("bo@princeton.edu", HOST, "started"),
        ("cy@princeton.edu", HOST, "accepted"),
        ("di@princeton.edu", HOST, "waitlist_accepted"),
        ("ed@princeton.edu", HOST, "confirmed"),
        ("fay@princeton.edu", HOST, "declined"),
        ("gus@yale.edu", "Yale University", "started"),
        ("hal@yale.edu", "Yale University", "accepted"),
        ("ivy@yale.edu", "Yale University", "confirmed"),
        ("jo@mit.edu", "Massachusetts Institute of Technology", "confirmed"),
        ("kim@mit.edu", "Massachusetts Institute of Technology", "declined"),
        ("lu@mit.edu", "Massachusetts Institute of Technology", "rejected"),
        ("max@mit.edu", "Massachusetts Institute of Technology", "waitlisted"),
    ]
    made = {}
    for email, school, status in data:
        made[email] = make_application(
            email, school=school, status=status, answers={"age": "20", "languages": "Python,Rust"}
        )
    make_application("old@princeton.edu", school=HOST, status="confirmed", cycle=other_cycle())
    return made


def emails(rows) -> list[str]:
    return sorted(row["email"] for row in rows)


# --- The statistics cards' filters -----------------------------------------------------

CARDS = [
    ("total_applications", {"status": {"$ne": "started"}}),
    ("princeton_applications", {"status": {"$ne": "started"}, "school": HOST}),
    ("total_started", {"status": "started"}),
    ("princeton_started", {"status": "started", "school": HOST}),
    ("princeton_accepted", {"status": {"$in": ["accepted", "waitlist_accepted"]}, "school": HOST}),
    ("princeton_confirmed", {"status": "confirmed", "school": HOST}),
    ("princeton_declined", {"status": "declined", "school": HOST}),
    ("non_princeton_applications", {"status": {"$ne": "started"}, "school": {"$ne": HOST}}),
    ("non_princeton_started", {"status": "started", "school": {"$ne": HOST}}),
    ("non_princeton_accepted", {"status": {"$in": ["accepted", "waitlist_accepted"]}, "school": {"$ne": HOST}}),
    ("non_princeton_confirmed", {"status": "confirmed", "school": {"$ne": HOST}}),
    ("non_princeton_declined", {"status": "declined", "school": {"$ne": HOST}}),
]


@pytest.mark.parametrize("counter, filters", CARDS, ids=[c for c, _ in CARDS])
def test_each_statistics_card_filter_exports_what_the_card_counts(admin_client, applications, counter, filters):
    """A card's CSV has exactly the applications its counter counts, all from the current cycle."""
    stats = admin_client.get("/api/applications/stats").json()
    rows = table(export(admin_client, filters))
    assert len(rows) == stats[counter]
    cycle_apps = Application.objects.filter(cycle=current_cycle())
    expected = sorted(parse_filters(filters).apply(cycle_apps).values_list("email", flat=True))
    assert emails(rows) == expected
    assert "old@princeton.edu" not in emails(rows)


def test_card_filters_select_the_right_people(admin_client, applications):
    assert emails(table(export(admin_client, {"status": "started", "school": HOST}))) == ["bo@princeton.edu"]
    accepted = {"status": {"$in": ["accepted", "waitlist_accepted"]}, "school": {"$ne": HOST}}
    assert emails(table(export(admin_client, accepted))) == ["hal@yale.edu"]
    confirmed = {"status": "confirmed", "school": {"$ne": HOST}}
    assert emails(table(export(admin_client, confirmed))) == ["ivy@yale.edu", "jo@mit.edu"]
    declined = {"status": "declined", "school": HOST}
    assert emails(table(export(admin_client, declined))) == ["fay@princeton.edu"]


# --- Every filter form -----------------------------------------------------------------


def test_no_filters_exports_every_application_of_the_cycle(admin_client, applications):
    assert len(table(export(admin_client))) == 13
    assert len(table(export(admin_client, {}))) == 13


def test_equality_ne_and_in_on_text_fields(admin_client, applications):
    assert emails(table(export(admin_client, {"email": "ADA@Princeton.edu"}))) == ["ada@princeton.edu"]
    assert len(table(export(admin_client, {"email": {"$ne": "ada@princeton.edu"}}))) == 12
    rows = table(export(admin_client, {"email": {"$in": ["ada@princeton.edu", "lu@mit.edu", "nobody@x.edu"]}}))
    assert emails(rows) == ["ada@princeton.edu", "lu@mit.edu"]
    first = applications["gus@yale.edu"].first
    assert emails(table(export(admin_client, {"first": first}))) == ["gus@yale.edu"]
    last = applications["gus@yale.edu"].last
    assert len(table(export(admin_client, {"last": {"$ne": last}}))) == 0
    assert emails(table(export(admin_client, {"school": {"$in": ["Yale University"]}}))) == [
        "gus@yale.edu",
        "hal@yale.edu",
        "ivy@yale.edu",
    ]


def test_ne_and_in_together_on_one_field(admin_client, applications):
    filters = {"status": {"$in": ["confirmed", "declined"], "$ne": "declined"}}
    assert emails(table(export(admin_client, filters))) == ["ed@princeton.edu", "ivy@yale.edu", "jo@mit.edu"]


def test_boolean_and_teamcode_filters(admin_client, applications):
    from apps.applications import status_machine

    status_machine.transition(
        application_id=applications["cy@princeton.edu"].pk, to="accepted", travel_reimbursement=True
    )
    assert emails(table(export(admin_client, {"travel_reimbursement": True}))) == ["cy@princeton.edu"]
    assert len(table(export(admin_client, {"travel_reimbursement": {"$ne": True}}))) == 12
    assert len(table(export(admin_client, {"housing_accommodations": "false"}))) == 13
    team = make_application("tia@princeton.edu", status="submitted", teamcode="1234567")
    assert emails(table(export(admin_client, {"teamcode": "1234567"}))) == [team.email]
    assert len(table(export(admin_client, {"teamcode": None}))) == 13
    assert len(table(export(admin_client, {"teamcode": {"$in": ["1234567", None]}}))) == 14
    assert emails(table(export(admin_client, {"teamcode": {"$ne": None}}))) == [team.email]


@pytest.mark.parametrize(
    "filters, words",
    [
        ({"password": "x"}, "Unknown filter field 'password'"),
        ({"user__password": "x"}, "Unknown filter field"),
        ({"status": {"$regex": "acc"}}, "Unknown filter operator '$regex'"),
        ({"status": {"$gt": "a"}}, "Unknown filter operator"),
        ({"status": {}}, "has no operator"),
        ({"status": {"$in": "accepted"}}, "takes a list"),
        ({"status": {"$in": ["accepted"] * 1001}}, "takes a list"),
        ({"status": "maybe"}, "not an application status"),
        ({"status": {"$ne": 3}}, "takes a text value"),
        ({"school": ["Yale University"]}, "takes a text value"),
        ({"school": {"$in": [{"$ne": "x"}]}}, "takes a text value"),
        ({"travel_reimbursement": "sometimes"}, "true or false"),
        ({"teamcode": 12345678}, "takes a text value"),
        ("not json", "JSON object"),
        ("[1, 2]", "JSON object"),
        ('"status"', "JSON object"),
        ("{", "JSON object"),
    ],
)
def test_refused_filters_are_400_with_a_message(admin_client, applications, filters, words):
    r = export(admin_client, filters)
    assert r.status_code == 400
    assert not r.streaming
    assert words in r.json()["message"], r.json()
    assert "filters" in r.json()["errors"]


# --- The CSV ---------------------------------------------------------------------------


def test_csv_is_an_attachment_with_a_header_and_every_answer(admin_client, db):
    application = make_application(
        "ada@princeton.edu",
        first="Ada",
        last="Lovelace",
        status="submitted",
        teamcode="7654321",
        answers={"age": "19", "languages": "Python,Rust", "why_attend": 'Because "data", commas\nand lines'},
    )
    Answer.objects.create(application=application, question_id="retired_question", value="kept")
    r = export(admin_client)
    assert r["Content-Type"].startswith("text/csv")
    assert r["Content-Disposition"].startswith("attachment; filename=") and ".csv" in r["Content-Disposition"]
    text = b"".join(r.streaming_content).decode("utf-8")
    header = next(csv.reader(io.StringIO(text)))
    questions = [q["question_id"] for section in question_set(current_cycle()) for q in section["questions"]]
    assert header == [*reports.BASE_COLUMNS, *questions, "retired_question"]
    (row,) = list(csv.DictReader(io.StringIO(text)))
    assert row["email"] == "ada@princeton.edu" and row["first"] == "Ada" and row["last"] == "Lovelace"
    assert row["school"] == HOST and row["status"] == "submitted" and row["teamcode"] == "7654321"
    assert row["travel"] == "no" and row["housing"] == "no" and row["submitted_at"].startswith("20")
    assert row["age"] == "19" and row["languages"] == "Python,Rust"
    assert row["why_attend"] == 'Because "data", commas\nand lines'
    assert row["retired_question"] == "kept" and row["major"] == ""


@pytest.mark.parametrize("dangerous", ['=HYPERLINK("http://evil")', "+1+1", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"])
def test_formula_cells_are_neutralised(admin_client, db, dangerous):
    """A cell a spreadsheet would run as a formula starts with a single quote instead."""
    make_application("eve@princeton.edu", first=dangerous, status="submitted", answers={"major": dangerous})
    (row,) = table(export(admin_client))
    assert row["first"] == "'" + dangerous
    assert row["major"] == "'" + dangerous


def test_harmless_cells_are_unchanged():
    assert reports.neutralise("Ada") == "Ada"
    assert reports.neutralise("a=b") == "a=b"
    assert reports.neutralise(None) == ""
    assert reports.neutralise(True) == "yes"


def test_export_queries_do_not_grow_with_rows(db, django_assert_max_num_queries):
    """Answers are fetched per chunk, never per row: 60 rows in chunks of 25 take a handful."""
    for i in range(60):
        make_application(f"a{i:02d}@princeton.edu", status="submitted", answers={"age": str(18 + i % 5)})
    cycle = current_cycle()
    # questions, other ids, whether anyone has RSVP answers, applications, 3 answer chunks
    with django_assert_max_num_queries(7):
        rows = list(reports.export_rows(cycle=cycle, filters=parse_filters(None), chunk_size=25))
    assert len(rows) == 61
    assert [r[0] for r in rows[1:]] == sorted(f"a{i:02d}@princeton.edu" for i in range(60))


def test_the_endpoint_is_for_organizers_only(client, student_client, applications):
    assert client.get("/api/applications/export").status_code == 401
    assert student_client.get("/api/applications/export").status_code == 403


def _bulk_applications(n: int, start: int = 0) -> None:
    cycle = current_cycle()
    users = User.objects.bulk_create([User(email=f"bulk{i}@school.edu") for i in range(start, start + n)])
    apps = Application.objects.bulk_create(
        [Application(cycle=cycle, user=u, email=u.email, first="First", last="Last", school=HOST) for u in users]
    )
    Answer.objects.bulk_create(
        [
            Answer(application=a, question_id=qid, value=value)
            for a in apps
            for qid, value in (("age", "21"), ("major", "Computer Science"), ("why_attend", "x" * 300))
        ]
    )


def _peak(chunk_size: int) -> tuple[int, int]:
    tracemalloc.start()
    try:
        count = 0
        for _line in reports.csv_lines(
            reports.export_rows(cycle=current_cycle(), filters=parse_filters(None), chunk_size=chunk_size)
        ):
            count += 1
        return tracemalloc.get_traced_memory()[1], count
    finally:
        tracemalloc.stop()


def test_memory_stays_flat_as_rows_grow(db):
    """Streaming 4x the rows takes about the same peak memory (a chunk's worth, not the file's)."""
    _bulk_applications(400)
    small_peak, small_rows = _peak(chunk_size=100)
    _bulk_applications(1200, start=400)
    large_peak, large_rows = _peak(chunk_size=100)
    assert (small_rows, large_rows) == (401, 1601)
    assert large_peak < small_peak * 1.5, (small_peak, large_peak)
