"""The admin home: each funnel number is the table's total under the stage's own query string,
the to-dos count what they say, and the answer's query count doesn't grow with the cycle."""

from __future__ import annotations

import datetime
import json
from urllib.parse import parse_qsl

import pytest
from django.utils import timezone

from apps.accounts.models import Role
from apps.applications import selections, status_machine
from apps.applications.models import ApplicationEvent
from apps.applications.models import ApplicationStatus as S
from apps.cockpit import home
from apps.core.tests.factories import ApplicationFactory, UserFactory
from apps.core.tests.plans import per_row_subplans, postgres_only
from apps.cycles.models import Cycle, CycleStatus
from apps.cycles.selectors import current_cycle
from apps.mailings.models import Delivery, Mailing
from apps.reviews.models import AdmissionPlan, RankingState, Review, ReviewScore, ReviewStatus
from apps.reviews.ranking import refresh_summaries
from apps.reviews.rubric import criteria_of
from apps.reviews.services import assign

pytestmark = pytest.mark.django_db

SEED = {
    S.STARTED: 2,
    S.SUBMITTED: 4,
    S.WAITLISTED: 2,
    S.WAITLIST_CONFIRMED: 1,
    S.ACCEPTED: 2,
    S.CONFIRMED: 3,
    S.REJECTED: 2,
    S.DECLINED: 1,
    S.CHECKED_IN: 2,
}


def seed(scale: int = 1) -> dict:
    reviewer = UserFactory(role=Role.REVIEWER)
    criteria = criteria_of(current_cycle())
    made = {status: [] for status in SEED}
    n = 0
    for status, count in SEED.items():
        for _ in range(count * scale):
            n += 1
            application = ApplicationFactory(status=status)
            made[status].append(application)
            if status != S.STARTED and n % 2 == 0:
                assign(reviewer=reviewer, application_id=application.pk)
                review = Review.objects.create(reviewer=reviewer, application=application, outcome="scored")
                ReviewScore.objects.bulk_create([ReviewScore(review=review, criterion=c, value=5) for c in criteria])
                application.assignments.update(status=ReviewStatus.COMPLETE)
    refresh_summaries(current_cycle())
    return made


def release():
    Cycle.objects.filter(is_current=True).update(status=CycleStatus.RELEASED)


def table_total(client, query: str) -> int:
    """The table's total under `query`, read where the link lands (the /admin/users page's
    first paint) and from the API the page then calls (its filters as one JSON object)."""
    page = client.get(f"/admin/users?{query}").context["page_props"]["initialPage"]["total"]
    r = client.get("/api/applications/all", {"filters": json.dumps(dict(parse_qsl(query))), "per_page": 1})
    assert r.status_code == 200, r.json()
    assert r.json()["total"] == page
    return page


def test_each_funnel_number_is_the_tables_total_under_its_link(admin_client):
    seed()
    release()
    body = admin_client.get("/api/admin/home").json()
    stages = [*body["funnel"], *body["beside"]]
    assert [s["key"] for s in body["funnel"]] == [
        "started",
        "submitted",
        "reviewed",
        "decided",
        "released",
        "confirmed",
        "checked_in",
    ]
    assert [s["key"] for s in body["beside"]] == ["declined", "waitlist"]
    filters = dict(selections.choices())
    for stage in stages:
        assert stage["href"] == f"/admin/users?{stage['query']}"
        assert stage["count"] == table_total(admin_client, stage["query"]), stage["key"]
        # Named as the table's filter it opens: the first stage once said "Started" for every
        # application, where the table's "Started" means drafts.
        assert stage["label"] == str(filters[stage["selection"]]), stage["key"]
    assert [s["label"] for s in body["funnel"]][0] == "Registered"
    by_key = {s["key"]: s["count"] for s in stages}
    # The seed's own numbers: the funnel narrows stage by stage.
    assert by_key["started"] == sum(SEED.values())
    assert by_key["submitted"] == sum(SEED.values()) - SEED[S.STARTED]
    assert by_key["decided"] == by_key["released"] == by_key["submitted"] - SEED[S.SUBMITTED]
    assert by_key["confirmed"] == SEED[S.CONFIRMED] + SEED[S.CHECKED_IN]
    assert by_key["checked_in"] == SEED[S.CHECKED_IN]
    assert by_key["declined"] == SEED[S.DECLINED]
    assert by_key["waitlist"] == SEED[S.WAITLISTED] + SEED[S.WAITLIST_CONFIRMED]
    assert 0 < by_key["reviewed"] < by_key["submitted"]


def test_released_counts_nothing_until_the_cycle_releases(admin_client):
    seed()
    before = {s["key"]: s["count"] for s in admin_client.get("/api/admin/home").json()["funnel"]}
    assert before["decided"] > 0 and before["released"] == 0
    assert table_total(admin_client, home.table_query("released")) == 0


