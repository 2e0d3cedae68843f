"""Indexes that another index or a unique constraint of the same table covers, dropped
(why, and the check that keeps them out: apps/core/tests/test_indexes.py)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("applications", "0020_covered_indexes_dropped"),
        ("checkin", "0003_translated_admin_names"),
        ("cycles", "0012_covered_indexes_dropped"),
    ]

    operations = [
        migrations.AlterField(
            model_name="checkpoint",
            name="cycle",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="checkpoints",
                to="cycles.cycle",
            ),
        ),
        migrations.AlterField(
            model_name="checkpointpass",
            name="checkpoint",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="passes",
                to="checkin.checkpoint",
            ),
        ),
        migrations.AlterField(
            model_name="ticket",
            name="application",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="tickets",
                to="applications.application",
            ),
        ),
    ]
