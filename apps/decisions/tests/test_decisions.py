"""The decision endpoints: POST confirm / confirm-waitlist / decline and GET/POST status/{email}.

Each success and each refusal of the contract, the wrong role and the anonymous caller, the
history of every decision, and two simultaneous changes under real transactions.
"""

from __future__ import annotations

import itertools
import threading
import time
from urllib.parse import quote

import pytest
from django.db import connection

from apps.applications import status_machine as sm
from apps.applications.models import Application, ApplicationEvent
from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.test_status_machine import make_application, set_cycle
from apps.core.exceptions import ApplicationError
from apps.cycles.models import CycleStatus as C
from apps.cycles.services import cycle_make_current
from apps.travel.tests.helpers import budget
from conftest import PortalClient, make_user

pytestmark = pytest.mark.django_db

JSON = "application/json"
ENDPOINTS = {"confirm": "confirm", "confirm_waitlist": "confirm-waitlist", "decline": "decline"}


def post(client, url, data=None):
    return client.post(url, data if data is not None else {}, content_type=JSON)


# --- applicant answers -------------------------------------------------------------------

# (action, application status, cycle status, resulting status), one per window of the contract.
ALLOWED = [
    ("confirm", S.ACCEPTED, C.RELEASED, S.CONFIRMED),
    ("confirm", S.WAITLIST_ACCEPTED, C.RELEASED, S.CONFIRMED),
    ("confirm", S.WAITLIST_ACCEPTED, C.CONFIRMATION_CLOSED, S.CONFIRMED),
    ("confirm", S.WAITLIST_ACCEPTED, C.WAITLIST_CLOSED, S.CONFIRMED),
    ("confirm_waitlist", S.WAITLISTED, C.RELEASED, S.WAITLIST_CONFIRMED),
    ("confirm_waitlist", S.WAITLISTED, C.CONFIRMATION_CLOSED, S.WAITLIST_CONFIRMED),
    ("decline", S.ACCEPTED, C.RELEASED, S.DECLINED),
    ("decline", S.WAITLIST_ACCEPTED, C.RELEASED, S.DECLINED),
    ("decline", S.WAITLIST_ACCEPTED, C.CONFIRMATION_CLOSED, S.DECLINED),
    ("decline", S.WAITLIST_ACCEPTED, C.WAITLIST_CLOSED, S.DECLINED),
    ("decline", S.WAITLISTED, C.RELEASED, S.DECLINED),
    ("decline", S.WAITLISTED, C.CONFIRMATION_CLOSED, S.DECLINED),
]

# Refused: just outside each window (the cycle moved on, or not released yet), and statuses
# that never had the offer.
REFUSED = [
    ("confirm", S.ACCEPTED, C.CLOSED),
    ("confirm", S.ACCEPTED, C.CONFIRMATION_CLOSED),
    ("confirm", S.ACCEPTED, C.WAITLIST_CLOSED),
    ("confirm", S.WAITLIST_ACCEPTED, C.SECOND_CONFIRMATION_CLOSED),
    ("confirm", S.WAITLIST_ACCEPTED, C.CLOSED),
    ("confirm", S.WAITLISTED, C.RELEASED),
    ("confirm", S.SUBMITTED, C.RELEASED),
    ("confirm", S.REJECTED, C.RELEASED),
    ("confirm", S.CONFIRMED, C.RELEASED),
    ("confirm", S.DECLINED, C.RELEASED),
    ("confirm_waitlist", S.WAITLISTED, C.OPEN),
    ("confirm_waitlist", S.WAITLISTED, C.WAITLIST_CLOSED),
    ("confirm_waitlist", S.WAITLISTED, C.SECOND_CONFIRMATION_CLOSED),
    ("confirm_waitlist", S.WAITLIST_CONFIRMED, C.RELEASED),
    ("confirm_waitlist", S.ACCEPTED, C.RELEASED),
    ("confirm_waitlist", S.STARTED, C.RELEASED),
    ("decline", S.ACCEPTED, C.CONFIRMATION_CLOSED),
    ("decline", S.ACCEPTED, C.NOT_OPEN),
    ("decline", S.WAITLIST_ACCEPTED, C.SECOND_CONFIRMATION_CLOSED),
    ("decline", S.WAITLISTED, C.WAITLIST_CLOSED),
    ("decline", S.CONFIRMED, C.RELEASED),
    ("decline", S.WAITLIST_CONFIRMED, C.RELEASED),
    ("decline", S.DECLINED, C.RELEASED),
    ("decline", S.REJECTED, C.RELEASED),
    ("decline", S.SUBMITTED, C.RELEASED),
]


