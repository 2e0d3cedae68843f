"""Indexes that another index or a unique constraint of the same table covers, dropped.

A foreign key's own index, where a constraint or index of the model begins with the same
column, and the pattern-ops twin (`_like`) Django adds beside a text column's db_index, which
only a prefix LIKE reads (none here; the plain B-tree stays, declared in Meta). Each index is one
more write on every insert and on every update of an indexed column; the composite answers the
foreign key's lookups and its ON DELETE. apps/core/tests/test_indexes.py fails if one comes back.
"""

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
