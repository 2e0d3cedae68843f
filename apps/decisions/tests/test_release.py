"""Release decision emails: one per decided applicant and decision, after commit, never twice."""

from __future__ import annotations

import datetime
import threading
import time
from unittest import mock
from urllib.parse import quote

import pytest
from django.core import mail
from django.db import connection
from django.utils import timezone

from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.test_status_machine import make_application
from apps.cycles.models import Cycle
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle, cycle_config
from apps.decisions import cycle_release, release, tasks
from apps.mailings import automated
from apps.mailings.models import Delivery
from apps.travel.tests.helpers import budget
from conftest import make_user

pytestmark = pytest.mark.django_db


def cycle_set_status(*, cycle, status):
    """A status change through the release's door, confirming whatever it asks to confirm."""
    return cycle_release.change_status(
        cycle=cycle,
        status=status,
        confirm_emails=cycle_release.release_preview(cycle)["total"],
        confirm_unrelease=cycle_release.unrelease_preview(cycle)["total"],
    )


JSON = "application/json"
DECIDED = [S.ACCEPTED, S.WAITLISTED, S.REJECTED, S.WAITLIST_ACCEPTED]


def set_status_via_api(admin_client, status: str):
    body = cycle_config(current_cycle())
    body["status"] = status
    # A release confirms the count it was shown (test_release_confirmation.py).
    body["confirm_emails"] = admin_client.get("/api/applications/cycle/release-preview").json()["total"]
    r = admin_client.post("/api/applications/cycle/config", body, content_type=JSON)
    assert r.status_code == 200, r.json()


def release_now(django_capture_on_commit_callbacks, status: str = C.RELEASED):
    with django_capture_on_commit_callbacks(execute=True):
        cycle_set_status(cycle=current_cycle(), status=status)


def recipients(outbox=None) -> list[str]:
    return sorted(to for message in (outbox if outbox is not None else mail.outbox) for to in message.to)


@pytest.fixture
def applicants(db):
    """One applicant per status that matters for release, plus drafts and undecided ones."""
    made = {}
    for status in [*DECIDED, S.SUBMITTED, S.STARTED, S.UNSUBMITTED]:
        user = make_user(f"{status.replace('_', '-')}@princeton.edu")
        made[status] = make_application(user, status, first=status.title().replace("_", ""))
    mail.outbox.clear()
    return made


def test_release_sends_one_email_per_decided_applicant(admin_client, applicants):
    mail.outbox.clear()
    set_status_via_api(admin_client, C.RELEASED)
    assert recipients() == sorted(applicants[s].email for s in DECIDED)
    assert release.decision_rows().filter(state="sent").count() == 4
    by_status = {m.to[0]: m for m in mail.outbox}
    assert "accepted" in by_status[applicants[S.ACCEPTED].email].subject.lower()
    assert "waitlist" in by_status[applicants[S.WAITLISTED].email].subject.lower()


def test_no_email_before_release(admin_client, applicants):
    for status in (C.NOT_OPEN, C.OPEN, C.CLOSED):
        set_status_via_api(admin_client, status)
    r = admin_client.post(
        f"/api/applications/status/{quote(applicants[S.SUBMITTED].email)}",
        {"status": "accepted"},
        content_type=JSON,
    )
    assert r.status_code == 200
    assert mail.outbox == []
    assert not release.decision_rows().exists()


def test_release_again_sends_nothing_new(admin_client, applicants):
    set_status_via_api(admin_client, C.RELEASED)
    assert len(mail.outbox) == 4
    set_status_via_api(admin_client, C.CONFIRMATION_CLOSED)
    set_status_via_api(admin_client, C.RELEASED)
    set_status_via_api(admin_client, C.RELEASED)  # saved again while released
    assert len(mail.outbox) == 4


def test_a_retried_worker_sends_nothing_twice(django_capture_on_commit_callbacks, applicants):
    release_now(django_capture_on_commit_callbacks)
    assert len(mail.outbox) == 4
    ids = list(release.decision_rows().values_list("pk", flat=True))
    assert tasks.send_decision_emails.delay(ids).get() == 0
    assert tasks.queue_release_emails.delay(current_cycle().pk).get() == 0
    assert len(mail.outbox) == 4


def test_a_new_decision_after_release_is_sent_once_and_a_repeat_is_not(
    admin_client, django_capture_on_commit_callbacks, applicants
):
    release_now(django_capture_on_commit_callbacks)
    budget("1000")
    mail.outbox.clear()
    url = f"/api/applications/status/{quote(applicants[S.WAITLISTED].email)}"
    r = admin_client.post(url, {"status": "waitlist_accepted", "travel_reimbursement": True}, content_type=JSON)
    assert r.status_code == 200, r.json()
    assert recipients() == [applicants[S.WAITLISTED].email]
    assert "opened up" in mail.outbox[0].subject
    # Same decision again (only travel changes): nothing new.
    admin_client.post(url, {"status": "waitlist_accepted", "housing_accommodations": True}, content_type=JSON)
    # "No Decision" is never announced.
    admin_client.post(
        f"/api/applications/status/{quote(applicants[S.REJECTED].email)}", {"status": "submitted"}, content_type=JSON
    )
    set_status_via_api(admin_client, C.RELEASED)
    assert len(mail.outbox) == 1


