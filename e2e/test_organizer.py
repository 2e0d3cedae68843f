"""Browser journeys of the organizer pages, plus a screenshot of every page at desktop and
phone widths (e2e/screenshots/organizer-<page>-<desktop|phone>.png).

Test data goes through the real paths: accounts via make_user (register + verify), applications
as model rows whose status moves only through the status machine.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from apps.accounts.models import WhitelistRule
from apps.applications import status_machine
from apps.applications.models import Application, Team
from apps.cycles.selectors import current_cycle
from apps.reviews.models import Assignment
from apps.travel.models import TravelGrant
from apps.travel.tests.helpers import budget
from conftest import make_user
from e2e.conftest import expect, shot, sign_in


def submitted(email: str, first: str, last: str = "Tester", *, school="Princeton University", teamcode=None):
    """A real applicant with a submitted application of the current cycle."""
    user = make_user(email)
    cycle = current_cycle()
    team = Team.objects.get_or_create(cycle=cycle, code=teamcode)[0] if teamcode else None
    application = Application.objects.create(
        cycle=cycle,
        user=user,
        email=user.email,
        first=first,
        last=last,
        school=school,
        team=team,
        teamcode=teamcode,
        checkboxes=[True, True, False],
    )
    status_machine.transition(application_id=application.pk, to="submitted", actor=user)
    return application


def path_of(page) -> str:
    return urlsplit(page.url).path


def no_horizontal_scroll(page):
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"


def test_an_organizer_filters_opens_an_applicant_accepts_with_travel_and_sees_the_history(new_page, make_admin):
    """Filter the table, open the applicant, accept them with travel; the history shows it."""
    organizer = make_admin()
    budget("1000")  # the decision's travel reimbursement is a grant from it
    submitted("linus@princeton.edu", "Linus", "Torvalds", teamcode="424242")
    submitted("margaret@princeton.edu", "Margaret", "Hamilton", school="Yale University", teamcode="424242")
    for i in range(22):
        submitted(f"student{i:02d}@princeton.edu", f"Student{i:02d}")

    page = new_page()
    sign_in(page, organizer, next="/admin/users")
    expect(page.get_by_role("heading", name="Applications")).to_be_visible()
    expect(page.get_by_text("Page 1 of 2 (Total: 24)")).to_be_visible()
    expect(page.locator("tbody tr")).to_have_count(20)
    shot(page, "organizer-users-desktop")

    page.get_by_role("button", name="Next").click()
    expect(page.get_by_text("Page 2 of 2 (Total: 24)")).to_be_visible()
    expect(page.locator("tbody tr")).to_have_count(4)

    page.get_by_label("Team code").fill("424242")
    expect(page.get_by_text("Page 1 of 1 (Total: 2)")).to_be_visible()
    page.get_by_label("First name").fill("lin")
    expect(page.get_by_text("Page 1 of 1 (Total: 1)")).to_be_visible()
    expect(page.locator("tbody tr")).to_have_count(1)
    # The row's first cell is its link, named for what it opens.
    expect(page.locator("tbody td.org-table__email")).to_have_text("linus@princeton.edu")

    page.get_by_role("link", name="View User linus@princeton.edu").click()
    page.wait_for_url(re.compile(r"/admin/users/linus(%40|@)princeton\.edu$"))
    expect(page.get_by_role("heading", name="Linus Torvalds")).to_be_visible()
    expect(page.get_by_role("link", name="margaret@princeton.edu")).to_be_visible()

    page.get_by_label("Decision", exact=True).select_option("accepted")
    page.get_by_label("Travel Reimbursement").select_option("yes")
    with page.expect_navigation():
        page.get_by_role("button", name="Save Decision").click()
    summary = page.get_by_role("region", name="Linus Torvalds")
    expect(summary.get_by_text("Accepted")).to_be_visible()
    expect(summary.locator("dt:has-text('Travel reimbursement') + dd")).to_have_text("Yes")
    expect(summary.locator("dt:has-text('Housing accommodations') + dd")).to_have_text("No")

    history = page.get_by_role("table", name=re.compile("History"))
    # Newest first: the decision's rows, by the organizer, above the applicant's own submission.
    newest_status = history.get_by_role("row").filter(has_text="Status").first
    expect(newest_status).to_contain_text("Submitted")
    expect(newest_status).to_contain_text("Accepted")
    expect(newest_status).to_contain_text("grace@princeton.edu")
    expect(history.get_by_role("row").filter(has_text="Travel reimbursement")).to_contain_text("Yes")

    application = Application.objects.get(email="linus@princeton.edu")
    assert (application.status, application.travel_reimbursement, application.housing_accommodations) == (
        "accepted",
        True,
        False,
    )
    # What the acceptance will promise is a grant the Travel page tracks.
    assert TravelGrant.objects.get(application=application).amount == 100
    shot(page, "organizer-user-desktop")
    assert page.js_errors == []


def test_an_organizer_assigns_three_applications_and_a_second_one_reviews_them_with_next(new_page, make_admin):
    """Assign three applications to a second organizer, who works through them until the end."""
    lead = make_admin()
    reviewer = make_admin("alan@princeton.edu")
    emails = ["ada@princeton.edu", "bob@princeton.edu", "cy@princeton.edu"]
    for email in emails:
        submitted(email, email.split("@")[0].title(), "Applicant")

    page = new_page()
    sign_in(page, lead, next="/admin/assignapps")
    page.get_by_label("Member").fill("alan@princeton.edu")
    page.get_by_label("Emails").fill("Please review:\n" + "\n".join(emails) + "\nThanks!")
    page.get_by_role("button", name="Submit").click()
    approved = page.get_by_role("list", name="Assigned")
    expect(approved.get_by_role("listitem")).to_have_count(3)
    shot(page, "organizer-assign-desktop")
    assert (
        list(
            Assignment.objects.filter(reviewer=reviewer)
            .order_by("position")
            .values_list("application__email", flat=True)
        )
        == emails
    )

    second = new_page()
    sign_in(second, reviewer, next="/admin/reviewapps")
    rows = second.locator("tbody tr")
    expect(rows).to_have_count(3)
    shot(second, "organizer-reviews-desktop")
    second.get_by_role("link", name=re.compile(r"^Review .*ada@princeton\.edu")).click()
    second.wait_for_url(re.compile(r"/admin/reviewapps/0$"))

    for index, email in enumerate(emails):
        expect(second.get_by_text(email).first).to_be_visible()
        expect(second.get_by_role("link", name="Previous")).to_have_count(0 if index == 0 else 2)
        second.get_by_label("Review status").select_option("complete")
        expect(second.get_by_text("Review status saved.")).to_be_visible()
        if index == 1:
            shot(second, "organizer-review-desktop")
        second.get_by_role("link", name="Next").first.click()
        second.wait_for_url(re.compile(rf"/admin/reviewapps/{index + 1}$"))

    expect(second.get_by_role("heading", name="No More to Review")).to_be_visible()
    expect(second.get_by_role("link", name="Previous")).to_have_attribute("href", "/admin/reviewapps/2")
    shot(second, "organizer-review-end-desktop")
    assert set(Assignment.objects.filter(reviewer=reviewer).values_list("status", flat=True)) == {"complete"}

    second.goto("/admin/reviewapps")
    expect(second.locator("tbody tr").filter(has_text="Complete")).to_have_count(3)
    assert page.js_errors == [] and second.js_errors == []


def test_a_batch_update_of_five_pasted_addresses_with_one_unknown(new_page, make_admin):
    """Five addresses pasted as free text: four decided in one request, the unknown one failed."""
    organizer = make_admin()
    known = [f"batch{i}@princeton.edu" for i in range(4)]
    for email in known:
        submitted(email, email.split("@")[0].title())

    page = new_page()
    sign_in(page, organizer, next="/admin/batch")
    update = page.get_by_role("region", name="Batch Update")
    expect(update.get_by_label("Status")).to_have_value("accepted")
    expect(update.get_by_label("Travel Reimbursement")).to_have_value("no")
    expect(update.get_by_label("Housing Accommodations")).to_have_value("no")
    expect(
        update.get_by_text(
            "Hackers are notified of status changes only when the hackathon status is changed to Released."
        )
    ).to_be_visible()
    # The same page hosts the Batch emails section below.
    expect(page.get_by_role("region", name="Batch emails")).to_be_visible()
    text = f"{known[0]}, {known[1]}\n{known[2]}; Nobody <ghost@princeton.edu>\n\t{known[3]}"
    update.get_by_label("Emails").fill(text)
    update.get_by_label("Status").select_option("waitlisted")
    update.get_by_label("Housing Accommodations").select_option("yes")
    calls = []

    # The deciding request; the form's dry runs (what it would skip or email) change nothing.
    def deciding(request):
        if "batch-status" in request.url and '"dry_run":true' not in (request.post_data or ""):
            calls.append(request.url)

    page.on("request", deciding)
    update.get_by_role("button", name="Submit").click()

    approved = page.get_by_role("list", name="Waitlisted")
    expect(approved.get_by_role("listitem")).to_have_count(4)
    failed = page.get_by_role("list", name="Failed")
    expect(failed.get_by_role("listitem")).to_have_count(1)
    expect(failed).to_contain_text("ghost@princeton.edu")
    assert len(calls) == 1
    decided = Application.objects.filter(email__in=known)
    assert {(a.status, a.travel_reimbursement, a.housing_accommodations) for a in decided} == {
        ("waitlisted", False, True)
    }
    shot(page, "organizer-batch-desktop")
    assert page.js_errors == []


def test_administrators_config_and_whitelist_work_in_the_browser(new_page, make_admin, make_student):
    """Promote, demote (and refuse the last admin), save the config, add and remove exceptions."""
    organizer = make_admin()
    make_student("ada@princeton.edu")
    page = new_page()
    sign_in(page, organizer, next="/admin/administrators")

    page.get_by_label("User email").fill("nobody@princeton.edu")
    page.get_by_role("button", name="Make Admin").click()
    expect(page.get_by_role("alert")).to_have_text("No account uses this email address.")
    page.get_by_role("button", name="Remove Email grace@princeton.edu").click()
    page.get_by_role("alertdialog").get_by_role("button", name="Remove me as admin").click()
    expect(page.get_by_role("alert")).to_contain_text("can't be removed")
    page.get_by_label("User email").fill("ada@princeton.edu")
    page.get_by_role("button", name="Make Admin").click()
    expect(page.get_by_role("button", name="Remove Email ada@princeton.edu")).to_be_visible()
    shot(page, "organizer-administrators-desktop")

    page.goto("/admin/config")
    page.get_by_label("Housing form link").fill("not a url")
    page.get_by_role("button", name="Save Configuration").click()
    expect(page.get_by_text("Enter a valid URL")).to_be_visible()
    expect(page.get_by_text("Error updating configuration")).to_be_visible()
    page.get_by_label("Housing form link").fill("https://forms.example.org/housing")
    page.get_by_label("Location").fill("Friend Center, Princeton")
    # Before the event's start (2024-05-21): the dates must stay in order.
    page.get_by_label("Application due").fill("2024-05-01")
    page.get_by_label("Hackathon status").select_option("open")
    page.get_by_role("button", name="Save Configuration").click()
    expect(page.get_by_text("Configuration updated successfully")).to_be_visible()
    cycle = current_cycle()
    assert (cycle.status, cycle.location, cycle.due.isoformat()) == ("open", "Friend Center, Princeton", "2024-05-01")
    shot(page, "organizer-config-desktop")

    page.goto("/admin/whitelist-emails")
    page.get_by_label("Email address").fill("mentor@example.org")
    page.get_by_role("button", name="Add Email").click()
    page.get_by_label("Regular expression").fill(r".*@judges\.example\.org/x?")
    page.get_by_role("button", name="Add Pattern").click()
    listing = page.get_by_role("list", name="Current exceptions")
    expect(listing.get_by_role("listitem")).to_have_count(2)
    assert set(WhitelistRule.objects.values_list("value", flat=True)) == {
        "mentor@example.org",
        r".*@judges\.example\.org/x?",
    }
    page.get_by_role("button", name="Remove mentor@example.org").click()
    expect(listing.get_by_role("listitem")).to_have_count(1)
    shot(page, "organizer-whitelist-desktop")
    assert page.js_errors == []


@pytest.mark.gallery
@pytest.mark.parametrize(
    ("path", "name", "heading"),
    [
        ("/admin/users", "users", "Applications"),
        ("/admin/users/linus@princeton.edu", "user", "Linus Torvalds"),
        ("/admin/administrators", "administrators", "Administrators"),
        ("/admin/config", "config", "Configuration"),
        ("/admin/whitelist-emails", "whitelist", "Whitelist Emails"),
        ("/admin/batch", "batch", "Batch Decisions"),
        ("/admin/assignapps", "assign", "Assign Applications for Review"),
        ("/admin/reviewapps", "reviews", "Applications to Review"),
        ("/admin/reviewapps/0", "review", "Review 1"),
    ],
)
def test_every_organizer_page_reads_well_on_a_phone(new_page, make_admin, path, name, heading):
    organizer = make_admin()
    application = submitted("linus@princeton.edu", "Linus", "Torvalds", teamcode="424242")
    submitted("margaret@princeton.edu", "Margaret", "Hamilton", teamcode="424242")
    status_machine.decide(application_id=application.pk, status="accepted", actor=organizer, travel_reimbursement=True)
    WhitelistRule.objects.create(kind=WhitelistRule.Kind.PATTERN, value=r".*@judges\.example\.org")
    Assignment.objects.create(reviewer=organizer, application=application, position=0)

    page = new_page(phone=True)
    sign_in(page, organizer, next=path)
    expect(page.get_by_role("heading", name=heading).first).to_be_visible()
    no_horizontal_scroll(page)
    shot(page, f"organizer-{name}-phone")
    assert page.js_errors == []


@pytest.mark.parametrize("path", ["/admin/users", "/admin/batch", "/admin/reviewapps/0"])
def test_a_student_is_sent_to_the_dashboard(new_page, make_student, path):
    student = make_student()
    page = new_page()
    sign_in(page, student)
    page.goto(path)
    assert path_of(page) == "/dashboard"
