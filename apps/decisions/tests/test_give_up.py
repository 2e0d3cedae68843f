"""Giving up a confirmed spot: POST decline from `confirmed`, until the event's start date.

Before, a confirmed applicant had no "I can't come anymore": a no-show's seat was freed only by
deleting the account. Now the decline moves them to `declined` through the status machine, the
ticket is voided in the same transaction, the history says so, the organizers' capacity panel
counts the spot free, and the applicant gets one email through the outbox.
"""

from __future__ import annotations

import datetime

import pytest
from django.core import mail
from django.utils import timezone

from apps.applications import status_machine as sm
from apps.applications.models import ApplicationEvent
from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.test_status_machine import make_application
from apps.checkin.models import Ticket
from apps.cycles.models import Cycle
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from apps.decisions import release, tasks
from apps.mailings.models import Delivery
from apps.reviews.models import AdmissionPlan
from conftest import make_user, signed_in_client

pytestmark = pytest.mark.django_db

DECLINE = "/api/applications/decline"
GAVE_UP = "You gave up your spot at"


def event_starts_in(days: int) -> None:
    """The event's start `days` from today's UTC date (the end after it, deadlines before)."""
    start = timezone.now().date() + datetime.timedelta(days=days)
    Cycle.objects.filter(pk=current_cycle().pk).update(
        start=start,
        end=start + datetime.timedelta(days=1),
        due=start - datetime.timedelta(days=30),
        confirmation_first_deadline=start - datetime.timedelta(days=10),
        confirmation_second_deadline=start - datetime.timedelta(days=5),
        waitlist_deadline=start - datetime.timedelta(days=5),
    )


@pytest.fixture
def ada(db):
    """Confirmed (with a ticket) in a released cycle whose event starts tomorrow."""
    cycle_set_status(cycle=current_cycle(), status=C.RELEASED)
    event_starts_in(1)
    application = make_application(make_user("ada.confirmed@princeton.edu"), S.ACCEPTED)
    sm.applicant_act(application_id=application.pk, action=sm.CONFIRM)
    mail.outbox.clear()
    return application


def test_a_confirmed_applicant_gives_up_the_spot_before_the_start(
    ada, admin_client, django_capture_on_commit_callbacks
):
    AdmissionPlan.objects.create(cycle=current_cycle(), capacity=10, attendance_rate=0.5)
    before = admin_client.get("/api/reviews/capacity").json()
    assert (before["confirmed"], before["spots_left"]) == (1, 9)
    client = signed_in_client(ada.user)
    with django_capture_on_commit_callbacks(execute=True):
        r = client.post(DECLINE)
    assert r.status_code == 200, r.json()
    assert r.json()["status"] == S.DECLINED
    ada.refresh_from_db()
    assert ada.status == S.DECLINED
    # The ticket is void: the dashboard has none, and the door refuses it.
    assert not Ticket.objects.filter(application=ada, voided_at__isnull=True).exists()
    assert client.get("/api/checkin/ticket").status_code == 404
    # The history, by the applicant.
    row = ApplicationEvent.objects.filter(application=ada, field="status").first()
    assert (row.from_value, row.to_value, row.actor_id) == ("confirmed", "declined", ada.user_id)
    # The organizers see the spot free.
    after = admin_client.get("/api/reviews/capacity").json()
    assert (after["confirmed"], after["spots_left"]) == (0, 10)
    # One email.
    assert [m.to for m in mail.outbox] == [["ada.confirmed@princeton.edu"]]
    assert mail.outbox[0].subject.startswith(GAVE_UP)


def test_a_retried_send_does_not_mail_twice(ada, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        assert signed_in_client(ada.user).post(DECLINE).status_code == 200
    row = Delivery.objects.get(dedupe_key=release.dedupe_key(ada.pk, S.DECLINED))
    assert row.state == Delivery.State.SENT
    tasks.send_decision_emails.delay([row.pk])  # a redelivered task
    tasks.requeue_decision_emails.delay()
    assert len(mail.outbox) == 1


@pytest.mark.parametrize("days", [0, -1])
def test_from_the_start_date_on_it_is_refused(ada, days):
    event_starts_in(days)
    r = signed_in_client(ada.user).post(DECLINE)
    assert r.status_code == 409, r.json()
    assert r.json()["message"] == "The event has started, so your spot can no longer be given up."
    ada.refresh_from_db()
    assert ada.status == S.CONFIRMED
    assert Ticket.objects.filter(application=ada, voided_at__isnull=True).exists()
    assert mail.outbox == []


def test_a_checked_in_applicant_cannot_give_up(ada):
    sm.transition(application_id=ada.pk, to=S.CHECKED_IN, rule=sm.CHECK_IN_RULE)
    r = signed_in_client(ada.user).post(DECLINE)
    assert r.status_code == 409, r.json()
    assert "already checked in" in r.json()["message"]
    ada.refresh_from_db()
    assert ada.status == S.CHECKED_IN


def test_it_works_in_every_status_after_release(ada):
    cycle_set_status(cycle=current_cycle(), status=C.SECOND_CONFIRMATION_CLOSED)
    assert signed_in_client(ada.user).post(DECLINE).status_code == 200


def test_only_their_own_spot(ada, admin_client, student_client):
    """Another student or an organizer declines only an application of their own (none here)."""
    for client in (student_client, admin_client):
        r = client.post(DECLINE)
        assert r.status_code == 409, r.json()
    ada.refresh_from_db()
    assert ada.status == S.CONFIRMED


def test_a_stranger_is_asked_to_sign_in(ada, client):
    assert client.post(DECLINE).status_code == 401


def test_the_voided_ticket_is_refused_at_the_door(ada):
    from apps.checkin import tickets
    from apps.checkin.tests.helpers import scan, staff_client

    ticket = Ticket.objects.get(application=ada, voided_at__isnull=True)
    assert signed_in_client(ada.user).post(DECLINE).status_code == 200
    r = scan(staff_client(), tickets.token_of(ticket))
    assert r.status_code == 409 and r.json()["result"] == "not_confirmed"


def test_a_checked_in_attendee_still_fills_a_spot(ada, admin_client):
    """The capacity panel counts the confirmed and the checked-in alike as spots filled."""
    AdmissionPlan.objects.create(cycle=current_cycle(), capacity=10, attendance_rate=0.5)
    sm.transition(application_id=ada.pk, to=S.CHECKED_IN, rule=sm.CHECK_IN_RULE)
    cap = admin_client.get("/api/reviews/capacity").json()
    assert (cap["confirmed"], cap["checked_in"], cap["spots_left"]) == (1, 1, 9)
