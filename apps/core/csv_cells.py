"""The one rule for a CSV cell a spreadsheet will open: text that starts like a formula is
prefixed with a single quote, so a name such as `=HYPERLINK(...)` is shown, not run (CSV
injection). Every export (applications, review scores, reviewer figures) writes through it."""

from __future__ import annotations

# A spreadsheet runs a cell that starts with one of these as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralise(value) -> str:
    """A cell as text, prefixed with a single quote if a spreadsheet would run it as a formula."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    text = value.isoformat() if hasattr(value, "isoformat") else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def neutralise_text(value: str | None) -> str:
    """neutralise() of a text cell, the export's hot path: only text can start like a formula."""
    if not value:
        return ""
    return "'" + value if value.startswith(FORMULA_STARTS) else value
