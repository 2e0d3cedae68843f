"""The rubric and ranking pages: organizers only; a reviewer is sent to their review list."""

from __future__ import annotations

import pytest

from apps.accounts.models import Role
from apps.core.tests.factories import UserFactory
from conftest import signed_in_client

PAGES = [("/admin/rubric", "admin-rubric", "Review Rubric"), ("/admin/ranking", "admin-ranking", "Ranking")]

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("url", "page", "title"), PAGES)
def test_an_organizer_gets_the_island(admin_client, url, page, title):
    r = admin_client.get(url)
    assert r.status_code == 200
    assert r.context["page"] == page
    assert r.context["title"] == title
    assert f'id="{page}-root"' in r.content.decode()


@pytest.mark.parametrize(("url", "page", "title"), PAGES)
def test_a_student_is_sent_to_the_dashboard(student_client, url, page, title):
    r = student_client.get(url)
    assert r.status_code == 302 and r["Location"] == "/dashboard"


@pytest.mark.parametrize(("url", "page", "title"), PAGES)
def test_a_reviewer_cannot_open_the_organizer_pages(url, page, title):
    reviewer = UserFactory(email="rev@princeton.edu", role=Role.REVIEWER)
    r = signed_in_client(reviewer).get(url)
    assert r.status_code == 302 and r["Location"] == "/admin/reviewapps"


@pytest.mark.parametrize(("role", "organizer"), [(Role.ADMIN, True), (Role.REVIEWER, False)])
def test_the_review_list_tells_the_page_whether_a_way_back_to_the_admin_panel_exists(role, organizer):
    person = UserFactory(email="rev@princeton.edu", role=role)
    r = signed_in_client(person).get("/admin/reviewapps")
    assert r.status_code == 200 and r.context["page_props"]["isOrganizer"] is organizer


@pytest.mark.parametrize(("url", "page", "title"), PAGES)
def test_a_visitor_signs_in_first(client, url, page, title):
    r = client.get(url)
    assert r.status_code == 302 and r["Location"] == "/login?next=" + url.replace("/", "%2F")


def test_the_admin_panel_has_a_card_for_each(admin_client):
    cards = {c["title"]: c["href"] for c in admin_client.get("/admin").context["page_props"]["cards"]}
    assert cards["Review Rubric"] == "/admin/rubric"
    assert cards["Ranking"] == "/admin/ranking"
    titles = list(cards)
    # Beside the question builder: the rubric is the other half of what a cycle asks and weighs.
    assert titles.index("Review Rubric") == titles.index("Question Builder") + 1
