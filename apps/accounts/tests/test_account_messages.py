"""What the sign-in, verify and reset pages are told about an account or a link.

- an unverified account that signs in with the right password is told to verify (403), and can
  ask for a new link, throttled as registration is; a wrong password stays "Invalid credentials.";
- a verification link opened again says the account is verified (sign in), a garbage one still
  says invalid;
- the /reset/<token> page knows on load whether its link still works.
"""

from __future__ import annotations

from unittest import mock

import pytest
from allauth.account.models import EmailAddress, EmailConfirmationHMAC
from django.core import mail

from apps.accounts import services
from apps.core.tests.factories import UserFactory
from apps.core.tests.test_pages import page_props
from conftest import PASSWORD, PortalClient, link_from_mail

pytestmark = pytest.mark.django_db

JSON = "application/json"
EMAIL = "late@princeton.edu"


def post(client, url: str, data: dict):
    return client.post(url, data, content_type=JSON)


def login(client, email: str = EMAIL, password: str = PASSWORD):
    return post(client, "/api/auth/login", {"email": email, "password": password})


def resend(client, email: str = EMAIL):
    return post(client, "/api/auth/resend_verification", {"email": email})


# --- Signing in before verifying -------------------------------------------------------------


def test_the_right_password_on_an_unverified_account_is_told_to_verify(client):
    UserFactory(email=EMAIL, verified=False)
    r = login(client)
    assert r.status_code == 403
    assert r.json() == {"message": services.UNVERIFIED}
    assert "_auth_user_id" not in client.session


def test_a_wrong_password_on_an_unverified_account_still_reads_invalid_credentials(client):
    """Nothing tells a guesser that the address has an account."""
    UserFactory(email=EMAIL, verified=False)
    for email, password in ((EMAIL, "Wrong-pass-1"), ("nobody@princeton.edu", PASSWORD)):
        r = login(client, email, password)
        assert r.status_code == 401
        assert r.json() == {"message": services.INVALID_CREDENTIALS}


def test_being_told_to_verify_is_not_a_failed_sign_in(client):
    """Five right-password attempts before verifying don't lock the owner out afterwards."""
    user = UserFactory(email=EMAIL, verified=False)
    assert {login(client).status_code for _ in range(8)} == {403}
    EmailAddress.objects.filter(user=user).update(verified=True)
    assert login(client).status_code == 200


# --- Asking for a new link ---------------------------------------------------------------------


def test_resend_mails_a_new_link_that_verifies_the_account(client):
    UserFactory(email=EMAIL, verified=False)
    r = resend(client, "Late@Princeton.edu")
    assert r.status_code == 200
    assert r.json() == {"message": services.RESEND_SENT}
    assert [m.to for m in mail.outbox] == [[EMAIL]]
    token = link_from_mail(mail.outbox[0], "verify")
    assert client.get(f"/api/auth/verify/{token}").json()["already_verified"] is False
    assert login(client).status_code == 200


@pytest.mark.parametrize("who", ["verified", "unknown", "inactive"])
def test_resend_answers_the_same_and_sends_nothing_when_no_account_waits(client, who):
    if who == "verified":
        UserFactory(email=EMAIL)
    elif who == "inactive":
        UserFactory(email=EMAIL, verified=False, is_active=False)
    r = resend(client)
    assert r.status_code == 200
    assert r.json() == {"message": services.RESEND_SENT}
    assert mail.outbox == []


def test_resend_shares_registrations_mail_limit_per_address(client):
    """Register, then ask again and again: still at most three mails an hour to one address."""
    assert post(client, "/api/auth/register", {"email": EMAIL, "password": PASSWORD}).status_code == 201
    answers = [resend(client) for _ in range(5)]
    assert {r.status_code for r in answers} == {200}
    assert len(mail.outbox) == 3


def test_resend_is_limited_per_client_as_registration_is(settings):
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, "signup": "2/m/ip"}
    client = PortalClient()
    assert [resend(client, f"x{i}@princeton.edu").status_code for i in range(3)] == [200, 200, 429]
    assert resend(client).json() == {"message": services.TOO_MANY}


@pytest.mark.parametrize("body", [{}, {"email": "not an address"}, {"email": 7}, {"email": "a\x00@b.edu"}])
def test_resend_refuses_what_is_no_address_with_a_400(client, body):
    r = post(client, "/api/auth/resend_verification", body)
    assert r.status_code == 400
    assert r.json()["message"]


# --- A verification link opened twice ------------------------------------------------------------


def test_a_link_opened_again_says_the_account_is_verified(client):
    post(client, "/api/auth/register", {"email": EMAIL, "password": PASSWORD})
    token = link_from_mail(mail.outbox[0], "verify")
    first = client.get(f"/api/auth/verify/{token}")
    assert first.status_code == 200
    assert first.json() == {"message": services.VERIFIED, "already_verified": False, "address_added": False}
    again = client.get(f"/api/auth/verify/{token}")
    assert again.status_code == 200
    assert again.json() == {"message": services.ALREADY_VERIFIED, "already_verified": True, "address_added": False}


def test_an_old_used_link_still_says_verified_but_an_old_unused_one_is_invalid(client):
    """Past the link's lifetime: verified behind it → 'sign in'; still unverified → invalid."""
    waiting = UserFactory(email="waiting@princeton.edu", verified=False)
    done = UserFactory(email="done@princeton.edu")
    with mock.patch("django.core.signing.time.time", return_value=1_000_000_000):
        old_waiting = EmailConfirmationHMAC(EmailAddress.objects.get(user=waiting)).key
        old_done = EmailConfirmationHMAC(EmailAddress.objects.get(user=done)).key
    assert client.get(f"/api/auth/verify/{old_waiting}").status_code == 400
    r = client.get(f"/api/auth/verify/{old_done}")
    assert r.status_code == 200 and r.json()["already_verified"] is True


def test_a_tampered_or_garbage_link_is_invalid_even_when_every_account_is_verified(client):
    user = UserFactory(email=EMAIL)
    key = EmailConfirmationHMAC(EmailAddress.objects.get(user=user)).key
    for token in ("garbage", key[:-2] + ("AA" if not key.endswith("AA") else "BB"), "MQ:1tFake:abcdef"):
        r = client.get(f"/api/auth/verify/{token}")
        assert r.status_code == 400, token
        assert r.json() == {"message": services.INVALID_VERIFY}


# --- The reset page ------------------------------------------------------------------------------


def _reset_props(client, token: str) -> dict:
    return page_props(client.get(f"/reset/{token}"), "reset-key")


def test_the_reset_page_knows_whether_its_link_still_works(client):
    UserFactory(email=EMAIL)
    post(client, "/api/auth/reset_password", {"email": EMAIL})
    token = link_from_mail(mail.outbox[0], "reset")
    assert _reset_props(client, token) == {"token": token, "valid": True}
    assert post(client, f"/api/auth/reset_password/{token}", {"password": "Fresh-Roast-77"}).status_code == 200
    # Used: the new password hash retires the token.
    assert _reset_props(client, token) == {"token": token, "valid": False}
    assert _reset_props(client, "garbage")["valid"] is False
    assert _reset_props(client, "zz-" + token.split("-", 1)[1])["valid"] is False
