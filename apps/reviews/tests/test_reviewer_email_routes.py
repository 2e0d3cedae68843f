"""A reviewer can't use any route that names a person by email: every such route answers them
403 (an API) or sends them to their own page (a page), before anything is looked up, so the
answer is the same for an address assigned to them, someone else's and one that exists nowhere.
Otherwise a reviewer could test guessed addresses against their blind assignments.

The routes are found by walking the URL configuration: every parameter of every route is
either one that names a person (and the route is checked here) or listed as one that doesn't."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.cycles.models import Cycle
from apps.cycles.selectors import current_cycle
from apps.reviews.api import BY_ID_ONLY

from .scoring_data import applicant, assign, client_for, make_reviewer
from .url_walk import routes

# Parameters that hold an email (or, for a team code, a handle on a team's emails).
PERSON_PARAMS = {"email", "member", "reviewer_email", "applicant_email", "value", "teamcode"}
# Parameters that name no person: ids, indexes, tokens, template keys, a status.
OTHER_PARAMS = {"application_id", "index", "key", "rule_id", "mailing_id", "review_status", "path", "object_id"}
OTHER_PARAMS |= {"content_type_id", "id", "app_label", "url"}  # Django's own admin
# Checkpoints, travel receipts, webhook endpoints, their deliveries and chat channels by id; a
# sign-in provider's name; a calendar feed's secret token.
OTHER_PARAMS |= {"checkpoint_id", "receipt_id", "endpoint_id", "delivery_id", "channel_id", "provider", "token"}

REVIEWER = "rev@princeton.edu"
ASSIGNED = "xiomara.quennell@yale.edu"
NOT_ASSIGNED = "zebulon.okafor@mit.edu"
NOWHERE = "nobody.at.all@nowhere.edu"
# Tables whose reading would mean the address was looked up.
LOOKUP_TABLES = ("applications_application", "reviews_assignment", "resumes_resume", "applications_team")


def person_routes():
    return [r for r in routes() if r.names & PERSON_PARAMS and not r.template.startswith("django-admin/")]


def test_every_route_parameter_is_classified():
    """A new route with a parameter named neither way fails here until someone decides."""
    unknown = {(r.template, name) for r in routes() for name in r.names - PERSON_PARAMS - OTHER_PARAMS}
    assert unknown == set()


def test_the_walk_finds_the_email_routes():
    templates = {r.template for r in person_routes()}
    for expected in (
        "api/applications/assigned-applications/<str:reviewer_email>",
        "api/applications/application-index/(?P<reviewer_email>[^/]+)/(?P<index>-?[0-9]{1,18})",
        "api/applications/change-review-status/<str:reviewer_email>/<str:applicant_email>/<str:review_status>",
        "api/applications/assign-application/<str:member>/<str:applicant_email>",
        "api/applications/<email:email>",
        "api/resume/download/<str:email>",
        "admin/users/<str:email>",
    ):
        assert expected in templates


def _values(person: str) -> dict[str, str]:
    """Every person parameter names `person`; the others get a plausible value."""
    return {
        **{name: quote(person, safe="") for name in PERSON_PARAMS},
        "teamcode": "123456",
        "index": "0",
        "review_status": "complete",
    }


@pytest.mark.django_db
@pytest.mark.parametrize("blind", [True, False], ids=["blind", "not-blind"])
def test_a_reviewer_gets_the_same_refusal_whatever_the_email(blind):
    Cycle.objects.filter(pk=current_cycle().pk).update(blind_review=blind)
    reviewer = make_reviewer(REVIEWER)
    assign(reviewer, applicant(ASSIGNED, first="Xiomara", last="Quennell"))
    applicant(NOT_ASSIGNED, first="Zebulon", last="Okafor")
    client = client_for(reviewer)
    checked = 0
    for route in person_routes():
        for method in ("get", "post", "put", "delete"):
            answers = []
            for person in (ASSIGNED, NOT_ASSIGNED, NOWHERE, REVIEWER):
                path = route.fill(_values(person))
                if "teamcode" not in route.names:
                    assert quote(person, safe="") in path, path
                with CaptureQueriesContext(connection) as queries:
                    response = getattr(client, method)(path)
                looked_up = [q["sql"] for q in queries if any(t in q["sql"] for t in LOOKUP_TABLES)]
                assert looked_up == [], (method, path, looked_up)
                body = response.content.replace(quote(person, safe="").encode(), b"<who>")
                answers.append((response.status_code, response.get("Location"), body))
                if route.template.startswith("api/"):
                    assert response.status_code == 403, (method, path, response.status_code)
                    assert person.encode() not in response.content
                elif method == "get":
                    # A page: the reviewer is sent to their own list.
                    assert response.status_code == 302, (method, path, response.status_code)
                    assert response["Location"] == "/admin/reviewapps", (method, path)
                else:
                    assert response.status_code == 405, (method, path, response.status_code)
                checked += 1
            assert len(set(answers)) == 1, (method, route.template, answers)
    assert checked >= 7 * 4 * 4


@pytest.mark.django_db
def test_the_review_status_route_says_why_and_changes_nothing():
    """The oracle the walk found: PUT change-review-status answered 200 with the address when it
    was assigned to the reviewer, 404 otherwise."""
    Cycle.objects.filter(pk=current_cycle().pk).update(blind_review=True)
    reviewer = make_reviewer(REVIEWER)
    application = applicant(ASSIGNED, first="Xiomara", last="Quennell")
    assign(reviewer, application)
    client = client_for(reviewer)
    r = client.put(f"/api/applications/change-review-status/{REVIEWER}/{ASSIGNED}/complete")
    assert r.status_code == 403, r.json()
    assert r.json()["message"] == BY_ID_ONLY
    assert application.assignments.get().status == "to_review"


@pytest.mark.django_db
def test_organizers_keep_the_email_routes(admin_client):
    reviewer = make_reviewer(REVIEWER)
    application = applicant(ASSIGNED, first="Xiomara", last="Quennell")
    assign(reviewer, application)
    r = admin_client.get(f"/api/applications/assigned-applications/{REVIEWER}")
    assert r.status_code == 200, r.json()
    assert r.json() == {"assigned": [{"email": ASSIGNED, "status": "to_review"}]}
    r = admin_client.get(f"/api/applications/application-index/{REVIEWER}/0")
    assert r.status_code == 200 and r.json() == {"email": ASSIGNED, "status": "to_review"}
    r = admin_client.put(f"/api/applications/change-review-status/{REVIEWER}/{ASSIGNED}/complete")
    assert r.status_code == 200 and r.json() == {"email": ASSIGNED, "status": "complete"}
    r = admin_client.put(f"/api/applications/change-review-status/{REVIEWER}/{NOWHERE}/complete")
    assert r.status_code == 404
