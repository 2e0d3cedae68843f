"""Webhooks: the endpoints organizers register, the deliveries events record, and sending them.

An event is recorded inside the transaction that made it happen (a status change, a release):
one outbox row per subscribed endpoint, keyed "<event>:<subject>@<endpoint>" so a repeat adds
nothing, and a send is queued once that transaction commits. Sending goes through the one
outbox mechanism (apps.mailings.outbox): a claim, the POST with no lock held, the outcome
recorded, backoff after a failure, a dead worker's claim taken over. A receiver that is down
loses nothing: its rows wait (Celery beat retries every minute) and, once out of attempts, are
listed as failed with a re-send button.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterable

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from apps.applications.models import Application
from apps.applications.models import ApplicationStatus as S
from apps.applications.status_machine import RELEASE_DECISIONS
from apps.core.db import now_and_at_commit
from apps.core.exceptions import ApplicationError
from apps.core.tasks import delay
from apps.mailings import outbox

from . import address_guard, delivery, signing
from .models import Event, WebhookDelivery, WebhookEndpoint

logger = logging.getLogger(__name__)

SEND_TASK = "apps.integrations.tasks.send_due_webhooks"
SUBSCRIPTIONS_KEY = "integrations:webhook-subscriptions"
# Status changes that are events of their own (the release announces decisions separately).
STATUS_EVENTS = {
    S.SUBMITTED: Event.APPLICATION_SUBMITTED,
    S.CONFIRMED: Event.APPLICATION_CONFIRMED,
    S.DECLINED: Event.APPLICATION_DECLINED,
    S.CHECKED_IN: Event.CHECKIN_CREATED,
}
CHUNK = 1000
SECRET_MIN_LENGTH = 16


# --- Endpoints ------------------------------------------------------------------------------


def _subscriptions() -> list[tuple[int, list[str]]]:
    """(endpoint id, events) of every endpoint, from the cache: every status change asks, and
    most portals have no endpoint, so the answer costs no query once cached."""
    cached = cache.get(SUBSCRIPTIONS_KEY)
    if cached is None:
        cached = [(pk, list(events)) for pk, events in WebhookEndpoint.objects.values_list("pk", "events")]
        cache.set(SUBSCRIPTIONS_KEY, cached, timeout=None)
    return cached


def _forget_subscriptions() -> None:
    now_and_at_commit(lambda: cache.delete(SUBSCRIPTIONS_KEY))


def subscribers(event: str) -> list[int]:
    return [pk for pk, events in _subscriptions() if event in events]


def check_url(url: str) -> None:
    """The URL's refusal at its field (a 400), or nothing: a forbidden or unresolvable address,
    or one nothing answers at (address_guard.check_reachable)."""
    try:
        address_guard.check_for_saving(url)
    except address_guard.UnsafeAddress as exc:
        raise ApplicationError(str(exc), errors={"url": [str(exc)]}) from exc


NO_ENDPOINT = _("No such webhook endpoint.")


def endpoint_create(
    *, url: str, events: list[str], secret: str = "", description: str = "", include_email: bool = False
) -> WebhookEndpoint:
    url = url.strip()
    check_url(url)
    unknown = [e for e in events if e not in Event.values]
    if unknown or not events:
        message = (
            _("Choose at least one event.") if not events else _("Unknown event: %(event)s.") % {"event": unknown[0]}
        )
        raise ApplicationError(message, errors={"events": [message]})
    secret = secret.strip()
    if secret and len(secret) < SECRET_MIN_LENGTH:
        message = _("Use at least %(count)s characters, or leave it empty to have one made.") % {
            "count": SECRET_MIN_LENGTH
        }
        raise ApplicationError(message, errors={"secret": [message]})
    endpoint = WebhookEndpoint.objects.create(
        url=url,
        events=sorted(set(events), key=Event.values.index),
        secret=secret or signing.new_secret(),
        description=description.strip(),
        include_email=include_email,
    )
    _forget_subscriptions()
    return endpoint


def endpoint_delete(*, endpoint_id: int) -> None:
    deleted, _rows = WebhookEndpoint.objects.filter(pk=endpoint_id).delete()
    if not deleted:
        raise ApplicationError(NO_ENDPOINT, status=404)
    _forget_subscriptions()


def resend(*, delivery_id: int) -> WebhookDelivery:
    """A failed delivery goes out again with its attempts afresh, under the same webhook-id
    (so a receiver that got it before can tell)."""
    with transaction.atomic():
        row = WebhookDelivery.objects.select_for_update().filter(pk=delivery_id).first()
        if row is None:
            raise ApplicationError(_("No such delivery."), status=404)
        if row.state != outbox.State.FAILED:
            raise ApplicationError(_("Only a failed delivery can be sent again."), status=409)
        WebhookDelivery.objects.filter(pk=row.pk).update(
            state=outbox.State.PENDING, attempts=0, next_attempt_at=None, claimed_at=None, updated_at=timezone.now()
        )
        transaction.on_commit(lambda: delay(SEND_TASK))
    row.refresh_from_db()
    return row


# --- Recording events -------------------------------------------------------------------------


def record(event: str, items: Iterable[tuple[str, dict]], *, application_ids: Iterable[int | None] = ()) -> int:
    """Record `event` for each (subject, payload) and every endpoint subscribed to it; the send
    is queued after commit. Returns the rows offered (a repeat adds none)."""
    endpoints = subscribers(event)
    if not endpoints:
        return 0
    items = list(items)
    ids = list(application_ids) or [None] * len(items)
    rows = [
        WebhookDelivery(
            endpoint_id=endpoint_id,
            event=event,
            dedupe_key=f"{event}:{subject}@{endpoint_id}",
            application_id=application_id,
            payload=payload,
        )
        for (subject, payload), application_id in zip(items, ids, strict=True)
        for endpoint_id in endpoints
    ]
    for start in range(0, len(rows), CHUNK):
        WebhookDelivery.objects.bulk_create(rows[start : start + CHUNK], ignore_conflicts=True)
    transaction.on_commit(lambda: delay(SEND_TASK))
    return len(rows)


def record_status_changes(changes: list[tuple[int, str, str]]) -> None:
    for new_status, event in STATUS_EVENTS.items():
        moved = [(pk, old) for pk, old, new in changes if new == new_status]
        if moved and subscribers(event):
            record(
                event,
                ((str(pk), {"application_id": pk, "status": new_status, "previous_status": old}) for pk, old in moved),
                application_ids=[pk for pk, _old in moved],
            )


def record_decisions(application_ids_and_statuses: list[tuple[int, str]]) -> None:
    """decision.released for each (application, decision), once per decision announced."""
    record(
        Event.DECISION_RELEASED,
        ((f"{pk}:{status}", {"application_id": pk, "status": status}) for pk, status in application_ids_and_statuses),
        application_ids=[pk for pk, _status in application_ids_and_statuses],
    )


def record_release(cycle_id: int) -> None:
    if not subscribers(Event.DECISION_RELEASED):
        return
    decided = list(
        Application.objects.filter(cycle_id=cycle_id, status__in=RELEASE_DECISIONS)
        .order_by("pk")
        .values_list("pk", "status")
    )
    record_decisions(decided)


def record_late_decision(application_id: int) -> None:
    if not subscribers(Event.DECISION_RELEASED):
        return
    row = Application.objects.filter(pk=application_id, status__in=RELEASE_DECISIONS).values_list("pk", "status")
    with transaction.atomic():
        record_decisions(list(row))


# --- Sending --------------------------------------------------------------------------------


def body_of(row: WebhookDelivery, endpoint: WebhookEndpoint) -> bytes:
    """What the receiver gets: the event, ids and statuses; the email only if ticked, read now
    (an account deleted since is sent without one)."""
    data = dict(row.payload)
    if row.application_id is not None:
        found = Application.objects.filter(pk=row.application_id).values("cycle_id", "email").first()
        if found is not None:
            data["cycle_id"] = found["cycle_id"]
            if endpoint.include_email:
                data["email"] = found["email"]
    message = {
        "id": row.message_id,
        "sequence": row.pk,
        "type": row.event,
        "created_at": row.created_at.isoformat(),
        "data": data,
    }
    return json.dumps(message, separators=(",", ":"), sort_keys=True).encode()


def _send(row: WebhookDelivery) -> None:
    endpoint = row.endpoint
    body = body_of(row, endpoint)
    headers = signing.headers(endpoint.secret, row.message_id, int(time.time()), body)
    try:
        target = address_guard.resolve(endpoint.url)
    except address_guard.UnsafeAddress as exc:
        raise delivery.ReceiverRefused(str(exc)) from exc
    try:
        status = delivery.post(target, body, headers)
    except (delivery.ReceiverUnavailable, delivery.ReceiverRefused) as exc:
        if exc.status is not None:
            WebhookDelivery.objects.filter(pk=row.pk).update(response_status=exc.status)
        raise
    WebhookDelivery.objects.filter(pk=row.pk).update(response_status=status)


def send_due(*, deadline: float | None = None) -> int:
    """Send every due delivery, in id order, until none is left or the run is out of time. An
    endpoint that does not answer is passed over for the rest of the run (each of its rows
    would wait out the same timeout); its rows wait for their backoff."""
    sent = 0
    unreachable: set[int] = set()
    while not outbox.out_of_time(deadline):
        row = outbox.claim(WebhookDelivery.objects.exclude(endpoint_id__in=unreachable))
        if row is None:
            break
        attempt = outbox.deliver(row, _send)
        if attempt.sent:
            sent += 1
        elif attempt.server_unreachable:
            unreachable.add(row.endpoint_id)
    outbox.give_up_on_dead_claims(WebhookDelivery.objects.all(), timezone.now())
    return sent


# --- Reading ------------------------------------------------------------------------------------


def endpoint_payload(endpoint: WebhookEndpoint, *, counts: dict | None = None, secret: bool = False) -> dict:
    counts = counts or {}
    data = {
        "id": endpoint.pk,
        "url": endpoint.url,
        "description": endpoint.description,
        "events": endpoint.events,
        "include_email": endpoint.include_email,
        "created_at": endpoint.created_at,
        "secret_hint": "…" + endpoint.secret[-4:],
        "pending": counts.get(outbox.State.PENDING, 0) + counts.get(outbox.State.SENDING, 0),
        "sent": counts.get(outbox.State.SENT, 0),
        "failed": counts.get(outbox.State.FAILED, 0),
    }
    if secret:
        data["secret"] = endpoint.secret
    return data


def endpoints_list() -> list[dict]:
    from django.db.models import Count

    per_state: dict[int, dict] = {}
    for endpoint_id, state, count in (
        WebhookDelivery.objects.order_by().values_list("endpoint_id", "state").annotate(count=Count("pk"))
    ):
        per_state.setdefault(endpoint_id, {})[state] = count
    return [endpoint_payload(e, counts=per_state.get(e.pk)) for e in WebhookEndpoint.objects.order_by("pk")]


def delivery_payload(row: WebhookDelivery) -> dict:
    return {
        "id": row.pk,
        "webhook_id": row.message_id,
        "event": row.event,
        "application_id": row.application_id,
        "state": row.state,
        "attempts": row.attempts,
        "last_error": row.last_error,
        "response_status": row.response_status,
        "created_at": row.created_at,
        "sent_at": row.sent_at,
        "next_attempt_at": row.next_attempt_at,
    }


def deliveries_list(*, endpoint_id: int, state: str | None = None, limit: int = 100) -> list[dict]:
    if not WebhookEndpoint.objects.filter(pk=endpoint_id).exists():
        raise ApplicationError(NO_ENDPOINT, status=404)
    rows = WebhookDelivery.objects.filter(endpoint_id=endpoint_id)
    if state:
        rows = rows.filter(state=state)
    return [delivery_payload(row) for row in rows.order_by("-pk")[:limit]]
