"""The question set (Section, Question) moves here from the applications app: a cycle's
questions are part of its configuration.

Only Django's record of the models moves. The tables keep the names they were created with
(`applications_section`, `applications_question`, set as the models' `db_table`), so the move
touches no row, index, constraint or sequence, takes no lock and is instant on any database;
renaming the tables would have bought nothing but names, at the price of an ALTER on each (and
PostgreSQL keeps the old names of their sequences, indexes and constraints anyway).

applications 0005 removes the models from the applications app's state. This migration runs
after applications 0002, which created the tables (0001) and wrote the default set through
that app's models: everything the applications app did to these tables comes first, so a
later migration here always finds them as its models describe them.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("cycles", "0001_initial"),
        ("applications", "0002_default_question_set"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Section",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True, db_index=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        ("order", models.PositiveIntegerField(default=0)),
                        ("name", models.CharField(max_length=200)),
                        (
                            "conditional_on",
                            models.CharField(
                                blank=True, default="", help_text="A question_id, or empty.", max_length=64
                            ),
                        ),
                        (
                            "cycle",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE, related_name="sections", to="cycles.cycle"
                            ),
                        ),
                    ],
                    options={
                        "db_table": "applications_section",
                        "ordering": ["cycle", "order", "pk"],
                    },
                ),
                migrations.CreateModel(
                    name="Question",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True, db_index=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        ("order", models.PositiveIntegerField(default=0)),
                        ("question_id", models.CharField(max_length=64)),
                        ("text", models.TextField()),
                        (
                            "type",
                            models.CharField(
                                choices=[
                                    ("numeric", "Numeric"),
                                    ("boolean", "Yes / no"),
                                    ("short_answer", "Short answer"),
                                    ("long_answer", "Long answer"),
                                    ("multiple_choice", "Multiple choice"),
                                    ("multiselect", "Multiselect"),
                                    ("list", "List"),
                                    ("resume", "Resume"),
                                    ("country", "Country"),
                                ],
                                max_length=32,
                            ),
                        ),
                        ("options", models.JSONField(blank=True, default=list)),
                        (
                            "cycle",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE, related_name="questions", to="cycles.cycle"
                            ),
                        ),
                        (
                            "section",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="questions",
                                to="cycles.section",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "applications_question",
                        "ordering": ["section__order", "order", "pk"],
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("cycle", "question_id"), name="unique_question_id_per_cycle"
                            )
                        ],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
