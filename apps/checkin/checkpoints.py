"""Checkpoints inside the event: meals, the swag table, a workshop. Scanned with the door's ticket.

Only someone checked in passes a checkpoint: the door is where a person is let in (ticket,
code of conduct, the organizers' say), so a confirmed applicant who never came through it is
sent to the door rather than fed; it also keeps an offline phone honest, since its queue sends
the door's scan before the lunch scan made after it.

One pass per person and checkpoint: the unique constraint decides, whichever device scans. A
pass keeps the client's scan id, so a replayed scan (the offline queue, a lost answer) finds its
own record and gets the same 200; any other scan of the same person is refused with when.
"""

from __future__ import annotations

import uuid

from django.db import IntegrityError, transaction
from django.db.models import Count
from django.utils.translation import gettext_lazy as _

from apps.applications.models import Application
from apps.applications.models import ApplicationStatus as S
from apps.core.exceptions import ApplicationError
from apps.cycles.selectors import current_cycle

from . import checkins, tokens
from .models import Checkpoint, CheckpointPass, Ticket

NOT_FOUND = _("No such checkpoint.")
NAME_TAKEN = _("There is already a checkpoint with this name.")
NAME_REQUIRED = _("Give the checkpoint a name.")
NOT_CHECKED_IN = _("Not checked in yet: send them to the door first.")
SCAN_ID_TAKEN = _("This scan id was already used for another scan.")
HAS_PASSES = _("People have already been scanned here: a checkpoint with scans can't be deleted.")
# How a second scan reads, by kind: "Already had Saturday lunch at 12:41."
# What "already" means at each kind of checkpoint, a whole sentence each.
ALREADY = {
    Checkpoint.Kind.MEAL: _("Already had %(checkpoint)s at %(time)s."),
    Checkpoint.Kind.SWAG: _("Already picked up %(checkpoint)s at %(time)s."),
    Checkpoint.Kind.OTHER: _("Already scanned at %(checkpoint)s at %(time)s."),
}


def checkpoints(cycle=None) -> list[dict]:
    """The cycle's checkpoints with how many have passed each: one query."""
    cycle = cycle or current_cycle()
    rows = Checkpoint.objects.filter(cycle=cycle).annotate(passed=Count("passes")).order_by("created_at", "pk")
    return [{"id": c.pk, "name": c.name, "kind": c.kind, "passed": c.passed} for c in rows]


def _clean_name(name: str) -> str:
    name = " ".join(str(name).split())
    if not name:
        raise ApplicationError(NAME_REQUIRED, errors={"name": [NAME_REQUIRED]})
    return name


def create(*, name: str, kind: str) -> Checkpoint:
    name = _clean_name(name)
    cycle = current_cycle()
    try:
        with transaction.atomic():
            return Checkpoint.objects.create(cycle=cycle, name=name, kind=kind)
    except IntegrityError:
        raise ApplicationError(NAME_TAKEN, status=409, errors={"name": [NAME_TAKEN]}) from None


def _own(checkpoint_id: int) -> Checkpoint:
    checkpoint = Checkpoint.objects.filter(pk=checkpoint_id, cycle=current_cycle()).first()
    if checkpoint is None:
        raise ApplicationError(NOT_FOUND, status=404)
    return checkpoint


def update(*, checkpoint_id: int, name: str | None = None, kind: str | None = None) -> Checkpoint:
    checkpoint = _own(checkpoint_id)
    if name is not None:
        checkpoint.name = _clean_name(name)
    if kind is not None:
        checkpoint.kind = kind
    try:
        with transaction.atomic():
            checkpoint.save(update_fields=["name", "kind"])
    except IntegrityError:
        raise ApplicationError(NAME_TAKEN, status=409, errors={"name": [NAME_TAKEN]}) from None
    return checkpoint


def delete(*, checkpoint_id: int) -> None:
    checkpoint = _own(checkpoint_id)
    if checkpoint.passes.exists():
        raise ApplicationError(HAS_PASSES, status=409)
    checkpoint.delete()


