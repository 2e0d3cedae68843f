"""GET /api/resume/download-all: confirmed applicants' resumes, one <email>.pdf each, streamed."""

from __future__ import annotations

import datetime
import io
import random
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from apps.applications.tests.applicant_data import PDF_BYTES, resume_storage  # noqa: F401 - fixture
from apps.applications.tests.organizer_data import make_application, other_cycle
from apps.reports import resume_book
from apps.resumes import zip as resume_zip
from apps.resumes.models import Resume
from apps.resumes.services import resume_upload


def pdf_for(name: str, padding: int = 0) -> bytes:
    # A real PDF whose bytes differ per person, so the test can tell the entries apart; the
    # padding is incompressible, like the images of a real resume.
    noise = random.Random(name).randbytes(padding).replace(b"%%EOF", b"xxxxx")
    return PDF_BYTES.replace(b"%%EOF", f"% resume of {name}\n".encode() + noise + b"\n%%EOF")


def upload(application, content: bytes) -> Resume:
    return resume_upload(user=application.user, upload=SimpleUploadedFile("cv.pdf", content, "application/pdf"))


@pytest.fixture
def book(db, resume_storage):  # noqa: F811 - the fixture imported above
    people = {
        "ada@princeton.edu": ("confirmed", True),
        "bob@yale.edu": ("confirmed", True),
        "cy@mit.edu": ("accepted", True),
        "di@princeton.edu": ("declined", True),
        "ed@princeton.edu": ("confirmed", False),  # confirmed without a resume
    }
    contents = {}
    for email, (status, has_resume) in people.items():
        application = make_application(email, status=status)
        if has_resume:
            contents[email] = pdf_for(email, padding=200_000 if email == "bob@yale.edu" else 0)
            upload(application, contents[email])
    old = make_application("old@princeton.edu", status="confirmed", cycle=other_cycle())
    upload(old, pdf_for("old"))
    return contents


def download(client) -> zipfile.ZipFile:
    r = client.get("/api/resume/download-all")
    assert r.status_code == 200
    assert r.streaming
    assert r["Content-Type"] == "application/zip"
    assert r["Content-Disposition"].startswith("attachment; filename=")
    return zipfile.ZipFile(io.BytesIO(b"".join(r.streaming_content)))


def test_zip_holds_each_confirmed_applicants_resume_named_by_email(admin_client, book):
    archive = download(admin_client)
    assert archive.testzip() is None
    assert sorted(archive.namelist()) == ["ada@princeton.edu.pdf", "bob@yale.edu.pdf"]
    for email in ("ada@princeton.edu", "bob@yale.edu"):
        assert archive.read(f"{email}.pdf") == book[email]


def test_stream_yields_pieces_no_larger_than_a_chunk_or_so(book, resume_storage):  # noqa: F811
    """The archive is produced piece by piece; no piece approaches the whole archive."""
    from apps.cycles.selectors import current_cycle

    pieces = list(resume_zip.stream_zip(resume_book.confirmed_resume_entries(cycle=current_cycle()), chunk_size=4096))
    assert len(pieces) > 10
    assert max(len(p) for p in pieces) < 64 * 1024
    archive = zipfile.ZipFile(io.BytesIO(b"".join(pieces)))
    assert archive.read("bob@yale.edu.pdf") == book["bob@yale.edu"]


def test_a_file_missing_from_storage_is_left_out(admin_client, book, resume_storage):  # noqa: F811
    from django.core.files.storage import storages

    storages["resumes"].delete(Resume.objects.get(user__email="ada@princeton.edu").path)
    assert download(admin_client).namelist() == ["bob@yale.edu.pdf"]


def test_entry_dates_come_from_the_upload(book, resume_storage):  # noqa: F811
    from apps.cycles.selectors import current_cycle

    entries = list(resume_book.confirmed_resume_entries(cycle=current_cycle()))
    today = datetime.datetime.now(datetime.UTC)
    assert all(e.date_time[:3] == (today.year, today.month, today.day) for e in entries)


def test_no_confirmed_resume_is_404_with_a_message(admin_client, db, resume_storage):  # noqa: F811
    make_application("cy@mit.edu", status="accepted")
    r = admin_client.get("/api/resume/download-all")
    assert r.status_code == 404
    assert r.json()["message"] == "No confirmed applicant has uploaded a resume yet."


def test_download_all_is_for_organizers_only(client, student_client, book):
    assert client.get("/api/resume/download-all").status_code == 401
    assert student_client.get("/api/resume/download-all").status_code == 403
