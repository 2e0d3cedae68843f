"""GET /api/applications/all: the organizers' applications table."""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts.models import User
from apps.applications.models import Application
from apps.cycles.selectors import current_cycle

from .organizer_data import make_application, other_cycle

URL = "/api/applications/all"
ROW_KEYS = {"email", "first", "last", "school", "teamcode", "status", "submitted_at", "score", "reviews"}
# Session, user, current cycle, the table's version, count (when not cached), page: the same
# at every page and table size.
TABLE_QUERY_BUDGET = 6


def get(client, **params):
    if "filters" in params and not isinstance(params["filters"], str):
        params["filters"] = json.dumps(params["filters"])
    return client.get(URL, params)


def bulk_applications(count: int, *, prefix: str = "bulk") -> None:
    """Many applications at once (their status is the model default, as drafts are)."""
    cycle = current_cycle()
    users = User.objects.bulk_create([User(email=f"{prefix}{i:05d}@college.edu", password="!") for i in range(count)])
    Application.objects.bulk_create(
        [
            Application(
                cycle=cycle, user=u, email=u.email, first=f"First{i}", last=f"Last{i}", school="Yale University"
            )
            for i, u in enumerate(users)
        ]
    )


@pytest.fixture
def table(db):
    """Five applications in the current cycle and one in another cycle."""
    make_application(
        "ada@princeton.edu", first="Ada", last="Lovelace", school="Princeton University", teamcode="123456"
    )
    make_application(
        "alan@mit.edu",
        first="Alan",
        last="Turing",
        school="Massachusetts Institute of Technology",
        status="accepted",
        teamcode="123456",
    )
    make_application("grace.hopper@yale.edu", first="Grace", last="Hopper", school="Yale University", status="started")
    make_application(
        "katherine@howard.edu",
        first="Katherine",
        last="Johnson",
        school="Howard University",
        status="waitlisted",
        teamcode="1234567",
    )
    make_application("barbara@mit.edu", first="Barbara", last="Liskov", school="Massachusetts Institute of Technology")
    make_application("old@princeton.edu", first="Ada", cycle=other_cycle())


def emails(response) -> list[str]:
    return [row["email"] for row in response.json()["applications"]]


def test_anonymous_gets_401(client, db):
    assert get(client).status_code == 401


def test_student_gets_403(student_client):
    assert get(student_client).status_code == 403


def test_first_page_lists_current_cycle_sorted_by_email(admin_client, table):
    r = get(admin_client)
    assert r.status_code == 200, r.json()
    body = r.json()
    assert body["total"] == 5 and body["pages"] == 1 and body["page"] == 1
    assert emails(r) == [
        "ada@princeton.edu",
        "alan@mit.edu",
        "barbara@mit.edu",
        "grace.hopper@yale.edu",
        "katherine@howard.edu",
    ]
    assert set(body["applications"][0]) == ROW_KEYS
    assert body["applications"][0]["submitted_at"]  # submitted through the status machine
    alan = body["applications"][1]
    assert alan.pop("submitted_at") is None  # decided straight from a draft in this data
    assert alan == {
        "email": "alan@mit.edu",
        "first": "Alan",
        "last": "Turing",
        "school": "Massachusetts Institute of Technology",
        "teamcode": "123456",
        "status": "accepted",
        "score": None,
        "reviews": 0,
    }


def test_pages_of_per_page_rows_never_overlap(admin_client, table):
    seen = []
    for page in (1, 2, 3):
        r = get(admin_client, page=page, per_page=2)
        assert r.status_code == 200
        assert r.json()["pages"] == 3 and r.json()["total"] == 5 and r.json()["page"] == page
        seen += emails(r)
    assert seen == sorted(seen) and len(set(seen)) == 5


def test_default_page_size_is_20(admin_client, db):
    bulk_applications(25)
    r = get(admin_client)
    assert len(r.json()["applications"]) == 20
    assert r.json()["pages"] == 2 and r.json()["total"] == 25
    assert len(get(admin_client, page=2).json()["applications"]) == 5


def test_a_page_past_the_end_is_empty_but_counts_stay(admin_client, table):
    r = get(admin_client, page=9)
    assert r.status_code == 200
    assert r.json() == {"applications": [], "total": 5, "pages": 1, "page": 9, "next": None, "previous": None}


def test_empty_table_has_one_empty_page(admin_client, db):
    assert get(admin_client).json() == {
        "applications": [],
        "total": 0,
        "pages": 1,
        "page": 1,
        "next": None,
        "previous": None,
    }


