"""Every existing cycle gets the default rubric (new cycles get it, or the previous cycle's
copy, when they become current: apps.reviews.receivers)."""

from django.db import migrations

# A copy, not an import: a migration must keep doing what it did when the model changes.
DEFAULT_RUBRIC = (
    ("Technical", "Skills, projects and experience"),
    ("Personal", "Motivation, curiosity and what they'd bring"),
)


def add_default_rubric(apps, schema_editor):
    Cycle = apps.get_model("cycles", "Cycle")
    Criterion = apps.get_model("reviews", "Criterion")
    with_rubric = set(Criterion.objects.values_list("cycle_id", flat=True).distinct())
    Criterion.objects.bulk_create(
        [
            Criterion(
                cycle_id=cycle_id, name=name, description=description, scale_min=1, scale_max=10, weight=1, position=i
            )
            for cycle_id in Cycle.objects.values_list("pk", flat=True)
            if cycle_id not in with_rubric
            for i, (name, description) in enumerate(DEFAULT_RUBRIC)
        ]
    )


class Migration(migrations.Migration):
    dependencies = [("reviews", "0002_scoring")]

    operations = [migrations.RunPython(add_default_rubric, migrations.RunPython.noop)]
