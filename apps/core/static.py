"""Cache headers of the built frontend's files.

Vite names every file it builds after its content (`assets/admin-WAugTRBE.js`): a changed file
gets a new name, so a browser may keep one for a year without asking again. WhiteNoise only
recognises Django's own hashed names (12 hex digits), so it served these with its 60-second
default; the rest of /static/ (the stylesheet, images under fixed names) keeps that default.
"""

from __future__ import annotations

import re

ONE_YEAR = 365 * 24 * 60 * 60
# `/static/assets/<name>-<8-character content hash>.<extension>`, Vite's default output name.
HASHED_ASSET = re.compile(r"^/static/assets/[^/]+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$")


def is_hashed_asset(path: str, url: str) -> bool:
    return bool(HASHED_ASSET.match(url))


def add_headers(headers, path: str, url: str) -> None:
    # WhiteNoise's own "immutable" is ten years; a year is the longest max-age RFC 9111
    # suggests caches honour, and the one the portal promises.
    if is_hashed_asset(path, url):
        headers["Cache-Control"] = f"public, max-age={ONE_YEAR}, immutable"
