"""Reads for resumes: whether one is on file, opening one, and the confirmed attendees' list."""

from __future__ import annotations

from collections.abc import Iterator

from django.http import Http404

from apps.core.text import clean_path_email

from .models import Resume
from .services import resume_storage


def has_resume(user) -> bool:
    return Resume.objects.filter(user=user).exists()


def has_resume_for_email(email: str) -> bool:
    cleaned = clean_path_email(email)
    return bool(cleaned) and Resume.objects.filter(user__email=cleaned).exists()


def resume_for_email(email: str) -> Resume | None:
    cleaned = clean_path_email(email)
    return Resume.objects.filter(user__email=cleaned).select_related("user").first() if cleaned else None


def resume_open(resume: Resume):
    """The stored file, opened for reading (binary). Http404 if the file has gone missing."""
    storage = resume_storage()
    try:
        return storage.open(resume.path, "rb")
    except (FileNotFoundError, OSError) as exc:
        raise Http404("This resume file is missing.") from exc


def confirmed_resumes(cycle=None) -> Iterator[tuple[str, str]]:
    """(email, storage path) of every confirmed applicant of the cycle (default: the current
    one) who has a resume on file, ordered by email. One query, streamed."""
    from apps.applications.models import Application, ApplicationStatus
    from apps.cycles.selectors import current_cycle

    cycle = cycle or current_cycle()
    rows = (
        Application.objects.filter(cycle=cycle, status=ApplicationStatus.CONFIRMED, user__resume__isnull=False)
        .order_by("email")
        .values_list("email", "user__resume__path")
    )
    yield from rows.iterator(chunk_size=500)
