"""The read that locks an applicant's own application in a save or a submit, compiled once per
process (apps.core.db.Prepared, with integer values), gives what the ORM's own query gives:
every field and every annotation validation reads, in each of its four forms."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from apps.applications import consents, services
from apps.applications.models import Application, ConsentRecord
from apps.core.tests.factories import ApplicationFactory, UserFactory
from apps.cycles.selectors import current_cycle
from apps.resumes.models import Resume

pytestmark = pytest.mark.django_db


def _orm(read, **values):
    """The same read through the ORM: its own queryset, built with the values, compiled anew."""
    return read.build(**values).get()


def _seen(application, names):
    fields = {f.attname: getattr(application, f.attname) for f in Application._meta.concrete_fields}
    return fields, {name: getattr(application, name) for name in names}


def test_the_compiled_read_gives_what_the_orm_gives_in_each_form():
    cycle = current_cycle()
    ada, bob, cy = (UserFactory(email=f"{n}@princeton.edu") for n in ("ada", "bob", "cy"))
    mine = ApplicationFactory(cycle=cycle, user=ada, email=ada.email, teamcode="T1", first="Ada")
    ApplicationFactory(cycle=cycle, user=bob, email=bob.email, teamcode="T1")
    ApplicationFactory(cycle=cycle, user=cy, email=cy.email, teamcode="T2")
    Resume.objects.create(user=ada, path="r/ada.pdf", size=10)
    given, withdrawn = consents.CONSENTS[0], consents.CONSENTS[1]
    start = timezone.now()
    for seconds, (consent, now_given) in enumerate(((given, True), (withdrawn, True), (withdrawn, False))):
        ConsentRecord.objects.create(
            application=mine,
            key=consent.key,
            version=consent.version,
            given=now_given,
            text="t",
            text_hash="h",
            language="en",
            at=start + timedelta(seconds=seconds),
        )
    states = [consents._annotation(c.key) for c in consents.CONSENTS]
    seen = {}
    with transaction.atomic():
        for with_team in (False, True):
            for with_consents in (False, True):
                teamcode = "T1" if with_team else None
                names = ["has_resume", *(["team_others"] if with_team else []), *(states if with_consents else [])]
                values = {"cycle": cycle.pk, "user": ada.pk, **({"teamcode": teamcode} if teamcode else {})}
                read = services._OWN_APPLICATION[(with_team, with_consents)]
                prepared = read.first(**values)
                assert _seen(prepared, names) == _seen(_orm(read, **values), names)
                seen[(with_team, with_consents)] = _seen(prepared, names)[1]
        # Another applicant through the same compiled read: no value of the first one stays.
        other = services._OWN_APPLICATION[(True, True)].first(cycle=cycle.pk, user=cy.pk, teamcode="T2")
        assert other.pk != mine.pk and other.has_resume is False and other.team_others == 0
    # The values are the ones they should be, not only the same twice.
    full = seen[(True, True)]
    assert full["has_resume"] is True and full["team_others"] == 1
    assert full[consents._annotation(given.key)] == given.version
    assert full[consents._annotation(withdrawn.key)] == -withdrawn.version
    assert full[consents._annotation(consents.CONSENTS[2].key)] is None


@pytest.mark.django_db(transaction=True)
def test_the_compiled_locking_read_refuses_to_run_outside_a_transaction_every_time():
    """The ORM refuses select_for_update outside a transaction when it compiles: the compiled
    read checks on every call, not only on its first."""
    cycle, user = current_cycle(), UserFactory(email="lock@princeton.edu")
    ApplicationFactory(cycle=cycle, user=user, email=user.email)
    read = services._own_application_read(with_team=False, with_consents=False)
    with transaction.atomic():
        assert read.first(cycle=cycle.pk, user=user.pk).user_id == user.pk  # compiled here
    with pytest.raises(transaction.TransactionManagementError, match="outside of a transaction"):
        read.first(cycle=cycle.pk, user=user.pk)
