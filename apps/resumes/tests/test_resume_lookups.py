"""Resume lookups checked against the API contract: an email in the path that no account can
have is a 404 (or "not submitted"), never a database error."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("email", ["a%00b%40princeton.edu", "%00"])
def test_organizer_lookups_of_an_impossible_address_answer_cleanly(admin_client, email):
    # A segment that is no address names nobody: 404, as the schema says, with a message.
    r = admin_client.get(f"/api/resume/submitted/{email}")
    assert r.status_code == 404
    assert r.json()["message"]
    r = admin_client.get(f"/api/resume/download/{email}")
    assert r.status_code == 404
    assert r.json() == {"message": "No resume has been uploaded for this email address."}


def test_lookups_are_case_insensitive(admin_client, student, student_client):
    from apps.applications.tests.applicant_data import pdf_upload

    assert student_client.post("/api/resume/upload", {"resume": pdf_upload()}).status_code == 201
    assert admin_client.get("/api/resume/submitted/ADA%40Princeton.EDU").json() == {"submitted": True}
    r = admin_client.get("/api/resume/download/ADA%40Princeton.EDU")
    assert r.status_code == 200
    assert r["Content-Disposition"].endswith('filename="ada@princeton.edu.pdf"')