@pytest.mark.parametrize(("action", "status", "cycle_status", "result"), ALLOWED)
def test_applicant_answer_inside_its_window(student, student_client, action, status, cycle_status, result):
    application = make_application(student, status, travel=True, housing=True)
    set_cycle(cycle_status)
    r = post(student_client, f"/api/applications/{ENDPOINTS[action]}")
    assert r.status_code == 200, r.json()
    assert r.json() == {
        "status": result,
        "travel_reimbursement": True,
        "housing_accommodations": True,
        "teamcode": None,
    }
    application.refresh_from_db()
    assert application.status == result
    event = application.events.first()
    assert (event.field, event.from_value, event.to_value, event.actor) == ("status", status, result, student)


@pytest.mark.parametrize(("action", "status", "cycle_status"), REFUSED)
def test_applicant_answer_outside_its_window_is_a_409(student, student_client, action, status, cycle_status):
    application = make_application(student, status)
    set_cycle(cycle_status)
    r = post(student_client, f"/api/applications/{ENDPOINTS[action]}")
    assert r.status_code == 409, r.json()
    assert r.json()["message"]
    application.refresh_from_db()
    assert application.status == status


@pytest.mark.parametrize("action", sorted(ENDPOINTS))
def test_applicant_answer_without_an_application_is_a_409(student_client, action):
    set_cycle(C.RELEASED)
    r = post(student_client, f"/api/applications/{ENDPOINTS[action]}")
    assert r.status_code == 409, r.json()
    assert not Application.objects.exists()


def test_an_answer_acts_on_the_current_cycle_only(student, student_client):
    """An acceptance from an earlier cycle can't be confirmed once a new cycle is current."""
    old = make_application(student, S.ACCEPTED)
    set_cycle(C.RELEASED)
    cycle_make_current(season="spring" if old.cycle.season == "fall" else "fall", year=old.cycle.year + 1)
    set_cycle(C.RELEASED)
    r = post(student_client, "/api/applications/confirm")
    assert r.status_code == 409, r.json()
    old.refresh_from_db()
    assert old.status == S.ACCEPTED


def test_confirming_twice_is_refused_the_second_time(student, student_client):
    make_application(student, S.ACCEPTED)
    set_cycle(C.RELEASED)
    assert post(student_client, "/api/applications/confirm").status_code == 200
    r = post(student_client, "/api/applications/confirm")
    assert r.status_code == 409, r.json()


def test_an_applicant_answer_only_touches_their_own_application(student, student_client):
    other = make_application(status=S.ACCEPTED)
    mine = make_application(student, S.ACCEPTED)
    set_cycle(C.RELEASED)
    assert post(student_client, "/api/applications/decline").status_code == 200
    other.refresh_from_db()
    mine.refresh_from_db()
    assert (mine.status, other.status) == (S.DECLINED, S.ACCEPTED)


@pytest.mark.parametrize("endpoint", sorted(ENDPOINTS.values()))
def test_applicant_answers_need_sign_in(client, endpoint):
    r = post(client, f"/api/applications/{endpoint}")
    assert r.status_code == 401, r.json()


@pytest.mark.parametrize("endpoint", sorted(ENDPOINTS.values()))
def test_applicant_answers_need_the_csrf_token(student, endpoint):
    make_application(student, S.ACCEPTED)
    set_cycle(C.RELEASED)
    c = PortalClient(enforce_csrf_checks=True)
    c.force_login(student)
    r = post(c, f"/api/applications/{endpoint}")
    assert r.status_code == 403, r.json()


@pytest.mark.parametrize("endpoint", sorted(ENDPOINTS.values()))
def test_applicant_answers_ignore_any_body(student, student_client, endpoint):
    """A body is not read, so junk in it can't cause a 500."""
    make_application(student, S.WAITLISTED)
    set_cycle(C.RELEASED)
    r = student_client.post(f"/api/applications/{endpoint}", "{not json", content_type=JSON)
    assert r.status_code in (200, 400, 409)


# --- GET / POST status/{email} -----------------------------------------------------------


