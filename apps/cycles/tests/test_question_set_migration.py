"""The question set's move from applications to cycles (cycles 0002, applications 0005): a
database migrated before the move keeps every row, now read through the cycles app's models,
and the models agree with the migrations."""

from __future__ import annotations

import io

import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

# The last migrations before the move: the question set was the applications app's.
BEFORE_THE_MOVE = [("applications", "0004_decision_email_claim_and_backoff"), ("cycles", "0001_initial")]


def migrate(targets=None) -> MigrationExecutor:
    """Migrate the test database to `targets` (default: every app's latest migration)."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets or executor.loader.graph.leaf_nodes())
    return executor


def test_the_models_need_no_migration(db):
    """The moved models match what the migrations built (same tables, same constraints)."""
    call_command("makemigrations", "--check", "--dry-run", stdout=io.StringIO(), stderr=io.StringIO())


@pytest.mark.django_db(transaction=True)
def test_a_question_set_written_before_the_move_is_the_cycles_app_afterwards():
    """Rows written through the applications app's historical models, then the move: the same
    rows (same tables) through cycles.Section / cycles.Question, and the content types (which
    carry permissions and the admin's history) follow the models."""
    from apps.cycles.models import Question, Section

    section_type = ContentType.objects.get_for_model(Section).pk
    try:
        old = migrate(BEFORE_THE_MOVE).loader.project_state(BEFORE_THE_MOVE).apps
        OldCycle = old.get_model("cycles", "Cycle")
        OldSection = old.get_model("applications", "Section")
        OldQuestion = old.get_model("applications", "Question")
        cycle = OldCycle.objects.get(is_current=True)
        section = OldSection.objects.create(cycle=cycle, order=99, name="Written before the move")
        OldQuestion.objects.create(
            cycle=cycle, section=section, order=0, question_id="before_the_move", text="Still here?", type="boolean"
        )
        assert old.get_model("contenttypes", "ContentType").objects.get(pk=section_type).app_label == "applications"
    finally:
        migrate()
        ContentType.objects.clear_cache()

    question = Question.objects.select_related("section").get(question_id="before_the_move")
    assert question.section.name == "Written before the move"
    assert question.section.cycle.is_current
    assert ContentType.objects.get(pk=section_type).app_label == "cycles"
    assert ContentType.objects.get_for_model(Section).pk == section_type
