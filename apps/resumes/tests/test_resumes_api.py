"""`/api/resume/*`: upload (checked by content and size), submitted, the organizer's lookups
and download, and proof that no resume is ever reachable at a public URL."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from apps.applications.tests.applicant_data import PDF_BYTES, pdf_upload, resume_storage  # noqa: F401
from apps.resumes import services
from apps.resumes.models import Resume

pytestmark = pytest.mark.django_db

UPLOAD = "/api/resume/upload"
SUBMITTED = "/api/resume/submitted"
LIMIT = 2_097_152


def upload(client, content: bytes = PDF_BYTES, name: str = "resume.pdf"):
    return client.post(UPLOAD, {"resume": SimpleUploadedFile(name, content, content_type="application/pdf")})


def pdf_of_size(size: int) -> bytes:
    padding = size - len(PDF_BYTES)
    return PDF_BYTES.replace(b"%%EOF", b"%" + b"x" * (padding - 2) + b"\n%%EOF")


# --- Upload -------------------------------------------------------------------------------


def test_a_student_uploads_a_pdf_and_it_is_stored_privately(student, student_client, resume_storage):  # noqa: F811
    r = upload(student_client)
    assert r.status_code == 201, r.json()
    assert r.json()["message"] == "New resume successfully uploaded"
    resume = Resume.objects.get(user=student)
    assert resume.size == len(PDF_BYTES) and resume.original_name == "resume.pdf"
    stored = resume_storage / resume.path
    assert stored.read_bytes() == PDF_BYTES
    # The storage name tells nothing about its owner: random hex (which can contain "ada" by
    # chance, so the test states the name's shape rather than looking for the owner in it).
    assert re.fullmatch(r"resumes/[0-9a-f]{32}\.pdf", resume.path), resume.path
    assert student_client.get(SUBMITTED).json() == {"submitted": True}


def test_a_new_upload_replaces_the_previous_file(student, student_client, resume_storage):  # noqa: F811
    upload(student_client)
    first = Resume.objects.get(user=student).path
    second_pdf = PDF_BYTES.replace(b"%%EOF", b"% second\n%%EOF")
    assert upload(student_client, second_pdf).status_code == 201
    resume = Resume.objects.get(user=student)
    assert resume.path != first
    assert (resume_storage / resume.path).read_bytes() == second_pdf
    assert not (resume_storage / first).exists()
    assert Resume.objects.filter(user=student).count() == 1


def test_a_file_of_exactly_2_mb_is_accepted(student_client, resume_storage):  # noqa: F811
    assert upload(student_client, pdf_of_size(LIMIT)).status_code == 201


def test_a_file_over_2_mb_gets_413_with_the_spec_message(student, student_client, resume_storage):  # noqa: F811
    r = upload(student_client, pdf_of_size(LIMIT + 1))
    assert r.status_code == 413
    assert r.json()["message"] == "Please upload your resume as a PDF file of at most 2 MB."
    assert not Resume.objects.filter(user=student).exists()
    assert not list(resume_storage.rglob("*.pdf"))  # nothing was written


def test_a_much_larger_body_is_refused_from_its_length(student_client, resume_storage):  # noqa: F811
    r = upload(student_client, pdf_of_size(LIMIT * 3))
    assert r.status_code == 413


def test_no_file_gets_400_with_the_spec_message(student_client, resume_storage):  # noqa: F811
    r = student_client.post(UPLOAD, {})
    assert r.status_code == 400
    assert r.json()["message"] == "No resume uploaded."
    r = student_client.post(UPLOAD, {"other": pdf_upload()})
    assert r.json()["message"] == "No resume uploaded."


def test_an_empty_file_gets_400(student_client, resume_storage):  # noqa: F811
    assert upload(student_client, b"").json()["message"] == "No resume uploaded."


@pytest.mark.parametrize(
    "content",
    [
        b"Just some text pretending.\n%%EOF",  # no PDF header
        b"%PDF-1.4\n1 0 obj <<>> endobj\n",  # a header but no end-of-file marker
        b"\x89PNG\r\n\x1a\n" + b"0" * 100,  # an image
        b"PK\x03\x04%PDF-%%EOF",  # a zip mentioning the markers
    ],
)
def test_a_file_that_is_not_a_pdf_by_its_bytes_gets_400(student, student_client, resume_storage, content):  # noqa: F811
    r = upload(student_client, content, name="resume.pdf")
    assert r.status_code == 400
    # The same sentence as a file too large: one wording for every file the upload refuses.
    assert r.json()["message"] == "Please upload your resume as a PDF file of at most 2 MB."
    assert not Resume.objects.filter(user=student).exists()


def test_a_pdf_with_another_name_is_accepted_since_the_content_counts(student_client, resume_storage):  # noqa: F811
    assert upload(student_client, PDF_BYTES, name="cv.txt").status_code == 201


def test_a_json_body_is_a_415_not_a_500(student_client, resume_storage):  # noqa: F811
    """The upload takes a file in a multipart form only: any other body is the wrong media type."""
    r = student_client.post(UPLOAD, {"resume": "x"}, content_type="application/json")
    assert r.status_code == 415
    assert r.json()["message"]


def test_anonymous_upload_and_submitted_get_401(client, resume_storage):  # noqa: F811
    assert upload(client).status_code == 401
    assert client.get(SUBMITTED).status_code == 401


def test_submitted_is_false_without_a_resume(student_client):
    assert student_client.get(SUBMITTED).json() == {"submitted": False}


# --- Organizer lookups and download -------------------------------------------------------


def test_an_organizer_checks_whether_someone_submitted(admin_client, student, student_client, resume_storage):  # noqa: F811
    assert admin_client.get("/api/resume/submitted/ada%40princeton.edu").json() == {"submitted": False}
    upload(student_client)
    assert admin_client.get("/api/resume/submitted/ADA%40princeton.edu").json() == {"submitted": True}
    assert admin_client.get("/api/resume/submitted/nobody%40princeton.edu").json() == {"submitted": False}


def test_an_organizer_downloads_a_resume_as_email_pdf(admin_client, student_client, resume_storage):  # noqa: F811
    upload(student_client)
    r = admin_client.get("/api/resume/download/ada%40princeton.edu")
    assert r.status_code == 200
    assert r["Content-Type"] == "application/pdf"
    assert r["Content-Disposition"] == 'attachment; filename="ada@princeton.edu.pdf"'
    assert b"".join(r.streaming_content) == PDF_BYTES


def test_download_is_404_without_a_resume_or_a_user(admin_client, student, resume_storage):  # noqa: F811
    assert admin_client.get("/api/resume/download/ada%40princeton.edu").status_code == 404
    assert admin_client.get("/api/resume/download/ghost%40princeton.edu").status_code == 404


def test_download_is_404_when_the_file_went_missing(admin_client, student, student_client, resume_storage):  # noqa: F811
    upload(student_client)
    (resume_storage / Resume.objects.get(user=student).path).unlink()
    assert admin_client.get("/api/resume/download/ada%40princeton.edu").status_code == 404


@pytest.mark.parametrize(
    "url", ["/api/resume/submitted/ada%40princeton.edu", "/api/resume/download/ada%40princeton.edu"]
)
def test_students_get_403_and_anonymous_401_on_organizer_calls(client, student_client, resume_storage, url):  # noqa: F811
    upload(student_client)
    assert student_client.get(url).status_code == 403
    assert client.get(url).status_code == 401


def test_the_organizer_lookups_take_a_constant_number_of_queries(
    admin_client,
    student_client,
    resume_storage,  # noqa: F811
    django_assert_max_num_queries,
):
    upload(student_client)
    with django_assert_max_num_queries(3):
        admin_client.get("/api/resume/submitted/ada%40princeton.edu")
    with django_assert_max_num_queries(4):  # and the access log's INSERT
        r = admin_client.get("/api/resume/download/ada%40princeton.edu")
        b"".join(r.streaming_content)


# --- Never public -------------------------------------------------------------------------


def test_no_resume_is_reachable_at_a_public_url(client, student, student_client, resume_storage):  # noqa: F811
    upload(student_client)
    path = Resume.objects.get(user=student).path
    for url in (f"/static/{path}", f"/media/{path}", f"/{path}", f"/var/private/{path}", f"/static/../{path}"):
        r = client.get(url)
        assert r.status_code == 404, url
        assert PDF_BYTES not in r.content
    r = student_client.get(f"/static/{path}")
    assert r.status_code == 404


def test_the_resume_storage_refuses_to_name_a_url(student, student_client, resume_storage):  # noqa: F811
    """No URL can be built for a stored resume, so none can leak into a page or a response."""
    upload(student_client)
    with pytest.raises(ValueError):
        services.resume_storage().url(Resume.objects.get(user=student).path)


def test_the_default_resume_storage_is_private(settings):
    """Out of the box (no bucket configured) resumes live in a folder that nothing serves."""
    resumes = settings.STORAGES["resumes"]
    assert resumes["BACKEND"] == "apps.core.storage.PrivateFileSystemStorage"
    assert str(settings.STATIC_ROOT) not in str(resumes["OPTIONS"].get("location", ""))
