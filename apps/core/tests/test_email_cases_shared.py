"""The server's email extractor against the cases the client's extractor is tested on.

frontend/src/lib/email-cases.json is read by this test and by frontend/src/lib/emails.test.ts:
both passing proves the organizer tools count and check exactly the addresses the server
will process.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from apps.core.emails import extract_emails, is_email

CASES = json.loads(
    (Path(__file__).resolve().parents[3] / "frontend" / "src" / "lib" / "email-cases.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("case", CASES["extract"], ids=lambda case: repr(case["text"][:40]))
def test_the_server_extracts_what_the_shared_cases_say(case):
    """extract_emails yields exactly the case's addresses, in order."""
    assert extract_emails(case["text"]) == case["emails"]


@pytest.mark.parametrize("case", CASES["is_email"], ids=lambda case: repr(case["value"]))
def test_the_server_accepts_a_single_address_as_the_shared_cases_say(case):
    """is_email agrees with the case on whether the value is one address."""
    assert is_email(case["value"]) is case["valid"]


def test_the_shared_cases_cover_both_outcomes():
    """The table is not vacuous: it has addresses found and texts that yield nothing."""
    assert any(case["emails"] for case in CASES["extract"])
    assert any(not case["emails"] for case in CASES["extract"])
    assert {case["valid"] for case in CASES["is_email"]} == {True, False}


@pytest.mark.django_db
@pytest.mark.parametrize("case", CASES["is_email"], ids=lambda case: repr(case["value"]))
def test_the_whitelist_takes_a_single_address_exactly_when_the_page_does(admin_client, case):
    """The whitelist page checks a single address with the client's isEmail (same cases); the
    server's POST whitelistemail/{email} accepts exactly those, so the page never lets through
    what the server refuses, nor blocks what it would take."""
    from urllib.parse import quote

    r = admin_client.post(f"/api/applications/whitelistemail/{quote(case['value'].strip(), safe='')}")
    if case["valid"]:
        assert r.status_code == 201, r.json()
    else:
        assert r.status_code in (400, 404), r.content
