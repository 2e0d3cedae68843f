"""The webhooks page in the browser: a refused private address at its field, an endpoint added
with its secret shown once, a receiver that is down, its failed delivery re-sent from the page
and arriving signed. Desktop and phone, axe clean."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
from pathlib import Path

import pytest

from apps.applications.models import ApplicationStatus as S
from apps.core.tests.factories import ApplicationFactory
from apps.cycles.models import CycleStatus
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from apps.integrations import notices, services
from apps.integrations.models import WebhookDelivery
from apps.integrations.tests import receiver as test_receiver
from apps.mailings import outbox
from e2e.conftest import TAKE_SCREENSHOTS, expect, shot, sign_in
from e2e.test_accessibility import FAILING_IMPACTS, audit, settle


def keep(path: Path) -> None:
    """The screenshot is in e2e/screenshots/ whenever screenshots are taken (`make gallery`)."""
    assert path.exists() or not TAKE_SCREENSHOTS


def serious(page) -> list[dict]:
    return [v for v in audit(page) if v["impact"] in FAILING_IMPACTS]


@pytest.fixture
def receiver():
    r = test_receiver.start()
    yield r
    r.close()


def test_an_organizer_adds_an_endpoint_and_resends_a_failed_delivery(new_page, make_admin, settings, receiver):
    settings.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES = False
    admin = make_admin()
    page = sign_in(new_page(), admin, next="/admin/integrations")
    settle(page, "Integrations")
    expect(page.get_by_text("No endpoints yet.")).to_be_visible()

    # A private address is refused at the URL field, before anything is saved.
    form = page.get_by_role("form", name="Add an endpoint")
    form.get_by_label("Endpoint URL").fill("http://169.254.169.254/latest/meta-data")
    form.get_by_label("Application submitted").check()
    page.get_by_role("button", name="Add Endpoint").click()
    expect(page.get_by_text("This address leads to a private network (169.254.169.254)")).to_be_visible()
    expect(page.get_by_label("Endpoint URL")).to_have_attribute("aria-invalid", "true")
    assert serious(page) == []
    keep(shot(page, "integrations-ssrf-refused-desktop"))

    # The test's receiver runs on this machine: the setting lets the portal reach it.
    settings.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES = True
    page.get_by_label("Endpoint URL").fill(receiver.url)
    page.get_by_label("Description (optional)").fill("Our Discord bot")
    page.get_by_role("button", name="Add Endpoint").click()
    expect(page.get_by_text("Endpoint added.")).to_be_visible()
    secret = page.locator(".alert code").inner_text()
    assert secret.startswith("whsec_")
    expect(page.get_by_role("list", name="Endpoints").get_by_text(receiver.url)).to_be_visible()

    # The receiver is down when someone submits: the delivery waits, then fails for good.
    receiver.status = 503
    application = ApplicationFactory(status=S.SUBMITTED)
    row = WebhookDelivery.objects.get()
    WebhookDelivery.objects.filter(pk=row.pk).update(attempts=outbox.MAX_ATTEMPTS - 1, next_attempt_at=None)
    services.send_due()
    row.refresh_from_db()
    assert row.state == outbox.State.FAILED and receiver.received, "tried, refused"

    page.reload()
    settle(page, "Integrations")
    page.get_by_role("button", name="Failures (1)").click()
    failed = page.get_by_role("list", name=f"Failed deliveries to {receiver.url}")
    expect(failed.get_by_text(f"application.submitted for application {application.pk}")).to_be_visible()
    assert serious(page) == []
    keep(shot(page, "integrations-failed-desktop"))

    # Back up: the re-send goes out, signed with the secret shown once.
    receiver.status = 200
    received_before = len(receiver.received)
    page.get_by_role("button", name=f"Re-send msg_{row.pk}").click()
    expect(page.get_by_text(f"msg_{row.pk} is queued again.")).to_be_visible()
    expect(page.get_by_text("No failed deliveries.")).to_be_visible()
    got = receiver.received[received_before]
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{got.headers['webhook-id']}.{got.headers['webhook-timestamp']}.".encode() + got.body
    assert (
        got.headers["webhook-signature"]
        == "v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    )
    assert got.headers["webhook-id"] == f"msg_{row.pk}" == receiver.received[0].headers["webhook-id"]
    assert json.loads(got.body)["data"]["application_id"] == application.pk
    keep(shot(page, "integrations-resent-desktop"))

    # Removing asks first.
    page.get_by_role("button", name="Remove Our Discord bot").click()
    page.get_by_role("button", name="Remove endpoint").click()
    expect(page.get_by_text("No endpoints yet.")).to_be_visible()


def test_the_page_on_a_phone_with_a_chat_channel(new_page, make_admin, settings, receiver):
    settings.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES = True
    services.endpoint_create(url=receiver.url, events=["checkin.created", "decision.released"], include_email=True)
    page = sign_in(new_page(phone=True), make_admin(), next="/admin/integrations")
    settle(page, "Integrations")
    page.get_by_role("button", name="Add Endpoint").click()
    form = page.get_by_role("form", name="Add an endpoint")
    expect(form.get_by_text("Enter the address to send to.")).to_be_visible()
    expect(form.get_by_text("Choose at least one event.")).to_be_visible()

    # A Discord channel, counts only; a confirmation shows up in the next minute's notice.
    channels = page.get_by_role("form", name="Add a channel")
    channels.get_by_label("Service").select_option("discord")
    channels.get_by_label("Incoming-webhook URL").fill(receiver.url)
    channels.get_by_label("Application confirmed").check()
    channels.get_by_role("button", name="Add Channel").click()
    expect(page.get_by_text("Channel added")).to_be_visible()
    expect(page.get_by_role("list", name="Channels").get_by_text("Discord")).to_be_visible()
    ApplicationFactory(status=S.CONFIRMED)
    assert notices.send_notices() == 1
    assert json.loads(receiver.received[-1].body)["content"].endswith(": 1 confirmed")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways ({width}px)"
    assert serious(page) == []
    keep(shot(page, "integrations-phone"))


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_confirmed_applicant_subscribes_to_the_calendar_feed(new_page, make_student, phone):
    student = make_student()
    ApplicationFactory(user=student, status=S.CONFIRMED)
    cycle_set_status(cycle=current_cycle(), status=CycleStatus.RELEASED)  # decisions visible
    page = sign_in(new_page(phone=phone), student, next="/dashboard")
    settle(page)
    page.get_by_role("button", name="Subscribe in your calendar").click()
    field = page.get_by_label("Your private calendar feed")
    expect(field).to_have_value(re.compile(r"/calendar/[A-Za-z0-9_-]+\.ics$"))
    assert serious(page) == []
    if phone:
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page scrolls sideways ({width}px)"
    keep(shot(page, f"calendar-feed-{'phone' if phone else 'desktop'}"))

    # A calendar app fetches it with no session.
    path = "/calendar/" + field.input_value().rsplit("/calendar/", 1)[1]
    answer = new_page().request.get(path)
    assert answer.status == 200
    assert answer.headers["content-type"] == "text/calendar; charset=utf-8"
    assert answer.text().startswith("BEGIN:VCALENDAR")