def test_registered_counts_verified_applicant_accounts_and_those_who_never_started(admin_client):
    ApplicationFactory(status=S.SUBMITTED)
    UserFactory()  # never started
    UserFactory(verified=False)  # never verified: not registered
    UserFactory(role=Role.REVIEWER)  # staff: not an applicant
    registered = admin_client.get("/api/admin/home").json()["registered"]
    # The organizer signed in is staff too.
    assert registered["count"] == 2
    assert registered["never_started"] == 1
    assert registered["never_started"] == selections.never_started_accounts(current_cycle()).count()


def test_the_todos_count_what_they_name(admin_client, organizer):
    made = seed()
    todos = {t["key"]: t for t in admin_client.get("/api/admin/home").json()["todos"]}
    submitted = made[S.SUBMITTED]
    assigned = {a.pk for a in submitted if a.assignments.exists()}
    assert todos["unassigned"]["count"] == len(submitted) - len(assigned)
    assert todos["unassigned"]["href"] == "/admin/assignapps"
    # Every assignment of the seed was reviewed: nothing is waiting for its reviewer.
    assert todos["unreviewed"]["count"] == 0
    assign(reviewer=organizer, application_id=submitted[0].pk)
    # Decided and not released: every decision's email is still to go.
    decided = sum(SEED[s] for s in (S.ACCEPTED, S.WAITLISTED, S.REJECTED))
    todos = {t["key"]: t for t in admin_client.get("/api/admin/home").json()["todos"]}
    assert todos["unreviewed"]["count"] == 1
    assert todos["unreleased"]["count"] == decided
    assert todos["mail_failed"]["count"] == todos["mail_stuck"]["count"] == 0
    assert todos["ranking_stale"]["count"] == 0 and todos["ranking_stale"]["done"]
    assert todos["spots_freed"]["count"] == 0


def test_mail_failing_or_stuck_is_a_todo(admin_client, organizer):
    now = timezone.now()
    mailing = Mailing.objects.create(subject="Hi", audience="confirmed", markdown="x", send_at=now, status="sending")
    Delivery.objects.create(mailing=mailing, email="a@x.edu", state=Delivery.State.FAILED)
    stuck = Delivery.objects.create(mailing=mailing, email="b@x.edu")
    Delivery.objects.filter(pk=stuck.pk).update(created_at=now - datetime.timedelta(hours=1))
    Mailing.objects.filter(pk=mailing.pk).update(send_at=now - datetime.timedelta(hours=1))
    Delivery.objects.create(mailing=mailing, email="c@x.edu")  # just recorded: not stuck
    todos = {t["key"]: t for t in admin_client.get("/api/admin/home").json()["todos"]}
    assert todos["mail_failed"]["count"] == 1
    assert todos["mail_stuck"]["count"] == 1
    assert not todos["mail_stuck"]["done"]


def test_a_stale_ranking_is_a_todo_once_reviews_are_closed(admin_client):
    cycle = current_cycle()
    now = timezone.now()
    RankingState.objects.create(cycle=cycle, changed_at=now, refreshed_at=now - datetime.timedelta(minutes=1))
    todos = {t["key"]: t for t in admin_client.get("/api/admin/home").json()["todos"]}
    assert todos["ranking_stale"]["count"] == 0  # still open for reviews: not yet a to-do
    Cycle.objects.filter(pk=cycle.pk).update(status=CycleStatus.CLOSED)
    todos = {t["key"]: t for t in admin_client.get("/api/admin/home").json()["todos"]}
    assert todos["ranking_stale"]["count"] == 1


def test_spots_freed_since_the_last_fill(admin_client):
    Cycle.objects.filter(is_current=True).update(status=CycleStatus.CLOSED)
    early = ApplicationFactory(status=S.DECLINED)
    confirmed = ApplicationFactory(status=S.CONFIRMED)
    plan = AdmissionPlan.objects.create(cycle=current_cycle(), capacity=10, attendance_rate=0.5)
    AdmissionPlan.objects.filter(pk=plan.pk).update(updated_at=timezone.now() - datetime.timedelta(hours=1))
    ApplicationEvent.objects.filter(application=early).update(at=timezone.now() - datetime.timedelta(hours=2))
    release()
    status_machine.transition(application_id=confirmed.pk, to=S.DECLINED)
    todos = {t["key"]: t for t in admin_client.get("/api/admin/home").json()["todos"]}
    assert todos["spots_freed"]["count"] == 1


def test_status_and_next_deadline():
    cycle = current_cycle()
    cycle.due = datetime.date(2030, 5, 20)
    cycle.confirmation_first_deadline = datetime.date(2030, 5, 25)
    now = datetime.datetime(2030, 5, 19, 12, tzinfo=datetime.UTC)
    assert home.next_deadline(cycle, now) == {
        "name": "due",
        "label": "Applications close",
        "date": "2030-05-20",
        "at": "2030-05-20T00:00:00+00:00",
    }
    later = datetime.datetime(2030, 5, 20, 0, 0, 1, tzinfo=datetime.UTC)
    assert home.next_deadline(cycle, later)["name"] == "confirmation_first_deadline"
    assert home.next_deadline(cycle, datetime.datetime(2100, 1, 1, tzinfo=datetime.UTC)) is None


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        (CycleStatus.NOT_OPEN, "due"),
        (CycleStatus.OPEN, "due"),
        # A release closes the applications at once: the panel no longer counts down to it.
        (CycleStatus.CLOSED, "confirmation_first_deadline"),
        (CycleStatus.RELEASED, "confirmation_first_deadline"),
        (CycleStatus.CONFIRMATION_CLOSED, "waitlist_deadline"),
        (CycleStatus.WAITLIST_CLOSED, "confirmation_second_deadline"),
        (CycleStatus.SECOND_CONFIRMATION_CLOSED, "start"),
    ],
)
def test_a_date_whose_window_the_status_already_closed_is_not_next(status, expected):
    cycle = current_cycle()
    cycle.status = status
    now = datetime.datetime.combine(cycle.due, datetime.time(0), tzinfo=datetime.UTC) - datetime.timedelta(days=1)
    assert home.next_deadline(cycle, now)["name"] == expected


