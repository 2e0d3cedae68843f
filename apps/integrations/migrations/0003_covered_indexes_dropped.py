"""Indexes that another index or a unique constraint of the same table covers, dropped
(why, and the check that keeps them out: apps/core/tests/test_indexes.py)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("integrations", "0002_translated_admin_names"),
    ]

    operations = [
        migrations.AlterField(
            model_name="webhookdelivery",
            name="endpoint",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="deliveries",
                to="integrations.webhookendpoint",
            ),
        ),
    ]
