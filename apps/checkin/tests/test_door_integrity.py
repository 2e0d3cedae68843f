"""The decisive moments at the door and just before it.

- The ticket is there when the page says "You're All Set!": it is issued in the confirmation's
  own transaction, not by a task after it (the dashboard, which asks once, said "You have no
  ticket yet" until a reload).
- A scan compares the ticket's cycle with the current cycle as read in the check-in's own
  transaction: a process's kept copy of the current cycle (apps.cycles.current) lagged a switch
  by up to a second and admitted last cycle's tickets meanwhile.
- Volunteers see only what the door needs: confirmed or not, and the words to say; the
  decision ("rejected", "waitlisted") is the organizers'.
"""

from __future__ import annotations

import uuid

import pytest
from django.test import Client, override_settings

from apps.accounts.models import Role
from apps.applications.models import ApplicationStatus as S
from apps.checkin.models import CheckIn, Ticket
from apps.cycles import current
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_make_current, cycle_set_status
from apps.mailings.models import Delivery
from conftest import signed_in_client

from .helpers import applicant, scan, staff_client, ticket_for, token

pytestmark = pytest.mark.django_db


# --- The ticket comes with the confirmation -------------------------------------------------


def test_the_confirmation_response_is_followed_by_a_ticket_without_any_task(django_capture_on_commit_callbacks):
    """Nothing queued after commit has run (no Celery, no on_commit: a plain test client, not
    the PortalClient that runs a request's on-commit work before it returns), yet the ticket is
    there for the very next read."""
    cycle_set_status(cycle=current_cycle(), status=C.RELEASED)
    application = applicant("ada@princeton.edu", status=S.ACCEPTED)
    client = Client()
    client.force_login(application.user)
    with django_capture_on_commit_callbacks(execute=False) as queued:
        r = client.post("/api/applications/confirm")
        assert r.status_code == 200, r.json()
        assert r.json()["status"] == S.CONFIRMED
        ticket = client.get("/api/checkin/ticket")
        assert ticket.status_code == 200, ticket.json()
        assert ticket.json()["version"] == 1 and ticket.json()["qr_svg"].startswith("<svg")
    # The email follows the commit, through the outbox (one row, queued by a callback).
    assert Delivery.objects.filter(dedupe_key__startswith="ticket:", email="ada@princeton.edu").count() == 1
    assert queued


def test_a_failed_confirmation_leaves_no_ticket():
    """The window closed: the 409 rolls everything back, the ticket included."""
    cycle_set_status(cycle=current_cycle(), status=C.CONFIRMATION_CLOSED)
    application = applicant("ada@princeton.edu", status=S.ACCEPTED)
    r = signed_in_client(application.user).post("/api/applications/confirm")
    assert r.status_code == 409
    assert not Ticket.objects.exists()


def test_reissue_and_a_repeated_issue_still_give_one_live_ticket(django_capture_on_commit_callbacks):
    from apps.checkin import tasks, tickets

    cycle_set_status(cycle=current_cycle(), status=C.RELEASED)
    application = applicant("ada@princeton.edu", status=S.ACCEPTED)
    client = signed_in_client(application.user)
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post("/api/applications/confirm").status_code == 200
    # A task queued by an older deploy finds the ticket there and issues nothing.
    assert tasks.issue_ticket.delay(application.pk).get() is False
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post("/api/checkin/ticket/reissue").status_code == 201
    assert Ticket.objects.filter(application=application).count() == 2
    assert Ticket.objects.filter(application=application, voided_at__isnull=True).get().version == 2
    assert tickets.issue_if_missing(application_id=application.pk) is None


# --- The scan reads the current cycle in its own transaction --------------------------------


@override_settings(CURRENT_CYCLE_CHECK_EVERY=3600)
def test_a_ticket_of_the_previous_cycle_is_refused_right_after_a_switch(volunteer_ada):
    """Another process switched the current cycle; this one still holds the old cycle as
    current (its kept copy, trusted for CURRENT_CYCLE_CHECK_EVERY). The scan must not admit."""
    volunteer, ada = volunteer_ada
    ticket = ticket_for(ada)
    assert current_cycle().pk == ada.cycle_id  # this process's copy: the old cycle
    stale = current._kept
    cycle_make_current(season="spring", year=2099)  # the switch
    current._kept = stale  # as another process would still hold it
    assert current_cycle().pk == ada.cycle_id  # the copy is stale, as it would be for 1 s
    response = scan(volunteer, token(ticket))
    assert response.status_code == 409, response.json()
    assert response.json()["result"] == "other_event"
    assert not CheckIn.objects.exists()
    ada.refresh_from_db()
    assert ada.status == S.CONFIRMED


