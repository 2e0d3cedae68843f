"""Tickets: issued on confirmation with the "You're all set" email (QR PNG and .ics attached,
through the one outbox, once), shown to their holder, re-issued (voiding the old one)."""

from __future__ import annotations

import datetime
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.db import transaction

from apps.accounts.models import Role
from apps.applications import status_machine
from apps.applications.models import Application
from apps.applications.models import ApplicationStatus as S
from apps.checkin import tasks, tickets, tokens
from apps.checkin.models import Ticket
from apps.core.tests.factories import ApplicationFactory
from apps.cycles.models import CycleStatus
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from apps.mailings.models import Delivery

from .helpers import applicant, scan, staff_client, ticket_for

pytestmark = pytest.mark.django_db


def _attachments(message) -> dict[str, tuple[bytes, str]]:
    found = {}
    for part in message.message().walk():
        filename = part.get_filename()
        if filename:
            found[filename] = (part.get_payload(decode=True), part.get_content_type())
    return found


def test_confirming_issues_a_ticket_and_mails_it_once_with_qr_and_calendar(student, student_client):
    cycle_set_status(cycle=current_cycle(), status=CycleStatus.RELEASED)
    application = applicant("other@princeton.edu", status=S.ACCEPTED)  # someone else, untouched
    own = ApplicationFactory(user=student, status=S.ACCEPTED)
    response = student_client.post("/api/applications/confirm", {}, content_type="application/json")
    assert response.status_code == 200, response.json()
    ticket = Ticket.objects.get(application=own)
    assert ticket.version == 1 and ticket.voided_at is None
    assert not Ticket.objects.filter(application=application).exists()
    row = Delivery.objects.get(dedupe_key=f"ticket:{ticket.pk}:1")
    assert row.state == Delivery.State.SENT and row.template_key == "ticket_issued"
    [message] = [m for m in mail.outbox if "ticket" in m.subject]
    assert message.to == [student.email]
    assert message.subject.startswith("You're all set for ")
    assert message.extra_headers["Message-ID"] == row.message_id()
    files = _attachments(message)
    png, png_type = files["ticket.png"]
    assert png_type == "image/png" and png.startswith(b"\x89PNG")
    ics_name = next(name for name in files if name.endswith(".ics"))
    ics, ics_type = files[ics_name]
    assert ics_type == "text/calendar"
    assert b"BEGIN:VEVENT" in ics and b"DTSTART;VALUE=DATE:" in ics and b"LOCATION:" in ics
    html = message.alternatives[0][0]
    assert 'src="cid:ticket-qr"' in html


def test_a_retried_task_sends_the_email_once():
    application = applicant("ada@princeton.edu")
    ticket = ticket_for(application)
    row = Delivery.objects.get(dedupe_key=tickets.dedupe_key(ticket))
    mail.outbox.clear()
    assert tasks.send_ticket_email(row.pk) is True
    assert tasks.send_ticket_email(row.pk) is False  # the retry: claimed and sent already
    assert len(mail.outbox) == 1
    # Issuing again (a repeated confirmation task) adds neither a ticket nor an email.
    assert tasks.issue_ticket(application.pk) is False
    assert Ticket.objects.filter(application=application).count() == 1
    assert Delivery.objects.filter(dedupe_key__startswith="ticket:").count() == 1


def test_a_failed_send_is_retried_by_the_requeue_and_still_goes_once(settings, monkeypatch):
    from apps.mailings import outbox

    application = applicant("ada@princeton.edu")
    ticket = ticket_for(application)
    row = Delivery.objects.get(dedupe_key=tickets.dedupe_key(ticket))

    def down(message):
        raise outbox.TemporaryMailError("421 try later")

    monkeypatch.setattr(outbox, "send_message", down)
    assert tasks.send_ticket_email(row.pk) is False
    row.refresh_from_db()
    assert row.state == Delivery.State.PENDING and row.attempts == 1
    monkeypatch.undo()
    Delivery.objects.filter(pk=row.pk).update(next_attempt_at=None)
    mail.outbox.clear()
    assert tasks.requeue_ticket_emails() == 1
    assert tasks.requeue_ticket_emails() == 0
    assert len(mail.outbox) == 1


