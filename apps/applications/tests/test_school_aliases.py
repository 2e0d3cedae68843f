"""The school aliases (data/school_aliases.csv): short names that find their school in the
picker. Every name is one of the school list's, and the /apply page carries them."""

from __future__ import annotations

import csv
import re

import pytest

from apps.applications import selectors
from apps.applications.selectors import DATA_DIR, school_aliases, school_set
from apps.applications.tests.test_status_machine import set_cycle
from apps.cycles.models import CycleStatus as C

from .test_apply_page import page_props


def file_rows() -> list[dict]:
    with (DATA_DIR / "school_aliases.csv").open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        assert reader.fieldnames == ["alias", "name"]
        return list(reader)


def test_every_alias_names_a_school_of_the_list():
    missing = [row for row in file_rows() if row["name"] not in school_set()]
    assert missing == [], "these names are not in schools.txt (spelling, dashes, 'The …'?)"


def test_the_file_is_tidy():
    rows = file_rows()
    pairs = [(row["alias"], row["name"]) for row in rows]
    assert len(pairs) == len(set(pairs)), "no row twice"
    for alias, name in pairs:
        assert alias == alias.strip() and name == name.strip()
        assert re.search(r"[A-Za-z]", alias), alias
        assert alias.lower() != name.lower(), "an alias that is the name itself finds nothing new"


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("UCLA", "University of California Los Angeles"),
        ("MIT", "Massachusetts Institute of Technology"),
        ("CMU", "Carnegie Mellon University"),
        ("UIUC", "University of Illinois at Urbana - Champaign"),
        ("NYU", "New York University"),
        ("Georgia Tech", "Georgia Institute of Technology"),
        ("UW", "University of Washington"),
        ("UW", "University of Waterloo"),
    ],
)
def test_well_known_short_names_are_there(alias, name):
    assert (alias, name) in school_aliases()


def test_a_row_naming_no_listed_school_is_skipped(tmp_path, monkeypatch):
    (tmp_path / "school_aliases.csv").write_text(
        'alias,name\nPU,Princeton University\nHW,Hogwarts\nRU,"Rutgers, The State University of New Jersey"\n',
        encoding="utf-8",
    )
    (tmp_path / "schools.txt").write_text(
        "Princeton University\nRutgers, The State University of New Jersey\n", encoding="utf-8"
    )
    monkeypatch.setattr(selectors, "DATA_DIR", tmp_path)
    for cached in (selectors.school_aliases, selectors.school_names, selectors.school_set):
        cached.cache_clear()
    try:
        assert selectors.school_aliases() == (
            ("PU", "Princeton University"),
            ("RU", "Rutgers, The State University of New Jersey"),
        )
    finally:
        monkeypatch.undo()
        for cached in (selectors.school_aliases, selectors.school_names, selectors.school_set):
            cached.cache_clear()


@pytest.mark.django_db
def test_the_apply_page_carries_the_aliases_while_applications_are_open(student_client):
    set_cycle(C.OPEN)
    props = page_props(student_client.get("/apply"))
    assert ["UCLA", "University of California Los Angeles"] in props["schoolAliases"]
    assert len(props["schoolAliases"]) == len(school_aliases())
    set_cycle(C.CLOSED)
    assert "schoolAliases" not in page_props(student_client.get("/apply"))
