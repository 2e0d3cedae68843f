"""Walk-ins: someone who never applied, registered and checked in at the door in one step."""

from __future__ import annotations

import uuid

from allauth.account.models import EmailAddress
from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _
from rest_framework.fields import CharField

from apps.accounts.models import User
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
    accepted → confirmed → checked in, and its check-in record: all or nothing."""
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
                # The form's three boxes: the code of conduct (accepted here), then MLH's two.
                checkboxes=[True, False, False],
            )
            consents.record(application, {consents.CODE_OF_CONDUCT: True})
            answers = {"dietary_restrictions": dietary_restrictions.strip(), "tshirt_size": tshirt_size}
            Answer.objects.bulk_create(
                [Answer(application=application, question_id=k, value=v) for k, v in answers.items() if v]
            )
            for step in STEPS:
                status_machine.transition(application_id=application.pk, to=step, actor=actor, savepoint=False)
            application, record = record_check_in(
                application.pk, actor=actor, scan_id=uuid.uuid4(), method=CheckIn.Method.WALK_IN
            )
            transaction.on_commit(lambda: send_welcome_email.delay(user.pk, names["first_name"], names["last_name"]))
    except IntegrityError as exc:
        # The same address registered by another request at the same moment.
        raise ApplicationError(EXISTS, status=409, errors={"email": [EXISTS]}) from exc
    return _checked_in(application, record, full=True)
