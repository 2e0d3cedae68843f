"""Registering again with an unverified address: no takeover, no mail flood, limit first."""

from __future__ import annotations

from unittest import mock

import pytest
from django.core import mail

from apps.accounts import rules
from apps.accounts.models import User, WhitelistRule
from apps.accounts.services import REGISTERED, TOO_MANY
from conftest import PASSWORD, PortalClient, link_from_mail

pytestmark = pytest.mark.django_db

JSON = "application/json"
VICTIM = "victim@princeton.edu"
ATTACKER_PASSWORD = "Attacker-pass-1"


def post(client, url, data):
    return client.post(url, data, content_type=JSON)


def test_a_stranger_registering_over_an_unverified_address_cannot_sign_in_after_the_owner_verifies():
    """Before: the second registration set the attacker's password, the victim's first link
    still verified the account, and the attacker signed in with their own password."""
    victim, attacker = PortalClient(), PortalClient()
    assert post(victim, "/api/auth/register", {"email": VICTIM, "password": PASSWORD}).status_code == 201
    r = post(attacker, "/api/auth/register", {"email": VICTIM, "password": ATTACKER_PASSWORD})
    assert r.status_code == 201 and r.json() == {"message": REGISTERED}
    first_link = link_from_mail(mail.outbox[0], "verify")
    assert victim.get(f"/api/auth/verify/{first_link}").status_code == 200

    r = post(attacker, "/api/auth/login", {"email": VICTIM, "password": ATTACKER_PASSWORD})
    assert r.status_code == 401, r.json()
    assert post(victim, "/api/auth/login", {"email": VICTIM, "password": PASSWORD}).status_code == 200
    assert User.objects.get(email=VICTIM).check_password(PASSWORD)


def test_registering_in_a_loop_sends_at_most_three_mails_an_hour():
    """Before: 20 registrations of one address in a minute sent 20 mails."""
    client = PortalClient()
    answers = [post(client, "/api/auth/register", {"email": VICTIM, "password": PASSWORD}) for _ in range(20)]
    assert {r.status_code for r in answers} == {201}
    assert {r.json()["message"] for r in answers} == {REGISTERED}
    assert len(mail.outbox) == 3
    assert all(m.to == [VICTIM] for m in mail.outbox)


def test_the_mail_limit_is_per_address():
    client = PortalClient()
    for _ in range(4):
        post(client, "/api/auth/register", {"email": VICTIM, "password": PASSWORD})
    post(client, "/api/auth/register", {"email": "other@princeton.edu", "password": PASSWORD})
    assert [m.to for m in mail.outbox].count(["other@princeton.edu"]) == 1


def test_register_is_rate_limited_before_any_whitelist_matching(settings):
    """Before: the student rule (and so every whitelist pattern) ran before the limit."""
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, "signup": "2/m/ip"}
    WhitelistRule.objects.create(kind="pattern", value=r".*@partner\.org")
    client = PortalClient()
    for i in range(2):
        post(client, "/api/auth/register", {"email": f"p{i}@partner.org", "password": PASSWORD})
    with mock.patch.object(rules, "whitelist_matches", wraps=rules.whitelist_matches) as spy:
        r = post(client, "/api/auth/register", {"email": "p9@partner.org", "password": PASSWORD})
    assert r.status_code == 429 and r.json() == {"message": TOO_MANY}
    assert spy.call_count == 0
