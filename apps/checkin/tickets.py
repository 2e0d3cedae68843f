"""Issuing tickets and their "You're all set" email.

A confirmation issues version 1 in its own transaction (the status machine's `status_changed`,
apps.checkin.receivers), so the dashboard that reads the confirmation reads the ticket too; a
re-issue voids the live ticket and issues the next version; leaving "confirmed" (a spot given
up, a decision overridden) voids it. Each version's email is one row of
the one outbox (apps.mailings Delivery, dedupe key "ticket:<ticket id>:<version>", recorded in
the same transaction as the ticket), sent after commit by `tasks.send_ticket_email`: the row is
claimed once, so a retried or repeated task never sends it twice.
"""

from __future__ import annotations

import base64
import datetime
import io
import re
from urllib.parse import urlsplit

import segno
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _

from apps.applications.models import Application
from apps.applications.models import ApplicationStatus as S
from apps.core.exceptions import ApplicationError
from apps.core.tasks import delay
from apps.cycles.models import Cycle
from apps.cycles.selectors import current_cycle
from apps.mailings import automated, outbox
from apps.mailings.models import Delivery

from . import tokens
from .models import CheckIn, Ticket

TEMPLATE_KEY = "ticket_issued"
KEY_PREFIX = "ticket:"
# Sent by name: tasks.py calls this module, so this module never imports it back.
SEND_TASK = "apps.checkin.tasks.send_ticket_email"
# Who holds a ticket: the confirmed, and the checked-in (whose ticket the dashboard still shows).
HOLDERS = (S.CONFIRMED, S.CHECKED_IN)
NO_TICKET = _("You have no ticket yet: it comes with your confirmation.")
# The calendar entry's note (ics).
DESCRIPTION = _("Show the QR code of your ticket (on your dashboard) at check-in.")
NO_APPLICANT_TICKET = _("This applicant has no ticket: only confirmed applicants have one.")
NO_APPLICATION = _("No application for this email in the current cycle.")


def dedupe_key(ticket: Ticket) -> str:
    return f"{KEY_PREFIX}{ticket.pk}:{ticket.version}"


def ticket_rows():
    return Delivery.objects.filter(mailing__isnull=True, dedupe_key__startswith=KEY_PREFIX)


# --- What a ticket looks like -----------------------------------------------------------


def qr(token: str) -> segno.QRCode:
    # Medium error correction: still readable from a scratched phone screen or a crumpled print.
    return segno.make(token, error="m")


def qr_svg(token: str) -> str:
    buffer = io.BytesIO()
    qr(token).save(
        buffer,
        kind="svg",
        scale=4,
        border=4,
        xmldecl=False,
        svgns=True,
        nl=False,
        omitsize=True,
        title=str(_("Ticket QR code")),
    )
    return buffer.getvalue().decode("utf-8")


def qr_png(token: str) -> bytes:
    buffer = io.BytesIO()
    qr(token).save(buffer, kind="png", scale=8, border=4)
    return buffer.getvalue()


def event(cycle: Cycle) -> dict:
    return {
        "name": settings.EVENT_NAME,
        "start": cycle.start.isoformat(),
        "end": cycle.end.isoformat(),
        "location": cycle.location,
        # The zone the ticket's times are told in, so "Checked in at 10:42" names whose 10:42.
        "time_zone": settings.EVENT_TIME_ZONE,
    }


def _ics_text(value: str) -> str:
    # RFC 5545 TEXT: backslash, semicolon, comma and newlines escaped.
    return re.sub(r"([\\;,])", r"\\\1", value).replace("\r\n", "\\n").replace("\n", "\\n")


def _fold(line: str) -> str:
    """RFC 5545 lines are at most 75 octets; longer ones continue on lines starting with a space."""
    data = line.encode("utf-8")
    if len(data) <= 75:
        return line
    parts, current = [], b""
    for char in line:
        encoded = char.encode("utf-8")
        if len(current) + len(encoded) > (75 if not parts else 74):
            parts.append(current.decode("utf-8"))
            current = b""
        current += encoded
    parts.append(current.decode("utf-8"))
    return "\r\n ".join(parts)


