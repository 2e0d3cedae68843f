"""The RSVP answers: what an accepted applicant tells when they confirm, editable until the
event starts.

The questions are the cycle's RSVP set (apps.cycles.selectors.rsvp_question_set); the answers
go through the application's one answer validation (validation.validate_rsvp), and are stored
in one RsvpAnswers row. Confirming with them is apps.decisions' (the status machine's door,
with `store` in its transaction); editing them afterwards is `edit` here.
"""

from __future__ import annotations

import datetime

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from apps.core.db import one_at_a_time
from apps.core.exceptions import ApplicationError
from apps.cycles.models import Cycle
from apps.cycles.selectors import rsvp_question_set
from apps.cycles.translations import localized

from . import status_machine
from .models import Application, RsvpAnswers
from .models import ApplicationStatus as S
from .validation import validate_rsvp

INVALID_RSVP = _("Some RSVP answers need a look.")
NOT_CONFIRMED = _("Only a confirmed attendee has RSVP answers to edit.")
EVENT_STARTED = _("The event has started, so the RSVP answers can no longer be changed.")
NO_APPLICATION = _("You have no application in the current cycle.")


def check(sections: list[dict], data) -> dict[str, str]:
    """The answers in `data`, or ApplicationError (400, problems at their question_id)."""
    answers, errors = validate_rsvp(sections, data)
    if errors:
        raise ApplicationError(INVALID_RSVP, errors=errors)
    return answers


def store(application: Application, answers: dict[str, str]) -> None:
    RsvpAnswers.objects.update_or_create(application=application, defaults={"answers": answers})


def answers_of(application: Application) -> dict[str, str]:
    return dict(RsvpAnswers.objects.filter(application=application).values_list("answers", flat=True).first() or {})


def editable_until(cycle: Cycle) -> datetime.date:
    """The first day on which answers can no longer be edited: the event's start (UTC)."""
    return cycle.start


def editable(application: Application, cycle: Cycle) -> bool:
    return application.status == S.CONFIRMED and timezone.now().date() < editable_until(cycle)


def payload(application: Application | None, cycle: Cycle) -> dict:
    """The RSVP set (in the applicant's language where given), the applicant's answers and
    whether they may change them now."""
    return {
        "sections": localized(rsvp_question_set(cycle)),
        "answers": answers_of(application) if application is not None else {},
        "editable": application is not None and editable(application, cycle),
        "edit_until": editable_until(cycle).isoformat(),
    }


@one_at_a_time
def edit(*, application_id: int, data) -> Application:
    """Replace a confirmed applicant's RSVP answers before the event starts (409 otherwise, 400
    with errors at their question_id when an answer is wrong; nothing changes then)."""
    locked = Application.objects.select_for_update(**status_machine.LOCK_SELF).filter(pk=application_id).first()
    if locked is None:
        raise ApplicationError(NO_APPLICATION, status=404)
    cycle = Cycle.objects.get(pk=locked.cycle_id)
    if locked.status != S.CONFIRMED:
        raise ApplicationError(NOT_CONFIRMED, status=409)
    if timezone.now().date() >= editable_until(cycle):
        raise ApplicationError(EVENT_STARTED, status=409)
    store(locked, check(rsvp_question_set(cycle), data))
    return locked
