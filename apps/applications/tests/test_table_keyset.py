"""GET /api/applications/all: sorts, keyset pages (cursors), the cached count, and the
/admin/users page's state in its address (issues 10, 11 and 14)."""

from __future__ import annotations

import base64
import json
from datetime import UTC, datetime

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.applications import status_machine
from apps.applications.models import NEVER_SUBMITTED, Application
from apps.applications.table import NO_SCORE, SORT_KEYS

from .organizer_data import make_application, other_cycle

URL = "/api/applications/all"
# Session, user, current cycle, the table's version, the count (only when not cached), the page.
BUDGET = 6
PER_PAGE = 4

FIRSTS = ["Ada", "alan", "Grace", "Ada", "Linus", "Barbara", "Zoe", "ada", "Ken", "Grace", "Edsger"]
STATUSES = ["submitted", "accepted", "started", "waitlisted", "submitted", "rejected", "started"]
SCHOOLS = ["Princeton University", "Yale University", "Howard University"]


def get(client, **params):
    if "filters" in params and not isinstance(params["filters"], str):
        params["filters"] = json.dumps(params["filters"])
    params = {key: value for key, value in params.items() if value is not None}
    return client.get(URL, params)


@pytest.fixture
def people(db):
    """23 applications with repeated names, missing team codes and drafts (no submitted_at)."""
    for i in range(23):
        make_application(
            f"p{(i * 7) % 23:02d}@example.edu",
            first=FIRSTS[i % len(FIRSTS)],
            last=f"L{i % 5}",
            school=SCHOOLS[i % 3],
            status=STATUSES[i % len(STATUSES)],
            teamcode=None if i % 3 == 0 else f"{100000 + (i % 4)}",
        )
    make_application("other@example.edu", cycle=other_cycle())


def expected(sort: str, **filters) -> list[str]:
    """The emails in the order the sort promises, computed in Python from the rows."""
    column = sort.removeprefix("-")
    rows = list(Application.objects.filter(cycle__is_current=True, **filters))

    def key(row):
        if column == "score":
            return score_key(row)
        value = getattr(row, column)
        if column == "teamcode":
            value = value or ""
        elif column == "submitted_at":
            value = value or NEVER_SUBMITTED
        return (value, row.email, row.pk)

    def score_key(row):
        # The combined review score (apps.reviews), NO_SCORE before any review.
        summary = getattr(row, "review_summary", None)
        value = summary.score if summary is not None and summary.score is not None else NO_SCORE
        return (value, row.email, row.pk)

    # The database's collation decides text order: ask it for the key column's order once,
    # so the check is about ties, NULLs, direction and paging rather than about collation.
    if column in ("first", "last", "school", "status", "email"):
        ranked = list(
            Application.objects.filter(cycle__is_current=True)
            .order_by(column)
            .values_list(column, flat=True)
            .distinct()
        )
        rank = {value: i for i, value in enumerate(ranked)}
        rows.sort(key=lambda row: (rank[getattr(row, column)], row.email, row.pk), reverse=sort.startswith("-"))
    else:
        rows.sort(key=key, reverse=sort.startswith("-"))
    return [row.email for row in rows]


def emails(response) -> list[str]:
    assert response.status_code == 200, response.json()
    return [row["email"] for row in response.json()["applications"]]


ALL_SORTS = [sort for column in SORT_KEYS for sort in (column, f"-{column}")]


@pytest.mark.parametrize("sort", ALL_SORTS)
def test_every_sort_orders_the_whole_table_with_email_breaking_ties(admin_client, people, sort):
    body = get(admin_client, sort=sort, per_page=100).json()
    assert [row["email"] for row in body["applications"]] == expected(sort)
    assert body["total"] == 23


@pytest.mark.parametrize("sort", ALL_SORTS)
def test_next_cursors_walk_every_row_once_in_order_as_page_numbers_do(admin_client, people, sort):
    """Following `next` from page 1 gives the same pages as asking each page by number."""
    walked, by_number = [], []
    cursor = None
    for page in range(1, 7):
        r = get(admin_client, sort=sort, per_page=PER_PAGE, page=page, after=cursor)
        walked.append(emails(r))
        cursor = r.json()["next"]
        by_number.append(emails(get(admin_client, sort=sort, per_page=PER_PAGE, page=page)))
    assert cursor is None  # page 6 of 6 is the last
    assert walked == by_number
    assert sum(walked, []) == expected(sort)


