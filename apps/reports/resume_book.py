"""The resume book: the confirmed applicants' resumes, for the organizers' download.

Who is confirmed is read from the applications; the zip itself is built by apps.resumes.zip
from any set of people (reports depends on applications and resumes, neither on reports).
"""

from __future__ import annotations

from collections.abc import Iterator

from django.db.models import QuerySet

from apps.applications.models import Application, ApplicationStatus
from apps.cycles.models import Cycle
from apps.cycles.selectors import current_cycle
from apps.resumes import zip as resume_zip


def confirmed_users(cycle: Cycle) -> QuerySet:
    """The user ids of `cycle`'s confirmed applicants (a subquery)."""
    return Application.objects.filter(cycle=cycle, status=ApplicationStatus.CONFIRMED).values("user")


def confirmed_resume_entries(*, cycle: Cycle) -> Iterator[resume_zip.Entry]:
    """One zip entry per confirmed applicant of `cycle` with a resume, named <email>.pdf."""
    return resume_zip.resume_entries(confirmed_users(cycle))


def has_confirmed_resumes(*, cycle: Cycle) -> bool:
    return resume_zip.has_resumes(confirmed_users(cycle))


def confirmed_resumes(cycle=None) -> Iterator[tuple[str, str]]:
    """(email, storage path) of every confirmed applicant of the cycle (default: the current
    one) who has a resume on file, ordered by email. One query, streamed."""
    cycle = cycle or current_cycle()
    rows = (
        Application.objects.filter(cycle=cycle, status=ApplicationStatus.CONFIRMED, user__resume__isnull=False)
        .order_by("email")
        .values_list("email", "user__resume__path")
    )
    yield from rows.iterator(chunk_size=500)
