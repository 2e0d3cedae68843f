"""The waitlist that refills itself (apps.reviews.refill): off by default; when on, a spot freed
by a decline, a spot given up or an expired offer goes to the next person on the waitlist (the
best-ranked, else the earliest waitlisted; a team only whole), never beyond fill to capacity's
target, with a history row "by the waitlist" and the waitlist offer's email. Ten declines at
once give exactly ten offers (PostgreSQL)."""

from __future__ import annotations

import datetime
import threading

import pytest
from django.core import mail
from django.db import connection
from django.utils import timezone

from apps.applications import status_machine as sm
from apps.applications.models import Application, ApplicationEvent
from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.test_status_machine import make_application
from apps.cycles.models import Cycle
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from apps.decisions import answers, tasks
from apps.reviews import refill
from apps.reviews.models import AdmissionPlan
from conftest import make_user

OFFERED = "waitlist_accepted"
URL = "/api/reviews/waitlist-refill"


def setup_cycle(*, capacity: int, accepted: int, waitlist: list[tuple[str, float | None]], refill_on: bool = True):
    """A released cycle with a plan for `capacity` (everyone comes), `accepted` offers, and the
    waitlist in the order they were waitlisted: (email, review score or None)."""
    cycle = current_cycle()
    today = timezone.now().date()
    Cycle.objects.filter(pk=cycle.pk).update(
        waitlist_refill=refill_on,
        start=today + datetime.timedelta(days=30),
        end=today + datetime.timedelta(days=31),
        confirmation_first_deadline=today + datetime.timedelta(days=10),
        confirmation_second_deadline=today + datetime.timedelta(days=20),
        waitlist_deadline=today + datetime.timedelta(days=20),
    )
    AdmissionPlan.objects.create(cycle=cycle, capacity=capacity, attendance_rate=1.0)
    offers = [make_application(make_user(f"in{i}@princeton.edu"), S.ACCEPTED) for i in range(accepted)]
    waiting = []
    start = timezone.now() - datetime.timedelta(days=3)
    for i, (email, score) in enumerate(waitlist):
        application = make_application(make_user(email), S.WAITLISTED)
        ApplicationEvent.objects.filter(application=application, to_value=S.WAITLISTED).update(
            at=start + datetime.timedelta(minutes=i)
        )
        if score is not None:
            Application.objects.filter(pk=application.pk).update(review_score_key=score)
        waiting.append(application)
    cycle_set_status(cycle=current_cycle(), status=C.RELEASED)
    mail.outbox.clear()
    return offers, waiting


def status_of(email: str) -> str:
    return Application.objects.get(email=email).status


def decline(application, capture) -> None:
    with capture(execute=True):
        answers.answer(application_id=application.pk, action=sm.DECLINE, actor=application.user)


@pytest.mark.django_db
def test_off_by_default_a_decline_offers_nobody(django_capture_on_commit_callbacks):
    offers, _ = setup_cycle(capacity=2, accepted=2, waitlist=[("w1@yale.edu", None)], refill_on=False)
    decline(offers[0], django_capture_on_commit_callbacks)
    assert status_of("w1@yale.edu") == S.WAITLISTED


@pytest.mark.django_db
def test_a_fresh_cycle_has_the_refill_off():
    assert (current_cycle().waitlist_refill, current_cycle().waitlist_refill_paused) == (False, False)


@pytest.mark.django_db
def test_a_decline_offers_the_best_ranked_with_history_by_the_waitlist_and_an_email(
    django_capture_on_commit_callbacks, admin_client
):
    offers, _ = setup_cycle(
        capacity=2, accepted=2, waitlist=[("low@yale.edu", 1.0), ("top@yale.edu", 5.0), ("mid@yale.edu", 3.0)]
    )
    decline(offers[0], django_capture_on_commit_callbacks)
    assert [status_of(e) for e in ("top@yale.edu", "mid@yale.edu", "low@yale.edu")] == [
        OFFERED,
        S.WAITLISTED,
        S.WAITLISTED,
    ]
    top = Application.objects.get(email="top@yale.edu")
    event = ApplicationEvent.objects.filter(application=top, field="status").first()
    assert (event.from_value, event.to_value, event.actor_id, event.source) == (
        S.WAITLISTED,
        OFFERED,
        None,
        sm.BY_WAITLIST,
    )
    history = admin_client.get("/api/applications/top@yale.edu/history").json()
    assert (history[0]["actor"], history[0]["by"], history[0]["to"]) == (None, "By the waitlist", OFFERED)
    # Their own deadline counts from now.
    assert timezone.now() - top.offered_at < datetime.timedelta(minutes=1)
    assert [m.to[0] for m in mail.outbox if m.to[0] == "top@yale.edu"] == ["top@yale.edu"]


@pytest.mark.django_db
def test_without_a_ranking_the_earliest_waitlisted_is_next(django_capture_on_commit_callbacks):
    offers, _ = setup_cycle(capacity=1, accepted=1, waitlist=[("first@yale.edu", None), ("second@yale.edu", None)])
    decline(offers[0], django_capture_on_commit_callbacks)
    assert (status_of("first@yale.edu"), status_of("second@yale.edu")) == (OFFERED, S.WAITLISTED)


