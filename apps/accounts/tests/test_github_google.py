"""GitHub and Google sign-in through allauth's own adapters, against the fake provider speaking
their endpoints (GitHub's /user/emails with its verified flags, Google's id_token): the same
rules as MyMLH's, since the decision is the portal's adapter's, whatever the provider."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from allauth.socialaccount.models import SocialAccount
from django.test import override_settings

from apps.accounts.models import User
from apps.core.tests.factories import UserFactory
from conftest import PortalClient

from . import fake_oauth
from .test_social_takeover import refusal, sign_in_with_provider, signed_in_as

pytestmark = pytest.mark.django_db
APPS = {
    "github": {"APP": {"client_id": "portal-test-gh", "secret": "gh-secret"}},
    "google": {"APP": {"client_id": "portal-test-google", "secret": "google-secret"}, "SCOPE": ["openid", "email"]},
}
USERS = {"github": fake_oauth.github_user, "google": fake_oauth.google_user}
UIDS = {"github": "583231", "google": "10769150350006150715113082367"}


@pytest.fixture(params=["github", "google"])
def provider(request, monkeypatch):
    fake = fake_oauth.start()
    fake_oauth.point_github_and_google(fake, monkeypatch)
    fake.id = request.param
    with override_settings(SOCIALACCOUNT_PROVIDERS=APPS):
        yield fake
    fake.close()


def test_a_new_student_gets_an_account_and_only_the_link_is_kept(provider):
    provider.profile = USERS[provider.id]("grace@princeton.edu")
    client = PortalClient()

    assert sign_in_with_provider(client, provider_id=provider.id) == "/dashboard"

    assert signed_in_as(client) == "grace@princeton.edu"
    user = User.objects.get()
    assert EmailAddress.objects.filter(user=user, email="grace@princeton.edu", verified=True, primary=True).exists()
    link = SocialAccount.objects.get()
    assert (link.provider, link.uid, link.extra_data) == (provider.id, UIDS[provider.id], {})


def test_an_address_of_an_unverified_local_account_is_refused(provider):
    squatted = UserFactory(email="grace@princeton.edu", verified=False)
    provider.profile = USERS[provider.id]("grace@princeton.edu")
    client = PortalClient()

    assert refusal(sign_in_with_provider(client, provider_id=provider.id)) == "link_first"

    assert signed_in_as(client) is None
    assert not SocialAccount.objects.exists()
    assert not EmailAddress.objects.get(user=squatted).verified


def test_an_address_the_provider_has_not_verified_is_refused(provider):
    UserFactory(email="grace@princeton.edu")
    provider.profile = USERS[provider.id]("grace@princeton.edu", verified=False)
    client = PortalClient()
    assert refusal(sign_in_with_provider(client, provider_id=provider.id)) == "unverified"
    assert signed_in_as(client) is None
    assert not SocialAccount.objects.exists()


def test_a_verified_address_joins_the_account_that_verified_it(provider):
    owner = UserFactory(email="grace@princeton.edu")
    provider.profile = USERS[provider.id]("Grace@Princeton.edu")
    client = PortalClient()
    sign_in_with_provider(client, provider_id=provider.id)
    assert signed_in_as(client) == "grace@princeton.edu"
    assert SocialAccount.objects.get().user == owner


def test_github_takes_the_verified_address_of_several():
    """GitHub lists every address of the account; only a verified one is vouched for."""
    fake = fake_oauth.start()
    try:
        with pytest.MonkeyPatch.context() as patch, override_settings(SOCIALACCOUNT_PROVIDERS=APPS):
            fake_oauth.point_github_and_google(fake, patch)
            fake.profile = {
                "id": 9,
                "login": "grace",
                "email": "grace.public@princeton.edu",
                "emails": [
                    {"email": "grace.public@princeton.edu", "verified": False, "primary": True},
                    {"email": "grace@cam.ac.uk", "verified": True, "primary": False},
                ],
            }
            client = PortalClient()
            assert sign_in_with_provider(client, provider_id="github") == "/dashboard"
            assert signed_in_as(client) == "grace@cam.ac.uk"
    finally:
        fake.close()


def test_the_sign_in_page_lets_the_browser_go_to_the_adapter_address(provider):
    """The pages' CSP form-action names where the adapter sends the browser."""
    response = PortalClient().get("/login")
    assert provider.url in response.headers["Content-Security-Policy"]
