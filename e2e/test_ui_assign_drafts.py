"""Drafts can't be assigned for review. The assign page offers only the
submitted applications without a reviewer; a draft pasted in anyway fails with its reason.
Screenshots: e2e/screenshots/ui-assign-<desktop|phone>.png."""

from __future__ import annotations

import pytest

from apps.applications.tests.organizer_data import make_application
from apps.reviews.models import Assignment
from e2e.conftest import expect, shot, sign_in


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_an_organizer_assigns_the_offered_applications_and_a_draft_is_refused(new_page, make_admin, phone):
    organizer = make_admin()
    make_application("draft@yale.edu", status="started")
    make_application("ada@yale.edu")
    make_application("bob@yale.edu", status="accepted")
    page = new_page(phone=phone)
    sign_in(page, organizer, next="/admin/assignapps")

    offer = page.get_by_role("group", name="2 submitted applications without a reviewer")
    expect(offer).to_be_visible()
    shot(page, f"ui-assign-offer-{'phone' if phone else 'desktop'}")
    offer.get_by_role("button", name="Add 2 to the list").click()
    emails = page.get_by_label("Emails")
    expect(emails).to_have_value("ada@yale.edu\nbob@yale.edu")
    expect(offer.get_by_role("button", name="All are in the list")).to_be_disabled()

    # A draft pasted in by hand is refused, with the reason.
    emails.press("End")
    emails.press_sequentially("\ndraft@yale.edu")
    page.get_by_label("Member").fill(organizer.email)
    page.get_by_role("button", name="Submit").click()
    expect(page.get_by_role("list", name="Assigned")).to_contain_text("ada@yale.edu")
    expect(page.get_by_role("list", name="Assigned")).to_contain_text("bob@yale.edu")
    failed = page.get_by_role("list", name="Failed")
    expect(failed).to_contain_text("draft@yale.edu")
    expect(failed).to_contain_text("Not submitted yet.")
    expect(page.get_by_text("Every submitted application has a reviewer.")).to_be_visible()
    assert sorted(Assignment.objects.values_list("application__email", flat=True)) == ["ada@yale.edu", "bob@yale.edu"]

    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
    shot(page, f"ui-assign-{'phone' if phone else 'desktop'}")

    # Reloaded, the page offers nothing: the draft is not on offer, the rest are assigned.
    page.reload()
    expect(page.get_by_text("Every submitted application has a reviewer.")).to_be_visible()
    assert page.js_errors == []
