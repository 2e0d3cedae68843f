"""Slack and Discord notices: one line of counts per channel and run (the minute's batch),
nothing personal unless ticked, nothing lost when the channel is down."""

from __future__ import annotations

import json

import pytest
from django.test import override_settings

from apps.applications import status_machine
from apps.applications.models import ApplicationStatus as S
from apps.core.tests.factories import ApplicationFactory
from apps.integrations import notices
from apps.integrations.models import ChatChannel

from . import receiver as test_receiver

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("allow_local")]


@pytest.fixture
def allow_local():
    with override_settings(WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=True, WEBHOOKS_TIMEOUT=2.0, EVENT_NAME="HackPrinceton"):
        yield


@pytest.fixture
def receiver():
    r = test_receiver.start()
    yield r
    r.close()


def channel(url: str, kind: str = "slack", **kwargs) -> ChatChannel:
    return notices.channel_create(
        kind=kind, url=url, events=["application.confirmed", "checkin.created", "application.submitted"], **kwargs
    )


def test_one_line_of_counts_per_run_and_only_what_is_new(receiver):
    ApplicationFactory(status=S.CONFIRMED)  # before the channel: not announced
    channel(receiver.url)
    assert notices.send_notices() == 0, "nothing new, nothing posted"

    confirmed = [ApplicationFactory(status=S.CONFIRMED) for _ in range(3)]
    status_machine.transition(application_id=confirmed[0].pk, to=S.CHECKED_IN, rule=status_machine.CHECK_IN_RULE)

    assert notices.send_notices() == 1
    assert len(receiver.received) == 1
    text = json.loads(receiver.received[0].body)["text"]
    assert text == "HackPrinceton: 3 applied · 3 confirmed · 1 checked in"
    assert "Ada" not in text and "@" not in text, "counts only"
    assert notices.send_notices() == 0, "the next minute has nothing new"


def test_names_only_when_ticked_and_discord_gets_content(receiver):
    channel(receiver.url, kind="discord", include_names=True)
    ApplicationFactory(status=S.CONFIRMED, first="Grace", last="Hopper")
    notices.send_notices()
    content = json.loads(receiver.received[0].body)["content"]
    assert content.startswith("HackPrinceton: 1 applied · 1 confirmed")
    assert "confirmed: Grace Hopper" in content


def test_a_channel_that_is_down_gets_the_sum_next_time(receiver):
    hook = channel(receiver.url)
    ApplicationFactory(status=S.CONFIRMED)
    receiver.status = 503
    assert notices.send_notices() == 0
    hook.refresh_from_db()
    assert "503" in hook.last_error and hook.last_sent_at is None

    ApplicationFactory(status=S.CONFIRMED)
    receiver.status = 200
    assert notices.send_notices() == 1
    assert json.loads(receiver.received[-1].body)["text"] == "HackPrinceton: 2 applied · 2 confirmed"
    hook.refresh_from_db()
    assert hook.last_error == "" and hook.last_sent_at is not None


def test_the_channel_url_is_guarded_at_its_field(admin_client):
    with override_settings(WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=False):
        response = admin_client.post(
            "/api/integrations/chat-channels",
            {"kind": "slack", "url": "http://10.0.0.8/hooks", "events": ["checkin.created"]},
            content_type="application/json",
        )
    assert response.status_code == 400
    assert "private network" in response.json()["errors"]["url"][0]
    assert not ChatChannel.objects.exists()
