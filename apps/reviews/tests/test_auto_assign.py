"""Auto-assign: balanced, only adds, never the applicant's own application or (when asked)
their school, and safe when two organizers press it at once."""

from __future__ import annotations

import threading
from collections import Counter

import pytest
from django.db import connection

from apps.accounts.models import Role
from apps.core.tests.factories import ApplicationFactory, UserFactory
from apps.cycles.selectors import current_cycle
from apps.reviews import assigning
from apps.reviews.models import Assignment, Conflict

from .scoring_data import JSON, applicant, client_for, make_reviewer, review_url


def press(client, reviewers, n=2, avoid=False):
    return client.post(
        "/api/reviews/auto-assign",
        {"reviewers": reviewers, "per_application": n, "avoid_own_school": avoid},
        content_type=JSON,
    )


@pytest.fixture
def crew(db):
    boss = make_reviewer("boss@princeton.edu", role=Role.ADMIN)
    reviewers = [make_reviewer(f"r{i}@princeton.edu") for i in range(3)]
    apps = [applicant(f"app{i}@yale.edu") for i in range(9)]
    return {"boss": boss, "reviewers": reviewers, "apps": apps, "emails": [r.email for r in reviewers]}


@pytest.mark.django_db
def test_every_submitted_application_gets_n_balanced_reviewers_and_a_rerun_only_adds(crew):
    ApplicationFactory(user=UserFactory(email="draft@yale.edu"), status="started")
    ApplicationFactory(user=UserFactory(email="decided@yale.edu"), status="accepted")
    boss = client_for(crew["boss"])
    r = press(boss, crew["emails"], n=2)
    assert r.status_code == 200, r.json()
    assert r.json() == {
        "assigned": 18,
        "applications": 9,
        "loads": {"r0@princeton.edu": 6, "r1@princeton.edu": 6, "r2@princeton.edu": 6},
    }
    per_app = Counter(Assignment.objects.values_list("application_id", flat=True))
    assert set(per_app.values()) == {2} and len(per_app) == 9
    assert not Assignment.objects.filter(application__email__in=["draft@yale.edu", "decided@yale.edu"]).exists()
    # Again: nothing to add. After one more submission: only it.
    assert press(boss, crew["emails"], n=2).json()["assigned"] == 0
    applicant("late@yale.edu")
    again = press(boss, crew["emails"], n=2).json()
    assert again["assigned"] == 2 and again["applications"] == 1
    # Raising N adds one more each, least loaded first.
    third = press(boss, crew["emails"], n=3).json()
    assert third["assigned"] == 10
    assert sorted(third["loads"].values()) == [10, 10, 10]


@pytest.mark.django_db
def test_nobody_gets_their_own_application_nor_their_school_when_asked(crew):
    boss = client_for(crew["boss"])
    # r0 applied too (at MIT); r1 has a conflict with app0; two MIT applicants.
    own = ApplicationFactory(user=crew["reviewers"][0], school="MIT")
    mit = [applicant(f"mit{i}@mit.edu", school="MIT") for i in range(2)]
    Conflict.objects.create(reviewer=crew["reviewers"][1], application=crew["apps"][0], reason="friend")
    assert press(boss, crew["emails"], n=3, avoid=True).status_code == 200
    assert not Assignment.objects.filter(reviewer=crew["reviewers"][0], application=own).exists()
    assert not Assignment.objects.filter(reviewer=crew["reviewers"][0], application__in=mit).exists()
    assert not Assignment.objects.filter(reviewer=crew["reviewers"][1], application=crew["apps"][0]).exists()
    # Without the school rule, r0 may get the MIT applicants (but still not their own).
    Assignment.objects.all().delete()
    assert press(boss, crew["emails"], n=3, avoid=False).status_code == 200
    assert Assignment.objects.filter(reviewer=crew["reviewers"][0], application__in=mit).count() == 2
    assert not Assignment.objects.filter(reviewer=crew["reviewers"][0], application=own).exists()


