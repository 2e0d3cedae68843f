"""The automated emails page shows an email's subject as plain text with
placeholders (never the `{% autoescape off %}` wrapper of the subject files) and saves it so.
Screenshots: e2e/screenshots/ui-automated-emails-<desktop|phone>.png."""

from __future__ import annotations

from apps.mailings.models import EmailTemplate
from e2e.conftest import expect, shot, sign_in

NEW_SUBJECT = "Congratulations, {{ first_name }}! You're in at {{ event_name }}"


def test_an_organizer_sees_and_saves_a_plain_subject(new_page, make_admin):
    organizer = make_admin()
    page = new_page()
    sign_in(page, organizer, next="/admin/automated-emails")
    page.get_by_role("button", name="Decision: accepted", exact=True).click()
    subject = page.get_by_label("Subject")
    expect(subject).to_have_value("Congratulations! You have been accepted to {{ event_name }}")
    expect(page.get_by_text("Congratulations! You have been accepted to HackPortal")).to_be_visible()
    shot(page, "ui-automated-emails-desktop")

    subject.fill(NEW_SUBJECT)
    expect(page.get_by_text("Congratulations, Ada! You're in at HackPortal")).to_be_visible()
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("Saved. The next emails of this kind use this version.")).to_be_visible()
    expect(page.get_by_text("Unsaved changes")).to_have_count(0)
    assert EmailTemplate.objects.get(key="decision_accepted").subject == NEW_SUBJECT

    page.reload()
    page.get_by_role("button", name="Decision: accepted", exact=True).click()
    expect(page.get_by_label("Subject")).to_have_value(NEW_SUBJECT)
    assert page.js_errors == []


def test_the_automated_emails_page_on_a_phone(new_page, make_admin):
    organizer = make_admin()
    page = new_page(phone=True)
    sign_in(page, organizer, next="/admin/automated-emails")
    page.get_by_role("button", name="Decision: rejected", exact=True).click()
    expect(page.get_by_label("Subject")).to_have_value("Your {{ event_name }} application")
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
    shot(page, "ui-automated-emails-phone")