def ics(application: Application, cycle: Cycle) -> str:
    """The event as one all-day calendar entry (the cycle's start to end, inclusive)."""
    host = urlsplit(settings.SITE_URL).hostname or "hackportal.local"
    # In the applicant's language, whoever asks (the ticket's email, a calendar app's fetch).
    with translation.override(automated.recipient_language(application.email)):
        description = str(DESCRIPTION)
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:-//{host}//Hackathon portal//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        "BEGIN:VEVENT",
        f"UID:ticket-{application.pk}@{host}",
        f"DTSTAMP:{timezone.now().astimezone(datetime.UTC):%Y%m%dT%H%M%SZ}",
        f"DTSTART;VALUE=DATE:{cycle.start:%Y%m%d}",
        # DTEND of an all-day event is the day after the last one.
        f"DTEND;VALUE=DATE:{cycle.end + datetime.timedelta(days=1):%Y%m%d}",
        f"SUMMARY:{_ics_text(settings.EVENT_NAME)}",
        f"LOCATION:{_ics_text(cycle.location)}",
        f"URL:{settings.SITE_URL}/dashboard",
        f"DESCRIPTION:{_ics_text(description)}",
        "END:VEVENT",
        "END:VCALENDAR",
    ]
    return "\r\n".join(_fold(line) for line in lines) + "\r\n"


def ics_filename() -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", settings.EVENT_NAME.lower()).strip("-") or "event"
    return f"{slug}.ics"


def token_of(ticket: Ticket) -> str:
    return tokens.sign(ticket.code, ticket.version)


def payload(ticket: Ticket, cycle: Cycle, checked_in_at: datetime.datetime | None) -> dict:
    token = token_of(ticket)
    return {
        "token": token,
        "qr_svg": qr_svg(token),
        "version": ticket.version,
        "issued_at": ticket.issued_at,
        "ics_url": "/api/checkin/ticket.ics",
        "event": event(cycle),
        "checked_in_at": checked_in_at,
    }


# --- Reading -----------------------------------------------------------------------------


def own_application(user) -> Application | None:
    return Application.objects.filter(cycle=current_cycle(), user=user).first()


def live_ticket_of(user) -> tuple[Ticket, Application]:
    """The caller's live ticket of the current cycle, or a 404."""
    ticket = (
        Ticket.objects.select_related("application")
        .filter(
            application__cycle=current_cycle(),
            application__user=user,
            application__status__in=HOLDERS,
            voided_at__isnull=True,
        )
        .first()
    )
    if ticket is None:
        raise ApplicationError(NO_TICKET, status=404)
    return ticket, ticket.application


def checked_in_at(application: Application) -> datetime.datetime | None:
    return CheckIn.objects.filter(application=application).values_list("at", flat=True).first()


# --- Issuing -----------------------------------------------------------------------------


def _mail_context(ticket: Ticket, application: Application, cycle: Cycle) -> dict:
    token = token_of(ticket)
    return {
        **automated.event_context(cycle),
        "first_name": application.first,
        "last_name": application.last,
        "email": application.email,
        "ticket_version": ticket.version,
        # The outbox attaches these (apps.mailings.automated): the QR (also shown inline by
        # its Content-ID) and the calendar entry.
        "attachments": [
            {
                "filename": "ticket.png",
                "mimetype": "image/png",
                "content_b64": base64.b64encode(qr_png(token)).decode("ascii"),
                "content_id": "ticket-qr",
            },
            {
                "filename": ics_filename(),
                "mimetype": "text/calendar",
                "content_b64": base64.b64encode(ics(application, cycle).encode("utf-8")).decode("ascii"),
            },
        ],
    }