@pytest.mark.parametrize("sort", ["email", "-submitted_at", "teamcode", "-first"])
def test_previous_cursors_walk_back_from_the_last_page(admin_client, people, sort):
    last = get(admin_client, sort=sort, per_page=PER_PAGE, page=6)
    assert last.json()["page"] == 6 and last.json()["pages"] == 6 and last.json()["next"] is None
    pages = [emails(last)]
    cursor = last.json()["previous"]
    for page in range(5, 0, -1):
        r = get(admin_client, sort=sort, per_page=PER_PAGE, page=page, before=cursor)
        pages.insert(0, emails(r))
        cursor = r.json()["previous"]
    assert cursor is None
    assert [len(p) for p in pages] == [4, 4, 4, 4, 4, 3]
    assert sum(pages, []) == expected(sort)


def test_filters_and_sort_combine_with_cursors(admin_client, people):
    filters = {"school": "university", "status": "submitted"}
    order = expected("-first", status="submitted")
    assert len(order) > 2
    first = get(admin_client, sort="-first", per_page=2, filters=filters)
    second = get(admin_client, sort="-first", per_page=2, page=2, filters=filters, after=first.json()["next"])
    assert emails(first) + emails(second) == order[:4]
    assert first.json()["total"] == len(order)


def test_a_jump_to_a_middle_page_without_a_cursor_is_still_that_page(admin_client, people):
    """A shared link or typed number: counted from whichever end is nearer, same rows."""
    order = expected("last")
    for page in (2, 3, 4, 5):
        assert (
            emails(get(admin_client, sort="last", per_page=PER_PAGE, page=page))
            == order[(page - 1) * PER_PAGE : page * PER_PAGE]
        )


def test_next_after_new_rows_arrived_neither_repeats_nor_skips(admin_client, people):
    """Rows added before the boundary don't push the page on screen's rows onto the next page."""
    first = get(admin_client, per_page=PER_PAGE)
    make_application("a0000@example.edu")  # sorts first
    second = get(admin_client, per_page=PER_PAGE, page=2, after=first.json()["next"])
    assert not set(emails(first)) & set(emails(second))
    assert emails(second) == expected("email")[PER_PAGE + 1 : 2 * PER_PAGE + 1]


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"sort": "nickname"}, "sort"),
        ({"sort": "-"}, "sort"),
        ({"sort": "email,first"}, "sort"),
        ({"after": "not-a-cursor", "page": 2}, "after"),
        ({"before": "e30", "page": 2}, "before"),  # "{}"
        ({"after": "W10", "page": 2}, "after"),  # "[]"
        ({"after": "x" * 5000, "page": 2}, "after"),
    ],
)
def test_malformed_sort_or_cursor_is_400_with_the_field(admin_client, people, params, field):
    r = get(admin_client, **params)
    assert r.status_code == 400, r.content
    assert r.json()["message"] and field in r.json()["errors"]


def test_a_cursor_of_another_sort_or_with_wrong_types_is_400(admin_client, people):
    cursor = get(admin_client, per_page=PER_PAGE).json()["next"]
    r = get(admin_client, sort="-email", page=2, after=cursor)
    assert r.status_code == 400 and "after" in r.json()["errors"]
    submitted = get(admin_client, sort="submitted_at", per_page=PER_PAGE).json()["next"]
    assert get(admin_client, sort="submitted_at", page=2, after=submitted).status_code == 200
    for values in (["2026-01-01T00:00:00", "a@b.c", 1], [1, "a@b.c", 1], ["2026-01-01T00:00:00Z", "a@b.c", "1"]):
        forged = json.dumps(["submitted_at_key,email,id", values]).encode()
        token = base64.urlsafe_b64encode(forged).decode().rstrip("=")
        r = get(admin_client, sort="submitted_at", page=2, after=token)
        assert r.status_code == 400, values
    both = get(admin_client, page=2, after=cursor, before=cursor)
    assert both.status_code == 400


