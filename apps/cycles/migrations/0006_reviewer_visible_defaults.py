"""Give every existing question its blind-review switch by the one rule
(apps/cycles/questions.py, `default_reviewer_visible`): links, age, location, demographics and
contact questions hidden from reviewers in blind review, the rest shown.

Before, blind review hid only the demographics section; the field added in 0005 defaults to
shown, so without this step a cycle's links and location answers would stay visible."""

from django.db import migrations


def apply_rule(apps, schema_editor):
    from apps.cycles.questions import default_reviewer_visible

    Question = apps.get_model("cycles", "Question")
    hidden = [
        pk
        for pk, kind, question_id, section_name in Question.objects.values_list(
            "pk", "type", "question_id", "section__name"
        ).iterator()
        if not default_reviewer_visible(kind, question_id, section_name)
    ]
    for start in range(0, len(hidden), 500):
        Question.objects.filter(pk__in=hidden[start : start + 500]).update(reviewer_visible=False)


class Migration(migrations.Migration):
    dependencies = [
        ("cycles", "0005_question_reviewer_visible"),
    ]

    # Backwards: the field is dropped by reversing 0005, so there is nothing to undo here.
    operations = [migrations.RunPython(apply_rule, migrations.RunPython.noop)]
