"""Browser journeys of the applicant dashboard, its answers and its look in each state."""

from __future__ import annotations

import pytest
from django.core import mail

from apps.applications.models import Application
from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.test_status_machine import make_application
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.decisions import cycle_release
from e2e.conftest import expect, shot, sign_in

DATES = {
    "due": "2025-01-15",
    "start": "2025-03-07",
    "end": "2025-03-09",
    "housing": "2025-02-14",
    "confirmation_first_deadline": "2025-02-01",
    "confirmation_second_deadline": "2025-02-20",
    "waitlist_deadline": "2025-02-10",
}


def cycle_set_status(*, cycle, status):
    """The status through the release's door, confirming the counts it asks for (a release
    emails the decided applicants, as the configuration page's confirmed save does)."""
    return cycle_release.change_status(
        cycle=cycle,
        status=status,
        confirm_emails=cycle_release.release_preview(cycle)["total"],
        confirm_unrelease=cycle_release.unrelease_preview(cycle)["total"],
    )


def prepare(make_student, email: str, status: str, cycle_status: str, **fields) -> Application:
    """A student whose application of the current cycle has `status`, and the cycle in `cycle_status`."""
    cycle = current_cycle()
    for name, value in DATES.items():
        setattr(cycle, name, value)
    cycle.location = "Friend Center, Princeton, NJ"
    cycle.housing_link = "https://forms.example.org/housing"
    cycle.save()
    application = make_application(make_student(email), status, **fields)
    cycle_set_status(cycle=current_cycle(), status=cycle_status)
    return application


def test_an_accepted_applicant_with_travel_and_housing_confirms(page, make_student):
    """Congratulations, the confirmation details and confetti; confirming shows "You're All Set!"."""
    application = prepare(
        make_student, "ada@princeton.edu", S.ACCEPTED, C.RELEASED, travel=True, housing=True, teamcode="4815162"
    )
    # The release sent the decision email.
    assert [m.to for m in mail.outbox if "accepted" in m.subject.lower()] == [["ada@princeton.edu"]]

    sign_in(page, "ada@princeton.edu")
    expect(page.get_by_role("heading", level=1)).to_have_text("Congratulations, You Have Been Accepted!")
    expect(page.get_by_text("Please confirm your attendance below by February 1, 2025.", exact=False)).to_be_visible()
    details = page.get_by_role("region", name="Confirmation Details")
    expect(details.get_by_role("link", name="Housing Accommodation Form")).to_have_attribute(
        "href", "https://forms.example.org/housing"
    )
    expect(details).to_contain_text("11:59 PM on February 14, 2025")
    expect(details).to_contain_text("$100")
    expect(details).to_contain_text("By confirming your acceptance below, you acknowledge the information above.")
    expect(page.get_by_text("4815162")).to_be_visible()
    confetti = page.locator("canvas.confetti")
    expect(confetti).to_have_attribute("data-pieces", "200")
    shot(page, "dashboard-accepted-confetti-desktop", full_page=False)
    # It lasts 2 seconds, then leaves the page.
    expect(confetti).to_have_count(0, timeout=4000)

    # No answer is preselected: the applicant's own click says yes.
    yes = page.get_by_role("radio", name="Yes, I'm looking forward to it!")
    expect(yes).not_to_be_checked()
    yes.check()
    with page.expect_navigation():
        page.get_by_role("button", name="Submit").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("You're All Set!")
    expect(page.get_by_text("see you at Friend Center, Princeton, NJ on March 7, 2025.")).to_be_visible()
    expect(page.get_by_role("radio")).to_have_count(0)
    expect(page.get_by_role("region", name="Confirmation Details")).not_to_contain_text("acknowledge")
    application.refresh_from_db()
    assert application.status == S.CONFIRMED
    assert page.js_errors == []


def test_a_waitlisted_applicant_joins_the_waitlist(page, make_student):
    application = prepare(make_student, "lin@princeton.edu", S.WAITLISTED, C.RELEASED)
    sign_in(page, "lin@princeton.edu")
    expect(page.get_by_role("heading", level=1)).to_have_text("You Have Been Waitlisted")
    expect(page.get_by_text("by February 10, 2025 to join the waitlist", exact=False)).to_be_visible()
    expect(page.locator("canvas.confetti")).to_have_count(0)
    join = page.get_by_role("radio", name="Yes, I would like to be on the waitlist.")
    expect(join).not_to_be_checked()
    join.check()
    with page.expect_navigation():
        page.get_by_role("button", name="Submit").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("You are on the Waitlist!")
    expect(page.get_by_text("Waitlist confirmed")).to_be_visible()
    application.refresh_from_db()
    assert application.status == S.WAITLIST_CONFIRMED
    assert page.js_errors == []


