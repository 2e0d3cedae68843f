"""Sign-in throttling that strangers can't turn against an account's owner (device cookies).

These tests run with the production rates of config/settings/base.py (the test settings raise
the per-IP ones), each client at its own REMOTE_ADDR.
"""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings

from apps.accounts.services import INVALID_CREDENTIALS, TOO_MANY
from config.settings import base
from conftest import PASSWORD, PortalClient, make_user

pytestmark = pytest.mark.django_db

LOGIN = "/api/auth/login"
WRONG = "Wrong-pass-1"


@pytest.fixture(autouse=True)
def production_rates(settings):
    settings.ACCOUNT_RATE_LIMITS = dict(base.ACCOUNT_RATE_LIMITS)
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 0
    settings.ALLAUTH_TRUSTED_CLIENT_IP_HEADER = None


def login(client, email: str, password: str, ip: str = "127.0.0.1", **headers):
    return client.post(
        LOGIN, {"email": email, "password": password}, content_type="application/json", REMOTE_ADDR=ip, **headers
    )


def test_a_strangers_failures_do_not_stop_the_owner_from_another_address(student):
    """Before: five wrong passwords from anywhere locked the owner out for five minutes (429)."""
    stranger = PortalClient()
    for _ in range(7):
        login(stranger, student.email, WRONG, ip="203.0.113.9")
    r = login(PortalClient(), student.email, PASSWORD, ip="198.51.100.20")
    assert r.status_code == 200, (r.status_code, r.json())


def test_a_device_that_signed_in_before_is_not_locked_out_by_strangers(student):
    """Even when strangers from many addresses have used up the account-wide budget of
    clients without a device cookie, the owner's own browser still signs in."""
    owner = PortalClient()
    assert login(owner, student.email, PASSWORD, ip="198.51.100.20").status_code == 200
    assert owner.cookies[django_settings.LOGIN_DEVICE_COOKIE_NAME].value
    owner.post("/api/auth/logout", content_type="application/json")

    for i in range(40):  # 8 addresses x 5 guesses: past the 30/h per-account budget
        login(PortalClient(), student.email, WRONG, ip=f"203.0.113.{i // 5 + 1}")
    # A new client from a new address is now refused: the account is closed to strangers...
    assert login(PortalClient(), student.email, PASSWORD, ip="192.0.2.77").status_code == 429
    # ...but not to the owner's device, from its own address or from the attackers' NAT.
    r = login(owner, student.email, PASSWORD, ip="198.51.100.20")
    assert r.status_code == 200, (r.status_code, r.json())
    owner.post("/api/auth/logout", content_type="application/json")
    assert login(owner, student.email, PASSWORD, ip="203.0.113.1").status_code == 200


def test_the_attacker_gets_429_after_their_budget_even_with_the_right_password(student):
    attacker = PortalClient()
    for _ in range(5):
        r = login(attacker, student.email, WRONG, ip="203.0.113.9")
        assert r.status_code == 401 and r.json() == {"message": INVALID_CREDENTIALS}
    r = login(attacker, student.email, PASSWORD, ip="203.0.113.9")
    assert r.status_code == 429
    assert r.json() == {"message": TOO_MANY}


def test_an_attacker_rotating_addresses_is_stopped_by_the_account_budget(student):
    for i in range(30):
        assert login(PortalClient(), student.email, WRONG, ip=f"203.0.113.{i // 5 + 1}").status_code == 401
    assert login(PortalClient(), student.email, WRONG, ip="203.0.113.200").status_code == 429


def test_a_stolen_device_cookie_has_its_own_small_budget(student):
    device = PortalClient()
    assert login(device, student.email, PASSWORD).status_code == 200
    device.post("/api/auth/logout", content_type="application/json")
    for _ in range(10):
        assert login(device, student.email, WRONG).status_code == 401
    assert login(device, student.email, WRONG).status_code == 429


def test_ten_failures_behind_one_nat_do_not_block_someone_else_behind_it(student):
    """Before: ten failures from one IP (10/m/ip) locked out everyone behind a campus NAT."""
    for i in range(12):
        login(PortalClient(), f"classmate{i}@princeton.edu", WRONG, ip="192.0.2.1")
    r = login(PortalClient(), student.email, PASSWORD, ip="192.0.2.1")
    assert r.status_code == 200, (r.status_code, r.json())


