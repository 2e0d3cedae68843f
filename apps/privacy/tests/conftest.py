"""Fixtures of the privacy tests: a private resume storage, the cycle open, and Ada who applied."""

from __future__ import annotations

import pytest

from apps.applications.tests.applicant_data import open_cycle, resume_storage  # noqa: F401

from .privacy_data import apply


@pytest.fixture
def applicant(db, resume_storage, open_cycle, student, student_client):  # noqa: F811
    """ada@princeton.edu, applied through the API: resume on file, all three boxes ticked and
    the sponsors' consent given. (user, signed-in client, application)."""
    application = apply(student_client, share_resume_with_sponsors=True, checkboxes=[True, True, True])
    return student, student_client, application
