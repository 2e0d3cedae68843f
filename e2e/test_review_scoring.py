"""Review scoring in the browser: an organizer defines the rubric, auto-assigns the submitted
applications to two reviewers, each reviewer signs in and scores, the organizer reads the
ranking and fills the event to capacity, and the decisions show in an applicant's history.
Plus the scoring page on a phone, and a gallery of every new page at 1280 and 390 px
(e2e/screenshots/reviews-*.png).
"""

from __future__ import annotations

import re

import pytest

from apps.accounts.models import Role
from apps.applications.models import Application
from apps.applications.tests.organizer_data import make_application
from apps.core.tests.factories import UserFactory
from apps.reviews.models import Assignment
from apps.reviews.tests.scoring_data import client_for, score
from e2e.conftest import PASSWORD, element_shot, expect, network_quiet, shot, sign_in
from e2e.test_accessibility import FAILING_IMPACTS, audit

# Three applicants, the best first: each reviewer gives these (Technical, Personal, Design).
APPLICANTS = [
    ("ada@yale.edu", "Ada", "Lovelace", "Yale University"),
    ("alan@mit.edu", "Alan", "Turing", "MIT"),
    ("grace@cmu.edu", "Grace", "Hopper", "Carnegie Mellon University"),
]
SCORES = {
    "rev1@princeton.edu": {"ada@yale.edu": (9, 8, 9), "alan@mit.edu": (6, 7, 6), "grace@cmu.edu": (3, 4, 2)},
    # A harsher reviewer who ranks the same way: calibration keeps the order.
    "rev2@princeton.edu": {"ada@yale.edu": (7, 6, 7), "alan@mit.edu": (4, 5, 4), "grace@cmu.edu": (2, 1, 1)},
}