def test_no_ticket_for_anyone_not_confirmed():
    for status in (S.ACCEPTED, S.WAITLISTED, S.DECLINED, S.SUBMITTED):
        application = applicant(f"{status}@princeton.edu", status=status)
        assert tickets.issue_if_missing(application_id=application.pk) is None
    assert not Ticket.objects.exists()


def test_the_holder_sees_their_ticket(student, student_client, settings):
    settings.EVENT_TIME_ZONE = "Asia/Kolkata"  # +05:30: no server or test default is told in it
    assert student_client.get("/api/checkin/ticket").status_code == 404
    assert student_client.get("/api/checkin/ticket").json()["message"] == (
        "You have no ticket yet: it comes with your confirmation."
    )
    application = ApplicationFactory(user=student, status=S.CONFIRMED)
    ticket = ticket_for(application)
    body = student_client.get("/api/checkin/ticket").json()
    assert tokens.verify(body["token"]) == tokens.Signed(ticket.code, 1)
    assert body["qr_svg"].startswith("<svg") and "<script" not in body["qr_svg"]
    assert body["version"] == 1 and body["ics_url"] == "/api/checkin/ticket.ics"
    cycle = current_cycle()
    assert body["event"] == {
        "name": body["event"]["name"],
        "start": cycle.start.isoformat(),
        "end": cycle.end.isoformat(),
        "location": cycle.location,
        "time_zone": "Asia/Kolkata",
    }
    assert body["checked_in_at"] is None
    assert scan(staff_client(), body["token"]).status_code == 200
    # Told in the event's zone, the zone the card names beside it.
    at = datetime.datetime.fromisoformat(student_client.get("/api/checkin/ticket").json()["checked_in_at"])
    assert at.utcoffset() == datetime.timedelta(hours=5, minutes=30) == ZoneInfo("Asia/Kolkata").utcoffset(at)


def test_the_calendar_file(student, student_client):
    assert student_client.get("/api/checkin/ticket.ics").status_code == 404
    ticket_for(ApplicationFactory(user=student, status=S.CONFIRMED))
    response = student_client.get("/api/checkin/ticket.ics")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    assert (
        response["Content-Disposition"].startswith('attachment; filename="')
        and ".ics" in response["Content-Disposition"]
    )
    text = response.content.decode()
    cycle = current_cycle()
    assert text.startswith("BEGIN:VCALENDAR\r\n") and text.endswith("END:VCALENDAR\r\n")
    assert f"DTSTART;VALUE=DATE:{cycle.start:%Y%m%d}" in text
    assert all(len(line.encode()) <= 75 for line in text.split("\r\n"))
    assert "LOCATION:" + cycle.location.replace(",", "\\,") in text.replace("\r\n ", "")


def test_the_applicant_reissues_their_ticket(student, student_client):
    application = ApplicationFactory(user=student, status=S.CONFIRMED)
    old = ticket_for(application)
    mail.outbox.clear()
    response = student_client.post("/api/checkin/ticket/reissue", {}, content_type="application/json")
    assert response.status_code == 201
    assert response.json()["version"] == 2
    old.refresh_from_db()
    assert old.voided_at is not None
    assert Ticket.objects.filter(application=application, voided_at__isnull=True).get().version == 2
    [message] = mail.outbox
    assert "replaces the one we sent you before" in message.body
    # The old token is refused at the door; the new one (the dashboard's) works.
    assert scan(staff_client(), tickets.token_of(old)).json()["result"] == "replaced"
    assert student_client.get("/api/checkin/ticket").json()["version"] == 2


