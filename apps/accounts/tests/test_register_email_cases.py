"""The register page lets an address through exactly when the server could take it.

frontend/src/lib/register-email-cases.json is read here and by frontend/src/lib/validation.test.ts:
the page's mayBeAccepted says "shaped" for exactly the cases the server registers once a
catch-all whitelist pattern is set (so no whitelist rule can accept what the page blocks), and
calls an address a university one (no "checked when you register" hint) for exactly those the
server registers with no whitelist at all.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from apps.accounts import rules
from apps.accounts.models import User, WhitelistRule
from conftest import PASSWORD

pytestmark = pytest.mark.django_db

CASES = json.loads(
    (Path(__file__).resolve().parents[3] / "frontend" / "src" / "lib" / "register-email-cases.json").read_text(
        encoding="utf-8"
    )
)["cases"]


def _id(case) -> str:
    return repr(case["value"][:24]) + f"/{len(case['value'])}"


def _register(client, email: str):
    return client.post("/api/auth/register", {"email": email, "password": PASSWORD}, content_type="application/json")


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_a_catch_all_whitelist_takes_exactly_the_addresses_the_page_lets_through(client, case):
    WhitelistRule.objects.create(kind=WhitelistRule.Kind.PATTERN, value=".*")
    r = _register(client, case["value"])
    assert (r.status_code == 201) is case["shaped"], r.content
    assert User.objects.exists() is case["shaped"]


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_with_no_whitelist_the_server_takes_exactly_the_addresses_the_page_calls_a_university_one(client, case):
    r = _register(client, case["value"])
    assert (r.status_code == 201) is case["student"], r.content
    if not case["student"] and case["value"].strip() and len(case["value"]) <= 254:
        assert r.json()["message"] == rules.STUDENT_EMAIL_MESSAGE


def test_the_shared_cases_cover_each_outcome():
    """Not vacuous: shaped and not, university and not, and a shaped outsider."""
    outcomes = {(case["shaped"], case["student"]) for case in CASES}
    assert outcomes == {(True, True), (True, False), (False, False)}


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_a_single_whitelisted_address_registers_whenever_the_page_lets_it_through(client, case):
    """The organizer's single address is compared as typed (lower-cased): any shaped one works."""
    value = case["value"].strip().lower()
    if not case["shaped"]:
        assert not rules.is_address_shaped(value) or len(value) > 254
        return
    WhitelistRule.objects.create(kind=WhitelistRule.Kind.EMAIL, value=value)
    r = _register(client, case["value"])
    assert r.status_code == 201, r.content