def test_the_per_ip_limit_counts_only_failures(student):
    """Many correct sign-ins from one address (a lab) use up nothing."""
    for _ in range(12):
        assert login(PortalClient(), student.email, PASSWORD, ip="192.0.2.1").status_code == 200


def test_a_device_cookie_is_for_one_account_and_one_password(client, student):
    other = make_user("bob@princeton.edu")
    device = PortalClient()
    assert login(device, other.email, PASSWORD).status_code == 200  # a cookie, but for Bob
    for _ in range(5):
        login(device, student.email, WRONG)
    assert login(device, student.email, PASSWORD).status_code == 429  # a stranger to Ada

    device = PortalClient()
    assert login(device, student.email, PASSWORD, ip="198.51.100.20").status_code == 200
    student.set_password("New-pass-2026!")
    student.save()
    for _ in range(5):
        login(device, student.email, WRONG, ip="198.51.100.20")
    # After a password change the old cookie no longer vouches for the browser.
    assert login(device, student.email, "New-pass-2026!", ip="198.51.100.20").status_code == 429


def test_a_forged_device_cookie_is_ignored(student):
    device = PortalClient()
    device.cookies[django_settings.LOGIN_DEVICE_COOKIE_NAME] = "forged:value"
    for _ in range(5):
        login(device, student.email, WRONG)
    assert login(device, student.email, PASSWORD).status_code == 429


def test_a_spoofed_forwarded_for_is_ignored_when_no_proxy_is_trusted(student):
    attacker = PortalClient()
    for i in range(5):
        login(attacker, student.email, WRONG, ip="203.0.113.9", HTTP_X_FORWARDED_FOR=f"10.0.0.{i}")
    r = login(attacker, student.email, WRONG, ip="203.0.113.9", HTTP_X_FORWARDED_FOR="10.0.0.99")
    assert r.status_code == 429


def test_the_client_address_comes_from_the_trusted_proxy_hop(settings, student):
    """Behind one trusted proxy, the last X-Forwarded-For entry is the client."""
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    proxy = "10.0.0.1"
    for _ in range(5):
        login(PortalClient(), student.email, WRONG, ip=proxy, HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.9")
    r = login(PortalClient(), student.email, PASSWORD, ip=proxy, HTTP_X_FORWARDED_FOR="203.0.113.9")
    assert r.status_code == 429  # the same client, whatever it prepends
    r = login(PortalClient(), student.email, PASSWORD, ip=proxy, HTTP_X_FORWARDED_FOR="198.51.100.20")
    assert r.status_code == 200  # another client behind the same proxy


def test_the_client_address_comes_from_a_trusted_header(settings, student):
    settings.ALLAUTH_TRUSTED_CLIENT_IP_HEADER = "X-Real-IP"
    for _ in range(5):
        login(PortalClient(), student.email, WRONG, ip="10.0.0.1", HTTP_X_REAL_IP="203.0.113.9")
    r = login(PortalClient(), student.email, PASSWORD, ip="10.0.0.1", HTTP_X_REAL_IP="203.0.113.9")
    assert r.status_code == 429
    r = login(PortalClient(), student.email, PASSWORD, ip="10.0.0.1", HTTP_X_REAL_IP="198.51.100.20")
    assert r.status_code == 200


def test_a_request_that_bypassed_the_trusted_proxies_is_not_a_500(settings, student):
    """allauth raises ImproperlyConfigured when X-Forwarded-For has fewer hops than trusted
    proxies; such a request is judged by its socket address instead."""
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 2
    r = login(PortalClient(), student.email, PASSWORD, ip="198.51.100.20", HTTP_X_FORWARDED_FOR="1.2.3.4")
    assert r.status_code == 200, r.status_code


def test_an_address_with_a_lone_surrogate_is_a_401_not_a_500(client):
    r = client.post(LOGIN, '{"email": "a\\ud800b@princeton.edu", "password": "x"}', content_type="application/json")
    assert r.status_code in (400, 401), r.status_code
