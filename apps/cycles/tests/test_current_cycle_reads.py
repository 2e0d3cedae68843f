"""`current_cycle()` is a read: with no current cycle it refuses clearly and writes nothing."""

import datetime

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


def test_the_submits_compiled_read_of_the_cycle_and_its_questions_gives_what_the_orm_gives(db):
    """current_cycle_and_question_set runs its query compiled once per process
    (apps.core.db.PreparedRows): the same rows, through the same converters (SQLite's dates,
    booleans and JSON), and a change is seen by the next call, not frozen with the SQL."""
    from apps.core.db import PreparedRows
    from apps.cycles import selectors

    def orm_rows():
        return list(
            Cycle.objects.filter(is_current=True)
            .order_by(*(f"sections__{key}" for key in selectors.QUESTION_SET_ORDER))
            .values_list(*selectors._CYCLE_COLUMNS, *(f"sections__{key}" for key in selectors.QUESTION_SET_COLUMNS))
        )

    rows = selectors._CURRENT_CYCLE_AND_QUESTIONS.all()
    assert len(rows) > 1 and rows == orm_rows()
    cycle, sections = selectors.current_cycle_and_question_set()
    fresh = Cycle.objects.get(pk=cycle.pk)
    assert {f.attname: getattr(cycle, f.attname) for f in Cycle._meta.concrete_fields} == {
        f.attname: getattr(fresh, f.attname) for f in Cycle._meta.concrete_fields
    }
    assert sections == selectors.question_set(cycle)
    Cycle.objects.filter(pk=cycle.pk).update(end=datetime.date(2031, 2, 3))
    assert selectors.current_cycle_and_question_set()[0].end == datetime.date(2031, 2, 3)
    assert selectors._CURRENT_CYCLE_AND_QUESTIONS.all() == orm_rows()
    with pytest.raises(ValueError, match="values_list"):
        PreparedRows(lambda: Cycle.objects.all()).all()


def test_the_question_sets_compiled_read_gives_what_the_orm_gives_for_each_cycle(db):
    """question_set runs its query compiled once per process: for each cycle it is given, the
    rows the ORM reads (sections in order, with their questions, and a section without any),
    so the form, the builder and the organizers' views show the same set as before."""
    from apps.cycles import selectors
    from apps.cycles.models import Section

    def orm_rows(cycle):
        return list(
            Section.objects.filter(cycle=cycle)
            .order_by(*selectors.QUESTION_SET_ORDER)
            .values_list(*selectors.QUESTION_SET_COLUMNS)
        )

    current = current_cycle()
    other = Cycle.objects.create(year=2019, season="fall", is_current=False)
    Section.objects.create(cycle=other, name="Empty", order=1)
    for cycle in (current, other, current):
        assert selectors._QUESTION_SET.all(cycle=cycle.pk) == orm_rows(cycle)
    assert len(orm_rows(current)) > 1
    assert selectors.question_set(other) == [
        {"section_name": "Empty", "conditional_on": None, "questions": [], "translations": {}}
    ]