def test_an_answer_after_the_window_closed_shows_why(page, make_student):
    """The page was open when the organizers closed confirmations: the refusal is explained."""
    prepare(make_student, "kim@princeton.edu", S.ACCEPTED, C.RELEASED)
    sign_in(page, "kim@princeton.edu")
    expect(page.get_by_role("heading", level=1)).to_have_text("Congratulations, You Have Been Accepted!")
    cycle_set_status(cycle=current_cycle(), status=C.CONFIRMATION_CLOSED)
    page.get_by_role("radio", name="Yes, I'm looking forward to it!").check()
    page.get_by_role("button", name="Submit").click()
    expect(page.get_by_role("alert")).to_contain_text("confirmation window has closed")
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_have_text("Unfortunately the Confirmation Date has Passed")


def test_no_confetti_for_reduced_motion(page, make_student):
    prepare(make_student, "max@princeton.edu", S.ACCEPTED, C.RELEASED)
    sign_in(page, "max@princeton.edu")
    page.emulate_media(reduced_motion="reduce")
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_have_text("Congratulations, You Have Been Accepted!")
    expect(page.locator("canvas.confetti")).to_have_count(0)


def test_a_decision_stays_hidden_until_release(page, make_student):
    prepare(make_student, "eve@princeton.edu", S.REJECTED, C.CLOSED)
    sign_in(page, "eve@princeton.edu")
    expect(page.get_by_role("heading", level=1)).to_have_text("Your Application is Being Reviewed")
    expect(page.get_by_text("Submitted", exact=True)).to_be_visible()
    assert "rejected" not in page.content().lower()


def test_the_headline_is_in_the_pages_html_where_the_island_draws_it(new_page, make_student):
    """Before any script has run, the server's HTML already shows the headline, the status and
    the "Dashboard" card; the island then draws the same words in the same places, and the page
    has one h1 before and after."""
    prepare(make_student, "ada@princeton.edu", S.ACCEPTED, C.RELEASED, teamcode="4815162")
    drawn = {}
    for javascript in (False, True):
        page = new_page(phone=True, javascript=javascript)
        sign_in(page, "ada@princeton.edu")
        if javascript:  # the island's own words, below the headline: it has mounted
            expect(page.get_by_text("Please confirm your attendance below", exact=False)).to_be_visible()
        else:  # the rest of the card needs the island: it says so, in place of a spinner
            expect(page.get_by_text("This page needs JavaScript.", exact=False)).to_be_visible()
            expect(page.get_by_role("status")).to_be_hidden()
        heading = page.get_by_role("heading", level=1)
        expect(heading).to_have_text("Congratulations, You Have Been Accepted!")
        expect(page.locator(".dashboard__status")).to_have_text("Accepted")
        expect(page.get_by_text("4815162")).to_be_visible()
        # The footer: with the page as the server drew it without scripts; else once the island
        # has drawn the page (static/css/portal.css, "The footer waits").
        expect(page.locator("body > footer")).to_be_visible()
        drawn[javascript] = [
            page.locator(selector).bounding_box()
            for selector in ("#dashboard-headline", ".dashboard__status", ".dashboard__info")
        ]
    assert drawn[False] == drawn[True], "the island moved what the server drew"


def test_the_first_paint_waits_for_no_island_sheet_and_the_island_for_all_of_them(new_page, make_student):
    """The island's stylesheets are only preloaded (templates/island.html): held back
    by the network, they hold up neither the page's first paint, which the frame's stylesheet
    styles as the island will, nor anything else but the island, which mounts once every one of
    them applies (frontend/src/lib/mount.tsx) and so never shows unstyled. The footer shows with
    the island, not under the first paint, where it would be pushed off the screen."""
    prepare(make_student, "ada@princeton.edu", S.ACCEPTED, C.RELEASED, teamcode="4815162")
    page = new_page(phone=True)
    sign_in(page, "ada@princeton.edu")
    held = []
    page.route("**/static/assets/*.css", lambda route: held.append(route))  # answered once the page has painted
    try:
        page.goto("/dashboard", wait_until="commit")  # its load event waits for the held sheets
        page.wait_for_function("() => performance.getEntriesByName('first-contentful-paint').length > 0")
        expect(page.get_by_role("heading", level=1)).to_have_text("Congratulations, You Have Been Accepted!")
        # The frame's rules lay the first paint out as the island does: the grid, the card.
        assert page.locator(".dashboard").evaluate("e => getComputedStyle(e).display") == "grid"
        assert page.locator(".dashboard__info").evaluate("e => getComputedStyle(e).paddingTop") == "20px"
        expect(page.get_by_role("status")).to_have_text("Loading…")  # the island waits
        # Drawn under the first paint, the footer would show, then be pushed off the screen.
        expect(page.locator("body > footer")).to_be_hidden()
        assert page.locator("body > footer").evaluate("e => getComputedStyle(e).visibility") == "hidden"
        island_sheets = page.evaluate("[...document.querySelectorAll('link[rel=preload][as=style]')].map(l => l.href)")
        assert len(island_sheets) >= 2
        page.wait_for_timeout(300)  # time enough to mount, had it not waited
        expect(page.get_by_text("Please confirm your attendance below", exact=False)).to_have_count(0)
        assert sorted(route.request.url for route in held) == sorted(island_sheets)
        for route in held:
            route.continue_()
        expect(page.get_by_text("Please confirm your attendance below", exact=False)).to_be_visible()
        expect(page.locator("body > footer")).to_be_visible()
        applied = page.evaluate("[...document.styleSheets].filter(s => s.href && s.cssRules.length).map(s => s.href)")
        assert set(island_sheets) <= set(applied)
        assert page.js_errors == []
    finally:
        page.unroute_all()


