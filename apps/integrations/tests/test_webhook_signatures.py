"""Deliveries reach a real receiver signed in the Standard Webhooks layout, in id order, once
each; a receiver that is down loses nothing; a re-send is recognisable as the same message."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json

import pytest
from django.test import override_settings

from apps.applications import status_machine
from apps.applications.models import ApplicationStatus as S
from apps.core.tests.factories import ApplicationFactory
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.decisions import cycle_release
from apps.integrations import services
from apps.integrations.models import Event, WebhookDelivery
from apps.mailings import outbox

from . import receiver as test_receiver

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("allow_local")]

SECRET = "whsec_" + base64.b64encode(b"a secret of thirty-two bytes....").decode()


@pytest.fixture
def allow_local():
    with override_settings(WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=True, WEBHOOKS_TIMEOUT=2.0):
        yield


@pytest.fixture
def receiver():
    r = test_receiver.start()
    yield r
    r.close()


def expected_signature(headers: dict, body: bytes) -> str:
    """The receiver's side, written from the Standard Webhooks layout (not the portal's code)."""
    key = base64.b64decode(SECRET.removeprefix("whsec_"))
    signed = f"{headers['webhook-id']}.{headers['webhook-timestamp']}.".encode() + body
    return "v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()


def endpoint(url: str, events=(Event.APPLICATION_SUBMITTED,), **kwargs):
    return services.endpoint_create(url=url, events=list(events), secret=SECRET, **kwargs)


def test_deliveries_are_signed_ordered_and_carry_ids_and_statuses_only(receiver):
    endpoint(receiver.url)
    applications = [ApplicationFactory(status=S.SUBMITTED) for _ in range(3)]

    assert services.send_due() == 3

    assert len(receiver.received) == 3
    sequences = []
    for got, application in zip(receiver.received, applications, strict=True):
        assert got.path == "/hooks"
        assert got.headers["webhook-signature"] == expected_signature(got.headers, got.body)
        message = json.loads(got.body)
        assert got.headers["webhook-id"] == message["id"] == f"msg_{message['sequence']}"
        assert message["type"] == "application.submitted"
        assert message["data"] == {
            "application_id": application.pk,
            "cycle_id": application.cycle_id,
            "status": "submitted",
            "previous_status": "started",
        }
        sequences.append(message["sequence"])
    assert sequences == sorted(sequences), "delivered in id order"
    # A body changed on the way no longer matches its signature.
    forged = receiver.received[0].body.replace(b"submitted", b"confirmed")
    assert receiver.received[0].headers["webhook-signature"] != expected_signature(receiver.received[0].headers, forged)
    # Each went once: nothing is left to send.
    assert services.send_due() == 0
    assert set(WebhookDelivery.objects.values_list("state", flat=True)) == {outbox.State.SENT}


def test_email_only_when_ticked(receiver):
    endpoint(receiver.url, include_email=True)
    application = ApplicationFactory(status=S.SUBMITTED)
    services.send_due()
    assert json.loads(receiver.received[0].body)["data"]["email"] == application.email


def test_a_receiver_that_is_down_loses_nothing_and_a_resend_is_the_same_message(receiver, admin_client):
    hook = endpoint(receiver.url)
    ApplicationFactory(status=S.SUBMITTED)
    receiver.status = 503

    services.send_due()
    row = WebhookDelivery.objects.get()
    assert (row.state, row.attempts, row.response_status) == (outbox.State.PENDING, 1, 503)
    assert row.next_attempt_at is not None, "backs off before the next attempt"
    assert services.send_due() == 0, "not again before the backoff has passed"

    # Every attempt fails: the row ends failed, and is listed as such for its endpoint.
    for _ in range(outbox.MAX_ATTEMPTS - 1):
        WebhookDelivery.objects.filter(pk=row.pk).update(next_attempt_at=None)
        services.send_due()
    row.refresh_from_db()
    assert row.state == outbox.State.FAILED
    failed = admin_client.get(f"/api/integrations/webhooks/{hook.pk}/deliveries?state=failed").json()
    assert [d["id"] for d in failed] == [row.pk]
    assert admin_client.get("/api/integrations/webhooks").json()[0]["failed"] == 1

    # Back up: the re-send button delivers it, under the webhook-id of the failed attempts.
    receiver.status = 200
    response = admin_client.post(f"/api/integrations/webhooks/deliveries/{row.pk}/resend")
    assert response.status_code == 200, response.json()
    row.refresh_from_db()
    assert row.state == outbox.State.SENT
    ids = [got.headers["webhook-id"] for got in receiver.received]
    assert len(ids) == outbox.MAX_ATTEMPTS + 1
    assert set(ids) == {f"msg_{row.pk}"}, "a replay carries the id the receiver has seen"
    assert admin_client.post(f"/api/integrations/webhooks/deliveries/{row.pk}/resend").status_code == 409


def test_events_follow_the_status_machine_and_the_release(receiver):
    endpoint(receiver.url, events=[e.value for e in Event])
    application = ApplicationFactory(status=S.ACCEPTED)
    cycle = current_cycle()
    cycle_release.change_status(
        cycle=cycle, status=C.RELEASED, confirm_emails=cycle_release.release_preview(cycle)["total"]
    )
    # A second release records nothing new for the same decision.
    cycle_release.change_status(
        cycle=cycle, status=C.RELEASED, confirm_emails=cycle_release.release_preview(cycle)["total"]
    )
    status_machine.applicant_act(application_id=application.pk, action=status_machine.CONFIRM)
    status_machine.transition(application_id=application.pk, to=S.CHECKED_IN, rule=status_machine.CHECK_IN_RULE)

    services.send_due()
    types = [json.loads(got.body)["type"] for got in receiver.received]
    assert types == ["application.submitted", "decision.released", "application.confirmed", "checkin.created"]
    released = json.loads(receiver.received[1].body)["data"]
    assert released["status"] == "accepted" and released["application_id"] == application.pk


def test_only_subscribed_endpoints_get_an_event(receiver):
    endpoint(receiver.url, events=[Event.CHECKIN_CREATED])
    ApplicationFactory(status=S.SUBMITTED)
    assert WebhookDelivery.objects.count() == 0