@pytest.mark.django_db
def test_a_team_is_offered_only_whole_and_passed_over_when_it_does_not_fit(django_capture_on_commit_callbacks):
    offers, waiting = setup_cycle(
        capacity=3, accepted=3, waitlist=[("t1@yale.edu", 9.0), ("t2@yale.edu", 8.0), ("solo@yale.edu", 1.0)]
    )
    Application.objects.filter(pk__in=[waiting[0].pk, waiting[1].pk]).update(teamcode="TEAM1")
    # One spot: the team doesn't fit, the next person gets it.
    decline(offers[0], django_capture_on_commit_callbacks)
    assert [status_of(e) for e in ("t1@yale.edu", "t2@yale.edu", "solo@yale.edu")] == [
        S.WAITLISTED,
        S.WAITLISTED,
        OFFERED,
    ]
    # Two more spots: the team together.
    decline(offers[1], django_capture_on_commit_callbacks)
    assert status_of("t1@yale.edu") == S.WAITLISTED  # one spot only so far
    decline(offers[2], django_capture_on_commit_callbacks)
    assert (status_of("t1@yale.edu"), status_of("t2@yale.edu")) == (OFFERED, OFFERED)


@pytest.mark.django_db
def test_it_never_offers_beyond_the_target_and_the_pause_holds_it(django_capture_on_commit_callbacks):
    offers, _ = setup_cycle(capacity=2, accepted=2, waitlist=[(f"w{i}@yale.edu", None) for i in range(4)])
    cycle = current_cycle()
    Cycle.objects.filter(pk=cycle.pk).update(waitlist_refill_paused=True)
    decline(offers[0], django_capture_on_commit_callbacks)
    assert status_of("w0@yale.edu") == S.WAITLISTED
    # Resuming offers the spot free now, once; more runs offer nothing more.
    with django_capture_on_commit_callbacks(execute=True):
        refill.save_switches(current_cycle(), waitlist_refill_paused=False)
    assert refill.refill(cycle.pk) == []
    assert refill.refill(cycle.pk) == []
    assert Application.objects.filter(status=OFFERED).count() == 1
    assert Application.objects.filter(status__in=refill.HOLDING).count() == 2


@pytest.mark.django_db
def test_an_expired_offer_is_refilled(django_capture_on_commit_callbacks):
    offers, _ = setup_cycle(capacity=1, accepted=1, waitlist=[("w@yale.edu", None)])
    Cycle.objects.filter(pk=current_cycle().pk).update(offer_days=1)
    Application.objects.filter(pk=offers[0].pk).update(offered_at=timezone.now() - datetime.timedelta(days=2))
    with django_capture_on_commit_callbacks(execute=True):
        tasks.expire_offers()
    assert (status_of(offers[0].email), status_of("w@yale.edu")) == (S.EXPIRED, OFFERED)


@pytest.mark.django_db
def test_the_preview_lists_who_is_next_and_the_switches_save(admin_client, django_capture_on_commit_callbacks):
    offers, _ = setup_cycle(
        capacity=2, accepted=1, waitlist=[("a@yale.edu", 2.0), ("b@yale.edu", 4.0)], refill_on=False
    )
    body = admin_client.get(URL).json()
    assert (body["enabled"], body["free"], body["ranked"], body["waiting"]) == (False, 1, True, 2)
    assert body["idle_reason"] == "The waitlist refill is off."
    assert [(row["email"], row["next"]) for row in body["next"]] == [("b@yale.edu", True), ("a@yale.edu", False)]
    bad = admin_client.post(URL, {"enabled": "maybe"}, content_type="application/json")
    assert bad.status_code == 400 and "enabled" in bad.json()["errors"]
    assert status_of("b@yale.edu") == S.WAITLISTED
    with django_capture_on_commit_callbacks(execute=True):
        on = admin_client.post(URL, {"enabled": True}, content_type="application/json")
    assert on.status_code == 200 and on.json()["enabled"] is True
    # Turning it on offers the free spot at once.
    assert status_of("b@yale.edu") == OFFERED
    assert admin_client.get(URL).json()["free"] == 0


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks: SQLite refuses a second writer instead")
def test_ten_declines_at_once_give_exactly_ten_offers():
    offers, waiting = setup_cycle(capacity=10, accepted=10, waitlist=[(f"w{i}@yale.edu", None) for i in range(15)])
    barrier = threading.Barrier(10, timeout=30)
    errors: list[BaseException] = []

    def give_up(application):
        try:
            barrier.wait()
            answers.answer(application_id=application.pk, action=sm.DECLINE, actor=application.user)
        except BaseException as exc:  # noqa: BLE001 - recorded for the assertion
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=give_up, args=(a,)) for a in offers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == []
    assert Application.objects.filter(status=S.DECLINED).count() == 10
    offered = list(Application.objects.filter(status=OFFERED).order_by("email").values_list("email", flat=True))
    assert len(offered) == 10
    # The ten earliest waitlisted, in order.
    assert set(offered) == {f"w{i}@yale.edu" for i in range(10)}
    assert Application.objects.filter(status__in=refill.HOLDING).count() == 10
    assert ApplicationEvent.objects.filter(source=sm.BY_WAITLIST).count() == 10
