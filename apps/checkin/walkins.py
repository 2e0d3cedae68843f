"""Walk-ins: someone who never applied, registered and checked in at the door in one step.

Someone with an account but no submitted application (registered and never started, or a
draft never submitted) is a walk-in too: their account and draft are used, not refused. The
search finds the draft and says it was never submitted; refusing them here as "an account
exists" left the desk with no way to let them in."""

from __future__ import annotations

import uuid

from allauth.account.models import EmailAddress
from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _
from rest_framework.fields import CharField

from apps.accounts import rules
from apps.accounts.models import Role, User
from apps.accounts.tasks import send_welcome_email
from apps.applications import consents, status_machine
from apps.applications.models import Answer, Application
from apps.applications.models import ApplicationStatus as S
from apps.core.emails import is_email
from apps.core.exceptions import ApplicationError
from apps.core.text import UNSTORABLE, is_storable
from apps.cycles.selectors import current_cycle

from .models import CheckIn

EXISTS = _("An account with this email already exists: find them with the search.")
APPLIED = _("This person has applied already: find them with the search.")
STAFF = _("This email belongs to a staff account, not an applicant's.")
BAD_EMAIL = _("Enter a valid email address.")
CONDUCT_REQUIRED = _("Ask them to accept the code of conduct before checking them in.")
# The road an application takes to the door, each step through the status machine and in the
# history, as if the applicant had applied, been accepted and confirmed.
STEPS = (S.SUBMITTED, S.ACCEPTED, S.CONFIRMED)


def register(
    *,
    actor,
    email: str,
    first_name: str,
    last_name: str,
    school: str,
    dietary_restrictions: str = "",
    tshirt_size: str = "",
    code_of_conduct: bool = False,
) -> dict:
    """An account (verified, no usable password: a welcome mail carries the link to choose
    one), a minimal application of the current cycle with the door's answers and the code of
    conduct accepted at the desk (recorded as the form records it), moved submitted →
    accepted → confirmed → checked in, and its check-in record: all or nothing. The answer says
    whether a welcome mail was sent (`welcome_sent`: an account without a password)."""
    from .checkins import _checked_in, record_check_in

    values = {
        "email": email,
        "first_name": first_name,
        "last_name": last_name,
        "school": school,
        "dietary_restrictions": dietary_restrictions,
    }
    unstorable = {key: [UNSTORABLE] for key, value in values.items() if not is_storable(value)}
    if unstorable:
        raise ApplicationError(UNSTORABLE, errors=unstorable)
    if not code_of_conduct:
        raise ApplicationError(CONDUCT_REQUIRED, errors={"code_of_conduct": [CONDUCT_REQUIRED]})
    if len(email) > 254 or not is_email(email):
        raise ApplicationError(BAD_EMAIL, errors={"email": [BAD_EMAIL]})
    names = {"first_name": first_name.strip(), "last_name": last_name.strip(), "school": school.strip()}
    # DRF's own words for a blank field (its catalogue translates them), as a serializer says it.
    missing = {k: [str(CharField.default_error_messages["blank"])] for k, v in names.items() if not v}
    if missing:
        raise ApplicationError(next(iter(missing.values()))[0], errors=missing)
    cycle = current_cycle()
    try:
        with transaction.atomic():
            user = User.objects.select_for_update().filter(email=rules.normalize_email(email)).first()
            application = None if user is None else _draft_of(user, cycle)
            if user is None:
                user = User.objects.create_user(email=email, password=None)
                EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=True)
            if application is None:
                application = Application.objects.create(
                    cycle=cycle,
                    user=user,
                    email=user.email,
                    first=names["first_name"],
                    last=names["last_name"],
                    school=names["school"],
                    # The form's three boxes: the code of conduct (accepted here), then MLH's two.
                    checkboxes=[True, False, False],
                )
            else:
                # Their draft, with the names the desk has just read out to them.
                boxes = [*(application.checkboxes or []), False, False, False][:3]
                application.first, application.last, application.school = (
                    names["first_name"],
                    names["last_name"],
                    names["school"],
                )
                application.checkboxes = [True, *boxes[1:]]
                application.save(update_fields=["first", "last", "school", "checkboxes", "updated_at"])
            consents.record(application, {consents.CODE_OF_CONDUCT: True})
            answers = {"dietary_restrictions": dietary_restrictions.strip(), "tshirt_size": tshirt_size}
            for question, value in answers.items():
                if value:  # a draft's own answer stands where the desk leaves the field empty
                    Answer.objects.update_or_create(
                        application=application, question_id=question, defaults={"value": value}
                    )
            for step in STEPS:
                status_machine.transition(application_id=application.pk, to=step, actor=actor, savepoint=False)
            application, record = record_check_in(
                application.pk, actor=actor, scan_id=uuid.uuid4(), method=CheckIn.Method.WALK_IN
            )
            welcome = not user.has_usable_password()  # the link to choose one; an account with one has it
            if welcome:
                transaction.on_commit(
                    lambda: send_welcome_email.delay(user.pk, names["first_name"], names["last_name"])
                )
    except IntegrityError as exc:
        # The same address registered by another request at the same moment.
        raise ApplicationError(EXISTS, status=409, errors={"email": [EXISTS]}) from exc
    return {**_checked_in(application, record, full=True), "welcome_sent": welcome}


def _draft_of(user: User, cycle) -> Application | None:
    """The application of an existing account that the walk-in takes over: none in this cycle
    (None: one is made) or a draft never submitted, locked. Anyone who applied is refused
    (the search finds them, with whether they may come in), as is a staff account."""
    if user.role != Role.USER:
        raise ApplicationError(STAFF, status=409, errors={"email": [STAFF]})
    application = Application.objects.select_for_update().filter(user=user, cycle=cycle).first()
    if application is not None and application.status not in status_machine.DRAFTS:
        raise ApplicationError(APPLIED, status=409, errors={"email": [APPLIED]})
    return application
