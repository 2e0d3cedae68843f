"""factory-boy factories: verified users, organizers and applications straight in the database.

Registering and verifying over HTTP costs ~24 ms a user against ~0.2 ms here, and almost every
test needs a user as a precondition, not as its subject. The real registration and verification
are covered where they are the subject: apps/accounts/tests/test_auth_api.py (over the API) and
e2e/test_accounts.py (through the pages). What the factories build matches what those flows
leave behind: a User with the password hashed by the configured hasher (MD5 in the tests) and
an allauth EmailAddress that is verified and primary, so the user can sign in at once.

Statuses are never written directly: an application is brought to its status through the
status machine, as the portal itself does.
"""

from __future__ import annotations

import factory
from allauth.account.models import EmailAddress
from factory.django import DjangoModelFactory

from apps.accounts.models import Role, User
from apps.applications import status_machine
from apps.applications.models import Application
from apps.applications.models import ApplicationStatus as S
from apps.cycles.selectors import current_cycle

PASSWORD = "Coffee-Beans-42"


class UserFactory(DjangoModelFactory):
    """A verified student: UserFactory(email="ada@princeton.edu", password=PASSWORD).

    verified=False leaves the EmailAddress unverified (a registration whose link was never opened).
    """

    class Meta:
        model = User
        skip_postgeneration_save = True

    # User.save() lower-cases the address, as registration does.
    email = factory.Sequence(lambda n: f"student{n}@princeton.edu")
    # Hashed with settings.PASSWORD_HASHERS, so a login goes through the real backend.
    password = factory.django.Password(PASSWORD)
    role = Role.USER

    @factory.post_generation
    def verified(obj, create, extracted, **kwargs):  # noqa: N805 (factory-boy passes the instance)
        """The allauth address that verification leaves behind: primary, verified unless told not."""
        if create:
            EmailAddress.objects.create(
                user=obj, email=obj.email, primary=True, verified=True if extracted is None else bool(extracted)
            )


class OrganizerFactory(UserFactory):
    """A verified organizer (role admin), as promoted through the Administrators page."""

    email = factory.Sequence(lambda n: f"organizer{n}@princeton.edu")
    role = Role.ADMIN


class ApplicationFactory(DjangoModelFactory):
    """An application of the current cycle brought to `status` through the status machine.

    ApplicationFactory(user=..., status="accepted", travel=True, housing=False, first="Ada").
    A decision goes submitted -> decision, the way an applicant submits and an organizer decides.
    """

    class Meta:
        model = Application

    cycle = factory.LazyFunction(current_cycle)
    user = factory.SubFactory(UserFactory)
    email = factory.SelfAttribute("user.email")
    first = "Ada"
    last = "Lovelace"
    school = "Princeton University"
    # Not model fields: _create takes them off and hands them to the status machine.
    status = S.SUBMITTED
    travel = False
    housing = False

    @classmethod
    def _create(cls, model_class, *args, **kwargs):
        status = kwargs.pop("status", S.SUBMITTED)
        travel = kwargs.pop("travel", False)
        housing = kwargs.pop("housing", False)
        application = super()._create(model_class, *args, **kwargs)
        bring_to_status(application, status, travel=travel, housing=housing)
        application.refresh_from_db()
        return application


def bring_to_status(application: Application, status: str, *, travel: bool = False, housing: bool = False) -> None:
    """Move a fresh (started) application to `status` the way the portal does."""
    if status == S.UNSUBMITTED:
        status_machine.transition(application_id=application.pk, to=S.UNSUBMITTED)
    elif status != S.STARTED:
        status_machine.transition(application_id=application.pk, to=S.SUBMITTED, actor=application.user)
        if status != S.SUBMITTED:
            status_machine.transition(
                application_id=application.pk,
                to=status,
                travel_reimbursement=travel,
                housing_accommodations=housing,
            )
