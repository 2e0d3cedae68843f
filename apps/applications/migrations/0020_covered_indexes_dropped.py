"""Indexes that another index or a unique constraint of the same table covers, dropped
(why, and the check that keeps them out: apps/core/tests/test_indexes.py)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("applications", "0019_covered_indexes_dropped"),
        ("cycles", "0012_covered_indexes_dropped"),
    ]

    operations = [
        migrations.AlterField(
            model_name="anonymisedanswercount",
            name="cycle",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="anonymised_answers",
                to="cycles.cycle",
            ),
        ),
        migrations.AlterField(
            model_name="anonymisedapplicationcount",
            name="cycle",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="anonymised_applications",
                to="cycles.cycle",
            ),
        ),
        migrations.AlterField(
            model_name="answer",
            name="application",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="answers",
                to="applications.application",
            ),
        ),
        migrations.AlterField(
            model_name="consentrecord",
            name="application",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="consents",
                to="applications.application",
            ),
        ),
        migrations.AlterField(
            model_name="team",
            name="cycle",
            field=models.ForeignKey(
                db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name="teams", to="cycles.cycle"
            ),
        ),
    ]
