"""Account calls checked against the API contract: text the database can't hold is refused."""

from __future__ import annotations

import pytest

from apps.accounts.models import WhitelistRule
from apps.accounts.services import RESET_SENT

pytestmark = pytest.mark.django_db

JSON = "application/json"


@pytest.mark.parametrize("escaped", [r"a\u0000b@gmail.com", r"a\ud800b@gmail.com"])
def test_a_reset_request_for_an_unstorable_address_is_a_400_even_when_a_pattern_matches(admin_client, client, escaped):
    """A whitelist pattern's "." matches a NUL; the address still never reaches the database."""
    assert admin_client.post(r"/api/applications/whitelistpattern/.*@gmail\.com").status_code == 201
    r = client.post("/api/auth/reset_password", '{"email": "@@"}'.replace("@@", escaped), content_type=JSON)
    assert r.status_code == 400
    assert r.json()["message"] == "Must be a valid email address"
    ok = client.post("/api/auth/reset_password", {"email": "ab@gmail.com"}, content_type=JSON)
    assert ok.json() == {"message": RESET_SENT}


@pytest.mark.parametrize(
    "url", ["/api/applications/whitelistemail/a%00b@gmail.com", "/api/applications/whitelistpattern/a%00b"]
)
def test_a_whitelist_value_with_a_nul_is_a_400(admin_client, url):
    r = admin_client.post(url)
    assert r.status_code == 400
    assert r.json()["message"]
    assert not WhitelistRule.objects.exists()


def _queries(client, url) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        r = client.get(url)
    assert r.status_code == 200, r.content
    return len(ctx.captured_queries)


def test_admins_and_whitelist_lists_take_as_many_queries_for_many_rows_as_for_few(admin_client):
    from apps.accounts.models import Role, User

    urls = ["/api/auth/admins", "/api/auth/whitelist/exceptions", "/api/auth/whitelist"]
    admin_client.get(urls[0])  # the session and the user are cached from here on
    before = [_queries(admin_client, url) for url in urls]
    for i in range(15):
        User.objects.create_user(email=f"org{i}@princeton.edu", role=Role.ADMIN)
        WhitelistRule.objects.create(kind=WhitelistRule.Kind.EMAIL, value=f"x{i}@gmail.com")
        WhitelistRule.objects.create(kind=WhitelistRule.Kind.PATTERN, value=rf".*@school{i}\.org")
    after = [_queries(admin_client, url) for url in urls]
    assert before == after
    assert max(after) <= 4
    assert len(admin_client.get(urls[0]).json()) == 16


@pytest.mark.parametrize("verified", [False, True])
def test_a_registration_racing_another_for_the_same_new_address_is_not_a_500(client, verified):
    """Two registrations of one new address: the second's insert collides with the first's row.
    It then acts as a registration of an existing account (201 fresh link, or 409 if verified)."""
    from unittest import mock

    from allauth.account.models import EmailAddress
    from django.core import mail

    from apps.accounts.models import User

    other = User.objects.create_user(email="race@princeton.edu", password="Other-pass-1")
    EmailAddress.objects.create(user=other, email=other.email, primary=True, verified=verified)
    real = User.objects.select_for_update
    calls: list[int] = []

    def first_lookup_misses(*args, **kwargs):
        calls.append(1)
        return User.objects.none() if len(calls) == 1 else real(*args, **kwargs)

    mail.outbox.clear()
    with mock.patch.object(User.objects, "select_for_update", side_effect=first_lookup_misses):
        r = client.post(
            "/api/auth/register", {"email": "race@princeton.edu", "password": "Mine-pass-2"}, content_type=JSON
        )
    assert r.status_code == (409 if verified else 201), r.json()
    assert r.json()["message"]
    assert User.objects.filter(email="race@princeton.edu").count() == 1
    assert len(mail.outbox) == (0 if verified else 1)
    # The first registration's password holds either way (re-registering never sets a password).
    assert User.objects.get(email="race@princeton.edu").check_password("Other-pass-1")
