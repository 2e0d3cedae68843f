"""Indexes that another index or a unique constraint of the same table covers, dropped
(why, and the check that keeps them out: apps/core/tests/test_indexes.py)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("resumes", "0005_translated_admin_names"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name="resumeaccess",
            name="owner",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="resume_accesses",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
    ]
