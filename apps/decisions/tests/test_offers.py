"""Offers' deadlines: the reminders before them and the expiry at them (apps.decisions.offers,
run by the `expire_offers` beat task).

An offer (accepted, waitlist accepted) lapses at the end of the cycle's confirmation date for
it, or `offer_days` after it was made if that comes first. Reminders go 48 and 24 hours before,
once each; at the deadline the offer becomes `expired` through the status machine, with its
history and one email. The task is safe to run twice, in two workers at once (PostgreSQL), and
a worker that dies between a reminder's claim and its send is followed by one copy, not two.
"""

from __future__ import annotations

import datetime
import threading

import pytest
from django.core import mail
from django.db import connection
from django.utils import timezone

from apps.applications import status_machine as sm
from apps.applications.deadlines import end_of_day, offer_deadline
from apps.applications.models import Application, ApplicationEvent
from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.test_status_machine import make_application
from apps.cycles.models import Cycle
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from apps.decisions import offers, tasks
from apps.mailings import outbox
from apps.mailings.models import Delivery
from conftest import make_user

REMINDER = "Please confirm your spot at"
EXPIRED = "has expired"
NOW = timezone.now()


def _subjects(word: str) -> list[str]:
    return [m.to[0] for m in mail.outbox if word in m.subject]


def released_cycle(*, offer_days: int | None = 2, first_deadline_in_days: int = 30) -> Cycle:
    cycle = current_cycle()
    today = timezone.now().date()
    Cycle.objects.filter(pk=cycle.pk).update(
        offer_days=offer_days,
        start=today + datetime.timedelta(days=60),
        end=today + datetime.timedelta(days=61),
        confirmation_first_deadline=today + datetime.timedelta(days=first_deadline_in_days),
        confirmation_second_deadline=today + datetime.timedelta(days=first_deadline_in_days),
        waitlist_deadline=today + datetime.timedelta(days=first_deadline_in_days),
    )
    return cycle_set_status(cycle=current_cycle(), status=C.RELEASED)


def offer(email: str, *, made_ago: datetime.timedelta, status: str = S.ACCEPTED) -> Application:
    application = make_application(make_user(email), status)
    Application.objects.filter(pk=application.pk).update(offered_at=timezone.now() - made_ago)
    application.refresh_from_db()
    return application


# --- The rule ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "offer_days", "made", "expected"),
    [
        # The cycle's date alone: the end of that UTC day.
        (
            S.ACCEPTED,
            None,
            datetime.datetime(2030, 5, 1, 9, tzinfo=datetime.UTC),
            datetime.datetime(2030, 5, 11, tzinfo=datetime.UTC),
        ),
        # N days after the offer, when that comes first.
        (
            S.ACCEPTED,
            3,
            datetime.datetime(2030, 5, 1, 9, tzinfo=datetime.UTC),
            datetime.datetime(2030, 5, 4, 9, tzinfo=datetime.UTC),
        ),
        # The cycle's date, when it comes first.
        (
            S.ACCEPTED,
            30,
            datetime.datetime(2030, 5, 1, 9, tzinfo=datetime.UTC),
            datetime.datetime(2030, 5, 11, tzinfo=datetime.UTC),
        ),
        # An offer from the waitlist closes with the second confirmation date.
        (
            S.WAITLIST_ACCEPTED,
            None,
            datetime.datetime(2030, 5, 1, 9, tzinfo=datetime.UTC),
            datetime.datetime(2030, 5, 16, tzinfo=datetime.UTC),
        ),
        # An offer made before the time was kept: the date alone, whatever N is.
        (S.ACCEPTED, 3, None, datetime.datetime(2030, 5, 11, tzinfo=datetime.UTC)),
        # No offer, no deadline.
        (S.CONFIRMED, 3, datetime.datetime(2030, 5, 1, 9, tzinfo=datetime.UTC), None),
    ],
)
def test_an_offers_deadline_is_the_cycles_date_or_n_days_whichever_comes_first(status, offer_days, made, expected):
    cycle = Cycle(
        confirmation_first_deadline=datetime.date(2030, 5, 10),
        confirmation_second_deadline=datetime.date(2030, 5, 15),
        offer_days=offer_days,
    )
    assert offer_deadline(status=status, offered_at=made, cycle=cycle) == expected


@pytest.mark.parametrize(
    ("hours_left", "due"),
    [(72, None), (48, 48), (30, 48), (24, 24), (3, 24), (0, None), (-1, None)],
)
def test_the_reminder_due_is_the_latest_whose_time_has_come(hours_left, due):
    deadline = NOW + datetime.timedelta(hours=hours_left)
    assert offers.reminder_due(deadline, NOW) == due


