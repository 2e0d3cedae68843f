"""Reads for resumes: whether one is on file, and opening one."""

from __future__ import annotations

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
