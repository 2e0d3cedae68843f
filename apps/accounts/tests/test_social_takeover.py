"""Sign-in through a provider (MyMLH, faked by a local OAuth server) never takes over an account:
it joins one only when the provider verified the address and so did the account; otherwise the
person is sent back to sign in with their password. Nothing but the link is kept."""

from __future__ import annotations

import http.client
import io
import json
import zipfile
from urllib.parse import parse_qs, urlsplit

import pytest
from allauth.account.models import EmailAddress
from allauth.socialaccount.models import SocialAccount, SocialToken
from django.test import override_settings

from apps.accounts.models import User
from apps.core.tests.factories import UserFactory
from conftest import PASSWORD, PortalClient, signed_in_client

from . import fake_oauth

pytestmark = pytest.mark.django_db
MYMLH_APP = {"mymlh": {"APP": {"client_id": "portal-test", "secret": "portal-test-secret"}}}


@pytest.fixture
def provider():
    fake = fake_oauth.start()
    with override_settings(SOCIALACCOUNT_PROVIDERS=MYMLH_APP, MYMLH_AUTH_URL=fake.url, MYMLH_API_URL=fake.url):
        yield fake
    fake.close()


def member(email: str, *, verified: bool = True, uid: str = "mlh-1") -> dict:
    return {"id": uid, "email": email, "email_verified": verified, "first_name": "Ada", "last_name": "Lovelace"}


def sign_in_with_provider(client, *, process: str = "login", provider_id: str = "mymlh") -> str:
    """The whole round trip: the portal's POST, the provider's consent, the callback. Returns
    where the portal sends the browser at the end."""
    start = client.post(f"/accounts/{provider_id}/login/", {"process": process})
    assert start.status_code == 302, start
    authorize = urlsplit(start["Location"])
    connection = http.client.HTTPConnection(authorize.hostname, authorize.port, timeout=5)
    connection.request("GET", f"{authorize.path}?{authorize.query}")
    consent = connection.getresponse()
    consent.read()
    assert consent.status == 302
    callback = urlsplit(consent.getheader("Location"))
    done = client.get(f"{callback.path}?{callback.query}")
    assert done.status_code == 302, done
    return done["Location"]


def signed_in_as(client) -> str | None:
    response = client.get("/api/auth/user")
    return response.json()["email"] if response.status_code == 200 else None


def refusal(location: str) -> str | None:
    return parse_qs(urlsplit(location).query).get("social", [None])[0]


def test_a_new_verified_student_gets_an_account_and_only_the_link_is_kept(provider):
    provider.profile = member("new@princeton.edu")
    client = PortalClient()

    assert sign_in_with_provider(client) == "/dashboard"

    assert signed_in_as(client) == "new@princeton.edu"
    user = User.objects.get(email="new@princeton.edu")
    assert not user.has_usable_password()
    assert EmailAddress.objects.filter(user=user, email="new@princeton.edu", verified=True, primary=True).exists()
    link = SocialAccount.objects.get(user=user)
    assert (link.provider, link.uid, link.extra_data) == ("mymlh", "mlh-1", {})
    assert not SocialToken.objects.exists()
    assert sorted(provider.scopes_asked) == sorted(
        ["public", "user:read:email", "user:read:profile", "user:read:education", "user:read:phone"]
    )


def test_a_verified_address_joins_the_account_that_verified_it(provider):
    owner = UserFactory(email="ada@princeton.edu")
    provider.profile = member("Ada@Princeton.edu")
    client = PortalClient()

    sign_in_with_provider(client)

    assert signed_in_as(client) == "ada@princeton.edu"
    assert SocialAccount.objects.get().user == owner
    # The link holds: the next sign-in goes by it, whatever the address says then.
    provider.profile = member("ada.lovelace@gmail.com", verified=False)
    other = PortalClient()
    sign_in_with_provider(other)
    assert signed_in_as(other) == "ada@princeton.edu"


def test_an_unverified_provider_email_never_gives_access(provider):
    UserFactory(email="ada@princeton.edu")
    provider.profile = member("ada@princeton.edu", verified=False)
    client = PortalClient()

    assert refusal(sign_in_with_provider(client)) == "unverified"

    assert signed_in_as(client) is None
    assert not SocialAccount.objects.exists()
    # Nor does it make an account for an address nobody has.
    provider.profile = member("nobody@princeton.edu", verified=False, uid="mlh-2")
    assert refusal(sign_in_with_provider(client)) == "unverified"
    assert not User.objects.filter(email="nobody@princeton.edu").exists()


def test_a_provider_email_equal_to_an_unverified_local_account_never_gives_access(provider):
    """Whoever registered the address never proved it theirs; the provider's owner may be the
    real one, or the other way round: neither gets in through the other."""
    squatted = UserFactory(email="ada@princeton.edu", verified=False)
    provider.profile = member("ada@princeton.edu", verified=True)
    client = PortalClient()

    assert refusal(sign_in_with_provider(client)) == "link_first"

    assert signed_in_as(client) is None
    assert not SocialAccount.objects.exists()
    squatted.refresh_from_db()
    assert not EmailAddress.objects.get(user=squatted).verified


def test_a_personal_email_gets_an_account_that_signs_in_again_but_may_not_apply(provider):
    provider.profile = member("ada.lovelace@gmail.com")
    client = PortalClient()
    assert sign_in_with_provider(client) == "/dashboard"
    assert signed_in_as(client) == "ada.lovelace@gmail.com"
    user = User.objects.get()
    assert EmailAddress.objects.filter(user=user, email="ada.lovelace@gmail.com", verified=True, primary=True).exists()
    assert SocialAccount.objects.get().user == user

    again = PortalClient()
    sign_in_with_provider(again)
    assert signed_in_as(again) == "ada.lovelace@gmail.com"
    assert User.objects.count() == 1


