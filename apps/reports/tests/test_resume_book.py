"""The resume book's list: the current cycle's confirmed applicants who have a resume on file."""

from __future__ import annotations

import pytest

from apps.applications.tests.applicant_data import PDF_BYTES, pdf_upload, resume_storage  # noqa: F401
from apps.applications.tests.organizer_data import make_application, other_cycle
from apps.reports import resume_book
from apps.resumes import services
from apps.resumes.models import Resume

pytestmark = pytest.mark.django_db


def test_confirmed_resumes_lists_the_current_cycles_confirmed_applicants_with_a_resume(resume_storage):  # noqa: F811
    people = {
        "zed@princeton.edu": ("confirmed", True),
        "amy@yale.edu": ("confirmed", True),
        "bo@mit.edu": ("accepted", True),
        "cy@princeton.edu": ("confirmed", False),
    }
    for email, (status, with_resume) in people.items():
        application = make_application(email, status=status)
        if with_resume:
            services.resume_upload(user=application.user, upload=pdf_upload())
    elsewhere = make_application("old@princeton.edu", status="confirmed", cycle=other_cycle())
    services.resume_upload(user=elsewhere.user, upload=pdf_upload())

    rows = list(resume_book.confirmed_resumes())
    assert [email for email, _ in rows] == ["amy@yale.edu", "zed@princeton.edu"]
    for email, path in rows:
        assert path == Resume.objects.get(user__email=email).path
        with services.resume_storage().open(path, "rb") as f:
            assert f.read() == PDF_BYTES
