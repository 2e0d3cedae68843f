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
        ("cycles", "0011_translated_admin_names"),
    ]

    operations = [
        migrations.AlterField(
            model_name="question",
            name="cycle",
            field=models.ForeignKey(
                db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name="questions", to="cycles.cycle"
            ),
        ),
    ]
