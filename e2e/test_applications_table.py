"""Browser journeys of the applications table (/admin/users): its state in the address survives
leaving and coming Back; selected rows get one batch decision and an assignment to a reviewer.
Screenshots: e2e/screenshots/table-*.png (desktop and phone).
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from apps.applications.models import Application
from apps.reviews.models import Assignment
from e2e.conftest import expect, items_per_row, shot, sign_in
from e2e.test_organizer import no_horizontal_scroll, submitted

LASTS = ["Hopper", "Lovelace", "Turing", "Liskov", "Hamilton", "Knuth", "Ritchie", "Allen"]


def applicants(count: int = 30) -> None:
    """`count` submitted applications: two in three at Yale, the rest at Princeton."""
    for i in range(count):
        school = "Princeton University" if i % 3 == 0 else "Yale University"
        submitted(f"applicant{i:02d}@example.edu", f"First{i:02d}", f"{LASTS[i % len(LASTS)]}{i:02d}", school=school)


def query_of(page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def row_emails(page) -> list[str]:
    return page.locator("tbody tr td.org-table__email").all_inner_texts()


def test_filters_sort_and_page_survive_leaving_the_table_and_coming_back(new_page, make_admin):
    organizer = make_admin()
    applicants(30)  # 20 at Yale
    page = new_page()
    sign_in(page, organizer, next="/admin/users")
    expect(page.get_by_text("Page 1 of 2 (Total: 30)")).to_be_visible()

    page.get_by_label("School").fill("yale")
    expect(page.get_by_text("Page 1 of 1 (Total: 20)")).to_be_visible()
    page.get_by_label("School").fill("")
    expect(page.get_by_text("Page 1 of 2 (Total: 30)")).to_be_visible()
    page.get_by_label("Status").select_option("submitted")
    # The address follows (replaced, not a new history entry per keystroke).
    expect(page).to_have_url(re.compile(r"/admin/users\?status=submitted$"))

    # Sort by last name (A to Z), then Z to A with the header's second click.
    page.get_by_role("button", name="Last", exact=True).click()
    expect(page.get_by_role("columnheader", name="Last", exact=True)).to_have_attribute("aria-sort", "ascending")
    page.get_by_role("button", name="Last", exact=True).click()
    expect(page.get_by_role("columnheader", name="Last", exact=True)).to_have_attribute("aria-sort", "descending")
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_text("Page 2 of 2 (Total: 30)")).to_be_visible()
    expect(page.locator("tbody tr")).to_have_count(10)
    assert query_of(page) == {"status": ["submitted"], "sort": ["-last"], "page": ["2"]}
    expected = list(Application.objects.order_by("-last", "-email").values_list("email", flat=True)[20:30])
    assert row_emails(page) == expected
    shot(page, "table-sorted-page-2-desktop")

    # Open an applicant, then Back: the same filters, sort, page and rows.
    page.get_by_role("link", name=f"View User {expected[0]}").click()
    page.wait_for_url(re.compile(r"/admin/users/applicant\d\d(%40|@)example\.edu$"))
    page.go_back()
    page.wait_for_url(re.compile(r"/admin/users\?"))
    expect(page.get_by_text("Page 2 of 2 (Total: 30)")).to_be_visible()
    expect(page.get_by_label("Status")).to_have_value("submitted")
    expect(page.get_by_role("columnheader", name="Last", exact=True)).to_have_attribute("aria-sort", "descending")
    assert row_emails(page) == expected

    # Back again walks the table's own history: page 1 of the same sort.
    page.go_back()
    expect(page.get_by_text("Page 1 of 2 (Total: 30)")).to_be_visible()
    assert query_of(page) == {"status": ["submitted"], "sort": ["-last"]}

    # A shared link opens the same table in a fresh browser.
    other = new_page()
    sign_in(other, organizer)
    other.goto("/admin/users?school=yale&sort=-last&page=1")
    expect(other.get_by_text("Page 1 of 1 (Total: 20)")).to_be_visible()
    expect(other.get_by_label("School")).to_have_value("yale")
    assert page.js_errors == [] and other.js_errors == []


def test_selected_rows_get_one_batch_decision_and_an_assignment_to_a_reviewer(new_page, make_admin):
    organizer = make_admin()
    reviewer = make_admin("alan@princeton.edu")
    applicants(6)
    page = new_page()
    sign_in(page, organizer, next="/admin/users?sort=email")
    expect(page.get_by_text("Page 1 of 1 (Total: 6)")).to_be_visible()
    decide = page.get_by_role("button", name=re.compile(r"^Decide \d+ selected$"))
    expect(decide).to_be_disabled()

    page.get_by_role("checkbox", name="Select applicant01@example.edu").check()
    page.get_by_role("checkbox", name="Select applicant04@example.edu").check()
    expect(page.get_by_text("2 applications selected")).to_be_visible()
    page.get_by_label("Decision").select_option("waitlisted")
    calls = []
    page.on("request", lambda r: calls.append(r.url) if "batch-status" in r.url else None)
    page.get_by_role("button", name="Decide 2 selected").click()

    approved = page.get_by_role("list", name="Waitlisted")
    expect(approved.get_by_role("listitem")).to_have_count(2)
    expect(page.get_by_text("Waitlisted: 2 of 2 applicants decided.")).to_be_visible()
    assert len(calls) == 1
    assert dict(Application.objects.values_list("email", "status")) == {
        f"applicant{i:02d}@example.edu": "waitlisted" if i in (1, 4) else "submitted" for i in range(6)
    }
    # The table reloads: the decided rows show their new status.
    row = page.locator("tbody tr", has_text="applicant04@example.edu")
    expect(row.get_by_text("Waitlisted")).to_be_visible()
    expect(page.get_by_text("0 applications selected")).to_be_visible()
    shot(page, "table-batch-decision-desktop")

    # Select the whole page, then assign it to a second organizer.
    page.get_by_role("checkbox", name="Select all on this page").check()
    expect(page.get_by_text("6 applications selected")).to_be_visible()
    page.get_by_role("checkbox", name="Select applicant05@example.edu").uncheck()
    expect(page.get_by_text("5 applications selected")).to_be_visible()
    page.get_by_label("Reviewer").select_option("alan@princeton.edu")
    page.get_by_role("button", name="Assign 5 selected").click()
    expect(page.get_by_text("Assigned to alan@princeton.edu: 5 of 5.")).to_be_visible()
    assert list(
        Assignment.objects.filter(reviewer=reviewer).order_by("position").values_list("application__email", flat=True)
    ) == [f"applicant{i:02d}@example.edu" for i in range(5)]
    shot(page, "table-assignment-desktop")
    assert page.js_errors == []


def test_the_table_works_on_a_phone(new_page, make_admin):
    organizer = make_admin()
    applicants(24)
    page = new_page(phone=True)
    sign_in(page, organizer)
    page.goto("/admin/users?school=yale")
    expect(page.get_by_text("Page 1 of 1 (Total: 16)")).to_be_visible()
    # Two filters a row, then Scope, the sort and Clear each across a row: none left in half a
    # row, and the sort wide enough for its choices.
    filters = page.get_by_role("search", name="Filter applications")
    assert items_per_row(filters.locator(":scope > *")) == [2, 2, 2, 2, 1, 1, 1]
    half = filters.get_by_label("Status").bounding_box()["width"]
    for control in (
        filters.get_by_label("Scope"),
        filters.get_by_label("Sort by"),
        filters.get_by_role("button", name="Clear filters"),
    ):
        assert control.bounding_box()["width"] > half * 1.5
    # The headers are hidden on a phone: the sort is a select there.
    page.get_by_label("Sort by").select_option("-submitted_at")
    expect(page.get_by_label("Sort by")).to_have_value("-submitted_at")
    assert query_of(page) == {"school": ["yale"], "sort": ["-submitted_at"]}
    newest = Application.objects.filter(school="Yale University").order_by("-submitted_at", "-email").first()
    expect(page.locator("tbody tr").first).to_contain_text(newest.email)
    page.get_by_role("checkbox", name=f"Select {newest.email}").check()
    expect(page.get_by_text("1 application selected")).to_be_visible()
    no_horizontal_scroll(page)
    shot(page, "table-phone")
    # The full page is long (one card per row): the parts one sees, screen by screen.
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "table-phone-filters", full_page=False)
    page.get_by_role("region", name="Selected applications").scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, 300)")
    shot(page, "table-phone-rows", full_page=False)
    page.get_by_role("navigation", name="Pages").scroll_into_view_if_needed()
    shot(page, "table-phone-pager", full_page=False)
    assert page.js_errors == []


def test_all_matching_rows_get_one_decision_and_the_table_fits_a_wide_screen(new_page, make_admin):
    """At 1440 px the table fits its page (no column cut off, no address broken over lines); a
    click on a row opens it; "Select all 30 matching" shows its count before anything is done,
    and the decision reaches every matching row, the second page's too, and no other."""
    organizer = make_admin()
    applicants(45)  # 30 at Yale: two pages of the table
    page = new_page()
    page.set_viewport_size({"width": 1440, "height": 900})
    sign_in(page, organizer)
    page.goto("/admin/users?school=yale&sort=email")
    expect(page.get_by_text("Page 1 of 2 (Total: 30)")).to_be_visible()

    sizes = page.evaluate(
        """() => {
          const wrap = document.querySelector('.org-table-wrap');
          const links = [...document.querySelectorAll('tbody td.org-table__email a')];
          return {
            overflow: wrap.scrollWidth - wrap.clientWidth,
            table: wrap.getBoundingClientRect().width,
            lines: Math.max(...links.map((a) => a.getClientRects().length)),
            titled: links.every((a) => a.title === a.textContent),
          };
        }"""
    )
    assert sizes["overflow"] <= 0, sizes
    assert sizes["table"] >= 1360, sizes  # the screen's width, not the 1,158 px reading column
    assert sizes["lines"] == 1 and sizes["titled"], sizes

    # A click on a row's school opens the applicant; Back returns to the same table.
    first = row_emails(page)[0]
    page.locator("tbody tr", has_text=first).get_by_text("Yale University").click()
    page.wait_for_url(re.compile(r"/admin/users/applicant\d\d(%40|@)example\.edu$"))
    page.go_back()
    expect(page.get_by_text("Page 1 of 2 (Total: 30)")).to_be_visible()

    page.get_by_role("checkbox", name="Select all on this page").check()
    expect(page.get_by_text("20 applications selected")).to_be_visible()
    page.get_by_role("button", name="Select all 30 matching").click()
    expect(page.get_by_text("All 30 matching applications selected")).to_be_visible()
    page.get_by_label("Decision").select_option("waitlisted")
    shot(page, "table-all-matching-1440", full_page=False)
    page.get_by_role("button", name="Decide all 30 matching").click()
    dialog = page.get_by_role("alertdialog", name="Decide all 30 matching applications?")
    expect(dialog).to_be_visible()
    assert set(Application.objects.values_list("status", flat=True)) == {"submitted"}
    dialog.get_by_role("button", name="Set 30 to Waitlisted").click()
    expect(page.get_by_text("Waitlisted: 30 of 30 applicants decided.")).to_be_visible()

    statuses = dict(Application.objects.values_list("email", "status"))
    yale = {f"applicant{i:02d}@example.edu" for i in range(45) if i % 3}
    assert {email for email, status in statuses.items() if status == "waitlisted"} == yale
    assert {status for email, status in statuses.items() if email not in yale} == {"submitted"}
    expect(page.get_by_text("0 applications selected")).to_be_visible()
    assert page.js_errors == []


# How many lines an element's text takes (its text's boxes, grouped by their top).
TEXT_LINES = """(element) => {
  const range = document.createRange();
  range.selectNodeContents(element);
  return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
}"""


def test_on_a_small_laptop_the_table_scrolls_instead_of_breaking_words(new_page, make_admin):
    """At 1024 px the columns' shares were too narrow: "Submitted" broke as "Submit/ted", an
    8-digit team code as "1618033/9", and the date lay over the score. The table now keeps the
    width its columns need and its frame scrolls sideways; the page itself does not."""
    organizer = make_admin()
    submitted("ada@princeton.edu", "Ada", "Lovelace", teamcode="16180339")
    page = new_page()
    page.set_viewport_size({"width": 1024, "height": 800})
    sign_in(page, organizer, next="/admin/users")
    badge = page.locator("tbody .badge").first
    expect(badge).to_have_text("Submitted")
    assert badge.evaluate(TEXT_LINES) == 1
    assert page.locator("tbody td.org-table__code").first.evaluate(TEXT_LINES) == 1
    frame = page.locator(".org-table-wrap").first
    assert frame.evaluate("(e) => e.scrollWidth > e.clientWidth")
    no_horizontal_scroll(page)
