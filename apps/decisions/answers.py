"""The applicant's answers to a decision (confirm, stay on the waitlist, decline), and giving
up a confirmed spot: through the status machine's applicant door (`applicant_act`, its window
table), with what follows in the same transaction.

A confirmed applicant may decline until the event starts (the status machine's DATE_LIMITS):
their ticket is voided in the decline's transaction (apps.checkin answers the status
machine's `status_changed`), the history row is the status machine's, the spot counts as free
at once (the ranking's capacity counts the confirmed), and the applicant gets one email
through the outbox once the decline has committed.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from apps.applications import rsvp, status_machine
from apps.applications.models import Application
from apps.applications.models import ApplicationStatus as S
from apps.core.db import one_at_a_time
from apps.core.exceptions import ApplicationError

from . import release


@one_at_a_time
def answer(*, application_id: int, action: str, actor, rsvp_answers: dict[str, str] | None = None) -> Application:
    """The applicant's `action` on their application; a confirmed one's decline gives up the
    spot (and is mailed). `rsvp_answers` (already validated) are stored with a confirm, in its
    transaction: a refused confirm stores nothing."""
    # The row's lock, taken once: the status before the move tells a spot given up from any
    # other decline, and no decision can slip in between.
    locked = Application.objects.select_for_update(**status_machine.LOCK_SELF).filter(pk=application_id).first()
    if locked is None:
        raise ApplicationError(_("No such application."), status=404)
    before = locked.status
    application = status_machine.applicant_act(locked=locked, action=action, actor=actor)
    if rsvp_answers is not None:
        rsvp.store(application, rsvp_answers)
    if before == S.CONFIRMED and application.status == S.DECLINED:
        ids = release.gave_up_prepare(application)
        if ids:
            transaction.on_commit(lambda: _send(ids))
    return application


def _send(ids: list[int]) -> None:
    from .tasks import send_decision_emails

    release.mark_queued(ids)
    send_decision_emails.delay(ids)