def test_a_whitelisted_personal_email_is_welcome(provider):
    from apps.accounts.models import WhitelistRule

    WhitelistRule.objects.create(kind=WhitelistRule.Kind.EMAIL, value="ada.lovelace@gmail.com")
    provider.profile = member("ada.lovelace@gmail.com")
    client = PortalClient()
    sign_in_with_provider(client)
    assert signed_in_as(client) == "ada.lovelace@gmail.com"


def test_cancelled_consent_goes_back_to_sign_in_with_the_reason(provider, client):
    provider.consent = False
    location = sign_in_with_provider(PortalClient())
    assert refusal(location) == "cancelled"
    assert b"Sign-in with MyMLH was cancelled." in client.get(location).content


def test_linking_from_a_signed_in_account_then_signing_in_with_it(provider):
    owner = UserFactory(email="ada@princeton.edu")
    provider.profile = member("ada.personal@gmail.com", verified=False)
    client = signed_in_client(owner, PASSWORD)

    assert sign_in_with_provider(client, process="connect") == "/account/sign-in"
    assert SocialAccount.objects.get().user == owner

    fresh = PortalClient()
    sign_in_with_provider(fresh)
    assert signed_in_as(fresh) == "ada@princeton.edu"


def test_providers_are_off_unless_configured(client):
    with override_settings(SOCIALACCOUNT_PROVIDERS={}):
        assert client.post("/accounts/mymlh/login/").status_code == 404
        assert client.get("/accounts/github/login/callback/?code=x&state=y").status_code == 404
        assert client.get("/login").context["page_props"]["providers"] == []
    with override_settings(SOCIALACCOUNT_PROVIDERS={"github": {"APP": {"client_id": "a", "secret": "b"}}}):
        props = client.get("/register").context["page_props"]
        assert props["providers"] == [{"id": "github", "name": "GitHub", "login_url": "/accounts/github/login/"}]


def test_export_lists_the_link_and_deletion_removes_it(provider):
    provider.profile = member("new@princeton.edu")
    client = PortalClient()
    sign_in_with_provider(client)
    response = client.get("/api/privacy/export")
    archive = zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content)))
    data = json.loads(archive.read("data.json"))
    assert [(x["provider"], x["uid"]) for x in data["account"]["linked_sign_ins"]] == [("mymlh", "mlh-1")]

    deleted = client.post(
        "/api/privacy/delete-account", {"email": "new@princeton.edu"}, content_type="application/json"
    )
    assert deleted.status_code == 200, deleted.json()
    assert not SocialAccount.objects.exists()


def test_unlinking_keeps_one_way_to_sign_in(provider):
    provider.profile = member("new@princeton.edu")
    client = PortalClient()
    sign_in_with_provider(client)  # no password: the link is the only way in

    refused = client.delete("/api/auth/sign-in-methods/mymlh")
    assert refused.status_code == 409
    assert "only way to sign in" in refused.json()["message"]
    assert SocialAccount.objects.count() == 1
    assert client.delete("/api/auth/sign-in-methods/github").status_code == 404
    assert client.delete("/api/auth/sign-in-methods/%00").status_code == 404

    user = User.objects.get()
    user.set_password(PASSWORD)  # a password reset, say (which signs the old session out)
    user.save()
    client = signed_in_client(user, PASSWORD)
    methods = client.get("/api/auth/sign-in-methods").json()
    assert methods["has_password"] is True
    assert [(p["id"], p["linked"]) for p in methods["providers"]] == [("mymlh", True)]
    unlinked = client.delete("/api/auth/sign-in-methods/mymlh")
    assert unlinked.status_code == 200, unlinked.json()
    assert unlinked.json()["providers"][0]["linked"] is False
    assert not SocialAccount.objects.exists()


def test_the_sign_in_methods_page_needs_a_session(client):
    assert client.get("/account/sign-in").status_code == 302
    assert client.get("/api/auth/sign-in-methods").status_code in (401, 403)


def test_mymlh_prefills_the_application_form_without_storing_it(provider):
    from apps.applications.models import Application
    from apps.cycles.models import CycleStatus
    from apps.cycles.selectors import current_cycle
    from apps.cycles.services import cycle_set_status

    cycle_set_status(cycle=current_cycle(), status=CycleStatus.OPEN)
    provider.profile = {
        **member("new@princeton.edu"),
        "first_name": "Ada",
        "last_name": "Lovelace",
        "phone_number": "+1 609 555 0100",
        "education": [
            {"current": False, "school_name": "Old School"},
            {
                "current": True,
                "school_name": "Princeton University",
                "level_of_study": "undergraduate university (3+ year)",
                "graduation": "2027-05-01",
            },
        ],
        "profile": {"shirt_size": "Unisex - XXXL"},  # not one of the question's options: left out
    }
    client = PortalClient()
    sign_in_with_provider(client)

    props = client.get("/apply").context["page_props"]["application"]
    assert (props["first"], props["last"], props["school"]) == ("Ada", "Lovelace", "Princeton University")
    answers = {a["question_id"]: a["answer"] for s in props["sections"] for a in s["answers"]}
    assert answers == {"level_of_study": "Undergraduate University (3+ year)"}
    # Shown, not kept: no application until the applicant saves, and the link holds no data.
    assert not Application.objects.exists()
    assert SocialAccount.objects.get().extra_data == {}