def test_the_email_has_html_and_text_with_dates_in_us_long_format(admin_client, applicants):
    cycle = current_cycle()
    cycle.start = datetime.date(2025, 3, 7)
    # The other dates in order with it (a save checks their order).
    cycle.due = datetime.date(2025, 1, 15)
    cycle.end = cycle.waitlist_deadline = cycle.confirmation_second_deadline = datetime.date(2025, 3, 8)
    cycle.confirmation_first_deadline = datetime.date(2025, 2, 1)
    cycle.housing = datetime.date(2025, 2, 14)
    cycle.housing_link = "https://forms.example.org/housing"
    cycle.location = "Friend Center, Princeton, NJ"
    cycle.save()
    accepted = applicants[S.ACCEPTED]
    accepted.travel_reimbursement = True
    accepted.housing_accommodations = True
    accepted.save(update_fields=["travel_reimbursement", "housing_accommodations"])
    set_status_via_api(admin_client, C.RELEASED)
    message = next(m for m in mail.outbox if m.to == [accepted.email])
    html, mime = message.alternatives[0]
    assert mime == "text/html"
    for body in (message.body, html):
        assert "March 7, 2025" in body
        assert "February 1, 2025" in body
        assert "11:59 PM on February 14, 2025" in body
        assert "https://forms.example.org/housing" in body
        assert "$100" in body
        assert "Friend Center, Princeton, NJ" in body
        assert "http://testserver/dashboard" in body
        assert "Accepted" in body  # the applicant's first name from the fixture


@pytest.mark.parametrize(
    ("travel", "housing", "present", "absent"),
    [
        (True, True, ["$100", "shared dormitory"], ["cannot"]),
        (True, False, ["$100", "cannot provide housing"], ["shared dormitory"]),
        (False, True, ["shared dormitory", "cannot reimburse travel"], ["$100"]),
        (False, False, ["cannot provide travel reimbursement or housing"], ["$100", "shared dormitory"]),
    ],
)
def test_the_acceptance_states_travel_and_housing(admin_client, applicants, travel, housing, present, absent):
    accepted = applicants[S.ACCEPTED]
    accepted.travel_reimbursement = travel
    accepted.housing_accommodations = housing
    accepted.save(update_fields=["travel_reimbursement", "housing_accommodations"])
    set_status_via_api(admin_client, C.RELEASED)
    message = next(m for m in mail.outbox if m.to == [accepted.email])
    for body in (message.body, message.alternatives[0][0]):
        for text in present:
            assert text in body
        for text in absent:
            assert text not in body


def test_each_decision_uses_its_own_template(admin_client, applicants):
    set_status_via_api(admin_client, C.RELEASED)
    by_email = {m.to[0]: m for m in mail.outbox}
    waitlisted = by_email[applicants[S.WAITLISTED].email]
    assert "May 22, 2024" in waitlisted.body and "waitlist form" in waitlisted.body
    rejected = by_email[applicants[S.REJECTED].email]
    assert "unable to offer you a place" in rejected.body
    second = by_email[applicants[S.WAITLIST_ACCEPTED].email]
    assert "from the waitlist" in second.body


def test_a_decision_changed_before_sending_is_not_sent(django_capture_on_commit_callbacks, applicants):
    """A pending email whose decision changed is dropped; the new decision gets its own."""
    cycle_set_status(cycle=current_cycle(), status=C.RELEASED)
    ids = release.release_prepare(cycle_id=current_cycle().pk)
    accepted = applicants[S.ACCEPTED]
    # The organizer changes their mind before the worker runs (raw update: only the row matters).
    type(accepted).objects.filter(pk=accepted.pk).update(status=S.REJECTED)
    tasks.send_decision_emails.delay(ids)
    assert accepted.email not in recipients()
    assert not Delivery.objects.filter(dedupe_key=release.dedupe_key(accepted.pk, S.ACCEPTED)).exists()
    tasks.queue_release_emails.delay(current_cycle().pk)
    assert recipients().count(accepted.email) == 1
    assert "unable to offer" in next(m for m in mail.outbox if m.to == [accepted.email]).body


def test_a_release_undone_before_sending_waits_for_the_next_release(applicants):
    cycle_set_status(cycle=current_cycle(), status=C.RELEASED)
    ids = release.release_prepare(cycle_id=current_cycle().pk)
    cycle_set_status(cycle=current_cycle(), status=C.CLOSED)
    tasks.send_decision_emails.delay(ids)
    assert mail.outbox == []
    assert release.decision_rows().filter(state="pending").count() == 4
    cycle_set_status(cycle=current_cycle(), status=C.RELEASED)
    tasks.queue_release_emails.delay(current_cycle().pk)
    assert len(mail.outbox) == 4


