"""A decision changed after release and then changed back is announced again: the applicant's
last decision email always names the decision their dashboard shows."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from django.core import mail
from django.test import Client

from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.test_status_machine import make_application
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle, cycle_config
from apps.decisions.tasks import send_application_decision_email
from conftest import make_user

from .test_release import JSON, set_status_via_api

pytestmark = pytest.mark.django_db


def decide(admin_client, email: str, status: str):
    r = admin_client.post(f"/api/applications/status/{quote(email)}", {"status": status}, content_type=JSON)
    assert r.status_code == 200, r.json()


def test_a_decision_changed_back_after_release_is_mailed_again(admin_client):
    application = make_application(make_user("flip@princeton.edu"), S.ACCEPTED, first="Flip")
    set_status_via_api(admin_client, C.RELEASED)
    decide(admin_client, application.email, S.REJECTED)
    decide(admin_client, application.email, S.ACCEPTED)
    subjects = [m.subject.lower() for m in mail.outbox if m.to == [application.email]]
    assert len(subjects) == 3, subjects
    assert "accepted" in subjects[-1] or "congrat" in subjects[-1], subjects
    # Three messages, three Message-IDs: a mail client keeps each.
    ids = [m.extra_headers["Message-ID"] for m in mail.outbox if m.to == [application.email]]
    assert len(set(ids)) == 3, ids


def test_a_release_counts_and_sends_a_decision_changed_back_while_hidden(admin_client):
    application = make_application(make_user("flop@princeton.edu"), S.ACCEPTED, first="Flop")
    set_status_via_api(admin_client, C.RELEASED)
    decide(admin_client, application.email, S.REJECTED)
    # Withdrawn (nobody answered yet), changed back while hidden, released again.
    preview = admin_client.get("/api/applications/cycle/unrelease-preview").json()
    body = cycle_config(current_cycle())
    body.update(status=C.CLOSED, confirm_unrelease=preview["total"])
    assert admin_client.post("/api/applications/cycle/config", body, content_type=JSON).status_code == 200
    decide(admin_client, application.email, S.ACCEPTED)
    assert admin_client.get("/api/applications/cycle/release-preview").json()["total"] == 1
    mail.outbox.clear()
    set_status_via_api(admin_client, C.RELEASED)
    assert [m.to for m in mail.outbox] == [[application.email]]
    assert "accepted" in mail.outbox[0].subject.lower()
    # Released again: the applicant was told already.
    assert admin_client.get("/api/applications/cycle/release-preview").json()["total"] == 0
    set_status_via_api(admin_client, C.RELEASED)
    assert len(mail.outbox) == 1


def test_an_offer_declined_and_made_again_is_announced_again(admin_client):
    """The applicant declined the offer their email made; an organizer makes it again. Their
    last decision email says "accepted", but it is the offer they answered: the new one is
    news, and it is mailed (once, however often the task runs or the cycle is released)."""
    user = make_user("again@princeton.edu")
    application = make_application(user, S.ACCEPTED, first="Again")
    set_status_via_api(admin_client, C.RELEASED)
    applicant = Client()
    applicant.force_login(user)
    assert applicant.post("/api/applications/decline", {}, content_type=JSON).status_code == 200
    mail.outbox.clear()
    r = admin_client.post(
        f"/api/applications/status/{quote(application.email)}",
        {"status": S.ACCEPTED, "override": True},
        content_type=JSON,
    )
    assert r.status_code == 200, r.json()
    assert [m.to for m in mail.outbox] == [[application.email]]
    assert "accepted" in mail.outbox[0].subject.lower() or "congrat" in mail.outbox[0].subject.lower()
    # The task again (a retry) and a second release record nothing new.
    send_application_decision_email(application.pk)
    assert admin_client.get("/api/applications/cycle/release-preview").json()["total"] == 0
    set_status_via_api(admin_client, C.RELEASED)
    assert len(mail.outbox) == 1


def test_a_decision_taken_back_to_review_and_made_again_is_announced_again(admin_client):
    """Rejected and told; an organizer takes it back to review (the dashboard says "under
    review" again) and rejects again: the applicant hears the decision again, once."""
    application = make_application(make_user("review-again@princeton.edu"), S.REJECTED, first="Again")
    set_status_via_api(admin_client, C.RELEASED)
    r = admin_client.post(
        f"/api/applications/status/{quote(application.email)}",
        {"status": S.SUBMITTED, "override": True},
        content_type=JSON,
    )
    assert r.status_code == 200, r.json()
    mail.outbox.clear()
    decide(admin_client, application.email, S.REJECTED)
    assert [m.to for m in mail.outbox] == [[application.email]]
    send_application_decision_email(application.pk)
    set_status_via_api(admin_client, C.RELEASED)
    assert len(mail.outbox) == 1
    assert admin_client.get("/api/applications/cycle/release-preview").json()["total"] == 0
