"""Blind review in the browser: a reviewer reads an application whose essay names its author and
whose links would too. The free text shows "[name]" and "[link]" where the name and the handle
were, and the links question is not there at all. The organizer then turns the links question's
"Shown to reviewers in blind review" switch on in the question builder: the reviewer sees it
(its links masked); turned off again, it is gone. The builder with its switches is shot at
1280 and 390 wide (e2e/screenshots/blind-builder-*.png, not committed).
"""

from __future__ import annotations

import re

from apps.accounts.models import Role
from apps.applications.tests.organizer_data import make_application
from apps.core.tests.factories import UserFactory
from apps.cycles.models import Cycle
from apps.cycles.selectors import current_cycle
from apps.reviews.models import Assignment
from e2e.conftest import PASSWORD, expect, shot, sign_in
from e2e.test_accessibility import FAILING_IMPACTS, audit

LINKS_QUESTION = "Links to your GitHub, LinkedIn, portfolio or personal website (up to 3)."
WHY_QUESTION = "Why do you want to attend, and what do you hope to build?"
ESSAY = "I'm Xiomara Quennell and I build robots that sort recycling. My code: github.com/xq-builds."
MASKED = "I'm [name] [name] and I build robots that sort recycling. My code: [link]."


def no_serious_violations(page) -> None:
    bad = [v for v in audit(page) if v["impact"] in FAILING_IMPACTS]
    assert bad == [], [(v["id"], [n["target"] for n in v["nodes"]]) for v in bad]


def no_sideways_scroll(page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{page.url} scrolls sideways by {overflow}px"


def links_switch(page):
    # The question is found by its stable id, shown in its head.
    question = page.locator(".builder-question").filter(has=page.locator("code", has_text=re.compile("^links$")))
    return question.get_by_role("checkbox", name="Shown to reviewers in blind review")


def test_a_blind_reviewer_reads_masked_text_and_the_builder_switch_shows_and_hides_a_question(new_page, make_admin):
    organizer = make_admin()
    Cycle.objects.filter(pk=current_cycle().pk).update(blind_review=True)
    reviewer = UserFactory(email="rev@princeton.edu", role=Role.REVIEWER)
    application = make_application(
        "xiomara.quennell@yale.edu",
        first="Xiomara",
        last="Quennell",
        school="Yale University",
        answers={
            "why_attend": ESSAY,
            "links": "github.com/xq-builds,linkedin.com/in/xiomara-qnl",
            "major": "Mechanical Engineering",
            "age": "19",
        },
    )
    Assignment.objects.create(reviewer=reviewer, application=application, position=0)

    # 1. The reviewer: the essay masked, no links question, no name or handle anywhere.
    review = new_page()
    sign_in(review, reviewer.email, PASSWORD, next="/admin/reviewapps/0")
    answers = review.get_by_role("region", name="Application details")
    expect(answers.get_by_text(WHY_QUESTION)).to_be_visible()
    expect(answers.get_by_text(MASKED, exact=True)).to_be_visible()
    expect(answers.get_by_text("Mechanical Engineering")).to_be_visible()
    expect(answers.get_by_text(LINKS_QUESTION)).to_have_count(0)
    expect(answers.get_by_text("School", exact=True)).to_have_count(0)
    body = review.locator("body").inner_text()
    for word in ("Xiomara", "Quennell", "xq-builds", "xiomara-qnl", "Yale"):
        assert word not in body, word
    no_serious_violations(review)
    shot(review, "blind-review-reviewer-desktop")

    # 2. The organizer turns the links question on for reviewers.
    builder = new_page()
    sign_in(builder, organizer, next="/admin/createapp")
    expect(builder.get_by_role("heading", name="Question Builder")).to_be_visible()
    expect(builder.get_by_text("decides whether reviewers see that question", exact=False)).to_be_visible()
    shot(builder, "blind-builder-top-desktop", full_page=False)
    switch = links_switch(builder)
    expect(switch).not_to_be_checked()
    expect(switch).to_have_accessible_description(re.compile("^Hidden from reviewers while the cycle reviews blind"))
    switch.check()
    expect(switch).to_have_accessible_description(re.compile("^Reviewers see this question"))
    builder.get_by_role("button", name="Confirm Questions").click()
    expect(builder.get_by_text("Questions saved. The application form uses them now.")).to_be_visible()
    switch.scroll_into_view_if_needed()
    no_serious_violations(builder)
    shot(builder, "blind-builder-desktop", full_page=False)

    review.reload()
    expect(answers.get_by_text(LINKS_QUESTION)).to_be_visible()
    expect(answers.get_by_text("[link], [link]", exact=True)).to_be_visible()
    assert "xq-builds" not in review.locator("body").inner_text()

    # 3. Off again: the question is gone from the reviewer's page.
    builder.reload()
    switch = links_switch(builder)
    expect(switch).to_be_checked()
    switch.uncheck()
    builder.get_by_role("button", name="Confirm Questions").click()
    expect(builder.get_by_text("Questions saved. The application form uses them now.")).to_be_visible()
    review.reload()
    expect(answers.get_by_text(WHY_QUESTION)).to_be_visible()
    expect(answers.get_by_text(LINKS_QUESTION)).to_have_count(0)
    assert review.js_errors == [] and builder.js_errors == []

    # 4. The builder's switch on a phone.
    phone = new_page(phone=True)
    sign_in(phone, organizer, next="/admin/createapp")
    links_switch(phone).scroll_into_view_if_needed()
    expect(links_switch(phone)).to_be_visible()
    no_sideways_scroll(phone)
    shot(phone, "blind-builder-phone", full_page=False)
