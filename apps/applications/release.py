"""Release decision emails: one per applicant and decision, however often the release happens.

A release records a `DecisionEmail` row per decided application (the unique constraint on
application + status makes a second release add nothing) and hands the pending rows' ids to
Celery in batches. Sending claims each row (locked with `SELECT ... FOR UPDATE SKIP LOCKED`,
then a conditional pending → sent update) in the transaction that sends it, so two workers
given the same ids never both send it, and a retried task skips rows already sent.
"""

from __future__ import annotations

import datetime
import logging

from django.conf import settings
from django.db.models import F
from django.utils import timezone

from apps.cycles.models import Cycle
from apps.mailings import automated

from .models import Application, DecisionEmail
from .status_machine import POST_RELEASE, RELEASE_DECISIONS, one_at_a_time

logger = logging.getLogger(__name__)

BATCH_SIZE = 50
EMAIL_KEYS = {status: f"decision_{status}" for status in RELEASE_DECISIONS}


def us_long_date(value: datetime.date) -> str:
    """'May 20, 2024': spec section 9's US long format (dates are calendar days in UTC)."""
    return f"{value:%B} {value.day}, {value.year}"


def decision_context(application: Application) -> dict:
    """The decision templates' placeholders (apps.mailings.automated lists them): the applicant,
    the decision and the dates of the application's own cycle in US long format."""
    cycle = application.cycle
    return {
        "first_name": application.first,
        "last_name": application.last,
        "email": application.email,
        "status": application.status,
        "travel_reimbursement": application.travel_reimbursement,
        "housing_accommodations": application.housing_accommodations,
        "location": cycle.location,
        "housing_link": cycle.housing_link,
        "dashboard_link": f"{settings.SITE_URL}/dashboard",
        **{f"{name}_date": us_long_date(getattr(cycle, name)) for name in ("start", "end", "due", "housing")},
        **{
            name: us_long_date(getattr(cycle, name))
            for name in ("confirmation_first_deadline", "confirmation_second_deadline", "waitlist_deadline")
        },
    }


def _pending_ids(queryset) -> list[int]:
    return list(queryset.filter(state=DecisionEmail.State.PENDING).order_by("pk").values_list("pk", flat=True))


def _drop_stale(queryset) -> None:
    """Forget unsent emails whose decision has since changed: they must never go out."""
    queryset.filter(state=DecisionEmail.State.PENDING).exclude(status=F("application__status")).delete()


def release_prepare(*, cycle_id: int) -> list[int]:
    """Record a decision email for every decided application of a released cycle.

    Returns the ids still to send (new rows and rows a failed worker left pending). Nothing
    happens unless the cycle is released or later: decisions stay hidden before that.
    """
    if not Cycle.objects.filter(pk=cycle_id, status__in=POST_RELEASE).exists():
        return []
    decided = Application.objects.filter(cycle_id=cycle_id, status__in=RELEASE_DECISIONS).values_list("pk", "status")
    DecisionEmail.objects.bulk_create(
        [DecisionEmail(application_id=pk, status=status) for pk, status in decided.iterator()],
        batch_size=500,
        ignore_conflicts=True,
    )
    rows = DecisionEmail.objects.filter(application__cycle_id=cycle_id)
    _drop_stale(rows)
    return _pending_ids(rows)


def application_prepare(*, application_id: int) -> list[int]:
    """The same for one application decided after release."""
    application = Application.objects.filter(
        pk=application_id, status__in=RELEASE_DECISIONS, cycle__status__in=POST_RELEASE
    ).first()
    if application is None:
        return []
    DecisionEmail.objects.bulk_create(
        [DecisionEmail(application_id=application.pk, status=application.status)], ignore_conflicts=True
    )
    rows = DecisionEmail.objects.filter(application_id=application.pk)
    _drop_stale(rows)
    return _pending_ids(rows)


def batches(ids: list[int], size: int | None = None) -> list[list[int]]:
    size = size or BATCH_SIZE
    return [ids[i : i + size] for i in range(0, len(ids), size)]


@one_at_a_time
def send_one(decision_email_id: int) -> bool:
    """Send one decision email if it is still pending and still true. True when it was sent.

    The row is claimed (pending → sent) in the same transaction that sends the mail: a second
    worker skips the locked row on PostgreSQL (or, on SQLite, retries until this one commits)
    and then finds it sent; a crash or a mail failure rolls the claim back to pending for the
    retry.
    """
    row = (
        DecisionEmail.objects.select_for_update(skip_locked=True)
        .filter(pk=decision_email_id, state=DecisionEmail.State.PENDING)
        .first()
    )
    if row is None:
        return False  # sent already, or another worker holds it
    application = Application.objects.select_related("cycle").get(pk=row.application_id)
    if application.status != row.status:
        row.delete()  # the decision changed before the mail went out
        return False
    if application.cycle.status not in POST_RELEASE:
        return False  # the release was undone; the next release sends it
    claimed = DecisionEmail.objects.filter(pk=row.pk, state=DecisionEmail.State.PENDING).update(
        state=DecisionEmail.State.SENT, sent_at=timezone.now(), updated_at=timezone.now()
    )
    if not claimed:
        return False
    automated.send(EMAIL_KEYS[row.status], application.email, decision_context(application))
    return True


def mark_failed(decision_email_id: int, error: Exception) -> None:
    logger.exception("Decision email %s could not be sent: %s", decision_email_id, error)
    DecisionEmail.objects.filter(pk=decision_email_id, state=DecisionEmail.State.PENDING).update(
        state=DecisionEmail.State.FAILED, updated_at=timezone.now()
    )
