"""Review assignments: assigning applications to organizers in order, the reviewer's list,
the index lookup and the review status."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.applications.tests.organizer_data import make_application, other_cycle
from apps.reviews import services
from apps.reviews.models import Assignment
from conftest import make_user, signed_in_client

JSON = "application/json"


@pytest.fixture
def reviewer(db):
    """A second organizer, who reviews."""
    return make_user("linus@princeton.edu", admin=True)


@pytest.fixture
def applicants(db):
    make_application("a1@yale.edu")
    make_application("a2@yale.edu")
    make_application("a3@yale.edu", status="started")
    make_application("old@yale.edu", cycle=other_cycle())


def assign_one(client, member, applicant):
    return client.post(f"/api/applications/assign-application/{member}/{applicant}")


def assign_many(client, body):
    return client.post("/api/applications/assign-applications", body, content_type=JSON)


def assigned(client, reviewer_email):
    return client.get(f"/api/applications/assigned-applications/{reviewer_email}")


def at(client, reviewer_email, index):
    return client.get(f"/api/applications/application-index/{reviewer_email}/{index}")


def change(client, reviewer_email, applicant_email, status):
    return client.put(f"/api/applications/change-review-status/{reviewer_email}/{applicant_email}/{status}")


# --- POST assign-application/{member}/{applicantEmail} ------------------------------------


def test_assign_one_appends_in_order_and_is_idempotent(admin_client, reviewer, applicants):
    r = assign_one(admin_client, "linus@princeton.edu", "a2@yale.edu")
    assert r.status_code == 200, r.json()
    assert r.json() == {"email": "a2@yale.edu", "status": "to_review"}
    assert assign_one(admin_client, "LINUS@princeton.edu", "A1@yale.edu").status_code == 200
    assert assign_one(admin_client, "linus@princeton.edu", "a2@yale.edu").status_code == 200
    assert assigned(admin_client, "linus@princeton.edu").json() == {
        "assigned": [{"email": "a2@yale.edu", "status": "to_review"}, {"email": "a1@yale.edu", "status": "to_review"}]
    }
    assert Assignment.objects.count() == 2


def test_a_draft_cant_be_assigned(admin_client, reviewer, applicants):
    """A draft has nothing to review yet (test_draft_assignments.py has the details)."""
    assert assign_one(admin_client, "linus@princeton.edu", "a3@yale.edu").status_code == 400


@pytest.mark.parametrize(
    ("member", "applicant", "message"),
    [
        ("ada@princeton.edu", "a1@yale.edu", "No organizer or reviewer with this email."),
        ("nobody@princeton.edu", "a1@yale.edu", "No organizer or reviewer with this email."),
        ("linus@princeton.edu", "nobody@yale.edu", "No application for this email."),
        ("linus@princeton.edu", "old@yale.edu", "No application for this email."),
    ],
)
def test_assign_one_404s(admin_client, student, reviewer, applicants, member, applicant, message):
    """The member must be an organizer (a student is not) and the applicant must have an
    application this cycle."""
    r = assign_one(admin_client, member, applicant)
    assert r.status_code == 404
    assert r.json()["message"] == message
    assert not Assignment.objects.exists()


def test_assign_one_anonymous_401_student_403(client, student_client, reviewer, applicants):
    assert assign_one(client, "linus@princeton.edu", "a1@yale.edu").status_code == 401
    assert assign_one(student_client, "linus@princeton.edu", "a1@yale.edu").status_code == 403
    assert not Assignment.objects.exists()


def test_positions_are_taken_under_the_reviewers_lock(reviewer, applicants):
    """The reviewer's row is locked before the last position is read (FOR UPDATE where the
    database supports it), so simultaneous assignments queue instead of sharing a position."""
    application = make_application("a4@yale.edu")
    with CaptureQueriesContext(connection) as ctx:
        services.assign(reviewer=reviewer, application_id=application.pk)
    sql = [q["sql"] for q in ctx.captured_queries]
    lock = next(i for i, q in enumerate(sql) if '"accounts_user"' in q)
    last = next(i for i, q in enumerate(sql) if "MAX(" in q.upper())
    assert lock < last
    if connection.features.has_select_for_update:
        assert "FOR UPDATE" in sql[lock]


@pytest.mark.django_db(transaction=True)
def test_simultaneous_assignments_get_distinct_positions():
    """Eight threads, each with its own connection, really committing. On PostgreSQL the reviewer's
    row lock makes them take turns; on SQLite (no row locks) BEGIN IMMEDIATE does."""
    reviewer = make_user("linus@princeton.edu", admin=True)
    ids = [make_application(f"c{i}@yale.edu").pk for i in range(8)]
    barrier = threading.Barrier(len(ids))
    errors = []

    def run(application_id):
        try:
            barrier.wait()
            services.assign(reviewer=reviewer, application_id=application_id)
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in ids]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    positions = list(Assignment.objects.filter(reviewer=reviewer).values_list("position", flat=True))
    assert sorted(positions) == list(range(1, len(ids) + 1))


# --- POST assign-applications ---------------------------------------------------------------


def test_assign_many_gives_exact_results(admin_client, reviewer, applicants):
    assign_one(admin_client, "linus@princeton.edu", "a2@yale.edu")
    r = assign_many(
        admin_client,
        {
            "member": "linus@princeton.edu",
            "emails": "a1@yale.edu, A2@yale.edu\nnobody@yale.edu old@yale.edu broken@ a3@yale.edu a1@yale.edu",
        },
    )
    assert r.status_code == 200, r.json()
    assert r.json() == {
        "approved": ["a1@yale.edu", "a2@yale.edu"],
        "failed": [
            # Meant as an address and not one: listed, not dropped.
            {"email": "broken@", "reason": "Not a valid email address."},
            {"email": "nobody@yale.edu", "reason": "No application for this email."},
            {"email": "old@yale.edu", "reason": "No application for this email."},
            {"email": "a3@yale.edu", "reason": "Not submitted yet."},
        ],
    }
    assert [a["email"] for a in assigned(admin_client, "linus@princeton.edu").json()["assigned"]] == [
        "a2@yale.edu",
        "a1@yale.edu",
    ]


def test_assign_many_from_a_list_reports_malformed_entries(admin_client, reviewer, applicants):
    r = assign_many(admin_client, {"member": "linus@princeton.edu", "emails": ["a1@yale.edu", "a1 at yale"]})
    assert r.json() == {
        "approved": ["a1@yale.edu"],
        "failed": [{"email": "a1 at yale", "reason": "Not a valid email address."}],
    }


def test_assign_many_404_when_the_member_is_not_an_organizer(admin_client, student, applicants):
    r = assign_many(admin_client, {"member": "ada@princeton.edu", "emails": "a1@yale.edu"})
    assert r.status_code == 404
    assert not Assignment.objects.exists()


@pytest.mark.parametrize(
    "body",
    [{"emails": "a1@yale.edu"}, {"member": "linus@princeton.edu"}, {"member": "linus@princeton.edu", "emails": 5}, []],
)
def test_assign_many_400_for_malformed_requests(admin_client, reviewer, applicants, body):
    assert assign_many(admin_client, body).status_code == 400


def test_assign_many_anonymous_401_student_403(client, student_client, reviewer, applicants):
    body = {"member": "linus@princeton.edu", "emails": "a1@yale.edu"}
    assert assign_many(client, body).status_code == 401
    assert assign_many(student_client, body).status_code == 403


# --- GET assigned-applications/{reviewerEmail} ----------------------------------------------


def test_assigned_lists_only_this_reviewers_current_cycle_assignments(admin_client, organizer, reviewer, applicants):
    old = make_application("old2@yale.edu", cycle=other_cycle())
    services.assign(reviewer=reviewer, application_id=old.pk)
    assign_one(admin_client, "linus@princeton.edu", "a1@yale.edu")
    assign_one(admin_client, "grace@princeton.edu", "a2@yale.edu")
    assert assigned(admin_client, "linus@princeton.edu").json() == {
        "assigned": [{"email": "a1@yale.edu", "status": "to_review"}]
    }
    assert assigned(admin_client, "grace@princeton.edu").json() == {
        "assigned": [{"email": "a2@yale.edu", "status": "to_review"}]
    }


def test_assigned_is_empty_for_someone_without_assignments(admin_client, db):
    assert assigned(admin_client, "nobody@princeton.edu").json() == {"assigned": []}


def test_assigned_query_count_does_not_grow(admin_client, reviewer, django_assert_max_num_queries):
    for i in range(15):
        services.assign(reviewer=reviewer, application_id=make_application(f"q{i}@yale.edu").pk)
    with django_assert_max_num_queries(4):
        r = assigned(admin_client, "linus@princeton.edu")
    assert len(r.json()["assigned"]) == 15


def test_assigned_anonymous_401_student_403(client, student_client):
    assert assigned(client, "linus@princeton.edu").status_code == 401
    assert assigned(student_client, "linus@princeton.edu").status_code == 403


# --- GET application-index/{reviewerEmail}/{index} ------------------------------------------


def test_index_walks_the_list_and_says_dne_past_either_end(admin_client, reviewer, applicants):
    assign_many(admin_client, {"member": "linus@princeton.edu", "emails": "a2@yale.edu a1@yale.edu"})
    change(admin_client, "linus@princeton.edu", "a1@yale.edu", "complete")
    assert at(admin_client, "linus@princeton.edu", 0).json() == {"email": "a2@yale.edu", "status": "to_review"}
    assert at(admin_client, "linus@princeton.edu", 1).json() == {"email": "a1@yale.edu", "status": "complete"}
    for index in (2, 99, -1, 10**17):
        r = at(admin_client, "linus@princeton.edu", index)
        assert r.status_code == 200 and r.json() == {"email": "dne"}
    assert at(admin_client, "nobody@princeton.edu", 0).json() == {"email": "dne"}


def test_index_must_be_a_whole_number(admin_client, reviewer):
    assert at(admin_client, "linus@princeton.edu", "first").status_code == 404


def test_index_anonymous_401_student_403(client, student_client):
    assert at(client, "linus@princeton.edu", 0).status_code == 401
    assert at(student_client, "linus@princeton.edu", 0).status_code == 403


# --- PUT change-review-status/{reviewerEmail}/{applicantEmail}/{reviewStatus} ---------------


def test_change_review_status_both_ways(admin_client, reviewer, applicants):
    assign_one(admin_client, "linus@princeton.edu", "a1@yale.edu")
    r = change(admin_client, "linus@princeton.edu", "a1@yale.edu", "complete")
    assert r.status_code == 200, r.json()
    assert Assignment.objects.get().status == "complete"
    assert change(admin_client, "LINUS@princeton.edu", "a1@YALE.edu", "to_review").status_code == 200
    assert Assignment.objects.get().status == "to_review"


def test_change_review_status_400_for_an_unknown_status(admin_client, reviewer, applicants):
    assign_one(admin_client, "linus@princeton.edu", "a1@yale.edu")
    r = change(admin_client, "linus@princeton.edu", "a1@yale.edu", "approved")
    assert r.status_code == 400
    assert Assignment.objects.get().status == "to_review"


@pytest.mark.parametrize(
    ("reviewer_email", "applicant_email"),
    [("linus@princeton.edu", "a2@yale.edu"), ("grace@princeton.edu", "a1@yale.edu"), ("x@y.edu", "a1@yale.edu")],
)
def test_change_review_status_404_without_that_assignment(
    admin_client, reviewer, applicants, reviewer_email, applicant_email
):
    assign_one(admin_client, "linus@princeton.edu", "a1@yale.edu")
    assert change(admin_client, reviewer_email, applicant_email, "complete").status_code == 404
    assert Assignment.objects.get().status == "to_review"


def test_change_review_status_anonymous_401_student_403(client, reviewer, applicants, student):
    services.assign_one(member="linus@princeton.edu", applicant_email="a1@yale.edu")
    assert change(client, "linus@princeton.edu", "a1@yale.edu", "complete").status_code == 401
    assert change(signed_in_client(student), "linus@princeton.edu", "a1@yale.edu", "complete").status_code == 403
    assert Assignment.objects.get().status == "to_review"
