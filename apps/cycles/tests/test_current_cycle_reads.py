"""`current_cycle()` is a read: with no current cycle it refuses clearly and writes nothing."""

import pytest

from apps.cycles.models import Cycle
from apps.cycles.selectors import NoCurrentCycle, current_cycle, has_question_set


def test_a_fresh_migrated_database_has_a_current_cycle_with_questions(db):
    """The migrations create the current cycle and its question set: nothing has to write it
    on first read."""
    cycle = current_cycle()
    assert cycle.is_current
    assert has_question_set(cycle)


def test_current_cycle_without_one_refuses_and_writes_nothing(db):
    """Someone deleted the cycles: the read answers a 503-ish refusal saying what to do, and
    does not create a cycle behind the caller's back."""
    Cycle.objects.all().delete()
    with pytest.raises(NoCurrentCycle) as caught:
        current_cycle()
    assert caught.value.status == 503
    assert "migrate" in caught.value.message
    assert not Cycle.objects.exists()


def test_the_api_answers_503_with_a_message_when_the_cycle_is_gone(student_client):
    """An endpoint that needs the cycle answers the error shape, not a 500."""
    Cycle.objects.all().delete()
    r = student_client.get("/api/applications/cycle/config")
    assert r.status_code == 503
    assert "current application cycle" in r.json()["message"]


def test_a_page_answers_503_with_the_message_when_the_cycle_is_gone(student_client):
    """A page that needs the cycle (the dashboard) answers the 503 page saying why, not a 500."""
    Cycle.objects.all().delete()
    r = student_client.get("/dashboard")
    assert r.status_code == 503
    assert "no current application cycle" in r.content.decode()
