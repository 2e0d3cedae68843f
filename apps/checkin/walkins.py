"""Walk-ins: someone who never applied, registered and checked in at the door in one step."""

from __future__ import annotations

import uuid

from allauth.account.models import EmailAddress
from django.db import IntegrityError, transaction

from apps.accounts.models import User
from apps.accounts.tasks import send_password_reset_email
from apps.applications import status_machine
from apps.applications.models import Answer, Application
from apps.applications.models import ApplicationStatus as S
from apps.core.emails import is_email
from apps.core.exceptions import ApplicationError
from apps.core.text import UNSTORABLE, is_storable
from apps.cycles.selectors import current_cycle

from .models import CheckIn

EXISTS = "An account with this email already exists: find them with the search."
BAD_EMAIL = "Enter a valid email address."
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
) -> dict:
    """An account (verified, no usable password: a reset link is mailed so they can sign in
    later), a minimal application of the current cycle with the door's answers, moved
    submitted → accepted → confirmed → checked in, and its check-in record: all or nothing."""
    from .checkins import _checked_in

    values = (email, first_name, last_name, school, dietary_restrictions)
    if not all(is_storable(v) for v in values):
        raise ApplicationError(UNSTORABLE)
    if len(email) > 254 or not is_email(email):
        raise ApplicationError(BAD_EMAIL, errors={"email": [BAD_EMAIL]})
    names = {"first_name": first_name.strip(), "last_name": last_name.strip(), "school": school.strip()}
    missing = {k: ["This field may not be blank."] for k, v in names.items() if not v}
    if missing:
        raise ApplicationError(next(iter(missing.values()))[0], errors=missing)
    cycle = current_cycle()
    try:
        with transaction.atomic():
            if User.objects.filter(email=email).exists():
                raise ApplicationError(EXISTS, status=409, errors={"email": [EXISTS]})
            user = User.objects.create_user(email=email, password=None)
            EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=True)
            application = Application.objects.create(
                cycle=cycle,
                user=user,
                email=user.email,
                first=names["first_name"],
                last=names["last_name"],
                school=names["school"],
            )
            answers = {"dietary_restrictions": dietary_restrictions.strip(), "tshirt_size": tshirt_size}
            Answer.objects.bulk_create(
                [Answer(application=application, question_id=k, value=v) for k, v in answers.items() if v]
            )
            for step in STEPS:
                status_machine.transition(application_id=application.pk, to=step, actor=actor, savepoint=False)
            application = status_machine.transition(
                application_id=application.pk,
                to=S.CHECKED_IN,
                actor=actor,
                rule=status_machine.CHECK_IN_RULE,
                savepoint=False,
            )
            record = CheckIn.objects.create(
                application=application,
                scan_id=uuid.uuid4(),
                by=actor,
                by_email=actor.email,
                method=CheckIn.Method.WALK_IN,
            )
            transaction.on_commit(lambda: send_password_reset_email.delay(user.pk))
    except IntegrityError as exc:
        # The same address registered by another request at the same moment.
        raise ApplicationError(EXISTS, status=409, errors={"email": [EXISTS]}) from exc
    return _checked_in(application, record, full=True)
