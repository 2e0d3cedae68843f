"""Mailing behaviour checked sentence by sentence against the API contract."""

from __future__ import annotations

import pytest

from apps.applications.tests.organizer_data import make_application
from apps.mailings.models import Delivery, Mailing
from apps.mailings.tests.test_mailings import schedule

JSON = "application/json"


@pytest.mark.parametrize("body", ['"a string"', "null", "[1, 2]", "7"])
def test_a_body_that_is_not_an_object_is_a_400_with_a_message(admin_client, db, body):
    """Never a 500 for client input: a JSON body that is no object is refused like any bad input."""
    r = admin_client.post("/api/mailings", body, content_type=JSON)
    assert r.status_code == 400
    assert r.json()["message"]
    assert not Mailing.objects.exists()


@pytest.mark.parametrize("status", ["confirmed", "declined", "waitlist_confirmed"])
def test_the_audience_may_be_any_application_status(admin_client, db, status):
    """Contract: `audience` is "an application status or `custom`", so the confirmed attendees
    (or those who declined) can be written to, not only the statuses the page offers."""
    make_application(f"{status}@princeton.edu", status=status)
    make_application("other@princeton.edu", status="accepted")
    r = schedule(admin_client, audience=status)
    assert r.status_code == 201, r.json()
    assert r.json()["recipients"] == 1
    emails = list(Delivery.objects.filter(mailing_id=r.json()["id"]).values_list("email", flat=True))
    assert emails == [f"{status}@princeton.edu"]


def test_the_template_list_takes_as_many_queries_with_overrides_as_without(admin_client, db):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from apps.mailings import automated
    from apps.mailings.models import EmailTemplate

    def count() -> int:
        with CaptureQueriesContext(connection) as ctx:
            assert admin_client.get("/api/mailings/templates").status_code == 200
        return len(ctx.captured_queries)

    # Warm first: the session and the user are cached after the first request.
    admin_client.get("/api/mailings/templates")
    before = count()
    for key in automated.AUTOMATED_KEYS:
        subject, html = automated.default_sources(key)
        EmailTemplate.objects.create(key=key, subject=f"New {subject}", html=html)
    assert count() == before <= 4
    assert all(t["customized"] for t in admin_client.get("/api/mailings/templates").json())
