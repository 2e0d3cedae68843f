"""The dashboard's first paint, drawn by the server inside the island's placeholder
(templates/dashboard.html): the headline, the status badge and the "Dashboard" card, in the
page's language, so they show before the island's JavaScript has arrived and run. The island
then mounts over them and draws the same words in the same places.

Nothing is decided here. Which headline a status shows is state.ts's rule (HEADLINES,
headlineAndMessage) and the words' translations are the islands' catalogs
(frontend/src/locales/<language>/dashboard.json): frontend/src/features/dashboard/
first-paint.test.tsx writes both out as data/dashboard_first_paint.json, and fails while the
committed file differs from what they give. A Python copy of the rule, translated by Django's
catalogue, would be a second rule and a second translation to keep in step with the first;
reading the table keeps one of each, and the server's words are the island's own, so nothing
moves when React takes over.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

TABLE = Path(__file__).resolve().parent / "data" / "dashboard_first_paint.json"


@cache
def table() -> dict:
    return json.loads(TABLE.read_text(encoding="utf-8"))


def words_in(language: str) -> dict[str, str]:
    """A language's words (English to its text), for a region's code ("es-mx") its language's,
    as the island's catalog loader picks them (lib/i18n-load.ts); English: none."""
    translations = table()["translations"]
    return translations.get(language) or translations.get(language.split("-")[0]) or {}


def dashboard_first_paint(props: dict, language: str) -> dict | None:
    """What the placeholder shows, from the dashboard's props (pages.dashboard_props: the status
    the applicant may see, as the island gets it); None for a status the table lacks, which
    keeps the plain spinner."""
    data = table()
    english = data["headlines"].get(props["cycleStatus"], {}).get(props["status"])
    if english is None:
        return None
    words = words_in(language)

    def shown(text: str) -> str:
        return words.get(text) or text

    return {
        "headline": shown(english),
        "status": props["status"],
        "status_label": shown(data["statusLabels"][props["status"]]),
        "email": props["email"],
        "teamcode": props["teamcode"],
        "labels": {key: shown(text) for key, text in data["labels"].items()},
    }