def test_admin_reads_the_real_decision_even_before_release(admin_client, student):
    make_application(student, S.ACCEPTED, travel=True)
    set_cycle(C.CLOSED)
    r = admin_client.get(f"/api/applications/status/{quote(student.email)}")
    assert r.status_code == 200, r.json()
    assert r.json() == {"status": "accepted", "travel_reimbursement": True, "housing_accommodations": False}


def test_admin_status_lookup_is_case_insensitive_and_url_decoded(admin_client):
    user = make_user("o.brien+hack@princeton.edu")
    make_application(user, S.WAITLISTED)
    r = admin_client.get(f"/api/applications/status/{quote('O.Brien+Hack@Princeton.EDU', safe='')}")
    assert r.status_code == 200, r.json()
    assert r.json()["status"] == "waitlisted"


def test_admin_status_of_an_unknown_email_is_a_404(admin_client):
    assert admin_client.get("/api/applications/status/nobody%40princeton.edu").status_code == 404
    r = post(admin_client, "/api/applications/status/nobody%40princeton.edu", {"status": "accepted"})
    assert r.status_code == 404, r.json()


@pytest.mark.parametrize("decision", list(sm.DECISIONS))
def test_admin_records_each_decision_with_travel_and_housing(admin_client, organizer, student, decision):
    """Travel reimbursement goes with an offer of a place (a grant: test_decision_travel.py);
    every decision records housing and a travel answer."""
    budget("1000")
    application = make_application(student, S.SUBMITTED)
    travel = decision in sm.OFFERS
    r = post(
        admin_client,
        f"/api/applications/status/{quote(student.email)}",
        {"status": decision, "travel_reimbursement": travel, "housing_accommodations": True},
    )
    assert r.status_code == 200, r.json()
    assert r.json() == {"status": decision, "travel_reimbursement": travel, "housing_accommodations": True}
    application.refresh_from_db()
    assert (application.status, application.travel_reimbursement, application.housing_accommodations) == (
        decision,
        travel,
        True,
    )
    fields = set(
        ApplicationEvent.objects.filter(application=application, actor=organizer).values_list("field", flat=True)
    )
    assert fields == ({"status"} if decision != S.SUBMITTED else set()) | {"housing_accommodations"} | (
        {"travel_reimbursement"} if travel else set()
    )


def test_every_decision_is_in_the_history(admin_client, organizer, student):
    """Who, when, from and to, for each change, in order."""
    budget("1000")
    application = make_application(student, S.SUBMITTED)
    url = f"/api/applications/status/{quote(student.email)}"
    for body in (
        {"status": "accepted", "travel_reimbursement": True},
        {"status": "waitlisted"},
        {"status": "waitlist_accepted", "housing_accommodations": True},
        {"status": "submitted"},
    ):
        assert post(admin_client, url, body).status_code == 200
    history = list(
        ApplicationEvent.objects.filter(application=application, actor=organizer)
        .order_by("pk")
        .values_list("field", "from_value", "to_value")
    )
    assert history == [
        ("status", "submitted", "accepted"),
        ("travel_reimbursement", "False", "True"),
        ("status", "accepted", "waitlisted"),
        ("status", "waitlisted", "waitlist_accepted"),
        ("housing_accommodations", "False", "True"),
        ("status", "waitlist_accepted", "submitted"),
    ]
    assert all(e.at for e in application.events.all())


def test_a_batch_style_decision_sends_only_status(admin_client, student):
    application = make_application(student, S.ACCEPTED, travel=True, housing=True)
    r = post(admin_client, f"/api/applications/status/{quote(student.email)}", {"status": "rejected"})
    assert r.status_code == 200, r.json()
    application.refresh_from_db()
    assert (application.status, application.travel_reimbursement, application.housing_accommodations) == (
        S.REJECTED,
        True,
        True,
    )


@pytest.mark.parametrize(
    "body",
    [
        {"status": "confirmed"},
        {"status": "declined"},
        {"status": "started"},
        {"status": "unsubmitted"},
        {"status": "waitlist_confirmed"},
        {"status": "bogus"},
        {"status": ""},
        {"status": ["accepted"]},
        {"status": 7},
        {"status": "x" * 100_000},
        {},
        {"status": "accepted", "travel_reimbursement": "maybe"},
        {"status": "accepted", "housing_accommodations": {"a": 1}},
    ],
)
def test_admin_decision_with_another_status_or_bad_shape_is_a_400(admin_client, student, body):
    application = make_application(student, S.SUBMITTED)
    r = post(admin_client, f"/api/applications/status/{quote(student.email)}", body)
    assert r.status_code == 400, r.json()
    assert r.json()["message"]
    application.refresh_from_db()
    assert application.status == S.SUBMITTED