def test_drafts_and_teamless_rows_are_never_lost_between_pages(admin_client, people):
    """NULL team codes and submission times sort by NULL-free keys: every row is on a page."""
    for sort in ("teamcode", "-teamcode", "submitted_at", "-submitted_at"):
        seen, cursor = [], None
        for page in range(1, 7):
            r = get(admin_client, sort=sort, per_page=PER_PAGE, page=page, after=cursor)
            seen += emails(r)
            cursor = r.json()["next"]
        assert sorted(seen) == sorted(expected("email")), sort


# --- Queries: a constant number, no OFFSET on the common paths, the count cached ------------


def captured(client, **params) -> tuple[list[str], dict]:
    with CaptureQueriesContext(connection) as ctx:
        r = client.get(URL, {k: v for k, v in params.items() if v is not None})
    assert r.status_code == 200, r.json()
    return [q["sql"] for q in ctx.captured_queries], r.json()


def test_first_next_previous_and_last_pages_cost_the_same_constant_queries_without_offset(
    admin_client, people, django_assert_max_num_queries
):
    sql, first = captured(admin_client, per_page=PER_PAGE)
    assert len(sql) <= BUDGET
    sizes = {}
    _, second = captured(admin_client, per_page=PER_PAGE, page=2, after=first["next"])
    for name, params in {
        "next": {"page": 3, "after": second["next"]},
        "previous": {"page": 1, "before": second["previous"]},
        "last": {"page": 6},
        "back from the last": {"page": 5, "before": captured(admin_client, per_page=PER_PAGE, page=6)[1]["previous"]},
    }.items():
        with django_assert_max_num_queries(BUDGET - 1):  # the count comes from the cache
            sql, _ = captured(admin_client, per_page=PER_PAGE, **params)
        sizes[name] = len(sql)
        assert not any("OFFSET" in q.upper() for q in sql), (name, sql)
        assert not any("COUNT(" in q.upper() for q in sql), (name, sql)
    assert len(set(sizes.values())) == 1, sizes


def test_a_deep_page_costs_no_more_queries_than_the_first(admin_client, people):
    """A jump by number: the first one under a filter set, sort and page size reads every
    page's first row once (one query more); every jump after it costs what page 1 costs and
    walks past no row (no OFFSET), while it lands on the same rows OFFSET would."""
    filters = json.dumps({"school": "Yale"})
    cache.clear()
    first, _ = captured(admin_client, per_page=2, sort="-score", filters=filters)
    cache.clear()
    deep, _ = captured(admin_client, per_page=2, page=3, sort="-score", filters=filters)
    assert len(deep) <= len(first) + 1 <= BUDGET + 1
    matching = [e for e in expected("-score") if Application.objects.get(email=e).school == "Yale University"]
    assert len(matching) >= 8
    for page in (2, 3, 4, 3):
        sql, body = captured(admin_client, per_page=2, page=page, sort="-score", filters=filters)
        assert [row["email"] for row in body["applications"]] == matching[(page - 1) * 2 : page * 2]
        assert len(sql) <= len(first) - 1, sql  # the count is cached too
        assert not any("OFFSET" in q.upper() or "ROW_NUMBER" in q.upper() for q in sql), sql


def test_the_count_is_cached_until_an_application_changes(admin_client, people):
    filters = json.dumps({"status": "submitted"})
    sql, body = captured(admin_client, filters=filters)
    assert any("COUNT(" in q.upper() for q in sql)
    before = body["total"]
    sql, body = captured(admin_client, filters=filters, sort="-first")
    assert not any("COUNT(" in q.upper() for q in sql) and body["total"] == before

    # A decision changes the table: the next answer counts again and is exact.
    application = Application.objects.filter(status="submitted").first()
    status_machine.transition(application_id=application.pk, to="accepted")
    sql, body = captured(admin_client, filters=filters)
    assert any("COUNT(" in q.upper() for q in sql)
    assert body["total"] == before - 1

    # So does a new application (created in bulk by a submit's upsert, with its updated_at).
    make_application("new-one@example.edu")
    assert captured(admin_client, filters=filters)[1]["total"] == before


def test_counts_are_kept_per_filter_set(admin_client, people):
    assert get(admin_client, filters={"status": "started"}).json()["total"] == 6
    assert get(admin_client, filters={"status": "submitted"}).json()["total"] == 7
    assert get(admin_client, filters={"status": "started"}).json()["total"] == 6
    assert get(admin_client).json()["total"] == 23


