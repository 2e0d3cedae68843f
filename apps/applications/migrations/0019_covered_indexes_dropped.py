"""Two of the applications table's indexes that others cover, dropped.

PostgreSQL writes an entry into every index of a table on each update that changes an indexed
column, so every status change and every sort-key write paid for these too (docs/performance.md):

- the cycle's own index: every index of the table's sorts starts with the cycle;
- the email's pattern-ops twin (`varchar_pattern_ops`, which Django adds to a text column's
  db_index for prefix LIKEs): no query here asks for an address's prefix; the contains filter
  reads the trigram index. The plain B-tree stays, as `app_email`, for an address's
  applications in every cycle.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("applications", "0018_consent_record_language"),
        ("cycles", "0011_translated_admin_names"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name="application",
            name="cycle",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="applications",
                to="cycles.cycle",
            ),
        ),
        migrations.AlterField(
            model_name="application",
            name="email",
            field=models.EmailField(max_length=254),
        ),
        migrations.AddIndex(
            model_name="application",
            index=models.Index(fields=["email"], name="app_email"),
        ),
    ]