def test_the_end_of_a_date_is_the_midnight_after_it():
    assert end_of_day(datetime.date(2030, 1, 31)) == datetime.datetime(2030, 2, 1, tzinfo=datetime.UTC)


# --- Reminders -----------------------------------------------------------------------------


@pytest.mark.django_db
def test_reminders_go_48_and_24_hours_before_once_each():
    released_cycle(offer_days=2)
    ada = offer("ada@princeton.edu", made_ago=datetime.timedelta(minutes=1))
    mail.outbox.clear()
    tasks.expire_offers()
    tasks.expire_offers()
    assert _subjects(REMINDER) == ["ada@princeton.edu"]
    assert "hours" in mail.outbox[0].body
    # A day later: the 24-hour reminder, once.
    Application.objects.filter(pk=ada.pk).update(offered_at=timezone.now() - datetime.timedelta(hours=25))
    tasks.expire_offers()
    tasks.expire_offers()
    # The 24-hour reminder has its own key; the 48-hour one of this (changed) offer is not
    # recorded again, since its time has passed.
    assert len(_subjects(REMINDER)) == 2
    keys = sorted(offers.reminder_rows().values_list("dedupe_key", flat=True))
    assert [offers.parse_reminder_key(k)[1] for k in keys] == [24, 48]
    assert set(offers.reminder_rows().values_list("state", flat=True)) == {Delivery.State.SENT}


@pytest.mark.django_db
def test_no_reminder_for_an_answered_offer_or_before_the_release():
    released_cycle(offer_days=2)
    ada = offer("ada@princeton.edu", made_ago=datetime.timedelta(minutes=1))
    sm.applicant_act(application_id=ada.pk, action=sm.CONFIRM)
    mail.outbox.clear()
    tasks.expire_offers()
    assert _subjects(REMINDER) == []
    # Before the release, decisions are hidden: nothing runs.
    cycle_set_status(cycle=current_cycle(), status=C.CLOSED)
    offer("bo@princeton.edu", made_ago=datetime.timedelta(days=5))
    tasks.expire_offers()
    assert mail.outbox == []
    assert Application.objects.get(email="bo@princeton.edu").status == S.ACCEPTED


@pytest.mark.django_db
def test_a_reminder_recorded_for_an_offer_answered_since_is_never_sent_and_the_others_still_go():
    cycle = released_cycle(offer_days=2)
    ada = offer("ada@princeton.edu", made_ago=datetime.timedelta(minutes=1))
    bo = offer("bo@princeton.edu", made_ago=datetime.timedelta(minutes=1))
    offers.record_reminders([ada, bo], cycle, timezone.now())
    sm.applicant_act(application_id=ada.pk, action=sm.CONFIRM)
    mail.outbox.clear()
    offers.send_reminders()
    assert _subjects(REMINDER) == ["bo@princeton.edu"]
    states = dict(offers.reminder_rows().values_list("email", "state"))
    assert states == {"ada@princeton.edu": Delivery.State.FAILED, "bo@princeton.edu": Delivery.State.SENT}


@pytest.mark.django_db
def test_a_worker_that_dies_between_claim_and_send_is_followed_by_one_reminder():
    cycle = released_cycle(offer_days=2)
    ada = offer("ada@princeton.edu", made_ago=datetime.timedelta(minutes=1))
    offers.record_reminders([ada], cycle, timezone.now())
    # A worker claims the row and dies before sending.
    claimed = outbox.claim(offers.reminder_rows())  # the first (and only) row
    assert claimed is not None
    mail.outbox.clear()
    # While the claim is fresh, nobody else sends it (the worker may still be alive).
    tasks.expire_offers()
    assert _subjects(REMINDER) == []
    # Once stale, the next run takes it over and sends it, once.
    offers.reminder_rows().update(claimed_at=timezone.now() - outbox.STALE_AFTER - datetime.timedelta(seconds=1))
    tasks.expire_offers()
    tasks.expire_offers()
    assert _subjects(REMINDER) == ["ada@princeton.edu"]
    row = offers.reminder_rows().get()
    assert (row.state, row.attempts) == (Delivery.State.SENT, 2)


# --- Expiry --------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_dashboard_shows_the_open_offers_deadline(client):
    released_cycle(offer_days=2)
    ada = offer("ada@princeton.edu", made_ago=datetime.timedelta(hours=1))
    client.force_login(ada.user)
    html = client.get("/dashboard").content.decode()
    expected = (ada.offered_at + datetime.timedelta(days=2)).isoformat()
    assert f'"offerDeadline": "{expected}"' in html