# --- The /admin/users page: the table's state from its address ------------------------------


def test_the_page_renders_the_sorted_page_its_address_names(admin_client, people):
    r = admin_client.get("/admin/users?sort=-first&page=2&school=university")
    props = r.context["page_props"]
    assert props["initialState"] == {
        "filters": {
            "first": "",
            "last": "",
            "email": "",
            "school": "university",
            "status": "",
            "teamcode": "",
            "reviews_min": "",
            "selection": "",
            "host": "",
        },
        "sort": "-first",
        "page": 2,
    }
    assert [row["email"] for row in props["initialPage"]["applications"]] == expected("-first")[20:40]
    assert props["decisions"] == [
        {"value": "accepted", "label": "Accepted"},
        {"value": "waitlisted", "label": "Waitlisted"},
        {"value": "rejected", "label": "Rejected"},
        {"value": "waitlist_accepted", "label": "Waitlist accepted"},
    ]


@pytest.mark.parametrize("query", ["sort=bogus", "page=zero", "page=0", "status=bogus"])
def test_the_page_with_a_bad_address_leaves_the_table_to_the_island(admin_client, people, query):
    r = admin_client.get(f"/admin/users?{query}")
    assert r.status_code == 200
    assert r.context["page_props"]["initialPage"] is None


def test_submitted_at_is_the_submission_time(admin_client, db):
    application = make_application("ada@princeton.edu")
    row = get(admin_client).json()["applications"][0]
    assert datetime.fromisoformat(row["submitted_at"].replace("Z", "+00:00")) == application.submitted_at
    assert application.submitted_at > datetime(2020, 1, 1, tzinfo=UTC)


def test_a_deleted_application_leaves_the_count_at_once(admin_client, people):
    """A deletion moves no `updated_at` (the newest row may be another): the rows' own version
    is replaced, so the total after an account's deletion is exact."""
    filters = json.dumps({"status": "started"})
    before = captured(admin_client, filters=filters)[1]["total"]
    assert not any("COUNT(" in q.upper() for q in captured(admin_client, filters=filters)[0])
    oldest = Application.objects.filter(status="started").order_by("updated_at").first()
    oldest.delete()
    sql, body = captured(admin_client, filters=filters)
    assert body["total"] == before - 1 and any("COUNT(" in q.upper() for q in sql)


def test_a_count_that_reads_the_cycle_is_cached_under_the_cycles_version(admin_client, people):
    """ "released" reads the cycle's status: cached like any other count until a cycle row
    changes, then counted again."""
    from apps.cycles.models import CycleStatus

    released = json.dumps({"selection": "released"})
    assert captured(admin_client, filters=released)[1]["total"] == 0
    sql, body = captured(admin_client, filters=released)
    assert body["total"] == 0 and not any("COUNT(" in q.upper() for q in sql)
    application = Application.objects.filter(status="submitted").first()
    status_machine.transition(application_id=application.pk, to="accepted")
    type(application.cycle).objects.filter(pk=application.cycle_id).update(status=CycleStatus.RELEASED)
    sql, body = captured(admin_client, filters=released)
    assert body["total"] > 0 and any("COUNT(" in q.upper() for q in sql)


def test_a_count_that_reads_another_table_follows_it(admin_client, people):
    """Scores and the cycle's status move no application's `updated_at`: a selection that
    reads them ("reviewed", "released") is counted afresh, not served from the cache."""
    from apps.cycles.models import CycleStatus

    application = Application.objects.filter(status="submitted").first()
    status_machine.transition(application_id=application.pk, to="accepted")
    released = json.dumps({"selection": "released"})
    assert get(admin_client, filters=released).json()["total"] == 0
    decided = Application.objects.filter(cycle=application.cycle).exclude(
        status__in=("unsubmitted", "started", "submitted")
    )
    decided = decided.count()
    # The cycle's row changes, not an application's.
    type(application.cycle).objects.filter(pk=application.cycle_id).update(status=CycleStatus.RELEASED)
    assert get(admin_client, filters=released).json()["total"] == decided > 0
