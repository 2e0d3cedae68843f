"""Indexes that another index or a unique constraint of the same table covers, dropped
(why, and the check that keeps them out: apps/core/tests/test_indexes.py)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0004_translated_admin_names"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.AlterField(
            model_name="user",
            name="role",
            field=models.CharField(
                choices=[("admin", "Admin"), ("user", "User"), ("reviewer", "Reviewer"), ("volunteer", "Volunteer")],
                default="user",
                max_length=16,
            ),
        ),
        migrations.AddIndex(
            model_name="user",
            index=models.Index(fields=["role"], name="user_role"),
        ),
    ]
