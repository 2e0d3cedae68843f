"""The endpoints API: organizers only, errors at their fields, the secret shown once."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext

from apps.applications import status_machine
from apps.applications.models import ApplicationStatus as S
from apps.core.tests.factories import ApplicationFactory
from apps.integrations.models import WebhookEndpoint

pytestmark = pytest.mark.django_db
URL = "https://93.184.216.34/hooks"
JSON = "application/json"


def create(client, **body):
    return client.post(
        "/api/integrations/webhooks", {"url": URL, "events": ["checkin.created"], **body}, content_type=JSON
    )


def test_students_cannot_see_or_register_endpoints(student_client):
    assert student_client.get("/api/integrations/webhooks").status_code == 403
    assert create(student_client).status_code == 403
    assert student_client.get("/admin/integrations").status_code in (302, 403, 404)


def test_register_list_and_remove(admin_client):
    response = create(admin_client, description="Discord bot", include_email=True)
    assert response.status_code == 201, response.json()
    created = response.json()
    assert created["secret"].startswith("whsec_")
    listed = admin_client.get("/api/integrations/webhooks").json()
    assert [e["id"] for e in listed] == [created["id"]]
    assert "secret" not in listed[0], "the secret is shown once, at creation"
    assert listed[0]["secret_hint"] == "…" + created["secret"][-4:]
    assert listed[0]["events"] == ["checkin.created"] and listed[0]["include_email"] is True

    assert admin_client.delete(f"/api/integrations/webhooks/{created['id']}").status_code == 204
    assert admin_client.delete(f"/api/integrations/webhooks/{created['id']}").status_code == 404
    assert admin_client.get(f"/api/integrations/webhooks/{created['id']}/deliveries").status_code == 404


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"events": []}, "events"),
        ({"events": ["application.deleted"]}, "events"),
        ({"events": "checkin.created"}, "events"),
        ({"secret": "short"}, "secret"),
        ({"url": ""}, "url"),
        ({"url": 5}, "url"),
        ({"include_email": "yes please"}, "include_email"),
    ],
)
def test_bad_input_is_refused_at_its_field(admin_client, body, field):
    response = create(admin_client, **body)
    assert response.status_code == 400
    assert any(key.split(".")[0] == field for key in response.json()["errors"]), response.json()
    assert not WebhookEndpoint.objects.exists()


def test_a_typed_secret_is_kept(admin_client):
    response = create(admin_client, secret="a-long-enough-shared-secret")
    assert response.json()["secret"] == "a-long-enough-shared-secret"


def test_the_page_renders_for_organizers(admin_client):
    create(admin_client)
    response = admin_client.get("/admin/integrations")
    assert response.status_code == 200
    assert b"admin-integrations-props" in response.content


def test_no_endpoint_costs_a_status_change_no_query():
    application = ApplicationFactory(status=S.SUBMITTED)
    status_machine.transition(application_id=application.pk, to=S.ACCEPTED)  # warms the cache
    with CaptureQueriesContext(connection) as queries:
        status_machine.transition(application_id=application.pk, to=S.WAITLISTED)
    assert not [q for q in queries.captured_queries if "integrations" in q["sql"]]


@override_settings(WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=True)
def test_an_endpoint_registered_after_a_change_gets_the_next_one(admin_client):
    first = ApplicationFactory(status=S.STARTED)
    status_machine.transition(application_id=first.pk, to=S.SUBMITTED)  # cached: no endpoint
    hook = create(admin_client, url="http://127.0.0.1:9/x", events=["application.submitted"]).json()
    second = ApplicationFactory(status=S.SUBMITTED)
    deliveries = admin_client.get(f"/api/integrations/webhooks/{hook['id']}/deliveries").json()
    assert [d["application_id"] for d in deliveries] == [second.pk]