@pytest.mark.django_db
def test_a_skipped_assignment_doesnt_count(crew):
    boss = client_for(crew["boss"])
    press(boss, crew["emails"][:2], n=1)
    app = crew["apps"][0]
    first = Assignment.objects.get(application=app)
    client_for(first.reviewer).post(review_url(app, "skip"), {}, content_type=JSON)
    # The skip handed it to the other reviewer; a rerun with N=1 adds nothing more.
    assert Assignment.objects.filter(application=app).count() == 2
    assert press(boss, crew["emails"], n=1).json()["assigned"] == 0


@pytest.mark.django_db
@pytest.mark.parametrize(
    "body",
    [
        {"reviewers": [], "per_application": 2},
        {"reviewers": ["r0@princeton.edu"], "per_application": 0},
        {"reviewers": ["r0@princeton.edu"], "per_application": 11},
        {"reviewers": "r0@princeton.edu", "per_application": 2},
        {"reviewers": ["ada@student.edu"], "per_application": 2},
        {"reviewers": ["nobody@princeton.edu"], "per_application": 2},
    ],
)
def test_bad_auto_assign_input_is_400(crew, body):
    UserFactory(email="ada@student.edu")
    r = client_for(crew["boss"]).post("/api/reviews/auto-assign", body, content_type=JSON)
    assert r.status_code == 400 and r.json()["message"]
    assert not Assignment.objects.exists()


@pytest.mark.django_db
def test_only_organizers_auto_assign(crew):
    r = press(client_for(crew["reviewers"][0]), crew["emails"])
    assert r.status_code == 403


@pytest.mark.django_db
def test_auto_assign_takes_a_constant_number_of_queries(crew, django_assert_max_num_queries):
    for i in range(30):
        applicant(f"more{i}@yale.edu")
    with django_assert_max_num_queries(12):
        result = assigning.auto_assign(
            cycle=current_cycle(), emails=crew["emails"], per_application=3, avoid_own_school=True
        )
    assert result["assigned"] == 39 * 3


@pytest.mark.django_db(transaction=True)
def test_two_presses_at_once_never_give_an_application_n_plus_one():
    reviewers = [make_reviewer(f"t{i}@princeton.edu").email for i in range(4)]
    for i in range(40):
        applicant(f"race{i}@yale.edu")
    cycle = current_cycle()
    barrier = threading.Barrier(2)
    results, errors = [], []

    def go():
        try:
            barrier.wait()
            results.append(
                assigning.auto_assign(cycle=cycle, emails=reviewers, per_application=2, avoid_own_school=False)
            )
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=go) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert sorted(r["assigned"] for r in results) == [0, 80]
    per_app = Counter(Assignment.objects.values_list("application_id", flat=True))
    assert len(per_app) == 40 and set(per_app.values()) == {2}


@pytest.mark.django_db
def test_the_assign_pages_count_of_applications_without_a_reviewer_is_asked_again_after_auto_assign(crew):
    """GET reviews/unassigned: the page's "N without a reviewer" read again after an
    auto-assign, so it drops to what is left (organizers only)."""
    boss = client_for(crew["boss"])
    before = boss.get("/api/reviews/unassigned")
    assert before.status_code == 200
    assert before.json() == {"emails": sorted(a.email for a in crew["apps"]), "more": False}
    assert press(boss, crew["emails"]).status_code == 200
    assert boss.get("/api/reviews/unassigned").json() == {"emails": [], "more": False}
    assert client_for(crew["reviewers"][0]).get("/api/reviews/unassigned").status_code == 403


@pytest.mark.django_db
def test_nothing_is_assigned_once_decisions_are_released(crew):
    """Reviews close at release (a score can no longer be saved): an assignment made then could
    never be done, so assigning, one by one or automatically, is refused with the reason."""
    from apps.cycles.models import Cycle, CycleStatus

    Cycle.objects.filter(pk=current_cycle().pk).update(status=CycleStatus.RELEASED)
    boss = client_for(crew["boss"])
    refused = press(boss, crew["emails"], n=1)
    assert refused.status_code == 409
    assert refused.json()["message"].startswith("Reviews are closed: decisions were released")
    one = boss.post(f"/api/applications/assign-application/r0@princeton.edu/{crew['apps'][0].email}")
    assert one.status_code == 409 and one.json()["message"] == refused.json()["message"]
    assert not Assignment.objects.exists()
