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