@override_settings(CURRENT_CYCLE_CHECK_EVERY=3600)
def test_the_search_reads_the_current_cycle_too(volunteer_ada):
    volunteer, ada = volunteer_ada
    assert current_cycle().pk == ada.cycle_id
    stale = current._kept
    cycle_make_current(season="spring", year=2099)
    current._kept = stale
    body = volunteer.get("/api/checkin/search", {"q": "ada"}).json()
    assert body["results"] == []


@pytest.fixture
def volunteer_ada():
    return staff_client(Role.VOLUNTEER, email="sam@princeton.edu"), applicant(
        "ada@princeton.edu", first="Ada", last="Lovelace"
    )


# --- Volunteers see what the door needs -----------------------------------------------------


@pytest.fixture
def people():
    return {
        "conf": applicant("conf@princeton.edu", first="Quinn", last="Door"),
        "rej": applicant("rej@princeton.edu", status=S.REJECTED, first="Quinn", last="Rejected"),
        "wait": applicant("wait@princeton.edu", status=S.WAITLISTED, first="Quinn", last="Waiting"),
    }


def test_a_volunteer_search_shows_confirmed_or_not_and_never_the_decision(people):
    volunteer = staff_client(Role.VOLUNTEER)
    r = volunteer.get("/api/checkin/search", {"q": "quinn"})
    assert r.status_code == 200, r.json()
    rows = {row["email"]: row for row in r.json()["results"]}
    assert rows["conf@princeton.edu"]["door"] == "confirmed" and rows["conf@princeton.edu"]["reason"] is None
    for email in ("rej@princeton.edu", "wait@princeton.edu"):
        assert (rows[email]["door"], rows[email]["reason"], rows[email]["status"]) == (
            "not_confirmed",
            "Not confirmed.",
            None,
        )
    text = r.content.decode()
    assert "rejected" not in text and "waitlisted" not in text


def test_an_organizer_search_keeps_the_full_status(people):
    organizer = staff_client(Role.ADMIN)
    rows = {row["email"]: row for row in organizer.get("/api/checkin/search", {"q": "quinn"}).json()["results"]}
    assert rows["rej@princeton.edu"]["status"] == "rejected"
    assert rows["rej@princeton.edu"]["reason"] == "Not confirmed: the application was rejected."
    assert rows["wait@princeton.edu"]["status"] == "waitlisted"


def test_the_volunteer_hears_who_checked_someone_in_and_when(people):
    volunteer = staff_client(Role.VOLUNTEER, email="sam@princeton.edu")
    body = {"application_id": people["conf"].pk, "scan_id": str(uuid.uuid4())}
    assert volunteer.post("/api/checkin/check-in", body, content_type="application/json").status_code == 200
    row = volunteer.get("/api/checkin/search", {"q": "conf@"}).json()["results"][0]
    assert row["door"] == "checked_in"
    assert row["reason"].startswith("Already checked in at ") and row["reason"].endswith(" by sam@princeton.edu.")


def test_a_volunteer_scan_refusal_does_not_name_the_decision(people):
    volunteer = staff_client(Role.VOLUNTEER)
    rejected = people["rej"]
    ticket = Ticket.objects.create(application=rejected, version=1, code="r" * 22)
    r = scan(volunteer, token(ticket))
    assert r.status_code == 409
    assert r.json()["message"] == "Not confirmed."
    assert r.json()["person"]["status"] is None and r.json()["person"]["door"] == "not_confirmed"
    assert "rejected" not in r.content.decode()


@pytest.mark.parametrize("role", [Role.USER, Role.REVIEWER])
def test_other_roles_cannot_search_or_scan(people, role):
    client = staff_client(role)
    assert client.get("/api/checkin/search", {"q": "quinn"}).status_code == 403
    assert scan(client, "x").status_code == 403


def test_the_rehearsals_door_invariant_reports_a_check_in_by_a_ticket_voided_before_it():
    """The event rehearsal checks the door after every step (apps/core/tests/invariants.py,
    check_door). A check-in recorded with a ticket replaced before it, what a scan racing a
    reissue once recorded, is reported; the same check-in by the live ticket is not."""
    from django.utils import timezone

    from apps.checkin import tickets
    from apps.core.tests.invariants import Problems, check_door

    ada = applicant("ada@princeton.edu")
    old = ticket_for(ada)
    new = tickets.reissue(application_id=ada.pk, by_applicant=True)
    volunteer = staff_client(Role.VOLUNTEER)
    assert scan(volunteer, token(new)).status_code == 200
    clean = Problems()
    check_door(clean, current_cycle())
    assert not clean, clean.found

    CheckIn.objects.filter(application=ada).update(ticket=old, at=timezone.now())
    found = Problems()
    check_door(found, current_cycle())
    record = CheckIn.objects.get()
    assert found.found == [f"check-in {record.pk} of application {ada.pk} was made with a ticket voided before it"]
