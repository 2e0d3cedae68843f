"""Reads for resumes: whether one is on file, and opening one."""

from __future__ import annotations

from django.http import Http404

from apps.core.text import clean_path_email

from .models import Resume, ResumeAccess
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


def access_log(*, owner_email: str, limit: int = 200) -> list[dict]:
    """Who downloaded this person's resume, newest first (the organizers' applicant page):
    `[{"at", "by", "how", "how_label"}]`, at most `limit` rows, one query."""
    cleaned = clean_path_email(owner_email)
    if not cleaned:
        return []
    rows = ResumeAccess.objects.filter(owner__email=cleaned).order_by("-at", "-pk")[:limit]
    labels = dict(ResumeAccess.How.choices)
    return [
        {"at": at.isoformat(), "by": by, "how": how, "how_label": str(labels.get(how, how))}
        for at, by, how in rows.values_list("at", "accessed_by_email", "how")
    ]
