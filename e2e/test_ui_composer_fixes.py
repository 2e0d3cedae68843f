"""The batch email composer: an error goes as soon as its field is fixed, and a bare address the
organizer types is a link in the preview, while an applicant's name that looks like an address or
like HTML stays text."""

from __future__ import annotations

from apps.core.tests.factories import ApplicationFactory
from conftest import make_user
from e2e.conftest import expect, shot, sign_in
from e2e.test_review_scoring import no_serious_violations, no_sideways_scroll

HOSTILE_NAME = "https://evil.example/<script>alert(1)</script>"


def test_errors_clear_when_fixed_and_bare_addresses_are_linked(new_page, make_admin):
    organizer = make_admin()
    ApplicationFactory(user=make_user("eve@princeton.edu"), first=HOSTILE_NAME, last="Tester", status="accepted")
    page = new_page()
    page.set_viewport_size({"width": 1440, "height": 900})
    sign_in(page, organizer, next="/admin/batch")
    section = page.get_by_role("region", name="Batch emails")
    section.get_by_label("Audience").select_option("accepted")

    section.get_by_role("button", name="Schedule").click()
    expect(section.get_by_text("Enter a subject.")).to_be_visible()
    expect(section.get_by_text("Write the email.")).to_be_visible()
    section.get_by_label("Subject").fill("Your travel")
    expect(section.get_by_text("Enter a subject.")).to_have_count(0)
    expect(section.get_by_label("Subject")).not_to_have_attribute("aria-invalid", "true")
    expect(section.get_by_text("Write the email.")).to_be_visible()

    section.get_by_label("Message in Markdown").fill(
        "Hi {{ first_name }},\n\nThe bus times are at https://example.org/bus?day=1. See you!"
    )
    expect(section.get_by_text("Write the email.")).to_have_count(0)
    frame = page.frame_locator("iframe.preview-frame")
    link = frame.get_by_role("link", name="https://example.org/bus?day=1", exact=True)
    expect(link).to_have_attribute("href", "https://example.org/bus?day=1")
    # The applicant's name is shown as typed: no link to it, no script from it.
    expect(frame.get_by_text(HOSTILE_NAME, exact=False)).to_be_visible()
    expect(frame.locator("a[href*='evil']")).to_have_count(0)
    expect(frame.locator("script")).to_have_count(0)
    no_sideways_scroll(page)
    no_serious_violations(page)
    shot(page, "composer-linked-preview-desktop", full_page=False)
