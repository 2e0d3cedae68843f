"""What a release would email now (`release_counts`, shown before the organizer saves and on the
admin panel) agrees with what the release records and sends (`release_prepare`), across every
kind of mail history, and is counted by joins, not by a key pattern per application."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from apps.applications.models import ApplicationEvent
from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.test_status_machine import make_application
from apps.core.tests.plans import per_row_subplans, postgres_only
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.decisions import release
from apps.mailings.models import Delivery
from conftest import make_user

pytestmark = pytest.mark.django_db

AN_HOUR = datetime.timedelta(hours=1)


def email(application, key: str, state: str = Delivery.State.SENT, at=None) -> Delivery:
    return Delivery.objects.create(
        email=application.email,
        template_key="decision",
        dedupe_key=key,
        state=state,
        created_at=at or timezone.now() - AN_HOUR,
    )


def moved(application, left: str, to: str, at) -> None:
    event = ApplicationEvent.objects.create(application=application, field="status", from_value=left, to_value=to)
    ApplicationEvent.objects.filter(pk=event.pk).update(at=at)


@pytest.fixture
def histories():
    """One decided application per kind of mail history, and what a release owes each."""
    now = timezone.now()
    made = {}

    def app(name: str, status: str):
        made[name] = make_application(make_user(f"{name}@princeton.edu"), status)
        return made[name]

    app("never_told", S.ACCEPTED)
    told = app("told", S.ACCEPTED)
    email(told, release.dedupe_key(told.pk, S.ACCEPTED))
    changed = app("changed", S.REJECTED)  # told "accepted", then the decision changed
    email(changed, release.dedupe_key(changed.pk, S.ACCEPTED))
    pending = app("pending", S.WAITLISTED)
    email(pending, release.dedupe_key(pending.pk, S.WAITLISTED), Delivery.State.PENDING)
    repeat = app("repeat", S.ACCEPTED)  # accepted, rejected, accepted again: each told
    for n, key in enumerate(("accepted", "rejected", "accepted:2")):
        email(repeat, f"{release.KEY_PREFIX}{repeat.pk}:{key}", at=now - AN_HOUR * (3 - n))
    back = app("came_back", S.ACCEPTED)  # told, then moved away and back: the news is new
    email(back, release.dedupe_key(back.pk, S.ACCEPTED), at=now - AN_HOUR * 2)
    moved(back, S.ACCEPTED, S.WAITLISTED, now - AN_HOUR)
    before = app("moved_before", S.ACCEPTED)  # moved back before it was told: nothing new
    moved(before, S.ACCEPTED, S.WAITLISTED, now - AN_HOUR * 3)
    email(before, release.dedupe_key(before.pk, S.ACCEPTED), at=now - AN_HOUR * 2)
    # Its key's id is a prefix of others' ("decision:1:" is not "decision:12:").
    app("undecided", S.SUBMITTED)
    owed = {"never_told", "changed", "pending", "came_back"}
    return made, owed


def test_the_counts_name_what_is_owed_and_the_release_sends_that(histories):
    made, owed = histories
    cycle = current_cycle()
    counts = {row["status"]: row["count"] for row in release.release_counts(cycle_id=cycle.pk)}
    expected = {s: 0 for s in release.RELEASE_DECISIONS}
    for name in owed:
        expected[made[name].status] += 1
    assert counts == expected

    # The other way: what the release records and hands to the workers.
    cycle.status = C.RELEASED
    cycle.save(update_fields=["status"])
    to_send = Delivery.objects.filter(pk__in=release.release_prepare(cycle_id=cycle.pk))
    assert sorted(to_send.values_list("email", flat=True)) == sorted(made[n].email for n in owed)
    assert sum(counts.values()) == to_send.count()


@postgres_only
def test_the_counts_take_no_subquery_per_application(histories):
    """A key pattern per application (LIKE 'decision:' || id || ':%') cannot use an index: each
    decided application scanned every decision email, three times. After a release of 12,500
    decisions that took 57 s, and the admin panel with it."""
    with CaptureQueriesContext(connection) as queries:
        release.release_counts(cycle_id=current_cycle().pk)
    assert 2 <= len(queries) <= 4
    assert per_row_subplans(queries) == []
