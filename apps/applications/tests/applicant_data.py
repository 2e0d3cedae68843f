"""Test data for the applicant's calls: a private resume storage, a real PDF, the cycle opened
through its service, and a complete valid body for the default question set."""

from __future__ import annotations

import copy

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status

# A minimal but real PDF: header, one empty page, cross-reference table, trailer, EOF marker.
PDF_BYTES = (
    b"%PDF-1.4\n"
    b"1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
    b"2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n"
    b"3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\n"
    b"xref\n0 4\n0000000000 65535 f \n0000000009 00000 n \n0000000058 00000 n \n0000000115 00000 n \n"
    b"trailer << /Size 4 /Root 1 0 R >>\nstartxref\n186\n%%EOF\n"
)

VALID_ANSWERS = {
    "age": "19",
    "country": "United States of America",
    "level_of_study": "Undergraduate University (3+ year)",
    "major": "Computer Science",
    "first_hackathon": "no",
    "languages": "Python,Rust",
    "why_attend": "To build a tool that helps my classmates find study groups.",
    "proud_project": "A bus tracker for our campus; I wrote the backend and the map view.",
    "links": "https://github.com/ada,https://ada.dev",
    "needs_travel": "no",
    "gender": "Woman",
    "ethnicity": "Chinese,White",
    "first_generation": "yes",
    "tshirt_size": "M",
    "dietary_restrictions": "Vegetarian",
}


@pytest.fixture
def resume_storage(settings, tmp_path):
    """Resumes go to a temporary private folder instead of var/private."""
    settings.STORAGES = {
        **settings.STORAGES,
        "resumes": {
            "BACKEND": "apps.core.storage.PrivateFileSystemStorage",
            "OPTIONS": {"location": str(tmp_path / "resumes")},
        },
    }
    return tmp_path / "resumes"


@pytest.fixture
def open_cycle(db):
    return cycle_set_status(cycle=current_cycle(), status="open")


def pdf_upload(content: bytes = PDF_BYTES, name: str = "resume.pdf") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content, content_type="application/pdf")


def upload_resume(client, content: bytes = PDF_BYTES):
    return client.post("/api/resume/upload", {"resume": pdf_upload(content)})


def body(answers: dict | None = None, **fields) -> dict:
    """A complete valid application for the default question set; keyword fields override."""
    values = copy.deepcopy(VALID_ANSWERS if answers is None else answers)
    data = {
        "first": "Ada",
        "last": "Lovelace",
        "school": "Princeton University",
        "sections": [{"section_name": "All", "answers": [{"question_id": k, "answer": v} for k, v in values.items()]}],
        "checkboxes": [True, True, False],
        "teamcode": None,
    }
    data.update(fields)
    return data


def with_answer(question_id: str, value) -> dict:
    answers = dict(VALID_ANSWERS)
    if value is None:
        answers.pop(question_id, None)
    else:
        answers[question_id] = value
    return body(answers)
