"""Helpers for the privacy tests (the fixtures are in conftest.py): applicants who applied
through the real calls (resume uploaded, application submitted with consents), decided through
the status machine."""

from __future__ import annotations

from apps.applications import status_machine
from apps.applications.models import Application
from apps.applications.tests.applicant_data import body, upload_resume
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from apps.resumes.models import Resume
from apps.resumes.services import resume_storage as storage
from conftest import make_user, signed_in_client


def apply(client, **fields) -> Application:
    """Upload a resume and submit a valid application through the API."""
    assert upload_resume(client).status_code == 201
    r = client.post("/api/applications/application", body(**fields), content_type="application/json")
    assert r.status_code == 200, r.json()
    return Application.objects.get(email=r.json()["email"], cycle=current_cycle())


def new_applicant(email: str, *, status: str = "submitted", **fields):
    """A signed-in client of a new verified student who has applied; returns (user, client, application).
    The cycle must be open."""
    user = make_user(email)
    client = signed_in_client(user)
    application = apply(client, **fields)
    if status != "submitted":
        status_machine.transition(application_id=application.pk, to=status)
        application.refresh_from_db()
    return user, client, application


def resume_path(user) -> str:
    return Resume.objects.get(user=user).path


def file_exists(path: str) -> bool:
    return storage().exists(path)


def release(cycle) -> None:
    cycle_set_status(cycle=cycle, status="released")


# Charts of answers that are not kept as anonymous counts: a rare school or country would name
# the person, so an anonymised applicant leaves these two charts and no other.
IDENTIFYING_CHARTS = {"school", "country"}


def assert_demographics_kept(before: list[dict], after: list[dict]) -> None:
    """After anonymising, every chart counts the same but the identifying ones, which are empty."""
    assert [c for c in after if c["question_id"] not in IDENTIFYING_CHARTS] == [
        c for c in before if c["question_id"] not in IDENTIFYING_CHARTS
    ]
    assert {c["question_id"] for c in before} >= {"country"}
    for chart in (c for c in after if c["question_id"] in IDENTIFYING_CHARTS):
        assert chart["data"] == [], chart
