"""Indexes for the organizers' table's sorts and keyset pages (apps/applications/table.py).

Each sort of the table orders by (column, email, id) within the cycle and pages by seeking past
the last row seen (or before the first), so each gets a B-tree in exactly that order: a page,
forwards or backwards and at any depth, is then a seek and a walk of one page. teamcode and
submitted_at sort by NULL-free keys (models.teamcode_sort_key / submitted_at_sort_key), which
the indexes repeat so the planner can match them (with the raw column included, so a jump to a
page by number can skip rows reading the index alone). The three narrower indexes these replace
were prefixes of the new ones. `updated_at` is indexed because the table's cached counts are
keyed on the newest change (a one-row index probe).
"""

import datetime

from django.db import migrations, models
from django.db.models.functions import Coalesce


class Migration(migrations.Migration):
    dependencies = [
        ("applications", "0006_question_set_moves_to_cycles"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="application",
            index=models.Index(fields=["cycle", "email", "id"], name="app_table_email"),
        ),
        migrations.AddIndex(
            model_name="application",
            index=models.Index(fields=["cycle", "first", "email", "id"], name="app_table_first"),
        ),
        migrations.AddIndex(
            model_name="application",
            index=models.Index(fields=["cycle", "last", "email", "id"], name="app_table_last"),
        ),
        migrations.AddIndex(
            model_name="application",
            index=models.Index(fields=["cycle", "school", "email", "id"], name="app_table_school"),
        ),
        migrations.AddIndex(
            model_name="application",
            index=models.Index(fields=["cycle", "status", "email", "id"], name="app_table_status"),
        ),
        migrations.AddIndex(
            model_name="application",
            index=models.Index(
                models.F("cycle"),
                Coalesce("teamcode", models.Value(""), output_field=models.CharField()),
                models.F("email"),
                models.F("id"),
                name="app_table_teamcode",
                include=["teamcode"],
            ),
        ),
        migrations.AddIndex(
            model_name="application",
            index=models.Index(
                models.F("cycle"),
                Coalesce(
                    "submitted_at",
                    models.Value(datetime.datetime(1970, 1, 1, 0, 0, tzinfo=datetime.UTC)),
                    output_field=models.DateTimeField(),
                ),
                models.F("email"),
                models.F("id"),
                name="app_table_submitted_at",
                include=["submitted_at"],
            ),
        ),
        migrations.AddIndex(
            model_name="application",
            index=models.Index(fields=["updated_at"], name="app_updated_at"),
        ),
        migrations.RemoveIndex(model_name="application", name="app_cycle_status_email"),
        migrations.RemoveIndex(model_name="application", name="app_cycle_email"),
        migrations.RemoveIndex(model_name="application", name="app_cycle_school"),
    ]
