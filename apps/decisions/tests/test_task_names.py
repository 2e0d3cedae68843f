"""The decision tasks' names: beat names the new ones, and the names they had in
apps.applications still run (a message queued before the deploy names its task)."""

from __future__ import annotations

import pytest
from django.core import mail

from apps.applications.tests.organizer_data import make_application
from apps.cycles.models import Cycle
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.decisions import tasks
from config.celery_app import app

NEW = [
    "apps.decisions.tasks.queue_release_emails",
    "apps.decisions.tasks.send_application_decision_email",
    "apps.decisions.tasks.send_decision_emails",
    "apps.decisions.tasks.requeue_decision_emails",
]
OLD = [name.replace("apps.decisions.", "apps.applications.") for name in NEW]


def test_every_task_is_registered_under_its_new_and_its_old_name():
    app.loader.import_default_modules()
    for new, old in zip(NEW, OLD, strict=True):
        assert new in app.tasks and old in app.tasks
        assert app.tasks[old].__wrapped__ is app.tasks[new].__wrapped__  # the same code
        for option in ("autoretry_for", "max_retries", "retry_backoff", "ignore_result"):
            assert getattr(app.tasks[old], option, None) == getattr(app.tasks[new], option, None), option
    assert tasks.queue_release_emails.name == NEW[0]


def test_beat_names_tasks_that_exist(settings):
    app.loader.import_default_modules()
    for entry in settings.CELERY_BEAT_SCHEDULE.values():
        assert entry["task"] in app.tasks
    assert settings.CELERY_BEAT_SCHEDULE["requeue-decision-emails"]["task"] == NEW[3]


@pytest.mark.django_db
def test_a_release_queued_under_the_old_name_sends_its_emails():
    make_application("ada@princeton.edu", status="accepted")
    Cycle.objects.filter(pk=current_cycle().pk).update(status=C.RELEASED)
    mail.outbox.clear()
    # As a worker would run a message from the broker: by the name it carries.
    assert app.tasks["apps.applications.tasks.queue_release_emails"].delay(current_cycle().pk).get() == 1
    assert [m.to for m in mail.outbox] == [["ada@princeton.edu"]]
    assert app.tasks["apps.applications.tasks.requeue_decision_emails"].delay().get() == 0
