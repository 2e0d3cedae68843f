"""The shipped translations are complete and current (docs/i18n.md).

Each catalogue under locale/ (English is the source language and has none) must translate
every entry, with none left fuzzy, and hold exactly the strings the code marks for translation:
the catalogues are extracted again here, as `make messages` does, into a scratch folder, and
their entries compared. A failure says which strings to translate or to bring in with
`make messages`.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

ROOT = Path(__file__).resolve().parents[3]
CATALOGUES = sorted((ROOT / "locale").glob("*/LC_MESSAGES/django.po"))
# The top-level entries makemessages is run over: the rest (tests, the frontend, journeys...)
# is left out by the Makefile's ignore list, read below so there is one list.
SOURCES = ["apps", "config", "templates"]
_STRING = re.compile(r'"((?:\\.|[^"\\])*)"')


def makefile_ignores() -> list[str]:
    text = (ROOT / "Makefile").read_text()
    found = re.search(r"^MAKEMESSAGES_IGNORE := ((?:.*\\\n)*.*)$", text, re.M)
    assert found, "the Makefile's MAKEMESSAGES_IGNORE is gone"
    return re.findall(r"--ignore=(\S+)", found.group(1))


def entries(path: Path) -> dict[tuple[str, str], dict]:
    """(msgctxt, msgid) → {"strs": [msgstr…], "fuzzy": bool}, obsolete entries left out and
    the header (msgid "") kept under ("", "")."""
    found: dict[tuple[str, str], dict] = {}
    for block in re.split(r"\n\s*\n", path.read_text(encoding="utf-8")):
        lines = [line for line in block.strip().splitlines() if not line.startswith("#~")]
        fields: dict[str, str] = {}
        current = None
        flags = ""
        for line in lines:
            if line.startswith("#,"):
                flags += line
            elif line.startswith("#"):
                continue
            elif line.startswith('"') and current:
                fields[current] += "".join(_STRING.findall(line))
            else:
                keyword, _, rest = line.partition(" ")
                current = keyword
                fields[current] = "".join(_STRING.findall(rest))
        if "msgid" not in fields:
            continue
        strs = [value for key, value in fields.items() if key.startswith("msgstr")]
        found[(fields.get("msgctxt", ""), fields["msgid"])] = {"strs": strs, "fuzzy": "fuzzy" in flags}
    return found


def test_every_enabled_or_shipped_language_but_english_has_a_catalogue():
    shipped = {path.parts[-3] for path in CATALOGUES}
    assert shipped == set(settings.SHIPPED_LANGUAGES) - {"en"}


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.parts[-3])
def test_every_entry_is_translated_and_none_is_fuzzy(path):
    catalogue = entries(path)
    header = catalogue.pop(("", ""))
    assert not header["fuzzy"], f"{path.parts[-3]}: the header is marked fuzzy (msgfmt would skip it)"
    assert f"Language: {path.parts[-3]}" in header["strs"][0]
    untranslated = [msgid for (_ctx, msgid), entry in catalogue.items() if not all(entry["strs"])]
    fuzzy = [msgid for (_ctx, msgid), entry in catalogue.items() if entry["fuzzy"]]
    assert not untranslated, f"{path.parts[-3]}: translate {untranslated}"
    assert not fuzzy, f"{path.parts[-3]}: check the fuzzy entries and drop the flag: {fuzzy}"


def test_the_catalogues_hold_exactly_the_strings_the_code_marks(tmp_path, monkeypatch):
    if shutil.which("xgettext") is None:
        pytest.fail("GNU gettext (xgettext, msgfmt) is needed: apt-get install gettext")
    # A tree of links to the sources, with a locale folder of its own: makemessages writes
    # into the locale folder it finds, and the repository's must stay as it is.
    for name in SOURCES:
        (tmp_path / name).symlink_to(ROOT / name)
    monkeypatch.chdir(tmp_path)
    codes = [path.parts[-3] for path in CATALOGUES]
    with override_settings(LOCALE_PATHS=[str(tmp_path / "locale")]):
        call_command(
            "makemessages",
            locale=codes,
            symlinks=True,
            ignore_patterns=makefile_ignores(),
            no_obsolete=True,
            verbosity=0,
        )
    for path in CATALOGUES:
        fresh = set(entries(tmp_path / "locale" / path.parts[-3] / "LC_MESSAGES" / "django.po"))
        shipped = set(entries(path))
        new, gone = sorted(fresh - shipped), sorted(shipped - fresh)
        assert not new and not gone, (
            f"{path.parts[-3]}: run `make messages` and translate: new {new}; no longer in the code {gone}"
        )