@pytest.mark.django_db
def test_an_unanswered_offer_expires_at_its_deadline_with_history_and_one_email():
    released_cycle(offer_days=2)
    ada = offer("ada@princeton.edu", made_ago=datetime.timedelta(days=2, minutes=1))
    fresh = offer("bo@princeton.edu", made_ago=datetime.timedelta(days=1))
    mail.outbox.clear()
    result = tasks.expire_offers()
    assert result["expired"] == 1
    ada.refresh_from_db()
    fresh.refresh_from_db()
    assert (ada.status, fresh.status) == (S.EXPIRED, S.ACCEPTED)
    event = ApplicationEvent.objects.filter(application=ada, field="status").first()
    assert (event.from_value, event.to_value, event.actor_id, event.source) == (
        "accepted",
        "expired",
        None,
        sm.BY_DEADLINE,
    )
    assert _subjects(EXPIRED) == ["ada@princeton.edu"]
    # Again: nothing more moves or goes out.
    assert tasks.expire_offers()["expired"] == 0
    assert _subjects(EXPIRED) == ["ada@princeton.edu"]
    assert ApplicationEvent.objects.filter(application=ada, to_value=S.EXPIRED).count() == 1
    # The applicant can no longer confirm it.
    with pytest.raises(Exception, match="no offer"):
        sm.applicant_act(application_id=ada.pk, action=sm.CONFIRM)


@pytest.mark.django_db
def test_the_cycles_date_alone_expires_offers_and_a_renewed_offer_has_its_own_deadline():
    released_cycle(offer_days=None, first_deadline_in_days=-1)
    ada = offer("ada@princeton.edu", made_ago=datetime.timedelta(days=3))
    wait = offer("wait@princeton.edu", made_ago=datetime.timedelta(days=3), status=S.WAITLIST_ACCEPTED)
    tasks.expire_offers()
    assert Application.objects.get(pk=ada.pk).status == S.EXPIRED
    assert Application.objects.get(pk=wait.pk).status == S.EXPIRED
    # An organizer offers again after the date moved: a new offer, a new deadline.
    Cycle.objects.filter(pk=current_cycle().pk).update(
        confirmation_first_deadline=timezone.now().date() + datetime.timedelta(days=5), offer_days=2
    )
    sm.decide(application_id=ada.pk, status=S.ACCEPTED, actor=None)
    ada.refresh_from_db()
    assert timezone.now() - ada.offered_at < datetime.timedelta(minutes=1)
    tasks.expire_offers()
    assert Application.objects.get(pk=ada.pk).status == S.ACCEPTED


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks: SQLite refuses a second writer instead")
def test_two_runs_at_once_expire_each_offer_once_and_remind_once():
    released_cycle(offer_days=2)
    late = [offer(f"late{i}@princeton.edu", made_ago=datetime.timedelta(days=3)) for i in range(4)]
    soon = [offer(f"soon{i}@princeton.edu", made_ago=datetime.timedelta(hours=1)) for i in range(3)]
    mail.outbox.clear()
    barrier = threading.Barrier(2, timeout=20)
    errors: list[BaseException] = []

    def run():
        try:
            barrier.wait()
            tasks.expire_offers()
        except BaseException as exc:  # noqa: BLE001 - recorded for the assertion
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    assert set(Application.objects.filter(pk__in=[a.pk for a in late]).values_list("status", flat=True)) == {S.EXPIRED}
    assert ApplicationEvent.objects.filter(to_value=S.EXPIRED).count() == 4
    assert sorted(_subjects(EXPIRED)) == sorted(a.email for a in late)
    assert sorted(_subjects(REMINDER)) == sorted(a.email for a in soon)


@pytest.mark.django_db
def test_a_batch_offer_stamps_the_new_offers_only():
    """The bulk door stamps `offered_at` on the rows that move into the offer, in its one UPDATE;
    an application offered already keeps its offer's time."""
    old = make_application(make_user("old@princeton.edu"), S.ACCEPTED)
    then = timezone.now() - datetime.timedelta(days=3)
    Application.objects.filter(pk=old.pk).update(offered_at=then)
    new = make_application(make_user("new@princeton.edu"), S.SUBMITTED)
    sm.transition_many(application_ids=[old.pk, new.pk], to=S.ACCEPTED)
    assert Application.objects.get(pk=old.pk).offered_at == then
    assert timezone.now() - Application.objects.get(pk=new.pk).offered_at < datetime.timedelta(minutes=1)
