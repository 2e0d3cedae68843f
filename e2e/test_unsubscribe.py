"""The one-click unsubscribe page, opened from a real batch email, signed out: it asks first,
unsubscribes with one button (also by keyboard), offers to subscribe again, and has no serious
accessibility violation on a desktop or a phone."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from django.core import mail
from django.utils import timezone

from apps.mailings import services
from apps.mailings.models import Delivery, Mailing, Suppression
from e2e.conftest import expect
from e2e.test_accessibility import Audit, settle


def unsubscribe_path(email: str) -> str:
    Mailing.objects.create(subject="Doors open at 9", audience="custom", html="<p>See you.</p>", send_at=timezone.now())
    Delivery.objects.create(mailing=Mailing.objects.get(), email=email)
    services.send_due_mailings()
    [message] = [m for m in mail.outbox if m.to == [email]]
    link = re.search(r"<(\S+)>", message.extra_headers["List-Unsubscribe"]).group(1)
    assert link in message.body  # the same link as the footer's
    parts = urlsplit(link)
    return f"{parts.path}?{parts.query}"


def test_unsubscribing_from_a_batch_email_and_back(new_page, transactional_db):
    path = unsubscribe_path("ada@princeton.edu")
    audit = Audit()
    for phone in (False, True):
        page = new_page(phone=phone)
        page.goto(path)
        settle(page, "Unsubscribe from announcements?")
        expect(page.get_by_text("a***@princeton.edu")).to_be_visible()
        audit.check(page, f"/unsubscribe ({'phone' if phone else 'desktop'})")
    assert not Suppression.objects.exists()  # opening the page changed nothing

    page = new_page()
    page.goto(path)
    settle(page, "Unsubscribe from announcements?")
    button = page.get_by_role("button", name="Unsubscribe")
    for _ in range(30):  # the skip link, the navbar's links, then the button
        page.keyboard.press("Tab")
        if button.evaluate("el => el === document.activeElement"):
            break
    else:
        raise AssertionError("the Unsubscribe button is not reachable by Tab")
    page.keyboard.press("Enter")
    settle(page, "You're unsubscribed")
    audit.check(page, "/unsubscribe, done")
    assert Suppression.objects.filter(email="ada@princeton.edu", reason="unsubscribed").exists()

    page.get_by_role("button", name="Subscribe again").click()
    settle(page, "You're subscribed again")
    assert not Suppression.objects.exists()

    page.goto("/unsubscribe?t=broken")
    settle(page, "This link doesn't work")
    audit.check(page, "/unsubscribe, broken link")
    audit.assert_clean()
