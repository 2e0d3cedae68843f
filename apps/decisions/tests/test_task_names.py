"""The decision tasks' names: beat names the new ones, and the names they had in
apps.applications still run (a message queued before the deploy names its task)."""

from __future__ import annotations

import pytest
from django.core import mail

from apps.applications.tests.organizer_data import make_application
from apps.cycles.models import Cycle
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.decisions import release, tasks
from config.celery_app import app

# Same code, same arguments under both names.
SAME = ["queue_release_emails", "send_application_decision_email", "requeue_decision_emails"]
OLD = "apps.applications.tasks."
NEW = "apps.decisions.tasks."


@pytest.fixture(autouse=True)
def registered():
    app.loader.import_default_modules()


def test_the_tasks_are_registered_under_their_new_and_their_old_names():
    for name in SAME:
        old, new = app.tasks[OLD + name], app.tasks[NEW + name]
        assert old.__wrapped__ is new.__wrapped__  # the same code
        for option in ("autoretry_for", "max_retries", "retry_backoff", "ignore_result"):
            assert getattr(old, option, None) == getattr(new, option, None), option
    assert tasks.send_decision_emails.name == NEW + "send_decision_emails"
    assert OLD + "send_decision_emails" in app.tasks


def test_beat_names_tasks_that_exist(settings):
    for entry in settings.CELERY_BEAT_SCHEDULE.values():
        assert entry["task"] in app.tasks
    assert settings.CELERY_BEAT_SCHEDULE["requeue-decision-emails"]["task"] == NEW + "requeue_decision_emails"


def released_with(*emails: str) -> None:
    for email in emails:
        make_application(email, status="accepted")
    Cycle.objects.filter(pk=current_cycle().pk).update(status=C.RELEASED)
    mail.outbox.clear()


@pytest.mark.django_db
def test_a_release_queued_under_the_old_name_sends_its_emails():
    released_with("ada@princeton.edu")
    # As a worker runs a message from the broker: by the name it carries.
    assert app.tasks[OLD + "queue_release_emails"].delay(current_cycle().pk).get() == 1
    assert [m.to for m in mail.outbox] == [["ada@princeton.edu"]]
    assert app.tasks[OLD + "requeue_decision_emails"].delay().get() == 0


@pytest.mark.django_db
def test_an_old_batch_sends_what_is_due_not_what_its_ids_name_now():
    """Its ids were DecisionEmail ids, which the move renumbered: whatever they name today is
    left alone, and every due decision email goes out (as the re-queue would send it)."""
    released_with("ada@princeton.edu", "alan@princeton.edu")
    release.release_prepare(cycle_id=current_cycle().pk)
    assert app.tasks[OLD + "send_decision_emails"].delay([987_654]).get() == 2
    assert sorted(m.to[0] for m in mail.outbox) == ["ada@princeton.edu", "alan@princeton.edu"]
    assert app.tasks[OLD + "send_decision_emails"].delay([987_654]).get() == 0
    assert len(mail.outbox) == 2
