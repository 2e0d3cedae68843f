"""Drafts (started, never submitted) can't be assigned for review: the assignment refuses them
with a 400 that says why, a batch lists them as failed, and the assign page never offers them."""

from __future__ import annotations

import pytest

from apps.applications.tests.organizer_data import make_application, other_cycle
from apps.reviews import selectors, services
from apps.reviews.models import Assignment
from conftest import make_user

JSON = "application/json"


@pytest.fixture
def reviewer(db):
    return make_user("linus@princeton.edu", admin=True)


@pytest.fixture
def drafts_and_submissions(db):
    make_application("draft@yale.edu", status="started")
    make_application("sub@yale.edu")
    make_application("decided@yale.edu", status="accepted")


def test_assigning_a_draft_is_a_clear_400_and_stores_nothing(admin_client, reviewer, drafts_and_submissions):
    r = admin_client.post("/api/applications/assign-application/linus@princeton.edu/draft@yale.edu")
    assert r.status_code == 400
    assert r.json() == {
        "message": "This application is still a draft: only submitted applications can be assigned for review.",
        "errors": {"applicant_email": ["Not submitted yet."]},
    }
    assert not Assignment.objects.exists()


@pytest.mark.parametrize("email", ["sub@yale.edu", "decided@yale.edu"])
def test_submitted_and_decided_applications_are_assigned(admin_client, reviewer, drafts_and_submissions, email):
    r = admin_client.post(f"/api/applications/assign-application/linus@princeton.edu/{email}")
    assert r.status_code == 200, r.json()


def test_a_batch_lists_drafts_as_failed_and_assigns_the_rest(admin_client, reviewer, drafts_and_submissions):
    r = admin_client.post(
        "/api/applications/assign-applications",
        {"member": "linus@princeton.edu", "emails": "draft@yale.edu sub@yale.edu decided@yale.edu"},
        content_type=JSON,
    )
    assert r.status_code == 200, r.json()
    assert r.json() == {
        "approved": ["sub@yale.edu", "decided@yale.edu"],
        "failed": [{"email": "draft@yale.edu", "reason": "Not submitted yet."}],
    }
    assert sorted(Assignment.objects.values_list("application__email", flat=True)) == [
        "decided@yale.edu",
        "sub@yale.edu",
    ]


def test_the_service_refuses_a_draft_whoever_calls_it(reviewer, drafts_and_submissions):
    from apps.applications.models import Application
    from apps.core.exceptions import ApplicationError

    draft = Application.objects.get(email="draft@yale.edu")
    with pytest.raises(ApplicationError) as refused:
        services.assign(reviewer=reviewer, application_id=draft.pk)
    assert refused.value.status == 400


def test_the_assign_page_offers_only_unassigned_submitted_applications(
    admin_client, reviewer, drafts_and_submissions, django_assert_max_num_queries
):
    make_application("elsewhere@yale.edu", cycle=other_cycle())
    make_application("taken@yale.edu")
    services.assign_one(member="linus@princeton.edu", applicant_email="taken@yale.edu")
    props = admin_client.get("/admin/assignapps").context["page_props"]
    assert props["unassigned"] == ["decided@yale.edu", "sub@yale.edu"]
    assert props["unassignedMore"] is False
    with django_assert_max_num_queries(2):
        selectors.unassigned_applications()


def test_the_offer_is_capped(reviewer, drafts_and_submissions):
    make_application("zed@yale.edu")
    assert selectors.unassigned_applications(limit=2) == (["decided@yale.edu", "sub@yale.edu"], True)
    assert selectors.unassigned_applications(limit=3) == (["decided@yale.edu", "sub@yale.edu", "zed@yale.edu"], False)