def test_reissue_refusals(student, student_client):
    assert student_client.post("/api/checkin/ticket/reissue").status_code == 404
    application = ApplicationFactory(user=student, status=S.CONFIRMED)
    ticket = ticket_for(application)
    scan(staff_client(), tickets.token_of(ticket))
    response = student_client.post("/api/checkin/ticket/reissue")
    assert response.status_code == 409
    assert response.json()["message"] == "You're already checked in: the ticket can't be re-issued."


def test_an_organizer_reissues_anyones_ticket(admin_client):
    application = applicant("ada@princeton.edu")
    ticket_for(application)
    response = admin_client.post("/api/checkin/ticket/reissue/ada@princeton.edu")
    assert response.status_code == 201
    assert response.json()["email"] == "ada@princeton.edu" and response.json()["version"] == 2
    assert admin_client.post("/api/checkin/ticket/reissue/nobody@princeton.edu").status_code == 404
    waitlisted = applicant("w@princeton.edu", status=S.WAITLISTED)
    assert waitlisted
    response = admin_client.post("/api/checkin/ticket/reissue/w@princeton.edu")
    assert response.status_code == 404
    assert response.json()["message"] == "This applicant has no ticket: only confirmed applicants have one."
    volunteer = staff_client(Role.VOLUNTEER)
    assert volunteer.post("/api/checkin/ticket/reissue/ada@princeton.edu").status_code == 403


def test_status_changed_is_heard_inside_the_transaction_that_made_the_change():
    """The ticket is issued in the confirmation's own transaction: a rolled-back confirmation
    leaves no ticket, and one that commits has its ticket the moment anyone can read it."""
    from apps.applications.signals import status_changed

    application = applicant("ada@princeton.edu", status=S.ACCEPTED)
    heard = []

    def listen(sender, *, changes, **kwargs):
        # Inside the transaction, after the row is written: the new status is readable here.
        status = Application.objects.filter(pk=application.pk).values_list("status", flat=True).get()
        heard.append((changes, status, transaction.get_connection().in_atomic_block))

    class Undo(Exception):
        pass

    status_changed.connect(listen)
    try:
        with pytest.raises(Undo), transaction.atomic():
            status_machine.transition(application_id=application.pk, to=S.CONFIRMED)
            assert Ticket.objects.filter(application=application, voided_at__isnull=True).exists()
            raise Undo
        assert not Ticket.objects.filter(application=application).exists()
        heard.clear()
        status_machine.transition(application_id=application.pk, to=S.CONFIRMED)
        assert heard == [([(application.pk, "accepted", "confirmed")], "confirmed", True)]
        heard.clear()
        status_machine.transition(application_id=application.pk, to=S.CONFIRMED)  # no change
        status_machine.transition_many(application_ids=[application.pk], to=S.DECLINED)
        assert heard == [([(application.pk, "confirmed", "declined")], "declined", True)]
        # Leaving "confirmed" voids the ticket in the same transaction.
        assert not Ticket.objects.filter(application=application, voided_at__isnull=True).exists()
    finally:
        status_changed.disconnect(listen)


def test_checked_in_comes_from_confirmed_only():
    from apps.core.exceptions import ApplicationError

    for status in (S.ACCEPTED, S.WAITLISTED, S.DECLINED):
        application = applicant(f"{status}@princeton.edu", status=status)
        with pytest.raises(ApplicationError) as refused:
            status_machine.transition(application_id=application.pk, to=S.CHECKED_IN, rule=status_machine.CHECK_IN_RULE)
        assert refused.value.status == 409


def test_a_decision_on_a_checked_in_applicant_needs_override(admin_client):
    application = applicant("ada@princeton.edu")
    status_machine.transition(application_id=application.pk, to=S.CHECKED_IN, rule=status_machine.CHECK_IN_RULE)
    response = admin_client.post(
        "/api/applications/status/ada@princeton.edu", {"status": "rejected"}, content_type="application/json"
    )
    assert response.status_code == 409
    assert response.json()["message"] == "This applicant has checked in; changing the decision needs Override."
