"""The reviewer's pages: admins only; the reviewer is the signed-in organizer."""

from __future__ import annotations

import pytest

PAGES = [
    ("/admin/reviewapps", "reviews-admin-reviews"),
    ("/admin/reviewapps/0", "reviews-admin-review"),
    ("/admin/reviewapps/12", "reviews-admin-review"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("url", "page"), PAGES)
def test_an_admin_gets_the_island(admin_client, url, page):
    r = admin_client.get(url)
    assert r.status_code == 200
    assert r.context["page"] == page
    assert f'id="{page}-root"' in r.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(("url", "page"), PAGES)
def test_a_student_is_sent_to_the_dashboard(student_client, url, page):
    r = student_client.get(url)
    assert r.status_code == 302 and r["Location"] == "/dashboard"


@pytest.mark.django_db
@pytest.mark.parametrize(("url", "page"), PAGES)
def test_a_visitor_is_sent_to_login_with_next(client, url, page):
    r = client.get(url)
    assert r.status_code == 302
    assert r["Location"] == "/login?next=" + url.replace("/", "%2F")


@pytest.mark.django_db
def test_review_list_props_name_the_signed_in_reviewer(admin_client):
    props = admin_client.get("/admin/reviewapps").context["page_props"]
    assert props["reviewer"] == "grace@princeton.edu"
    assert props["reviewStatuses"] == [
        {"value": "to_review", "label": "To Review"},
        {"value": "complete", "label": "Complete"},
    ]


@pytest.mark.django_db
def test_review_detail_props_carry_the_index_and_the_decisions(admin_client):
    props = admin_client.get("/admin/reviewapps/3").context["page_props"]
    assert props["reviewer"] == "grace@princeton.edu"
    assert props["index"] == 3
    assert [d["value"] for d in props["decisions"]] == [
        "submitted",
        "accepted",
        "waitlisted",
        "rejected",
        "waitlist_accepted",
    ]
    assert props["decisions"][0]["label"] == "No Decision"


@pytest.mark.django_db
def test_a_non_numeric_index_is_the_404_page(admin_client):
    r = admin_client.get("/admin/reviewapps/next")
    assert r.status_code == 404
