"""The repository stands on its own: no file points at material outside it, and no comment
cites a ticket a reader of the repository can't open. A comment says the reason itself.

Every file git tracks is read (the working tree's version); binary files are skipped.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
# Built from parts, so this file does not match itself.
OUTSIDE = re.compile(r"\.\./" + "shared" + r"\b|/work/" + "shared" + r"\b")
TICKET = re.compile(r"\b" + "issue" + r"\s+#?[0-9]+\b|\b" + "spec" + r"\s+section\b", re.IGNORECASE)


def tracked_files() -> list[Path]:
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, timeout=30
        ).stdout.decode()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: no list of tracked files")
    return [ROOT / name for name in listed.split("\0") if name and (ROOT / name).is_file()]


def offending(pattern: re.Pattern) -> list[str]:
    found = []
    for path in tracked_files():
        data = path.read_bytes()
        if b"\0" in data:
            continue
        for number, line in enumerate(data.decode("utf-8", errors="replace").splitlines(), start=1):
            if pattern.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:120]}")
    return found


def test_no_file_points_outside_the_repository():
    assert offending(OUTSIDE) == []


def test_no_comment_cites_a_ticket_or_a_section_of_an_outside_document():
    assert offending(TICKET) == []


def test_the_patterns_catch_what_they_are_for():
    assert OUTSIDE.search("see ../" + "shared" + "/design/api-contract.md")
    assert TICKET.search("(" + "issue" + " 11)") and TICKET.search("Spec" + " section 5:")
    assert not TICKET.search("an issue with the section") and not OUTSIDE.search("../" + "sharedworker.ts")
