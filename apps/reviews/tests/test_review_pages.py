"""The reviewer's pages: organizers and reviewers; the reviewer is the signed-in user."""

from __future__ import annotations

import pytest

from apps.applications import status_machine
from apps.applications.models import Application
from apps.cycles.models import CycleStatus
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from apps.reviews.services import assign_one
from conftest import make_user, signed_in_client

PAGES = [
    ("/admin/reviewapps", "admin-reviewapps"),
    ("/admin/reviewapps/0", "admin-reviewapps-index"),
    ("/admin/reviewapps/12", "admin-reviewapps-index"),
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


def submitted_application(email: str) -> Application:
    """A real applicant whose application went through the status machine to submitted."""
    user = make_user(email)
    application = Application.objects.create(
        cycle=current_cycle(), user=user, email=user.email, first="Ada", last="Lovelace", checkboxes=[True, True, False]
    )
    status_machine.transition(application_id=application.pk, to="submitted", actor=user)
    return application


@pytest.mark.django_db
def test_review_pages_render_the_assignments_in_order(admin_client, organizer):
    """The list and each position come with the page; past the end the item is 'dne'."""
    for email in ("zed@princeton.edu", "amy@princeton.edu"):
        submitted_application(email)
        assign_one(member=organizer.email, applicant_email=email)
    props = admin_client.get("/admin/reviewapps").context["page_props"]
    assert props["assigned"] == [
        {"email": "zed@princeton.edu", "status": "to_review"},
        {"email": "amy@princeton.edu", "status": "to_review"},
    ]
    second = admin_client.get("/admin/reviewapps/1").context["page_props"]
    amy = Application.objects.get(email="amy@princeton.edu")
    assert second["item"] == {"email": "amy@princeton.edu", "status": "to_review", "application_id": amy.pk}
    assert second["application"]["email"] == "amy@princeton.edu"
    assert second["sections"]
    end = admin_client.get("/admin/reviewapps/2").context["page_props"]
    assert end["item"] == {"email": "dne"}
    assert end["application"] is None


@pytest.mark.django_db
def test_another_reviewers_assignments_are_not_shown(admin_client, organizer):
    other = make_user("alan@princeton.edu", admin=True)
    submitted_application("zed@princeton.edu")
    assign_one(member=other.email, applicant_email="zed@princeton.edu")
    assert admin_client.get("/admin/reviewapps").context["page_props"]["assigned"] == []
    assert signed_in_client(other).get("/admin/reviewapps").context["page_props"]["assigned"] == [
        {"email": "zed@princeton.edu", "status": "to_review"}
    ]


@pytest.mark.django_db
def test_a_huge_index_is_past_the_end_not_an_error(admin_client):
    r = admin_client.get("/admin/reviewapps/99999999999999999999")
    assert r.status_code == 200
    assert r.context["page_props"]["item"] == {"email": "dne"}


@pytest.mark.django_db
def test_review_list_says_reviews_are_closed_once_decisions_are_released(admin_client):
    # Before release the list offers scoring; after it, the page says so before anyone opens a
    # review (rather than a save failing afterwards).
    assert admin_client.get("/admin/reviewapps").context["page_props"]["closed"] is False
    cycle_set_status(cycle=current_cycle(), status=CycleStatus.RELEASED)
    assert admin_client.get("/admin/reviewapps").context["page_props"]["closed"] is True