@pytest.mark.parametrize("raw", ["{not json", "[1,2]", '"accepted"', "null"])
def test_admin_decision_with_a_malformed_body_is_a_400(admin_client, student, raw):
    make_application(student, S.SUBMITTED)
    r = admin_client.post(f"/api/applications/status/{quote(student.email)}", raw, content_type=JSON)
    assert r.status_code == 400, r.json()


def test_a_draft_cannot_be_decided_through_the_api(admin_client, student):
    make_application(student, S.STARTED)
    r = post(admin_client, f"/api/applications/status/{quote(student.email)}", {"status": "accepted"})
    assert r.status_code == 409, r.json()


def test_decisions_act_on_the_current_cycle_only(admin_client, student):
    old = make_application(student, S.SUBMITTED)
    cycle_make_current(season="spring" if old.cycle.season == "fall" else "fall", year=old.cycle.year + 1)
    r = post(admin_client, f"/api/applications/status/{quote(student.email)}", {"status": "accepted"})
    assert r.status_code == 404, r.json()
    old.refresh_from_db()
    assert old.status == S.SUBMITTED


def test_a_student_cannot_read_or_record_decisions(student, student_client):
    make_application(student, S.ACCEPTED)
    url = f"/api/applications/status/{quote(student.email)}"
    assert student_client.get(url).status_code == 403
    r = post(student_client, url, {"status": "accepted"})
    assert r.status_code == 403, r.json()


def test_anonymous_callers_cannot_read_or_record_decisions(client, student):
    make_application(student, S.ACCEPTED)
    url = f"/api/applications/status/{quote(student.email)}"
    assert client.get(url).status_code == 401
    assert post(client, url, {"status": "accepted"}).status_code == 401


def test_a_demoted_admin_loses_access_at_once(admin_client, organizer, student):
    make_application(student, S.SUBMITTED)
    organizer.role = "user"
    organizer.save(update_fields=["role"])
    assert admin_client.get(f"/api/applications/status/{quote(student.email)}").status_code == 403


# --- two simultaneous changes ------------------------------------------------------------


def _race(monkeypatch, calls):
    """Run `calls` in threads that start together; the status machine holds its row lock a while.

    The pause inside the locked section (after the cycle status is read) makes the second
    call arrive while the first still holds the lock, every time.
    """
    original = sm._cycle_status

    def slow_cycle_status(cycle_id):
        value = original(cycle_id)
        time.sleep(0.2)
        return value

    monkeypatch.setattr(sm, "_cycle_status", slow_cycle_status)
    barrier = threading.Barrier(len(calls))
    results: dict[str, object] = {}

    def run(name, call):
        try:
            barrier.wait()
            call()
            results[name] = "ok"
        except ApplicationError as exc:
            results[name] = exc.status
        except Exception as exc:  # noqa: BLE001 - recorded so the assertion shows it
            results[name] = repr(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=item) for item in calls.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results


@pytest.mark.django_db(transaction=True)
def test_confirm_and_decline_at_once_leave_one_answer_and_a_clean_history(monkeypatch):
    """Two answers at the same moment: one wins, the other is refused, none is lost or half-applied."""
    application = make_application(status=S.ACCEPTED)
    set_cycle(C.RELEASED)
    results = _race(
        monkeypatch,
        {
            "confirm": lambda: sm.applicant_act(application_id=application.pk, action="confirm"),
            "decline": lambda: sm.applicant_act(application_id=application.pk, action="decline"),
        },
    )
    assert sorted(map(str, results.values())) == ["409", "ok"], results
    winner = next(name for name, result in results.items() if result == "ok")
    application.refresh_from_db()
    assert application.status == {"confirm": S.CONFIRMED, "decline": S.DECLINED}[winner]
    answers = list(application.events.filter(from_value=S.ACCEPTED).values_list("to_value", flat=True))
    assert answers == [application.status]


