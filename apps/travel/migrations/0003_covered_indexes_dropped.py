"""Indexes that another index or a unique constraint of the same table covers, dropped.

A foreign key's own index, where a constraint or index of the model begins with the same
column, and the pattern-ops twin (`_like`) Django adds beside a text column's db_index, which
only a prefix LIKE reads (none here; the plain B-tree stays, declared in Meta). Each index is one
more write on every insert and on every update of an indexed column; the composite answers the
foreign key's lookups and its ON DELETE. apps/core/tests/test_indexes.py fails if one comes back.
"""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("applications", "0020_covered_indexes_dropped"),
        ("travel", "0002_translated_admin_names"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name="travelgrant",
            name="status",
            field=models.CharField(
                choices=[("granted", "Granted"), ("lapsed", "Lapsed")], default="granted", max_length=8
            ),
        ),
        migrations.AlterField(
            model_name="travelreceipt",
            name="status",
            field=models.CharField(
                choices=[("pending", "Waiting for review"), ("approved", "Approved"), ("rejected", "Rejected")],
                default="pending",
                max_length=8,
            ),
        ),
        migrations.AddIndex(
            model_name="travelgrant",
            index=models.Index(fields=["status"], name="travel_grant_status"),
        ),
        migrations.AddIndex(
            model_name="travelreceipt",
            index=models.Index(fields=["status"], name="travel_receipt_status"),
        ),
    ]
