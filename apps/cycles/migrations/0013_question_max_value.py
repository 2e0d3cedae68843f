"""A number question's largest answer (`max_value`), and the default age question's: 100.

Every number question had only the spec's smallest answer (16), so an age of 200 was accepted.
The default set's age question, where a cycle still has it as written, gets the default set's
largest answer; the organizers' own number questions keep no largest answer until they set one
in the builder (a year of graduation is a number too).
"""

from django.db import migrations, models

AGE_TEXT = "How old will you be on the first day of the event?"
AGE_MAX = 100


def give_the_default_age_its_largest(apps, schema_editor):
    Question = apps.get_model("cycles", "Question")
    Question.objects.filter(question_id="age", type="numeric", text=AGE_TEXT, max_value__isnull=True).update(
        max_value=AGE_MAX
    )


class Migration(migrations.Migration):
    dependencies = [
        ("cycles", "0012_covered_indexes_dropped"),
    ]

    operations = [
        migrations.AddField(
            model_name="question",
            name="max_value",
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.RunPython(give_the_default_age_its_largest, migrations.RunPython.noop),
    ]
