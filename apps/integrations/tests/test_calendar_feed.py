"""The private calendar feed: only a confirmed applicant with a ticket gets an address; the
address needs no session, follows the cycle's dates, and stops when the ticket does."""

from __future__ import annotations

import datetime

import pytest

from apps.applications import status_machine
from apps.applications.models import ApplicationStatus as S
from apps.checkin import tickets
from apps.checkin.models import Ticket
from apps.core.tests.factories import ApplicationFactory
from apps.cycles.models import Cycle
from apps.cycles.selectors import current_cycle
from apps.integrations.models import CalendarFeed
from conftest import PortalClient

pytestmark = pytest.mark.django_db


def confirmed(user):
    application = ApplicationFactory(user=user, status=S.CONFIRMED)
    tickets.issue_if_missing(application_id=application.pk)  # the confirmation issued it already
    assert Ticket.objects.filter(application=application, voided_at__isnull=True).exists()
    return application


def feed_path(url: str) -> str:
    return url.removeprefix("http://testserver")


def test_no_address_without_a_ticket(student_client):
    assert student_client.get("/api/integrations/calendar-feed").status_code == 404
    assert not CalendarFeed.objects.exists()


def test_the_feed_follows_the_cycles_dates_without_a_session(student, student_client):
    confirmed(student)
    url = student_client.get("/api/integrations/calendar-feed").json()["url"]
    assert url.startswith("http://testserver/calendar/") and url.endswith(".ics")
    assert student_client.get("/api/integrations/calendar-feed").json()["url"] == url, "one address per person"

    anonymous = PortalClient()
    response = anonymous.get(feed_path(url))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    cycle = current_cycle()
    assert f"DTSTART;VALUE=DATE:{cycle.start:%Y%m%d}" in response.content.decode()

    # The organizer moves the event: the next refresh shows the new dates.
    later = cycle.start + datetime.timedelta(days=30)
    Cycle.objects.filter(pk=cycle.pk).update(start=later, end=later + datetime.timedelta(days=1))
    text = anonymous.get(feed_path(url)).content.decode()
    assert f"DTSTART;VALUE=DATE:{later:%Y%m%d}" in text
    assert f"DTEND;VALUE=DATE:{later + datetime.timedelta(days=2):%Y%m%d}" in text


def test_a_new_address_ends_the_old_one_and_losing_the_spot_ends_both(student, student_client):
    application = confirmed(student)
    old = student_client.get("/api/integrations/calendar-feed").json()["url"]
    new = student_client.post("/api/integrations/calendar-feed").json()["url"]
    assert new != old
    assert PortalClient().get(feed_path(old)).status_code == 404
    assert PortalClient().get(feed_path(new)).status_code == 200

    # An organizer takes the spot back (a decision over the confirmation, with override).
    status_machine.decide(application_id=application.pk, status=S.REJECTED, actor=None, override=True)
    assert PortalClient().get(feed_path(new)).status_code == 404


def test_unknown_tokens_are_the_ordinary_404(client):
    for token in ("nope", "x" * 43, "%00"):
        assert client.get(f"/calendar/{token}.ics").status_code == 404
