"""Trigram indexes for the organizers' table filters on PostgreSQL.

The first, last, email and school filters are case-insensitive substrings, which Django's
`icontains` turns into `UPPER(col::text) LIKE UPPER('%value%')` on PostgreSQL: no B-tree can
answer a leading wildcard, so without these every filtered page read the whole table. A GIN
index of pg_trgm trigrams over the same `UPPER(col::text)` expression answers it for any
value of three or more characters. Other databases (SQLite for development and the default
test run) keep their plain indexes: this migration does nothing there.

pg_trgm ships with PostgreSQL and is a trusted extension (13+), so a database owner may
create it without being a superuser.
"""

from django.db import migrations

COLUMNS = ("first", "last", "email", "school")
TABLE = "applications_application"


def index_name(column: str) -> str:
    return f"app_{column}_upper_trgm"


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    for column in COLUMNS:
        schema_editor.execute(
            f'CREATE INDEX IF NOT EXISTS "{index_name(column)}" ON "{TABLE}" '
            f'USING gin ((UPPER("{column}"::text)) gin_trgm_ops)'
        )


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for column in COLUMNS:
        schema_editor.execute(f'DROP INDEX IF EXISTS "{index_name(column)}"')


class Migration(migrations.Migration):
    dependencies = [
        ("applications", "0002_default_question_set"),
    ]

    operations = [
        migrations.RunPython(create, drop, elidable=False),
    ]
