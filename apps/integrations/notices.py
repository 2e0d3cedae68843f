"""Slack and Discord notices: one line of counts per channel, at most once a minute.

Celery beat runs `send_notices` every minute. For each channel it counts what happened since its
cursor (an id of the applications' history, apps.applications.models.ApplicationEvent: status
changes and releases are recorded there once each, by the status machine and the release), posts
"HackPortal: 42 confirmed · 3 checked in" and only then moves the cursor. A post that fails
leaves the cursor, so the next minute's notice carries the sum; a minute with nothing to say
posts nothing. Names (first and last, as the applications hold them) are listed only for a
channel that ticked it; otherwise a notice carries counts and nothing personal.
"""

from __future__ import annotations

import json
import logging

from django.conf import settings
from django.db.models import Count, Max
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from apps.applications.models import Application, ApplicationEvent
from apps.applications.models import ApplicationStatus as S
from apps.core.exceptions import ApplicationError

from . import address_guard, delivery
from .models import ChatChannel, Event

logger = logging.getLogger(__name__)

# Each event as the history records it (field, new value), and its words in a notice.
HISTORY = {
    Event.APPLICATION_SUBMITTED: ("status", S.SUBMITTED, "applied"),
    Event.DECISION_RELEASED: ("decision_visible", "True", "decisions released"),
    Event.APPLICATION_CONFIRMED: ("status", S.CONFIRMED, "confirmed"),
    Event.APPLICATION_DECLINED: ("status", S.DECLINED, "declined"),
    Event.CHECKIN_CREATED: ("status", S.CHECKED_IN, "checked in"),
}
NAMES_LISTED = 20


NO_EVENTS = _("Choose at least one event.")


def channel_create(*, kind: str, url: str, events: list[str], include_names: bool = False) -> ChatChannel:
    url = url.strip()
    try:
        address_guard.check_for_saving(url)
    except address_guard.UnsafeAddress as exc:
        raise ApplicationError(str(exc), errors={"url": [str(exc)]}) from exc
    if not events:
        raise ApplicationError(NO_EVENTS, errors={"events": [NO_EVENTS]})
    # Counted from now on: a new channel doesn't announce the whole history at once.
    start = ApplicationEvent.objects.aggregate(last=Max("pk"))["last"] or 0
    return ChatChannel.objects.create(
        kind=kind,
        url=url,
        events=sorted(set(events), key=Event.values.index),
        include_names=include_names,
        cursor=start,
    )


def channel_delete(*, channel_id: int) -> None:
    if not ChatChannel.objects.filter(pk=channel_id).delete()[0]:
        raise ApplicationError(_("No such channel."), status=404)


def channel_payload(channel: ChatChannel) -> dict:
    return {
        "id": channel.pk,
        "kind": channel.kind,
        "url": channel.url,
        "events": channel.events,
        "include_names": channel.include_names,
        "last_sent_at": channel.last_sent_at,
        "last_error": channel.last_error,
    }


def _counts(channel: ChatChannel, upto: int) -> tuple[list[tuple[str, int]], dict[str, list[int]]]:
    """(words, count) per chosen event with something to count, and the application ids per
    event (for the names, when ticked)."""
    rows = ApplicationEvent.objects.filter(pk__gt=channel.cursor, pk__lte=upto)
    counted: list[tuple[str, int]] = []
    ids: dict[str, list[int]] = {}
    for event in channel.events:
        field, value, words = HISTORY[event]
        matching = rows.filter(field=field, to_value=value)
        count = matching.aggregate(n=Count("application_id", distinct=True))["n"]
        if count:
            counted.append((words, count))
            if channel.include_names:
                ids[words] = list(
                    matching.order_by("application_id")
                    .values_list("application_id", flat=True)
                    .distinct()[:NAMES_LISTED]
                )
    return counted, ids


def text_of(counted: list[tuple[str, int]], ids: dict[str, list[int]]) -> str:
    line = f"{settings.EVENT_NAME}: " + " · ".join(f"{count} {words}" for words, count in counted)
    if not ids:
        return line
    names = dict(
        Application.objects.filter(pk__in={pk for group in ids.values() for pk in group}).values_list("pk", "first")
    )
    lasts = dict(Application.objects.filter(pk__in=names).values_list("pk", "last"))
    extra = [
        f"{words}: " + ", ".join(f"{names[pk]} {lasts[pk]}".strip() for pk in group if pk in names)
        for words, group in ids.items()
    ]
    return "\n".join([line, *extra])


def body_of(kind: str, text: str) -> bytes:
    """Slack's incoming webhooks take `text`, Discord's `content`."""
    key = "content" if kind == ChatChannel.Kind.DISCORD else "text"
    return json.dumps({key: text}).encode()


def send_one(channel: ChatChannel) -> bool:
    """This channel's notice, if it has something to say. True when one went out."""
    upto = ApplicationEvent.objects.aggregate(last=Max("pk"))["last"] or 0
    if upto <= channel.cursor:
        return False
    counted, ids = _counts(channel, upto)
    if not counted:
        ChatChannel.objects.filter(pk=channel.pk, cursor=channel.cursor).update(cursor=upto)
        return False
    try:
        target = address_guard.resolve(channel.url)
        delivery.post(target, body_of(channel.kind, text_of(counted, ids)), {})
    except (address_guard.UnsafeAddress, delivery.ReceiverUnavailable, delivery.ReceiverRefused) as exc:
        ChatChannel.objects.filter(pk=channel.pk).update(last_error=str(exc)[:1000])
        logger.warning("Chat notice to channel %s failed: %s", channel.pk, exc)
        return False
    # Only from the cursor this notice counted from: a second runner that sent the same window
    # meanwhile (two beats for a moment) leaves this update with nothing to do.
    ChatChannel.objects.filter(pk=channel.pk, cursor=channel.cursor).update(
        cursor=upto, last_sent_at=timezone.now(), last_error=""
    )
    return True


def send_notices() -> int:
    """Every channel's notice (Celery beat, every minute: the batching)."""
    return sum(1 for channel in ChatChannel.objects.order_by("pk") if send_one(channel))
