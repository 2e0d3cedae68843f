"""The question set (Section, Question) now belongs to the cycles app (cycles 0002 took it
over with its tables): this app forgets the models, and the database is not touched.

No model of this app points at them (an Answer names its question by `question_id`, a plain
column, so that answers outlive the questions they answered), so nothing else changes here.

The content types of the two models follow them, so that permissions granted on them and the
Django admin's history of their rows stay attached. On a fresh database they don't exist yet
(post_migrate creates them, under cycles): nothing to move.
"""

from django.db import migrations

MODELS = ("section", "question")


def relabel(apps, from_label: str, to_label: str) -> None:
    ContentType = apps.get_model("contenttypes", "ContentType")
    for model in MODELS:
        if not ContentType.objects.filter(app_label=to_label, model=model).exists():
            ContentType.objects.filter(app_label=from_label, model=model).update(app_label=to_label)


def content_types_to_cycles(apps, schema_editor):
    relabel(apps, "applications", "cycles")


def content_types_to_applications(apps, schema_editor):
    relabel(apps, "cycles", "applications")


class Migration(migrations.Migration):
    dependencies = [
        ("applications", "0005_drop_decision_email"),
        ("cycles", "0002_question_set_moves_here"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="Question"),
                migrations.DeleteModel(name="Section"),
            ],
            database_operations=[],
        ),
        migrations.RunPython(content_types_to_cycles, content_types_to_applications),
    ]