def already_message(checkpoint: Checkpoint, record: CheckpointPass) -> str:
    at = checkins.event_time(record.at)
    sentence = ALREADY.get(checkpoint.kind, ALREADY[Checkpoint.Kind.OTHER])
    return sentence % {"checkpoint": checkpoint.name, "time": f"{at:%H:%M}"}


def _summary(checkpoint: Checkpoint) -> dict:
    return {"id": checkpoint.pk, "name": checkpoint.name, "kind": checkpoint.kind}


def _answer(checkpoint: Checkpoint, application: Application, record: CheckpointPass, answers, *, full: bool) -> dict:
    return {
        "result": "passed",
        "checkpoint": _summary(checkpoint),
        "person": checkins.person(application, checkins._check_in_of(application), answers, full=full),
        "at": checkins.event_time(record.at),
    }


def _refuse(message: str, result: str, checkpoint: Checkpoint, application: Application, answers, *, full: bool):
    error = checkins.refuse(
        message,
        result,
        person_data=checkins.person(application, checkins._check_in_of(application), answers, full=full),
    )
    error.extra["checkpoint"] = _summary(checkpoint)
    return error


def _application_of_token(token: str) -> tuple[Application, dict]:
    signed = tokens.verify(token)
    invalid = checkins.refuse(checkins.INVALID, "invalid", status=400, errors={"token": [checkins.INVALID]})
    if signed is None:
        raise invalid
    ticket = (
        checkins.with_answers(Ticket.objects.select_related("application", "application__check_in"), "application")
        .filter(code=signed.code)
        .first()
    )
    if ticket is None or ticket.version != signed.version or ticket.voided_at is not None:
        # A replaced ticket is not the person's: the door re-issues, the checkpoint refuses.
        raise invalid
    return ticket.application, checkins._answers_of(ticket, ticket.application)


def scan(
    *,
    checkpoint_id: int,
    scan_id: uuid.UUID,
    user,
    token: str | None = None,
    application_id: int | None = None,
    device: str = "",
    _again: bool = False,
) -> dict:
    """Record that the holder of `token` (or application `application_id`) passed the checkpoint."""
    checkpoint = _own(checkpoint_id)
    full = checkins.sees_decisions(user)
    if token is not None:
        application, answers = _application_of_token(token)
    else:
        application = (
            checkins.with_answers(Application.objects.select_related("check_in")).filter(pk=application_id).first()
        )
        if application is None:
            raise ApplicationError(
                _("No such application."), status=404, errors={"application_id": [_("No such application.")]}
            )
        answers = checkins._answers_of(application, application)
    if application.cycle_id != checkpoint.cycle_id:
        raise _refuse(checkins.OTHER_EVENT, "other_event", checkpoint, application, answers, full=full)
    mine = CheckpointPass.objects.filter(scan_id=scan_id).first()
    if mine is not None:
        if mine.checkpoint_id == checkpoint.pk and mine.application_id == application.pk:
            return _answer(checkpoint, application, mine, answers, full=full)  # a replay: the same answer
        raise ApplicationError(SCAN_ID_TAKEN, status=409, errors={"scan_id": [SCAN_ID_TAKEN]})
    earlier = CheckpointPass.objects.filter(checkpoint=checkpoint, application=application).first()
    if earlier is not None:
        raise _refuse(
            already_message(checkpoint, earlier), "already_passed", checkpoint, application, answers, full=full
        )
    if application.status != S.CHECKED_IN:
        raise _refuse(NOT_CHECKED_IN, "not_checked_in", checkpoint, application, answers, full=full)
    try:
        with transaction.atomic():
            record = CheckpointPass.objects.create(
                checkpoint=checkpoint,
                application=application,
                scan_id=scan_id,
                by=user,
                by_email=getattr(user, "email", "") or "",
                device=device,
            )
    except IntegrityError:
        # Another device scanned them a moment ago, or a parallel retry of this scan won: the
        # second look finds that record and answers from it.
        if _again:
            raise
        return scan(
            checkpoint_id=checkpoint_id,
            scan_id=scan_id,
            user=user,
            application_id=application.pk,
            device=device,
            _again=True,
        )
    return _answer(checkpoint, application, record, answers, full=full)
