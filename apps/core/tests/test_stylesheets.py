"""Every stylesheet closes what it opens.

The bundler concatenates a page's stylesheets, so one missing `}` leaves every rule after it
inside the last open block: privacy.css once ended inside `@media (max-width: 760px)`, and the
dashboard's own styles that followed it applied only on phones, while desktop showed the page
unstyled. No test or type check saw it; this one reads each file's braces.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SHEETS = sorted([*(ROOT / "frontend" / "src").rglob("*.css"), *(ROOT / "static" / "css").glob("*.css")])
# Comments and quoted strings may hold braces that are not blocks.
_NOT_CODE = re.compile(r"/\*.*?\*/|\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'", re.S)


def unbalanced(text: str) -> str | None:
    """Where the braces of `text` go wrong, or None when every block is closed in order."""
    depth = 0
    code = _NOT_CODE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    for number, line in enumerate(code.split("\n"), 1):
        for char in line:
            depth += {"{": 1, "}": -1}.get(char, 0)
            if depth < 0:
                return f"line {number} closes a block that was never opened"
    return f"{depth} block(s) still open at the end" if depth else None


def test_the_check_sees_an_unclosed_block_and_a_stray_brace():
    assert unbalanced("a { b: c; }\n@media (x) {\n  a { b: c; }\n") == "1 block(s) still open at the end"
    assert unbalanced("a { b: c; }\n}\n") == "line 2 closes a block that was never opened"
    assert unbalanced('a::before { content: "{"; } /* } */') is None


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_block_is_closed(sheet):
    assert unbalanced(sheet.read_text()) is None, sheet
