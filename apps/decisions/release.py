"""Release decision emails: one per applicant and decision, however often the release happens.

A release records a `DecisionEmail` row per decided application (the unique constraint on
application + status makes a second release add nothing) and hands the pending rows' ids to
Celery in batches. Each row is then claimed, sent and recorded by `apps.mailings.outbox`, the
mechanism the batch emails' deliveries use: the claim is a short transaction of its own, the
mail goes out with no transaction or row lock held, under a Message-ID derived from the
application and the decision (the same on every attempt), and the outcome is recorded at once.
Two workers given the same ids never both send a row; a transient failure leaves it pending
with backoff; a dead worker's claim is taken over once stale.

What puts a row back in a worker's hands is `requeue_due` (Celery beat, every minute): rows
that are claimable and were not handed to Celery recently — a backoff that has passed, a claim
left by a dead worker, a batch task lost with its worker — go out within minutes.
"""

from __future__ import annotations

import datetime
import logging

from django.conf import settings
from django.db.models import F, Q
from django.utils import timezone

from apps.applications.models import Application, DecisionEmail
from apps.applications.status_machine import POST_RELEASE, RELEASE_DECISIONS
from apps.cycles.models import Cycle
from apps.mailings import automated, outbox

logger = logging.getLogger(__name__)

BATCH_SIZE = 50
# A row handed to Celery and still unclaimed this long later is handed over again: its task
# was lost (or waits behind a long queue, which a second copy cannot harm: claims are exclusive).
REQUEUE_AFTER = datetime.timedelta(minutes=5)
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
    """The rows a worker may claim now (pending and due, or left by a dead worker)."""
    return list(queryset.filter(outbox.claimable(timezone.now())).order_by("pk").values_list("pk", flat=True))


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


def message_id(row: DecisionEmail) -> str:
    """The same on every attempt at one decision's email, so a mail client drops a second copy."""
    return outbox.message_id("decision", row.application_id, row.status)


def send_one(decision_email_id: int) -> outbox.Attempt | None:
    """Send one decision email if it is claimable and still true; None when there was nothing
    to send (sent already, claimed by another worker, decision changed, release undone).

    The claim runs in a short transaction; the send and the record come after it, so no
    transaction or row lock is held while the mail server answers.
    """
    found: dict[str, Application] = {}

    def still_true(row: DecisionEmail) -> bool:
        application = Application.objects.select_related("cycle").get(pk=row.application_id)
        if application.status != row.status:
            # The decision changed before the mail went out: a pending email is forgotten (the
            # new decision has its own); one a dead worker left mid-send may have gone out.
            if row.state == DecisionEmail.State.PENDING:
                row.delete()
            else:
                DecisionEmail.objects.filter(pk=row.pk).update(
                    state=DecisionEmail.State.FAILED,
                    last_error="The decision changed before this email was recorded as sent.",
                    updated_at=timezone.now(),
                )
            return False
        found["application"] = application
        return application.cycle.status in POST_RELEASE  # else the next release sends it

    row = outbox.claim(DecisionEmail.objects.filter(pk=decision_email_id), admit=still_true, queued_at=None)
    if row is None:
        return None
    application = found["application"]
    return outbox.deliver(
        row,
        lambda row: automated.send(
            EMAIL_KEYS[row.status], application.email, decision_context(application), message_id=message_id(row)
        ),
    )


def mark_queued(ids: list[int]) -> None:
    """Stamp rows as handed to Celery: the re-queue leaves them alone for REQUEUE_AFTER."""
    DecisionEmail.objects.filter(pk__in=ids).update(queued_at=timezone.now())


def unqueue(ids: list[int]) -> None:
    """Rows a batch left unsent (out of time, mail server down): the next re-queue takes them."""
    DecisionEmail.objects.filter(pk__in=ids, state=DecisionEmail.State.PENDING).update(queued_at=None)


def requeue_due() -> list[int]:
    """The ids to hand to Celery again: rows of the current released cycle that a worker may
    claim now and that were not handed over since their last claim (or not recently). Rows
    whose every attempt ended with a dead worker are failed here."""
    now = timezone.now()
    outbox.give_up_on_dead_claims(DecisionEmail.objects.all(), now)
    return list(
        DecisionEmail.objects.filter(
            outbox.claimable(now),
            Q(queued_at__isnull=True) | Q(queued_at__lt=now - REQUEUE_AFTER),
            application__cycle__is_current=True,
            application__cycle__status__in=POST_RELEASE,
        )
        .order_by("pk")
        .values_list("pk", flat=True)
    )