def test_the_admin_panel_after_a_release_names_the_next_open_window(admin_client):
    cycle = current_cycle()
    cycle.due = timezone.localdate() + datetime.timedelta(days=20)
    cycle.confirmation_first_deadline = cycle.due + datetime.timedelta(days=5)
    cycle.waitlist_deadline = cycle.due + datetime.timedelta(days=6)
    cycle.confirmation_second_deadline = cycle.due + datetime.timedelta(days=7)
    cycle.start = cycle.due + datetime.timedelta(days=10)
    cycle.end = cycle.due + datetime.timedelta(days=11)
    cycle.status = CycleStatus.RELEASED
    cycle.save()
    body = admin_client.get("/api/admin/home").json()
    assert body["next_deadline"]["name"] == "confirmation_first_deadline"
    assert body["next_deadline"]["label"] == "First confirmation deadline"


def test_the_cycle_is_named_with_its_status(admin_client):
    body = admin_client.get("/api/admin/home").json()
    assert body["cycle"]["status"] == current_cycle().status
    assert body["cycle"]["status_label"] == CycleStatus(current_cycle().status).label


def test_the_query_count_does_not_grow_with_the_cycle(admin_client, django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    seed()
    admin_client.get("/api/admin/home")  # warm the session and the current cycle
    with CaptureQueriesContext(connection) as small:
        assert admin_client.get("/api/admin/home").status_code == 200
    seed(scale=3)
    AdmissionPlan.objects.create(cycle=current_cycle(), capacity=10, attendance_rate=0.5)
    with CaptureQueriesContext(connection) as large:
        assert admin_client.get("/api/admin/home").status_code == 200
    # The plan's presence adds its one count; nothing else may grow.
    assert len(large.captured_queries) <= len(small.captured_queries) + 1
    assert len(large.captured_queries) <= 14


def test_organizers_only(client, student_client):
    assert client.get("/api/admin/home").status_code == 401
    assert student_client.get("/api/admin/home").status_code == 403


def test_the_admin_panel_brings_the_numbers_the_api_answers(admin_client, django_assert_max_num_queries):
    """/admin draws the cycle's numbers from its props (no request after the page, no layout
    shift): the same document `GET /api/admin/home` answers, in a bounded number of queries."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from apps.core.tests.test_pages import page_props

    seed()
    AdmissionPlan.objects.create(cycle=current_cycle(), capacity=10, attendance_rate=0.5)
    admin_client.get("/admin")  # warm the session and the current cycle
    with CaptureQueriesContext(connection) as api_queries:
        api = admin_client.get("/api/admin/home").json()
    # The home's own queries and the capacity panel's plan: the panel's counts come from the
    # home's statement, one pass over the cycle's applications for both.
    with django_assert_max_num_queries(len(api_queries) + 1), CaptureQueriesContext(connection) as queries:
        page = admin_client.get("/admin")
    counting = 'SELECT COUNT("applications_application"."id") FILTER'
    by_selection = [q["sql"] for q in queries if q["sql"].startswith(counting)]
    assert len(by_selection) == 1
    props = page_props(page, "admin")
    assert props["home"]["todos"] and props["home"]["funnel"][1]["count"] > 0
    assert {**props["home"], "now": None} == {**api, "now": None}
    # The "Spots filled" panel below the numbers, as GET reviews/capacity answers it.
    assert props["capacity"]["capacity"] == 10
    assert props["capacity"] == admin_client.get("/api/reviews/capacity").json()
    assert [card["href"] for card in props["cards"]][:2] == ["/admin/users", "/admin/stats"]


def test_the_admin_panel_is_for_organizers(client, student_client):
    assert client.get("/admin")["Location"].startswith("/login")
    assert student_client.get("/admin")["Location"] == "/dashboard"


@postgres_only
def test_the_home_takes_no_subquery_per_application(admin_client):
    """Every number of the panel is read by scans and joins, none by a subquery run once per
    application: at 50,000 applications the reviewing counts' EXISTS per row cost ~50 ms, and
    the release's count a key pattern per decided application (57 s after a release)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    seed()
    release()
    with CaptureQueriesContext(connection) as queries:
        home.admin_home(current_cycle())
    assert per_row_subplans(queries) == []
