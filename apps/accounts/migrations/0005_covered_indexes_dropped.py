"""Indexes that another index or a unique constraint of the same table covers, dropped.

A foreign key's own index, where a constraint or index of the model begins with the same
column, and the pattern-ops twin (`_like`) Django adds beside a text column's db_index, which
only a prefix LIKE reads (none here; the plain B-tree stays, declared in Meta). Each index is one
more write on every insert and on every update of an indexed column; the composite answers the
foreign key's lookups and its ON DELETE. apps/core/tests/test_indexes.py fails if one comes back.
"""

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
