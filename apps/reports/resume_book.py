"""The resume book: the confirmed applicants' resumes, for the organizers' download.

Who is confirmed is read from the applications; the zip itself is built by apps.resumes.zip
from any set of people (reports depends on applications and resumes, neither on reports).

Two books. The organizers' own (every confirmed applicant, the contract's `download-all`) is
for running the event: applicants gave their resume to the organizers. The sponsors' book
(`download-all?for=sponsors`) is what leaves the organization, so it holds only the confirmed
applicants whose newest consent record gives "share my resume with sponsors"
(apps/applications/consents.py). A separate mode rather than a consent filter on the one
book: the contract's book must stay as it is, and an organizer handing a file to a sponsor
should have to pick the sponsors' one by name, not remember to filter.
"""

from __future__ import annotations

from collections.abc import Iterator

from django.db.models import QuerySet

from apps.applications import consents, selections
from apps.applications.models import Application
from apps.cycles.models import Cycle
from apps.cycles.selectors import current_cycle
from apps.resumes import zip as resume_zip

# Who attends: the "confirmed" selection, which keeps a confirmed applicant once checked in at
# the event (the statistics and the capacity count the same people).
ATTENDING = selections.get("confirmed").statuses


def confirmed_users(cycle: Cycle) -> QuerySet:
    """The user ids of `cycle`'s confirmed applicants (a subquery)."""
    return Application.objects.filter(cycle=cycle, status__in=ATTENDING).values("user")


def sponsor_users(cycle: Cycle) -> QuerySet:
    """The user ids of `cycle`'s confirmed applicants who consent to sharing their resume with
    sponsors (a subquery)."""
    confirmed = Application.objects.filter(cycle=cycle, status__in=ATTENDING)
    return consents.consenting(confirmed, consents.SHARE_RESUME).values("user")


BOOKS = {"organizers": confirmed_users, "sponsors": sponsor_users}


def book_users(cycle: Cycle, book: str = "organizers") -> QuerySet:
    return BOOKS[book](cycle)


def confirmed_resume_entries(*, cycle: Cycle, book: str = "organizers") -> Iterator[resume_zip.Entry]:
    """One zip entry per person of the book with a resume, named <email>.pdf."""
    return resume_zip.resume_entries(book_users(cycle, book))


def has_confirmed_resumes(*, cycle: Cycle, book: str = "organizers") -> bool:
    return resume_zip.has_resumes(book_users(cycle, book))


def confirmed_resumes(cycle=None) -> Iterator[tuple[str, str]]:
    """(email, storage path) of every confirmed applicant of the cycle (default: the current
    one) who has a resume on file, ordered by email. One query, streamed."""
    cycle = cycle or current_cycle()
    rows = (
        Application.objects.filter(cycle=cycle, status__in=ATTENDING, user__resume__isnull=False)
        .order_by("email")
        .values_list("email", "user__resume__path")
    )
    yield from rows.iterator(chunk_size=500)