@pytest.mark.django_db(transaction=True)
def test_an_answer_and_a_decision_at_once_are_both_kept_in_order(monkeypatch):
    """An organizer's decision racing the applicant's decline: both land, the history chains."""
    organizer = make_user("grace@princeton.edu", admin=True)
    application = make_application(status=S.WAITLISTED)
    set_cycle(C.RELEASED)
    results = _race(
        monkeypatch,
        {
            "decline": lambda: sm.applicant_act(application_id=application.pk, action="decline"),
            "decide": lambda: sm.decide(
                application_id=application.pk,
                status=S.WAITLIST_ACCEPTED,
                actor=organizer,
                travel_reimbursement=True,
                # Whichever lands first, the decision is kept: when the decline wins the race,
                # overwriting an answered applicant needs the explicit override.
                override=True,
            ),
        },
    )
    assert results["decide"] == "ok", results
    application.refresh_from_db()
    status_events = list(application.events.filter(field="status").order_by("pk").values_list("from_value", "to_value"))
    # Each change starts from where the previous one ended: nothing was overwritten unseen.
    for (_, previous_to), (next_from, _) in itertools.pairwise(status_events):
        assert next_from == previous_to
    assert status_events[-1][1] == application.status
    if results["decline"] == "ok":
        # Either order is a valid serialisation; the decision's travel flag is kept either way.
        assert S.DECLINED in {to for _, to in status_events}
    else:
        assert results["decline"] == 409
    assert application.travel_reimbursement is True


@pytest.mark.django_db(transaction=True)
def test_two_organizers_deciding_at_once_both_land_in_the_history(monkeypatch):
    first = make_user("grace@princeton.edu", admin=True)
    second = make_user("alan@princeton.edu", admin=True)
    application = make_application(status=S.SUBMITTED)
    set_cycle(C.CLOSED)
    results = _race(
        monkeypatch,
        {
            "first": lambda: sm.decide(application_id=application.pk, status=S.ACCEPTED, actor=first),
            "second": lambda: sm.decide(application_id=application.pk, status=S.REJECTED, actor=second),
        },
    )
    assert results == {"first": "ok", "second": "ok"}
    application.refresh_from_db()
    decided = list(
        application.events.filter(field="status", actor__in=[first, second])
        .order_by("pk")
        .values_list("from_value", "to_value")
    )
    assert len(decided) == 2
    assert decided[0][0] == S.SUBMITTED
    assert decided[1][0] == decided[0][1]
    assert application.status == decided[1][1]


# --- decisions hidden until release, through the applicant's reads ------------------------


@pytest.mark.parametrize("cycle_status", [C.NOT_OPEN, C.OPEN, C.CLOSED])
@pytest.mark.parametrize("decision", [S.ACCEPTED, S.WAITLISTED, S.REJECTED, S.WAITLIST_ACCEPTED])
def test_get_status_and_application_hide_a_decision_before_release(student, student_client, decision, cycle_status):
    make_application(student, decision, travel=True, housing=True)
    set_cycle(cycle_status)
    r = student_client.get("/api/applications/status")
    assert r.status_code == 200, r.json()
    assert (r.json()["status"], r.json()["travel_reimbursement"], r.json()["housing_accommodations"]) == (
        "submitted",
        False,
        False,
    )
    r = student_client.get("/api/applications/application")
    assert r.status_code == 200, r.json()
    assert (r.json()["status"], r.json()["travel_reimbursement"], r.json()["housing_accommodations"]) == (
        "submitted",
        False,
        False,
    )


@pytest.mark.parametrize("cycle_status", [C.RELEASED, C.CONFIRMATION_CLOSED, C.SECOND_CONFIRMATION_CLOSED])
def test_get_status_and_application_show_the_decision_after_release(student, student_client, cycle_status):
    make_application(student, S.WAITLIST_ACCEPTED, travel=True, housing=False)
    set_cycle(cycle_status)
    for url in ("/api/applications/status", "/api/applications/application"):
        body = student_client.get(url).json()
        assert (body["status"], body["travel_reimbursement"], body["housing_accommodations"]) == (
            "waitlist_accepted",
            True,
            False,
        )


def test_an_answer_shows_at_once_in_get_status(student, student_client):
    make_application(student, S.WAITLISTED)
    set_cycle(C.RELEASED)
    assert post(student_client, "/api/applications/confirm-waitlist").status_code == 200
    assert student_client.get("/api/applications/status").json()["status"] == "waitlist_confirmed"
