"""The server's rule for which sections apply, against the cases the client's rule is tested on.

frontend/src/features/applications/section-cases.json is read by this test and by
frontend/src/features/applications/section-chain.test.tsx (form-model's visibleSections, used by the
applicant's form, the organizer's editor and the review page): both passing proves the
browser shows exactly the sections the server validates.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from apps.applications.validation import active_sections

SHARED = json.loads(
    (
        Path(__file__).resolve().parents[3] / "frontend" / "src" / "features" / "applications" / "section-cases.json"
    ).read_text(encoding="utf-8")
)


@pytest.mark.parametrize("case", SHARED["cases"], ids=lambda case: case["name"])
def test_the_server_applies_the_sections_the_shared_cases_say(case):
    """active_sections keeps exactly the case's sections, in order."""
    applied = active_sections(SHARED["sections"], case["answers"])
    assert [section["section_name"] for section in applied] == case["applies"]


def test_the_chain_case_is_in_the_table():
    """The case the two clients disagreed on (q1 no, q2 yes: only A and D apply) is in the table."""
    assert any(
        case["answers"] == {"q1": "no", "q2": "yes"} and case["applies"] == ["A", "D"] for case in SHARED["cases"]
    )
