"""Mailing reads: the list of batch emails with their counts, the automated emails' templates."""

from __future__ import annotations

from django.conf import settings
from django.db.models import Count, Q
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from apps.core.exceptions import ApplicationError

from . import audiences, automated
from .models import Delivery, EmailTemplate, Mailing

# Each automated email's name in the editor's list, in the organizer's language.
TEMPLATE_NAMES = {
    "verify_email": _("Email verification"),
    "password_reset": _("Password reset"),
    "decision_accepted": _("Decision: accepted"),
    "decision_waitlisted": _("Decision: waitlisted"),
    "decision_rejected": _("Decision: rejected"),
    "decision_waitlist_accepted": _("Decision: accepted from the waitlist"),
    "ticket_issued": _("Ticket issued"),
    "spot_given_up": _("Spot given up"),
    "application_received": _("Application received"),
    "walk_in_welcome": _("Walk-in welcome"),
    "offer_reminder": _("Offer reminder"),
    "offer_expired": _("Offer expired"),
    "travel_receipt_approved": _("Travel receipt approved"),
    "travel_receipt_rejected": _("Travel receipt rejected"),
    "travel_grant_lapsed": _("Travel grant lapsed"),
}


def mailing_list() -> list[dict]:
    """Every mailing, newest send date first, with its delivery counts, in one query."""
    rows = Mailing.objects.annotate(
        recipient_count=Count("deliveries"),
        sent_count=Count("deliveries", filter=Q(deliveries__state=Delivery.State.SENT)),
        failed_count=Count("deliveries", filter=Q(deliveries__state=Delivery.State.FAILED)),
        pending_count=Count(
            "deliveries", filter=Q(deliveries__state__in=(Delivery.State.PENDING, Delivery.State.SENDING))
        ),
    ).order_by("-send_at", "-pk")
    return [
        {
            "id": m.pk,
            "subject": m.subject,
            "audience": m.audience,
            "send_at": m.send_at,
            "status": m.status,
            "recipients": m.recipient_count,
            "sent": m.sent_count,
            "failed": m.failed_count,
            "pending": m.pending_count,
        }
        for m in rows
    ]


def audience_counts() -> list[dict]:
    """How many people each audience that needs no argument holds now (the ones that take one,
    a pasted list, a filter or a selection, are counted by `audience_count`)."""
    return [
        {"audience": name, "recipients": audience_count(audiences.resolve(name))} for name in audiences.fixed_names()
    ]


def audience_count(audience) -> int:
    """How many people a mailing to `audience` would go to now: its distinct addresses, as
    scheduling records them."""
    return len({email.lower() for email in audience.recipients()})


DELIVERIES_PER_PAGE = 50


def delivery_page(*, mailing_id: int, state: str | None = None, page: int = 1) -> dict:
    """One page of a mailing's recipients (by address) with each one's delivery state and last
    error, and the count in each state. Three queries, whatever the page or its size."""
    mailing = Mailing.objects.filter(pk=mailing_id).values("id", "subject", "status").first()
    if mailing is None:
        raise ApplicationError(_("No such mailing."), status=404)
    rows = Delivery.objects.filter(mailing_id=mailing_id)
    per_state = dict(rows.order_by().values_list("state").annotate(n=Count("pk")).values_list("state", "n"))
    counts = {value: per_state.get(value, 0) for value in Delivery.State.values}
    total = counts[state] if state else sum(counts.values())
    pages = max(1, -(-total // DELIVERIES_PER_PAGE))
    if state:
        rows = rows.filter(state=state)
    start = (page - 1) * DELIVERIES_PER_PAGE
    fields = ("email", "state", "attempts", "last_error", "sent_at")
    return {
        "mailing": mailing,
        "counts": counts,
        "deliveries": list(rows.order_by("email", "pk").values(*fields)[start : start + DELIVERIES_PER_PAGE]),
        "total": total,
        "pages": pages,
        "page": page,
    }


def _sources(key: str, override, language: str) -> tuple[str, str]:
    if override is not None:
        # Overrides saved before subjects were stored plain may carry the file's wrapper.
        return automated.plain_subject(override.subject), override.html
    with translation.override(language):
        return automated.default_sources(key)


def template_sources(key: str, language: str | None = None) -> tuple[str, str, bool]:
    """(subject, html, customized) of `key` for a reader of `language` (the default when not
    given): what they get now (automated.version, else the built-in email in their language),
    and whether it is a version written in that very language."""
    language = language or settings.LANGUAGE_CODE
    override = automated.version(key, language)
    subject, html = _sources(key, override, language)
    return subject, html, override is not None and override.language == _stored(language)


def _stored(language: str) -> str:
    return "" if language == settings.LANGUAGE_CODE else language


def template_list(language: str | None = None) -> list[dict]:
    """Every automated email as a reader of `language` (the default when not given) gets it,
    for the editor: `customized` when that language has a version of its own. A language
    without one starts from what its readers get now: the default language's version, else the
    built-in email in their language."""
    language = language or settings.LANGUAGE_CODE
    wanted = automated.version_languages(language)
    rows = EmailTemplate.objects.filter(key__in=automated.AUTOMATED_KEYS, language__in=wanted)
    by_key: dict[str, dict] = {}
    for row in rows:
        by_key.setdefault(row.key, {})[row.language] = row
    out = []
    for key in automated.AUTOMATED_KEYS:
        versions = by_key.get(key, {})
        override = next((versions[code] for code in wanted if code in versions), None)
        subject, html = _sources(key, override, language)
        out.append(
            {
                "key": key,
                "name": str(TEMPLATE_NAMES.get(key, key.replace("_", " ").capitalize())),
                "subject": subject,
                "html": html,
                "placeholders": automated.placeholders(key),
                "customized": override is not None and override.language == _stored(language),
                "language": language,
            }
        )
    return out
