"""A decision never silently overwrites an applicant's own answer.

A batch "Accepted" once turned a confirmed attendee back into "accepted", and no portal menu
could undo it. Now the single and the batch decision leave applicants who confirmed or declined
as they are unless the request says `override: true`: the single one answers 409 (naming the
override), the batch lists them under `skipped` ("already confirmed" / "already declined") and
decides the rest. The waitlist's own answer (waitlist_confirmed) is no such trap: admitting
from the waitlist is the normal next step, so it needs no override.
"""

from __future__ import annotations

import pytest

from apps.applications import status_machine as sm
from apps.applications.models import Application
from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.test_status_machine import make_application, set_cycle
from apps.cycles.models import CycleStatus as C
from conftest import make_user

pytestmark = pytest.mark.django_db

JSON = "application/json"


def answered(email: str, status: str) -> Application:
    """An applicant who was accepted (or waitlisted) and then answered, as the portal does it."""
    application = make_application(make_user(email), S.SUBMITTED)
    offer = S.WAITLISTED if status == S.WAITLIST_CONFIRMED else S.ACCEPTED
    sm.decide(application_id=application.pk, status=offer, actor=None)
    set_cycle(C.RELEASED)
    action = {S.CONFIRMED: sm.CONFIRM, S.DECLINED: sm.DECLINE, S.WAITLIST_CONFIRMED: sm.CONFIRM_WAITLIST}[status]
    sm.applicant_act(application_id=application.pk, action=action)
    application.refresh_from_db()
    assert application.status == status
    return application


def decide(client, email, body):
    return client.post(f"/api/applications/status/{email}", body, content_type=JSON)


def batch(client, body):
    return client.post("/api/applications/batch-status", body, content_type=JSON)


@pytest.mark.parametrize(
    ("status", "words"),
    [(S.CONFIRMED, "has confirmed attendance"), (S.DECLINED, "has declined their offer")],
)
def test_a_single_decision_on_an_answered_applicant_needs_override(admin_client, status, words):
    application = answered("ada@princeton.edu", status)
    r = decide(admin_client, "ada@princeton.edu", {"status": "accepted"})
    assert r.status_code == 409, r.json()
    assert words in r.json()["message"] and "Override" in r.json()["message"]
    assert "override" in r.json()["errors"]
    application.refresh_from_db()
    assert application.status == status

    r = decide(admin_client, "ada@princeton.edu", {"status": "accepted", "override": True})
    assert r.status_code == 200, r.json()
    application.refresh_from_db()
    assert application.status == S.ACCEPTED
    assert application.events.filter(field="status", from_value=status, to_value=S.ACCEPTED).exists()


def test_admitting_from_the_waitlist_needs_no_override(admin_client):
    application = answered("ada@princeton.edu", S.WAITLIST_CONFIRMED)
    r = decide(admin_client, "ada@princeton.edu", {"status": "waitlist_accepted"})
    assert r.status_code == 200, r.json()
    application.refresh_from_db()
    assert application.status == S.WAITLIST_ACCEPTED


def test_a_batch_accept_leaves_confirmed_and_declined_applicants_alone(admin_client):
    """The trap itself: a batch "Accepted" over a list that holds a confirmed attendee."""
    confirmed = answered("conf@princeton.edu", S.CONFIRMED)
    declined = answered("decl@princeton.edu", S.DECLINED)
    waiting = answered("wait@princeton.edu", S.WAITLIST_CONFIRMED)
    fresh = make_application(make_user("new@princeton.edu"), S.SUBMITTED)
    emails = ["conf@princeton.edu", "new@princeton.edu", "decl@princeton.edu", "wait@princeton.edu"]
    r = batch(admin_client, {"emails": emails, "status": "accepted"})
    assert r.status_code == 200, r.json()
    assert r.json()["approved"] == ["new@princeton.edu", "wait@princeton.edu"]
    assert r.json()["failed"] == []
    assert r.json()["skipped"] == [
        {"email": "conf@princeton.edu", "reason": "already confirmed", "code": "already confirmed"},
        {"email": "decl@princeton.edu", "reason": "already declined", "code": "already declined"},
    ]
    for application, status in ((confirmed, S.CONFIRMED), (declined, S.DECLINED)):
        application.refresh_from_db()
        assert application.status == status
        assert not application.events.filter(from_value=status).exists()
    fresh.refresh_from_db()
    waiting.refresh_from_db()
    assert fresh.status == waiting.status == S.ACCEPTED


def test_a_batch_with_override_decides_them_too(admin_client, organizer):
    confirmed = answered("conf@princeton.edu", S.CONFIRMED)
    r = batch(admin_client, {"emails": "conf@princeton.edu", "status": "rejected", "override": True})
    assert r.json()["approved"] == ["conf@princeton.edu"] and r.json()["skipped"] == []
    confirmed.refresh_from_db()
    assert confirmed.status == S.REJECTED
    assert confirmed.events.filter(actor=organizer, from_value=S.CONFIRMED, to_value=S.REJECTED).exists()


def test_a_dry_run_lists_who_would_be_skipped(admin_client):
    """What the batch form shows before it is sent: "1 of these has already confirmed"."""
    answered("conf@princeton.edu", S.CONFIRMED)
    make_application(make_user("new@princeton.edu"), S.SUBMITTED)
    body = {"emails": "conf@princeton.edu new@princeton.edu", "status": "accepted", "dry_run": True}
    r = batch(admin_client, body)
    assert r.json()["skipped"] == [
        {"email": "conf@princeton.edu", "reason": "already confirmed", "code": "already confirmed"}
    ]
    assert r.json()["approved"] == ["new@princeton.edu"]
    assert set(Application.objects.values_list("status", flat=True)) == {S.CONFIRMED, S.SUBMITTED}


def test_an_old_client_keeps_its_keys(admin_client):
    """A client that knows only approved / failed (the table's row selection) reads them as before."""
    make_application(make_user("new@princeton.edu"), S.SUBMITTED)
    r = batch(admin_client, {"emails": ["new@princeton.edu"], "status": "accepted"})
    assert r.json()["approved"] == ["new@princeton.edu"] and r.json()["failed"] == []


def test_override_must_be_a_boolean(admin_client):
    answered("conf@princeton.edu", S.CONFIRMED)
    assert decide(admin_client, "conf@princeton.edu", {"status": "accepted", "override": "maybe"}).status_code == 400
    assert batch(admin_client, {"emails": "x@y.edu", "status": "accepted", "override": [1]}).status_code == 400
