"""Resume uploads: checked by content, stored privately through Django's storage API.

Files live in the "resumes" storage (settings.STORAGES): a private folder by default, a
private S3 bucket when configured. Their names are random, so nothing about a file's
location can be guessed from its owner's email, and no view ever hands out a storage URL.
"""

from __future__ import annotations

import logging
import secrets

from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile
from django.core.files.storage import storages
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from apps.core.exceptions import ApplicationError
from apps.core.storage import delete_quietly

from .models import Resume, ResumeAccess

logger = logging.getLogger(__name__)

MAX_RESUME_BYTES = 2_097_152  # 2 MB, the limit the upload page states
# One sentence for a file of the wrong type, content or size: each is fixed the same way.
REJECTED = _("Please upload your resume as a PDF file of at most 2 MB.")
TOO_LARGE = REJECTED
NO_RESUME = _("No resume uploaded.")
NOT_PDF = REJECTED
UPLOADED = _("New resume successfully uploaded")


def resume_storage():
    return storages["resumes"]


def is_pdf(content: bytes) -> bool:
    """A PDF by its bytes: the header every PDF starts with and an end-of-file marker."""
    return content.startswith(b"%PDF-") and b"%%EOF" in content


def _read_upload(upload) -> bytes:
    if upload is None:
        raise ApplicationError(NO_RESUME, errors={"resume": [NO_RESUME]})
    if upload.size is not None and upload.size > MAX_RESUME_BYTES:
        raise ApplicationError(TOO_LARGE, status=413, errors={"resume": [TOO_LARGE]})
    content = b"".join(upload.chunks())
    if len(content) > MAX_RESUME_BYTES:
        raise ApplicationError(TOO_LARGE, status=413, errors={"resume": [TOO_LARGE]})
    if not content:
        raise ApplicationError(NO_RESUME, errors={"resume": [NO_RESUME]})
    if not is_pdf(content):
        raise ApplicationError(NOT_PDF, errors={"resume": [NOT_PDF]})
    return content


def _delete_quietly(path: str) -> None:
    delete_quietly(resume_storage(), path, what="resume", logger=logger)


def resume_files_delete(paths: list[str]) -> None:
    """Delete stored resume files (after the rows that named them are gone: call it from
    transaction.on_commit, so a rollback keeps both). A file that can't be deleted is logged."""
    for path in paths:
        _delete_quietly(path)


def resume_upload(*, user, upload) -> Resume:
    """Store `user`'s resume, replacing the previous one. 400 / 413 with the spec's messages."""
    content = _read_upload(upload)
    original_name = (getattr(upload, "name", "") or "")[:255]
    path = resume_storage().save(f"resumes/{secrets.token_hex(16)}.pdf", ContentFile(content))
    try:
        with transaction.atomic():
            # Lock the owner's row first: before the first upload there is no resume row for
            # select_for_update to lock, and two simultaneous first uploads both inserted one
            # (the second an IntegrityError, a 500). Now the second waits, then replaces.
            list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk", flat=True))
            resume = Resume.objects.select_for_update().filter(user=user).first()
            old_path = resume.path if resume is not None else None
            if resume is None:
                resume = Resume(user=user)
            resume.path = path
            resume.size = len(content)
            resume.original_name = original_name
            resume.save()
            if old_path and old_path != path:
                transaction.on_commit(lambda: _delete_quietly(old_path))
    except Exception:
        _delete_quietly(path)
        raise
    return resume


# --- The access log ----------------------------------------------------------------------


def log_access(*, resumes: list[tuple[int, str]], actor, how: str) -> int:
    """Record that `actor` was handed the resumes (owner id, storage path), `how`; one INSERT."""
    now = timezone.now()
    rows = [
        ResumeAccess(owner_id=owner, path=path, accessed_by=actor, accessed_by_email=actor.email, at=now, how=how)
        for owner, path in resumes
    ]
    ResumeAccess.objects.bulk_create(rows, batch_size=1000)
    return len(rows)


def log_book_access(*, users: QuerySet, actor, how: str) -> int:
    """Record a resume book handed to `actor`: one row per resume of `users` (a query of user
    ids), written when the download starts, before the first byte goes out."""
    resumes = list(Resume.objects.filter(user__in=users).values_list("user_id", "path"))
    return log_access(resumes=resumes, actor=actor, how=how)
