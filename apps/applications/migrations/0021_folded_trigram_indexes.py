"""The table's text filters compare folded text (case and accents aside: apps.core.text.Folded),
so their trigram indexes on PostgreSQL (0003) are rebuilt over `portal_fold(col)` instead of
`UPPER(col)`: without them every filtered page would read the whole table again. Other
databases keep their plain indexes: this migration does nothing there."""

from django.db import migrations

COLUMNS = ("first", "last", "email", "school")
TABLE = "applications_application"


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for column in COLUMNS:
        schema_editor.execute(f'DROP INDEX IF EXISTS "app_{column}_upper_trgm"')
        schema_editor.execute(
            f'CREATE INDEX IF NOT EXISTS "app_{column}_fold_trgm" ON "{TABLE}" '
            f'USING gin ((portal_fold("{column}")) gin_trgm_ops)'
        )


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for column in COLUMNS:
        schema_editor.execute(f'DROP INDEX IF EXISTS "app_{column}_fold_trgm"')
        schema_editor.execute(
            f'CREATE INDEX IF NOT EXISTS "app_{column}_upper_trgm" ON "{TABLE}" '
            f'USING gin ((UPPER("{column}"::text)) gin_trgm_ops)'
        )


class Migration(migrations.Migration):
    dependencies = [
        ("applications", "0020_covered_indexes_dropped"),
        ("core", "0001_fold"),
    ]

    operations = [migrations.RunPython(create, drop, elidable=False)]
