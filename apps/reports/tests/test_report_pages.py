"""The organizer report pages (statistics, demographics): server-side guards and props."""

import json
import re

import pytest
from django.test import override_settings

PAGES = [
    ("/admin/stats", "admin-stats"),
    ("/admin/demographics", "admin-demographics"),
]


def island_props(response, page: str) -> dict:
    match = re.search(rf'<script id="{page}-props" type="application/json">(.*?)</script>', response.content.decode())
    assert match, f"no props for {page}"
    return json.loads(match.group(1))


@pytest.mark.parametrize(("url", "page"), PAGES)
def test_anonymous_visitor_is_sent_to_login_with_next(client, db, url, page):
    r = client.get(url)
    assert r.status_code == 302
    assert r["Location"] == f"/login?next={url.replace('/', '%2F')}"


@pytest.mark.parametrize(("url", "page"), PAGES)
def test_student_is_sent_to_dashboard(student_client, url, page):
    r = student_client.get(url)
    assert r.status_code == 302
    assert r["Location"] == "/dashboard"


@pytest.mark.parametrize(("url", "page"), PAGES)
def test_admin_gets_the_island(admin_client, url, page):
    r = admin_client.get(url)
    assert r.status_code == 200
    assert f'id="{page}-root"' in r.content.decode()
    assert isinstance(island_props(r, page), dict)


@pytest.mark.parametrize(("url", "page"), PAGES)
def test_pages_only_answer_safe_methods(admin_client, url, page):
    assert admin_client.post(url).status_code == 405


@override_settings(HOST_SCHOOL="Rutgers University")
def test_stats_page_carries_the_configured_host_school(admin_client):
    """The cards' school filters use the configured host school, not a hard-coded name."""
    props = island_props(admin_client.get("/admin/stats"), "admin-stats")
    assert props["hostSchool"] == "Rutgers University"
    assert props["cycle"]


def test_demographics_page_offers_the_three_groups_and_keeps_a_valid_choice(admin_client):
    props = island_props(admin_client.get("/admin/demographics?group=confirmed"), "admin-demographics")
    assert [g["value"] for g in props["groups"]] == ["applied", "accepted", "confirmed"]
    assert [g["label"] for g in props["groups"]] == ["Applied", "Admitted", "Confirmed"]
    assert props["initialGroup"] == "confirmed"


def test_demographics_page_lists_the_questions_the_api_counts_in_its_order(admin_client):
    """The sidebar's list comes with the page: the questions GET demographics answers for, in order."""
    props = island_props(admin_client.get("/admin/demographics"), "admin-demographics")
    counted = admin_client.get("/api/applications/demographics?group=applied").json()
    assert len(props["questions"]) >= 3
    listed = [{"question_id": q["question_id"], "question_text": q["question_text"]} for q in counted]
    assert props["questions"] == listed


def test_demographics_page_falls_back_to_applied_for_an_unknown_group(admin_client):
    props = island_props(admin_client.get("/admin/demographics?group=<script>"), "admin-demographics")
    assert props["initialGroup"] == "applied"