@pytest.mark.parametrize(
    ("filters", "expected"),
    [
        ({"first": "ADA"}, ["ada@princeton.edu"]),
        (
            {"first": "a"},
            ["ada@princeton.edu", "alan@mit.edu", "barbara@mit.edu", "grace.hopper@yale.edu", "katherine@howard.edu"],
        ),
        ({"last": "ov"}, ["ada@princeton.edu", "barbara@mit.edu"]),
        ({"email": "MIT.EDU"}, ["alan@mit.edu", "barbara@mit.edu"]),
        ({"email": "grace.hop"}, ["grace.hopper@yale.edu"]),
        ({"school": "institute of"}, ["alan@mit.edu", "barbara@mit.edu"]),
        ({"status": "submitted"}, ["ada@princeton.edu", "barbara@mit.edu"]),
        ({"status": "accepted"}, ["alan@mit.edu"]),
        ({"teamcode": "123456"}, ["ada@princeton.edu", "alan@mit.edu"]),
        ({"teamcode": "1234567"}, ["katherine@howard.edu"]),
        ({"teamcode": 123456}, ["ada@princeton.edu", "alan@mit.edu"]),
        ({"teamcode": "12345"}, []),
        ({"school": "institute", "status": "submitted"}, ["barbara@mit.edu"]),
        (
            {"first": "", "last": None, "status": ""},
            ["ada@princeton.edu", "alan@mit.edu", "barbara@mit.edu", "grace.hopper@yale.edu", "katherine@howard.edu"],
        ),
        ({"first": "  ada  "}, ["ada@princeton.edu"]),
        ({"first": "%"}, []),
        ({"first": "_"}, []),
    ],
)
def test_filters(admin_client, table, filters, expected):
    """Text filters are case-insensitive substrings (with % and _ taken literally); status and
    team code are exact; empty values don't filter; filters combine."""
    r = get(admin_client, filters=filters)
    assert r.status_code == 200, r.json()
    assert emails(r) == expected
    assert r.json()["total"] == len(expected)


@pytest.mark.parametrize(
    ("filters", "expected"),
    [
        ({"last": "lopez"}, ["maria@umontreal.ca"]),
        ({"first": "MARIA"}, ["maria@umontreal.ca"]),
        ({"first": "maría"}, ["maria@umontreal.ca"]),
        ({"school": "universite de montreal"}, ["maria@umontreal.ca"]),
        ({"school": "sao paulo"}, ["joao@usp.br"]),
        ({"last": "lópez"}, ["maria@umontreal.ca"]),
        ({"last": "lopes"}, []),
    ],
)
def test_text_filters_find_names_typed_without_their_accents(admin_client, db, filters, expected):
    """An organizer types "Lopez" for López and "Universite de Montreal" for the school as it
    is stored: the filters compare folded text (apps.core.text.fold), as the door's search does."""
    make_application("maria@umontreal.ca", first="María", last="López", school="Université de Montréal")
    make_application("joao@usp.br", first="João", last="Gonçalves", school="Universidade de São Paulo")
    r = get(admin_client, filters=filters)
    assert r.status_code == 200, r.json()
    assert emails(r) == expected


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"filters": "{not json"}, "filters"),
        ({"filters": "[1, 2]"}, "filters"),
        ({"filters": '"ada"'}, "filters"),
        ({"filters": '{"nickname": "x"}'}, "nickname"),
        ({"filters": '{"status": "approved"}'}, "status"),
        ({"filters": '{"first": 3}'}, "first"),
        ({"filters": '{"first": ["a"]}'}, "first"),
        ({"filters": '{"first": "a\\u0000b"}'}, "first"),
        ({"filters": json.dumps({"school": "x" * 300})}, "school"),
        ({"filters": "[" * 5000 + "]" * 5000}, "filters"),
        ({"page": "0"}, "page"),
        ({"page": "-1"}, "page"),
        ({"page": "two"}, "page"),
        ({"page": "1.5"}, "page"),
        ({"page": "9" * 40}, "page"),
        ({"per_page": "0"}, "per_page"),
        ({"per_page": "101"}, "per_page"),
        ({"per_page": "ten"}, "per_page"),
    ],
)
def test_malformed_parameters_are_400_with_the_field(admin_client, table, params, field):
    r = get(admin_client, **params)
    assert r.status_code == 400, r.content
    assert r.json()["message"]
    assert field in r.json()["errors"]


def test_per_page_100_is_allowed(admin_client, table):
    assert get(admin_client, per_page=100).status_code == 200


@pytest.mark.parametrize("table_size", [10, 60])
@pytest.mark.parametrize("per_page", [5, 50])
def test_query_count_does_not_grow(admin_client, django_assert_max_num_queries, table_size, per_page):
    """Three queries for the table (version, count and page) whatever the page or table size."""
    bulk_applications(table_size)
    with django_assert_max_num_queries(TABLE_QUERY_BUDGET):
        r = get(admin_client, per_page=per_page, filters={"school": "yale"})
    assert r.status_code == 200
    assert len(r.json()["applications"]) == min(per_page, table_size)


def test_query_count_is_identical_across_sizes(admin_client, db):
    """The same number of queries for tables of 10 and 60 rows, pages of 5 and 50."""
    counts = {}
    bulk_applications(10, prefix="a")
    for table_size, added in ((10, 0), (60, 50)):
        bulk_applications(added, prefix="b")
        for per_page in (5, 50):
            cache.clear()  # each measured cold: the count is counted, not read from the cache
            with CaptureQueriesContext(connection) as ctx:
                r = get(admin_client, per_page=per_page, page=1)
            assert r.json()["total"] == table_size
            counts[(table_size, per_page)] = len(ctx.captured_queries)
    assert len(set(counts.values())) == 1, counts
    assert counts[(60, 50)] <= TABLE_QUERY_BUDGET
