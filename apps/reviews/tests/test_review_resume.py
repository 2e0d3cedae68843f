"""GET /api/reviews/applications/<id>/resume: a reviewer reads the resume of an application
given to them, by id (so blind mode holds), and the owner's access log records it."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from apps.applications.tests.applicant_data import PDF_BYTES, resume_storage, upload_resume  # noqa: F401
from apps.cycles.models import Cycle
from apps.cycles.selectors import current_cycle
from apps.resumes.models import ResumeAccess
from apps.resumes.tests.pdf_data import AUTHOR, TELLTALES, pdf_with_author
from apps.reviews.api import UNREADABLE_RESUME
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
    assert r.status_code == 200
    served = body_of(r)
    assert served.startswith(b"%PDF-") and len(PdfReader(io.BytesIO(served)).pages) == 1
    assert r["Content-Disposition"] == f'attachment; filename="application-{with_resume.pk}.pdf"'
    assert "zelda" not in r["Content-Disposition"]  # blind mode: no address in the name
    [access] = ResumeAccess.objects.filter(owner=with_resume.user)
    assert (access.accessed_by_email, access.how) == ("rev@princeton.edu", ResumeAccess.How.REVIEW)


def test_an_organizer_reads_any(with_resume, organizer):
    # Outside blind review an organizer gets the file as uploaded.
    r = client_for(organizer).get(review_url(with_resume, "resume"))
    assert r.status_code == 200 and body_of(r) == PDF_BYTES


# --- Metadata ---------------------------------------------------------------------------------


def _blind(on: bool = True) -> None:
    Cycle.objects.filter(pk=current_cycle().pk).update(blind_review=on)


@pytest.fixture
def authored(resume_storage):  # noqa: F811
    """An assigned application whose resume names its author in every metadata place."""
    application = applicant("grace.hopperton@yale.edu", first="Grace", last="Hopperton")
    assert upload_resume(client_for(application.user), pdf_with_author()).status_code == 201
    reviewer = make_reviewer("rev@princeton.edu")
    assign(reviewer, application)
    return application, reviewer


def _all_decoded(pdf: bytes) -> bytes:
    """Every object of the file, streams decompressed: what any PDF reader could find."""
    reader = PdfReader(io.BytesIO(pdf))
    parts = [pdf]
    for number in range(1, int(reader.trailer["/Size"])):
        obj = reader.get_object(number)
        if obj is None:
            continue
        parts.append(repr(obj).encode())
        if hasattr(obj, "get_data"):
            parts.append(obj.get_data())
    return b"\n".join(parts)


@pytest.mark.parametrize("blind", [True, False])
def test_a_reviewer_gets_the_resume_without_its_metadata(authored, blind):
    application, reviewer = authored
    _blind(blind)
    original = pdf_with_author()
    for telltale in TELLTALES:
        assert telltale.encode() in original  # the test's file does carry each of them
    r = client_for(reviewer).get(review_url(application, "resume"))
    assert r.status_code == 200
    assert r["Content-Disposition"] == f'attachment; filename="application-{application.pk}.pdf"'
    served = body_of(r)
    everything = _all_decoded(served).lower()
    for telltale in TELLTALES:
        assert telltale.lower().encode() not in everything, telltale
    reader = PdfReader(io.BytesIO(served))
    assert reader.metadata is None and "/Metadata" not in reader.trailer["/Root"]
    assert len(reader.pages) == 1 and reader.xmp_metadata is None
    assert ResumeAccess.objects.filter(owner=application.user, how=ResumeAccess.How.REVIEW).count() == 1


def test_an_organizer_reviewing_blind_gets_it_stripped_too_but_keeps_the_original_on_the_applicants_page(
    authored, organizer
):
    application, _ = authored
    assign(organizer, application)
    _blind()
    boss = client_for(organizer)
    served = body_of(boss.get(review_url(application, "resume")))
    assert AUTHOR.encode() not in served
    original = boss.get(f"/api/resume/download/{application.email}")
    assert original.status_code == 200 and body_of(original) == pdf_with_author()


# A file that passes the upload's check (a PDF header and an end marker) but that no PDF
# library can read.
BROKEN_PDF = b"%PDF-1.7\n% by Grace Hopperton\n1 0 obj << /Author (Grace Hopperton) >>\n%%EOF\n"


@pytest.fixture
def broken(resume_storage):  # noqa: F811
    application = applicant("grace.hopperton@yale.edu", first="Grace", last="Hopperton")
    assert upload_resume(client_for(application.user), BROKEN_PDF).status_code == 201
    reviewer = make_reviewer("rev@princeton.edu")
    assign(reviewer, application)
    return application, reviewer


def test_in_blind_review_an_unreadable_resume_is_refused_never_served_as_it_is(broken):
    application, reviewer = broken
    _blind()
    r = client_for(reviewer).get(review_url(application, "resume"))
    assert r.status_code == 422, r.content[:200]
    assert r.json()["message"] == UNREADABLE_RESUME
    assert b"Hopperton" not in r.content
    assert not ResumeAccess.objects.exists()  # nothing was served


def test_outside_blind_review_an_unreadable_resume_is_served_as_uploaded(broken):
    application, reviewer = broken
    r = client_for(reviewer).get(review_url(application, "resume"))
    assert r.status_code == 200 and body_of(r) == BROKEN_PDF


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