# (name, application status, cycle status, extra fields, expected headline)
STATES = [
    ("not-open", S.UNSUBMITTED, C.NOT_OPEN, {}, "Applications Are Not Open Yet"),
    ("open-started", S.STARTED, C.OPEN, {}, "Continue Your Application Now"),
    ("open-submitted", S.SUBMITTED, C.OPEN, {"teamcode": "123456"}, "Your Application is Submitted!"),
    ("closed-reviewing", S.SUBMITTED, C.CLOSED, {}, "Your Application is Being Reviewed"),
    ("released-accepted", S.ACCEPTED, C.RELEASED, {"travel": True, "housing": True}, "Congratulations"),
    ("released-waitlisted", S.WAITLISTED, C.RELEASED, {}, "You Have Been Waitlisted"),
    ("released-rejected", S.REJECTED, C.RELEASED, {}, "Thank You for Your Application"),
    ("confirmed", S.CONFIRMED, C.CONFIRMATION_CLOSED, {"travel": True}, "You're All Set!"),
    ("declined", S.DECLINED, C.RELEASED, {}, "We're Sorry You Can't Make It"),
    ("waitlist-accepted", S.WAITLIST_ACCEPTED, C.WAITLIST_CLOSED, {"housing": True}, "Congratulations"),
    ("passed", S.ACCEPTED, C.CONFIRMATION_CLOSED, {}, "Unfortunately the Confirmation Date has Passed"),
]


@pytest.mark.gallery
@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
@pytest.mark.parametrize(("name", "status", "cycle_status", "fields", "headline"), STATES, ids=[s[0] for s in STATES])
def test_dashboard_gallery(new_page, make_student, phone, name, status, cycle_status, fields, headline):
    """Screenshots of each state at laptop and phone widths; the page must not scroll sideways."""
    page = new_page(phone=phone)
    prepare(make_student, "ada@princeton.edu", status, cycle_status, **fields)
    sign_in(page, "ada@princeton.edu")
    expect(page.get_by_role("heading", level=1)).to_contain_text(headline)
    # Let any confetti finish so the picture shows the page itself.
    expect(page.locator("canvas.confetti")).to_have_count(0, timeout=4000)
    # And the parts that load apart (ticket, travel, "Your data"): the picture is of the page, not
    # of its spinners.
    expect(page.locator(".spinner")).to_have_count(0)
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{name} scrolls sideways by {overflow}px"
    shot(page, f"dashboard-{name}-{'phone' if phone else 'desktop'}")
    assert page.js_errors == []


def test_acceptance_on_a_phone_confetti_stays_behind_the_words_and_nothing_is_preselected(new_page, make_student):
    prepare(make_student, "ada@princeton.edu", S.ACCEPTED, C.RELEASED)
    page = new_page(phone=True)
    sign_in(page, "ada@princeton.edu")
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_have_text("Congratulations, You Have Been Accepted!")
    confetti = page.locator("canvas.confetti")
    expect(confetti).to_have_count(1)
    # The attendance form with its RSVP questions loads apart from the page: wait for its answers.
    expect(page.get_by_role("group", name="Will you attend?")).to_be_visible()
    # Paint order at the heading and at the answer: the words are drawn over the confetti. (The
    # canvas takes no clicks; it is made hit-testable here only to ask what lies on top.)
    on_top = page.evaluate(
        """() => {
          const canvas = document.querySelector("canvas.confetti");
          canvas.style.pointerEvents = "auto";
          const at = (el) => {
            const r = el.getBoundingClientRect();
            const stack = document.elementsFromPoint(r.left + 8, r.top + r.height / 2);
            return stack.indexOf(canvas) === -1 || stack.indexOf(el) < stack.indexOf(canvas);
          };
          const answer = document.querySelector(".choice-form__option");
          answer.scrollIntoView({ block: "center" });
          const result = [at(document.querySelector("h1")), at(answer)];
          canvas.style.pointerEvents = "";
          return result;
        }"""
    )
    assert on_top == [True, True]
    shot(page, "dashboard-accepted-confetti-phone", full_page=False)
    group = page.get_by_role("group", name="Will you attend?")
    for radio in group.get_by_role("radio").all():
        expect(radio).not_to_be_checked()
    page.get_by_role("button", name="Submit").click()
    expect(page.get_by_role("alert")).to_have_text("Choose an answer first.")
    assert page.js_errors == []