def test_a_transient_mail_failure_is_retried_without_duplicates(monkeypatch, applicants):
    cycle_set_status(cycle=current_cycle(), status=C.RELEASED)
    ids = release.release_prepare(cycle_id=current_cycle().pk)
    real_send = automated.send
    calls = {"n": 0}

    def flaky(key, to, context, **options):
        calls["n"] += 1
        if calls["n"] == 2:
            raise ConnectionError("mail server went away")
        real_send(key, to, context, **options)

    monkeypatch.setattr(automated, "send", flaky)
    result = tasks.send_decision_emails.apply(args=[ids], throw=False)
    assert result.successful(), result.result
    # The failed email waits for its backoff; the mail server being unreachable, the batch
    # stopped and left the rest to the periodic re-queue, which sends everything once due.
    failed = release.decision_rows().get(attempts=1, state="pending")
    assert failed.next_attempt_at > timezone.now()
    with mock.patch("django.utils.timezone.now", return_value=failed.next_attempt_at + datetime.timedelta(seconds=1)):
        tasks.requeue_decision_emails.delay()
    assert calls["n"] == 5  # four sends and the failed attempt
    assert len(mail.outbox) == 4
    assert len(set(recipients())) == 4
    assert release.decision_rows().filter(state="sent").count() == 4


def test_a_permanent_failure_marks_that_email_failed_and_the_batch_goes_on(monkeypatch, applicants):
    cycle_set_status(cycle=current_cycle(), status=C.RELEASED)
    ids = release.release_prepare(cycle_id=current_cycle().pk)
    real_send = automated.send
    broken = applicants[S.REJECTED].email

    def send(key, to, context, **options):
        if to == broken:
            raise ValueError("refused by the server")
        real_send(key, to, context, **options)

    monkeypatch.setattr(automated, "send", send)
    assert tasks.send_decision_emails.delay(ids).get() == 3
    assert broken not in recipients()
    assert Delivery.objects.get(dedupe_key=f"decision:{applicants[S.REJECTED].pk}:rejected").state == "failed"
    assert release.decision_rows().filter(state="sent").count() == 3


def test_release_is_queued_after_commit_only(django_capture_on_commit_callbacks, applicants):
    """Inside the request's transaction nothing is sent; the hook runs after commit."""
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        cycle_set_status(cycle=current_cycle(), status=C.RELEASED)
    assert mail.outbox == []
    # Besides the release, the change is announced to the processes keeping the current cycle
    # (apps/cycles/current.py).
    hooks = [c for c in callbacks if c.__module__ != "apps.cycles.current"]
    assert len(hooks) == 1
    hooks[0]()
    assert len(mail.outbox) == 4


def test_release_covers_only_the_released_cycle(admin_client, applicants):
    from apps.cycles.services import cycle_make_current

    old = current_cycle()
    cycle_make_current(season="spring" if old.season == "fall" else "fall", year=old.year + 1)
    set_status_via_api(admin_client, C.RELEASED)
    assert mail.outbox == []


def test_release_batches_large_cohorts(django_capture_on_commit_callbacks, monkeypatch):
    monkeypatch.setattr(release, "BATCH_SIZE", 2)
    for n in range(5):
        make_application(make_user(f"cohort{n}@princeton.edu"), S.ACCEPTED)
    mail.outbox.clear()
    batches = []
    real_delay = tasks.send_decision_emails.delay
    monkeypatch.setattr(tasks.send_decision_emails, "delay", lambda ids: batches.append(ids) or real_delay(ids))
    release_now(django_capture_on_commit_callbacks)
    assert [len(b) for b in batches] == [2, 2, 1]
    assert len(mail.outbox) == 5


@pytest.mark.django_db(transaction=True)
def test_two_workers_with_the_same_ids_send_each_email_once(monkeypatch):
    user = make_user("race@princeton.edu")
    make_application(user, S.ACCEPTED)
    # Released without the release hook, so the two workers below are the only senders.
    Cycle.objects.filter(pk=current_cycle().pk).update(status=C.RELEASED)
    ids = release.release_prepare(cycle_id=current_cycle().pk)
    mail.outbox.clear()
    real_send = automated.send

    def slow_send(key, to, context, **options):
        time.sleep(0.2)  # the first worker is mid-send when the second arrives
        real_send(key, to, context, **options)

    monkeypatch.setattr(automated, "send", slow_send)
    barrier = threading.Barrier(2)
    results = []

    def worker():
        try:
            barrier.wait()
            results.append(tasks.send_decision_emails.apply(args=[ids]).get())
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(results) == [0, 1]
    assert recipients() == ["race@princeton.edu"]
