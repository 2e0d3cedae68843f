"""A person deletes their account.

One transaction removes the account and everything that names the person: the applications
(first added to the anonymised counters the statistics keep: apps/privacy/anonymise.py) with
their answers, history, consent records and review assignments; the resume row and its access
log; the travel requests, grants and receipts; the mail still to be sent to them (cancelled)
and the address on the mail already sent (replaced: apps/mailings/recipients.py). The resume
and receipt files go from the storage only once that transaction has committed (on_commit), so
a rollback loses nothing; a file's removal is the one step that can't be undone, so it comes
last.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from apps.accounts.models import Role
from apps.applications.models import Application
from apps.core.exceptions import ApplicationError
from apps.mailings import recipients
from apps.resumes.models import Resume
from apps.resumes.services import resume_files_delete
from apps.travel import receipts as travel_receipts

from .anonymise import Removed, anonymise_and_delete

WRONG_EMAIL = _("That is not this account's email address. Type it exactly to confirm the deletion.")
LAST_ORGANIZER = _("You are the last organizer: make someone else an organizer before deleting your account.")


@dataclass
class Deleted:
    email: str
    removed: Removed
    resume_files: list[str] = field(default_factory=list)
    mail: dict = field(default_factory=dict)


def typed_email_matches(user, typed) -> bool:
    return isinstance(typed, str) and typed.strip().lower() == user.email.lower()


def account_delete(*, user, typed_email) -> Deleted:
    """Delete `user`'s account once they typed its email (400 otherwise). The last organizer
    can't (409): the portal would have no one left to run it."""
    if not typed_email_matches(user, typed_email):
        raise ApplicationError(WRONG_EMAIL, errors={"email": [WRONG_EMAIL]})
    User = get_user_model()
    with transaction.atomic():
        # Every organizer row is locked (as a demotion does), so two organizers deleting
        # themselves at once can't leave none.
        admins = list(User.objects.select_for_update().filter(role=Role.ADMIN).order_by("pk"))
        locked = User.objects.select_for_update().filter(pk=user.pk).first()
        if locked is None:
            raise ApplicationError(_("This account no longer exists."), status=404)
        if locked.role == Role.ADMIN and len(admins) <= 1:
            raise ApplicationError(LAST_ORGANIZER, status=409)
        # The receipt files of the applications about to go: their rows go with them.
        receipt_paths = travel_receipts.paths_of(Application.objects.filter(user=locked))
        removed = anonymise_and_delete(Application.objects.filter(user=locked))
        paths = list(Resume.objects.filter(user=locked).values_list("path", flat=True))
        mail = recipients.forget_recipients([locked.email])
        # Cascades to the resume row, its access log, allauth's addresses and confirmations,
        # and the links to sign-in providers (allauth's social accounts).
        locked.delete()
        transaction.on_commit(lambda: resume_files_delete(paths))
        transaction.on_commit(lambda: travel_receipts.files_delete(receipt_paths))
    return Deleted(email=user.email, removed=removed, resume_files=paths, mail=mail)
