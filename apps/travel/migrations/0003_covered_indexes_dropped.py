"""Indexes that another index or a unique constraint of the same table covers, dropped
(why, and the check that keeps them out: apps/core/tests/test_indexes.py)."""

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
