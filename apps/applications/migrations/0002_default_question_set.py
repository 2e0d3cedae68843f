"""Give every cycle that has no question set the default one (apps/cycles/questions.py).

A fresh database thus has a current cycle (cycles 0001) with a realistic question set that
uses every question type. Cycles that already have questions are left alone.
"""

from django.db import migrations


def add_default_sets(apps, schema_editor):
    # The set's data lives with the question set in cycles since cycles 0002; the rows here
    # are still written through this app's historical Section and Question (its state until 0005).
    from apps.cycles.questions import default_question_set

    Cycle = apps.get_model("cycles", "Cycle")
    Section = apps.get_model("applications", "Section")
    Question = apps.get_model("applications", "Question")
    for cycle in Cycle.objects.all():
        if Section.objects.filter(cycle=cycle).exists():
            continue
        for i, section in enumerate(default_question_set()):
            row = Section.objects.create(
                cycle=cycle, order=i, name=section["section_name"], conditional_on=section["conditional_on"] or ""
            )
            Question.objects.bulk_create(
                [
                    Question(
                        cycle=cycle,
                        section=row,
                        order=j,
                        question_id=q["question_id"],
                        text=q["question_text"],
                        type=q["question_type"],
                        options=q["options"],
                    )
                    for j, q in enumerate(section["questions"])
                ]
            )


class Migration(migrations.Migration):
    dependencies = [
        ("applications", "0001_initial"),
        ("cycles", "0001_initial"),
    ]

    operations = [migrations.RunPython(add_default_sets, migrations.RunPython.noop)]