def no_sideways_scroll(page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{page.url} scrolls sideways by {overflow}px"


def no_serious_violations(page) -> None:
    bad = [v for v in audit(page) if v["impact"] in FAILING_IMPACTS]
    assert bad == [], [(v["id"], [n["target"] for n in v["nodes"]]) for v in bad]


def reviewers():
    return [UserFactory(email=email, role=Role.REVIEWER) for email in SCORES]


def applicants():
    return [make_application(e, first=f, last=last, school=s) for e, f, last, s in APPLICANTS]


def choice(page, criterion: str, value: int):
    """The radio button `value` of a criterion's scale."""
    scale = page.get_by_role("group", name=re.compile(rf"^{criterion} \("))
    return scale.get_by_role("radio", name=str(value), exact=True)


def score_current(page, values) -> None:
    """On a review page: pick each criterion's value, add a comment, save."""
    for name, value in zip(["Technical", "Personal", "Design"], values, strict=True):
        choice(page, name, value).check()
    page.get_by_label("Comment").fill(f"Scored {values}")
    page.get_by_role("button", name="Save review").click()
    expect(page.get_by_text("Review saved.", exact=False)).to_be_visible()


def test_rubric_auto_assign_two_reviewers_ranking_fill_to_capacity_history(new_page, make_admin):
    organizer = make_admin()
    reviewers()
    applicants()
    page = new_page()

    # 1. The rubric: a third criterion, Design, weighted 2.
    sign_in(page, organizer, next="/admin/rubric")
    expect(page.get_by_role("heading", name="Review Rubric")).to_be_visible()
    page.get_by_role("button", name="Add a criterion").click()
    third = page.get_by_role("group", name="3. Criterion 3")
    third.get_by_label("Name").fill("Design")
    # The legend follows the name.
    design = page.get_by_role("group", name="3. Design")
    design.get_by_label("Description").fill("Care for the user and the details")
    design.get_by_label("Weight").fill("2")
    page.get_by_role("button", name="Save rubric").click()
    expect(page.get_by_text("Rubric saved.")).to_be_visible()
    no_serious_violations(page)
    shot(page, "reviews-rubric-desktop")
    page.reload()
    expect(page.get_by_role("group", name="3. Design").get_by_label("Weight")).to_have_value("2")

    # 2. Auto-assign every submitted application to both reviewers.
    page.goto("/admin/assignapps")
    auto = page.get_by_role("form", name="Auto-assign")
    expect(auto.get_by_label("rev1@princeton.edu")).to_be_checked()
    expect(auto.get_by_label("rev2@princeton.edu")).to_be_checked()
    auto.get_by_role("button", name="Assign to 2 reviewers").click()
    expect(page.get_by_text("6 assignments added across 3 applications.")).to_be_visible()
    assert Assignment.objects.count() == 6
    no_serious_violations(page)
    shot(page, "reviews-assign-desktop")
    # Pressed again, nothing is added: the applications have their two reviewers.
    auto.get_by_role("button", name="Assign to 2 reviewers").click()
    expect(page.get_by_text("Nothing to add: every submitted application already has its reviewers.")).to_be_visible()
    assert Assignment.objects.count() == 6

    # 3. Each reviewer signs in, lands on their list and scores their three applications.
    for email, scores in SCORES.items():
        reviewer_page = new_page()
        sign_in(reviewer_page, email, PASSWORD, expect_path="/admin/reviewapps")
        expect(reviewer_page.get_by_role("heading", name="Applications to Review")).to_be_visible()
        for index in range(3):
            reviewer_page.goto(f"/admin/reviewapps/{index}")
            name = reviewer_page.get_by_role("heading", level=2).first.inner_text()
            applicant = next(e for e, f, last, _ in APPLICANTS if name == f"{f} {last}")
            # Reviewers score; deciding stays with organizers.
            expect(reviewer_page.get_by_role("heading", name="Record a decision")).to_have_count(0)
            score_current(reviewer_page, scores[applicant])
        if email == "rev1@princeton.edu":
            shot(reviewer_page, "reviews-scoring-desktop")
        reviewer_page.goto("/admin/reviewapps")
        expect(reviewer_page.get_by_text("3 of 3 complete.")).to_be_visible()
        assert reviewer_page.js_errors == []

    # 4. The ranking: Ada first, agreement in words, the reviewers' figures.
    page.goto("/admin/ranking")
    table = page.get_by_role("table", name="Applications by combined score")
    expect(table.get_by_role("row")).to_have_count(4)
    rows = table.get_by_role("row")
    expect(rows.nth(1)).to_contain_text("Ada Lovelace")
    expect(rows.nth(2)).to_contain_text("Alan Turing")
    expect(rows.nth(3)).to_contain_text("Grace Hopper")
    expect(page.get_by_text(re.compile(r"Technical: alpha -?\d\.\d\d — "))).to_be_visible()
    expect(page.get_by_role("cell", name="rev2@princeton.edu")).to_be_visible()
    page.get_by_label("Minimum reviews").fill("3")
    expect(page.get_by_text("No reviewed applications match.")).to_be_visible()
    page.get_by_label("Minimum reviews").fill("2")
    expect(table.get_by_role("row")).to_have_count(4)

    # 5. Fill to capacity: one spot, everyone comes, a waitlist of one.
    fill = page.get_by_role("form", name="Fill to capacity")
    fill.get_by_label("Capacity").fill("1")
    fill.get_by_label("Expected attendance rate").fill("1")
    fill.get_by_label("Waitlist size").fill("1")
    fill.get_by_role("button", name="Preview").click()
    expect(page.get_by_text("1 applicant to accept · 1 to waitlist")).to_be_visible()
    # Who already holds a place, by the one definition, and the same number in the arithmetic.
    expect(page.get_by_text("0 already admitted (accepted, waitlist-accepted, confirmed, checked in)")).to_be_visible()
    expect(page.get_by_text("1 to admit in all − 0 already admitted = 1 place to fill.")).to_be_visible()
    accept = page.get_by_role("region", name=re.compile("^Accept"))
    waitlist = page.get_by_role("region", name=re.compile("^Waitlist"))
    expect(accept.get_by_role("listitem")).to_contain_text("Ada Lovelace")
    expect(waitlist.get_by_role("listitem")).to_contain_text("Alan Turing")
    no_serious_violations(page)
    shot(page, "reviews-ranking-desktop")
    page.get_by_role("button", name="Record these decisions").click()
    dialog = page.get_by_role("alertdialog", name="Record these decisions?")
    dialog.get_by_role("button", name="Accept 1 and waitlist 1").click()
    expect(page.get_by_text("Decisions recorded.")).to_be_visible()
    statuses = dict(Application.objects.values_list("email", "status"))
    assert statuses == {"ada@yale.edu": "accepted", "alan@mit.edu": "waitlisted", "grace@cmu.edu": "submitted"}

    # 6. The decisions are in the applicant's history.
    page.goto("/admin/users/ada@yale.edu")
    history = page.get_by_role("table", name=re.compile("history", re.I))
    expect(history).to_contain_text("Accepted")
    page.goto("/admin/users/alan@mit.edu")
    expect(page.get_by_role("table", name=re.compile("history", re.I))).to_contain_text("Waitlisted")
    assert page.js_errors == []


def test_a_reviewer_scores_on_a_phone(new_page, make_admin):
    make_admin()
    rev1, _ = reviewers()
    ada = applicants()[0]
    Assignment.objects.create(reviewer=rev1, application=ada, position=0)
    page = new_page(phone=True)
    sign_in(page, rev1.email, PASSWORD, next="/admin/reviewapps/0")
    panel = page.get_by_role("region", name="Your review")
    expect(panel).to_be_visible()
    no_sideways_scroll(page)
    page.get_by_role("button", name="Save review").click()
    expect(page.get_by_text("Score every criterion, then save.")).to_be_visible()
    score_two = {"Technical": 8, "Personal": 7}
    for name, value in score_two.items():
        choice(page, name, value).tap()
    page.get_by_role("button", name="Save review").tap()
    expect(page.get_by_text("Review saved.", exact=False)).to_be_visible()
    no_sideways_scroll(page)
    no_serious_violations(page)
    shot(page, "reviews-scoring-phone")

    # The conflict dialog fits the phone and hands the application on.
    page.get_by_role("button", name="Declare a conflict").tap()
    dialog = page.get_by_role("alertdialog", name="Declare a conflict of interest")
    dialog.get_by_label("Reason").select_option("friend")
    shot(page, "reviews-conflict-phone", full_page=False)
    dialog.get_by_role("button", name="Declare the conflict").tap()
    expect(page.get_by_text(re.compile(r"^Conflict recorded\."))).to_be_visible()
    assert not Assignment.objects.filter(reviewer=rev1, application=ada).exists()
    assert page.js_errors == []


@pytest.mark.gallery
@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_gallery_of_the_review_pages(new_page, make_admin, phone):
    organizer = make_admin()
    rev1, rev2 = reviewers()
    apps = applicants()
    # Both reviewers score the first two; the third waits, so the scoring page has one to show.
    for position, application in enumerate(apps):
        for rev in (rev1, rev2):
            Assignment.objects.create(reviewer=rev, application=application, position=position)
    for rev, values in ((rev1, [[9, 8], [6, 7]]), (rev2, [[7, 6], [4, 5]])):
        client = client_for(rev)
        for application, pair in zip(apps, values, strict=False):
            assert score(client, application, pair, comment="Clear and kind").status_code == 200
    page = new_page(phone=phone)
    size = "phone" if phone else "desktop"
    sign_in(page, organizer, next="/admin/rubric")
    for path, heading, name in [
        ("/admin/rubric", "Review Rubric", "rubric"),
        ("/admin/assignapps", "Assign Applications for Review", "assign"),
        ("/admin/ranking", "Ranking", "ranking"),
        ("/admin", "Admin Panel", "admin"),
    ]:
        page.goto(path)
        expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
        network_quiet(page)
        no_sideways_scroll(page)
        no_serious_violations(page)
        shot(page, f"reviews-gallery-{name}-{size}")
        if name == "ranking":  # the table alone, legible when the full page is scaled down
            table = page.get_by_role("table", name="Applications by combined score")
            element_shot(table, f"reviews-gallery-ranking-table-{size}")
    reviewer = new_page(phone=phone)
    sign_in(reviewer, rev1.email, PASSWORD, next="/admin/reviewapps/2")
    expect(reviewer.get_by_role("region", name="Your review")).to_be_visible()
    no_sideways_scroll(reviewer)
    no_serious_violations(reviewer)
    shot(reviewer, f"reviews-gallery-scoring-{size}")
    reviewer.goto("/admin/reviewapps")
    shot(reviewer, f"reviews-gallery-list-{size}")
