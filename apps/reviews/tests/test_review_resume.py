"""GET /api/reviews/applications/<id>/resume: a reviewer reads the resume of an application
given to them, by id (so blind mode holds), and the owner's access log records it."""

from __future__ import annotations

import pytest

from apps.applications.tests.applicant_data import PDF_BYTES, resume_storage, upload_resume  # noqa: F401
from apps.cycles.selectors import current_cycle
from apps.resumes.models import ResumeAccess
from apps.reviews.tests.scoring_data import applicant, assign, client_for, make_reviewer, review_url

pytestmark = pytest.mark.django_db


@pytest.fixture
def with_resume(resume_storage):  # noqa: F811
    application = applicant("zelda@yale.edu")
    assert upload_resume(client_for(application.user)).status_code == 201
    return application


def body_of(response) -> bytes:
    return b"".join(response.streaming_content)


def test_an_assigned_reviewer_gets_the_file_named_after_the_application_and_it_is_logged(with_resume):
    cycle = current_cycle()
    cycle.blind_review = True
    cycle.save(update_fields=["blind_review"])
    reviewer = make_reviewer("rev@princeton.edu")
    assign(reviewer, with_resume)

    r = client_for(reviewer).get(review_url(with_resume, "resume"))
    assert r.status_code == 200 and body_of(r) == PDF_BYTES
    assert r["Content-Disposition"] == f'attachment; filename="application-{with_resume.pk}.pdf"'
    assert "zelda" not in r["Content-Disposition"]  # blind mode: no address in the name
    [access] = ResumeAccess.objects.filter(owner=with_resume.user)
    assert (access.accessed_by_email, access.how) == ("rev@princeton.edu", ResumeAccess.How.REVIEW)


def test_an_organizer_reads_any(with_resume, organizer):
    r = client_for(organizer).get(review_url(with_resume, "resume"))
    assert r.status_code == 200 and body_of(r) == PDF_BYTES


@pytest.mark.parametrize("given_to_someone_else", [False, True])
def test_a_reviewer_without_the_assignment_gets_a_404_and_nothing_is_logged(with_resume, given_to_someone_else):
    if given_to_someone_else:
        assign(make_reviewer("other@princeton.edu"), with_resume)
    r = client_for(make_reviewer("rev@princeton.edu")).get(review_url(with_resume, "resume"))
    assert r.status_code == 404 and r.json()["message"] == "This application isn't assigned to you."
    assert not ResumeAccess.objects.exists()


@pytest.mark.parametrize("role", ["volunteer", "user"])
def test_other_roles_get_a_403(with_resume, role):
    r = client_for(make_reviewer(f"{role}@princeton.edu", role=role)).get(review_url(with_resume, "resume"))
    assert r.status_code == 403 and r.json()["message"]


def test_no_resume_on_file_is_a_404_that_says_so(resume_storage):  # noqa: F811
    application = applicant("nofile@yale.edu")
    reviewer = make_reviewer("rev@princeton.edu")
    assign(reviewer, application)
    r = client_for(reviewer).get(review_url(application, "resume"))
    assert r.status_code == 404 and r.json()["message"] == "This applicant has no resume on file."