def _record_mail(ticket: Ticket, application: Application, cycle: Cycle) -> None:
    """The ticket's email, recorded with the ticket and queued once both are committed."""
    Delivery.objects.bulk_create(
        [
            Delivery(
                email=application.email,
                template_key=TEMPLATE_KEY,
                context=_mail_context(ticket, application, cycle),
                dedupe_key=dedupe_key(ticket),
            )
        ],
        ignore_conflicts=True,
    )
    key = dedupe_key(ticket)

    application_id = application.pk

    def queue() -> None:
        pk = ticket_rows().filter(dedupe_key=key).values_list("pk", flat=True).first()
        status = Application.objects.filter(pk=application_id).values_list("status", flat=True).first()
        if pk is not None and status == S.CHECKED_IN:
            # Confirmed and checked in by the same transaction (a walk-in registered at the
            # door): they are in, and a "show this at check-in" email would only confuse.
            ticket_rows().filter(pk=pk, state=Delivery.State.PENDING).delete()
            return
        if pk is not None:
            ticket_rows().filter(pk=pk).update(queued_at=timezone.now())
            delay(SEND_TASK, pk)

    transaction.on_commit(queue)


def _new_ticket(application: Application, version: int) -> Ticket:
    return Ticket.objects.create(application=application, version=version, code=tokens.new_code())


@transaction.atomic
def issue_if_missing(*, application_id: int, locked: bool = False) -> Ticket | None:
    """The next version for a confirmed application that has no live ticket (version 1 at its
    confirmation; after a spot given up and confirmed again, the one after the voided ticket),
    with its email; nothing for any other (the confirmation was undone meanwhile, or it has
    one). Safe to run twice: the application row's lock serialises two runs, and the second
    finds the first one's ticket."""
    rows = Application.objects.select_related("cycle").filter(pk=application_id)
    # The status machine's receiver runs in the transaction that holds the row's lock already.
    application = (rows if locked else rows.select_for_update(of=("self",))).first()
    if application is None or application.status != S.CONFIRMED:
        return None
    if Ticket.objects.filter(application=application, voided_at__isnull=True).exists():
        return None
    version = (
        Ticket.objects.filter(application=application).order_by("-version").values_list("version", flat=True).first()
        or 0
    ) + 1
    ticket = _new_ticket(application, version)
    _record_mail(ticket, application, application.cycle)
    return ticket


def void_live(*, application_ids: list[int]) -> int:
    """Void the live tickets of these applications (their holders are no longer confirmed):
    a scan of one is refused from now on. One statement; returns how many."""
    return Ticket.objects.filter(application_id__in=application_ids, voided_at__isnull=True).update(
        voided_at=timezone.now()
    )


def reissue(*, application_id: int, by_applicant: bool) -> Ticket:
    """Void the live ticket and issue the next version, with its email. A scan of the old one
    is refused from now on ("replaced")."""
    try:
        with transaction.atomic():
            application = (
                Application.objects.select_for_update(of=("self",))
                .select_related("cycle")
                .filter(pk=application_id)
                .first()
            )
            if application is None:
                raise ApplicationError(NO_APPLICATION, status=404)
            if application.status == S.CHECKED_IN:
                message = (
                    _("You're already checked in: the ticket can't be re-issued.")
                    if by_applicant
                    else _("This applicant is already checked in: the ticket can't be re-issued.")
                )
                raise ApplicationError(message, status=409)
            live = Ticket.objects.filter(application=application, voided_at__isnull=True).first()
            if application.status != S.CONFIRMED or live is None:
                raise ApplicationError(NO_TICKET if by_applicant else NO_APPLICANT_TICKET, status=404)
            Ticket.objects.filter(pk=live.pk).update(voided_at=timezone.now())
            ticket = _new_ticket(application, live.version + 1)
            _record_mail(ticket, application, application.cycle)
            return ticket
    except IntegrityError as exc:  # pragma: no cover - the row lock above makes this unreachable
        raise ApplicationError(_("The ticket changed meanwhile; try again."), status=409) from exc


def send_one(delivery_id: int) -> outbox.Attempt | None:
    """Send one ticket email if it is still to send (claimed once: a second call finds it sent
    or claimed, and sends nothing). None when there was nothing to send."""
    row = outbox.claim(ticket_rows().filter(pk=delivery_id), queued_at=None)
    if row is None:
        return None
    return outbox.deliver(row, automated.send_delivery)


def requeue_due() -> list[int]:
    """Ticket emails a worker may claim now and not handed to Celery recently (a backoff passed,
    a dead worker's claim, a lost task)."""
    return list(outbox.requeue_candidates(ticket_rows(), timezone.now()).values_list("pk", flat=True)[:500])
