"""`portal_fold(text)` on PostgreSQL: lower(unaccent(text)), for the searches that find a name
typed without its accents (apps.core.text.Folded). unaccent() itself is only STABLE (it reads
its dictionary by name through the search path), so no index could be built on it; this
function names the dictionary by its schema and is declared IMMUTABLE, which the table's
trigram indexes need (applications 0021). unaccent is a trusted extension since PostgreSQL 13:
the database's owner may create it. SQLite needs nothing stored: each connection is given the
function (apps.core.apps)."""

from django.db import migrations


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS unaccent")
    with schema_editor.connection.cursor() as cursor:
        cursor.execute("SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'unaccent'")
        (schema,) = cursor.fetchone()
    schema_editor.execute(
        "CREATE OR REPLACE FUNCTION portal_fold(text) RETURNS text "
        "LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT "
        f"AS $$ SELECT lower({schema}.unaccent('{schema}.unaccent'::regdictionary, $1)) $$"
    )


def drop(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("DROP FUNCTION IF EXISTS portal_fold(text)")


class Migration(migrations.Migration):
    dependencies: list = []

    operations = [migrations.RunPython(create, drop, elidable=False)]
