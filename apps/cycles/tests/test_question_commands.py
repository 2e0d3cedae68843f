"""The operator commands dump_questions and load_questions: the current cycle's question set as JSON."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from apps.cycles.models import Question
from apps.cycles.selectors import current_cycle, question_set


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_dump_then_load_round_trips_the_question_set(db, tmp_path):
    dumped = json.loads(run("dump_questions"))
    assert dumped == question_set(current_cycle())
    assert {q["question_type"] for s in dumped for q in s["questions"]} >= {"numeric", "multiselect", "resume"}
    # The default age question has its largest answer (cycles 0013 gave it to the migrated set).
    assert next(q for s in dumped for q in s["questions"] if q["question_id"] == "age")["max_value"] == 100

    dumped[0]["questions"].append(
        {
            "question_id": "pronouns",
            "question_text": "Your pronouns?",
            "question_type": "short_answer",
            "options": [],
            "reviewer_visible": False,
            "required": False,
            "help_text": "As you'd like to be addressed.",
            "max_value": None,
            "translations": {},
        }
    )
    # An organizer's override of the blind-review switch survives the round trip.
    links = next(q for s in dumped for q in s["questions"] if q["question_id"] == "links")
    assert links["reviewer_visible"] is False
    links["reviewer_visible"] = True
    source = tmp_path / "questions.json"
    source.write_text(json.dumps(dumped), encoding="utf-8")
    assert "Question set loaded" in run("load_questions", str(source))
    assert json.loads(run("dump_questions")) == dumped
    assert Question.objects.filter(cycle=current_cycle(), question_id="pronouns", reviewer_visible=False).exists()
    assert Question.objects.get(cycle=current_cycle(), question_id="links").reviewer_visible is True


def test_dump_questions_to_a_file(db, tmp_path):
    target = tmp_path / "set.json"
    call_command("dump_questions", "--output", str(target), stdout=io.StringIO(), stderr=io.StringIO())
    assert json.loads(target.read_text(encoding="utf-8")) == question_set(current_cycle())


def test_load_questions_keeps_the_set_when_the_file_is_bad(db, tmp_path):
    before = question_set(current_cycle())
    missing = tmp_path / "nope.json"
    with pytest.raises(CommandError, match="Can't read"):
        run("load_questions", str(missing))
    broken = tmp_path / "broken.json"
    broken.write_text("[{", encoding="utf-8")
    with pytest.raises(CommandError, match="not valid JSON"):
        run("load_questions", str(broken))
    invalid = tmp_path / "invalid.json"
    invalid.write_text(json.dumps([{"section_name": "", "conditional_on": None, "questions": []}]), encoding="utf-8")
    with pytest.raises(CommandError, match="not valid"):
        run("load_questions", str(invalid))
    assert question_set(current_cycle()) == before
