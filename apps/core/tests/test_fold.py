"""Names found however they are typed: apps.core.text.fold, and the same rule in SQL (Folded,
`__folded_contains`) on whichever database the run uses (CI runs SQLite and PostgreSQL)."""

from __future__ import annotations

import pytest
from django.db.models import Value

from apps.applications.models import Application
from apps.core.tests.factories import ApplicationFactory
from apps.core.tests.plans import postgres_only
from apps.core.text import Folded, fold

# (stored, typed, found): the names a door and a table meet.
CASES = [
    ("María López", "maria lopez", True),
    ("María López", "LÓPEZ", True),
    ("José Núñez", "nunez", True),
    ("Zoë Brontë", "zoe", True),
    ("François Béranger", "francois", True),
    ("Université de Montréal", "universite de montreal", True),
    ("Universidade de São Paulo", "sao paulo", True),
    ("Ærøskøbing Skole", "aeroskobing", True),
    ("Łukasz Wałęsa", "lukasz walesa", True),
    ("Straße", "strasse", True),
    ("Dvořák", "dvorak", True),
    ("Ada Lovelace", "ada love", True),
    ("Ada Lovelace", "ádá", True),
    ("María López", "maria lopes", False),
    # `%` and `_` typed are letters, not wildcards.
    ("Ada Lovelace", "a%e", False),
    ("Ada Lovelace", "a_a", False),
    ("100% Hacker", "100%", True),
]


@pytest.mark.parametrize(("stored", "typed", "found"), CASES)
def test_fold_finds_a_name_typed_without_its_accents(stored, typed, found):
    assert (fold(typed) in fold(stored)) is found


def test_fold_keeps_none_and_plain_ascii():
    assert fold(None) is None
    assert fold("Grace HOPPER") == "grace hopper"


@pytest.mark.django_db
def test_the_database_folds_as_python_does():
    """Both sides go through the database's own function (unaccent on PostgreSQL): it must
    agree with `fold` on every case, or the door and the table would disagree with the tests."""
    for stored in dict.fromkeys(stored for stored, _typed, _found in CASES):
        ApplicationFactory(last=stored)
    for stored, typed, found in CASES:
        hits = set(Application.objects.filter(last__folded_contains=typed).values_list("last", flat=True))
        assert (stored in hits) is found, (stored, typed, hits)
        # Every hit is one Python's rule finds too.
        assert all(fold(typed) in fold(hit) for hit in hits), (typed, hits)
    for stored, _typed, _found in CASES:
        folded = Application.objects.annotate(f=Folded(Value(stored))).values_list("f", flat=True).first()
        assert folded == fold(stored), stored


@postgres_only
@pytest.mark.django_db
def test_the_tables_text_filters_can_use_their_trigram_indexes():
    """On PostgreSQL each text filter compares the very expression its trigram index was built
    on (applications 0021), so the planner may answer it from the index. A filter that stopped
    matching it (another function, another cast) would read all 50,000 rows of a big event.
    Compared as PostgreSQL prints them: the plan's condition and the index's definition."""
    import re

    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'applications_application'")
        definitions = dict(cursor.fetchall())
    for column in ("first", "last", "email", "school"):
        rows = Application.objects.filter(**{f"{column}__folded_contains": "lópez"}).order_by().values("pk")
        sql, params = rows.query.sql_with_params()
        with connection.cursor() as cursor:
            cursor.execute("EXPLAIN " + sql, params)
            plan = "\n".join(row[0] for row in cursor.fetchall())
        (compared,) = re.findall(r"(portal_fold\(.*?\)) ~~ '%lopez%'", plan)
        assert f"USING gin ({compared} gin_trgm_ops)" in definitions[f"app_{column}_fold_trgm"], (plan, definitions)


@pytest.mark.django_db
def test_text_shorter_than_three_characters_is_compared_by_case_only():
    """Below FOLDED_FROM no index helps and folding every row costs (text.py); the accents count
    from the third character typed."""
    from apps.core.text import FOLDED_FROM

    ApplicationFactory(last="López")
    found = lambda typed: list(Application.objects.filter(last__folded_contains=typed).values_list("last", flat=True))  # noqa: E731
    assert FOLDED_FROM == 3
    assert found("Ló") == ["López"] and found("lo") == []
    assert found("lop") == ["López"] and found("LOPEZ") == ["López"]
