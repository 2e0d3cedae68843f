"""Browser journeys of the admin home and the batch composer's audiences, at 1440×900 and
390×844: the home leads with the cycle's status and funnel, a funnel number opens the table
filtered to the same rows, a to-do opens its page, and the never-started accounts reach the
composer counted, with a test sent to the organizer. Screenshots: admin-home-<width>.png,
applications-table-<width>.png and batch-audiences-<width>.png (gallery; desktop at 1440 px)."""

from __future__ import annotations

import datetime
import re

import pytest
from django.core import mail

from apps.applications.models import ApplicationStatus as S
from apps.core.tests.factories import ApplicationFactory, UserFactory
from apps.cycles.models import DATE_FIELDS, Cycle
from e2e.conftest import expect, shot, sign_in


@pytest.fixture(params=["desktop", "phone"])
def width(request):
    return request.param


@pytest.fixture
def cycle_with_people(transactional_db):
    # Applications close in ten days; the event is a month out.
    today = datetime.date.today()
    ahead = {name: today + datetime.timedelta(days=30) for name in DATE_FIELDS}
    Cycle.objects.filter(is_current=True).update(**{**ahead, "due": today + datetime.timedelta(days=10)})
    for n, status in enumerate([S.SUBMITTED, S.SUBMITTED, S.SUBMITTED, S.ACCEPTED, S.REJECTED, S.STARTED]):
        ApplicationFactory(user=UserFactory(email=f"person{n}@princeton.edu"), status=status)
    UserFactory(email="never1@princeton.edu")
    UserFactory(email="never2@princeton.edu")
    return UserFactory(email="grace@princeton.edu", role="admin")


def no_horizontal_scroll(page):
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"


def funnel_rows(funnel) -> list[list[dict]]:
    """The funnel's stage tiles grouped by the row they are drawn on: [[{x, width}, ...], ...]."""
    boxes = funnel.evaluate(
        "list => [...list.children].map(li => { const r = li.getBoundingClientRect();"
        " return {top: Math.round(r.top), x: r.x, width: r.width, list: list.getBoundingClientRect().width}; })"
    )
    rows: dict[int, list[dict]] = {}
    for box in boxes:
        rows.setdefault(box["top"], []).append(box)
    return [rows[top] for top in sorted(rows)]


def test_the_admin_home_leads_with_where_the_cycle_stands(new_page, width, cycle_with_people):
    page = new_page(phone=width == "phone")
    sign_in(page, cycle_with_people)
    expect(page.get_by_role("heading", name="Admin Panel", level=1)).to_be_visible()
    status = page.get_by_role("region", name="Cycle status")
    expect(status).to_contain_text("Next: Applications close")
    expect(status).to_contain_text(re.compile(r"in (9|10) days"))
    funnel = page.get_by_role("list", name="Funnel", exact=True)
    submitted = funnel.get_by_role("link", name=re.compile(r"^Submitted 5\b.*Open in the table$"))
    expect(submitted).to_be_visible()
    todo = page.get_by_role("link", name=re.compile("3 applications submitted without a reviewer"))
    expect(todo).to_have_attribute("href", "/admin/assignapps")
    for group in ("Applications", "Reviewing", "Decisions and mail", "Event", "People", "Reports"):
        expect(page.get_by_role("heading", name=group, level=2)).to_be_visible()
    no_horizontal_scroll(page)
    # The seven stages read as one funnel: one row on a laptop (a 1280 px one too), and on a
    # phone no stage alone in half a row ("Checked in" was, on both).
    if width == "desktop":
        for laptop in (1440, 1280):
            page.set_viewport_size({"width": laptop, "height": 900})
            assert len(funnel_rows(funnel)) == 1, (laptop, funnel_rows(funnel))
    else:
        for row in funnel_rows(funnel):
            assert len(row) > 1 or row[0]["width"] >= row[0]["list"] - 1, funnel_rows(funnel)
    assert page.js_errors == []
    # The number opens the table filtered to the same rows.
    submitted.click()
    page.wait_for_url(re.compile(r"/admin/users\?selection=submitted"))
    expect(page.get_by_text("(Total: 5)", exact=False).first).to_be_visible()


def test_the_composer_counts_the_never_started_and_sends_a_test(new_page, width, cycle_with_people):
    page = new_page(phone=width == "phone")
    sign_in(page, cycle_with_people)
    page.get_by_role("link", name="2 never started").click()
    page.wait_for_url(re.compile(r"/admin/batch\?audience=never_started"))
    audience = page.get_by_label("Audience")
    expect(audience).to_have_value("never_started")
    expect(audience.locator("option:checked")).to_have_text("Registered, never started (2)")
    page.get_by_label("Subject").fill("Finish your application")
    page.get_by_label("Message in Markdown").fill("Hi {{ first_name }}!")
    expect(page.get_by_text("2 recipients will get this email.")).to_be_visible()
    mail.outbox.clear()
    page.get_by_role("button", name="Send a test to me").click()
    expect(page.get_by_text("A test email was sent to grace@princeton.edu.")).to_be_visible()
    assert [m.to for m in mail.outbox] == [["grace@princeton.edu"]]
    no_horizontal_scroll(page)
    assert page.js_errors == []


@pytest.mark.gallery
def test_gallery_admin_home_and_audiences(new_page, width, cycle_with_people):
    page = new_page(phone=width == "phone")
    if width == "desktop":  # the organizers' wide screen: 1440 px
        page.set_viewport_size({"width": 1440, "height": 900})
    sign_in(page, cycle_with_people)
    expect(page.get_by_role("list", name="Funnel", exact=True)).to_be_visible()
    shot(page, f"admin-home-{width}")
    page.goto("/admin/users")
    expect(page.get_by_role("link", name="View User person0@princeton.edu")).to_be_visible()
    no_horizontal_scroll(page)
    shot(page, f"applications-table-{width}")
    page.goto("/admin/batch?audience=never_started")
    expect(page.get_by_label("Audience")).to_have_value("never_started")
    shot(page, f"batch-audiences-{width}")
