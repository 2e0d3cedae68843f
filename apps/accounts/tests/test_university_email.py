"""A provider account with a personal address signs in, but applies only once it has added and
verified a university address, which then becomes the account's address. The no-takeover rules
hold alongside: an address another account uses is refused at the field, and an unverified
provider address still gives no access."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from allauth.socialaccount.models import SocialAccount
from django.core import mail
from django.test import override_settings

from apps.accounts import services
from apps.accounts.models import User, WhitelistRule
from apps.applications.models import Application
from apps.core.tests.factories import UserFactory
from apps.cycles.models import CycleStatus
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from conftest import PASSWORD, PortalClient, link_from_mail, signed_in_client

from . import fake_oauth
from .test_social_takeover import MYMLH_APP, member, refusal, sign_in_with_provider, signed_in_as

pytestmark = pytest.mark.django_db
ADD = "/api/auth/university-email"
SAVE = "/api/applications/save"


@pytest.fixture
def provider():
    fake = fake_oauth.start()
    with override_settings(SOCIALACCOUNT_PROVIDERS=MYMLH_APP, MYMLH_AUTH_URL=fake.url, MYMLH_API_URL=fake.url):
        yield fake
    fake.close()


@pytest.fixture
def open_cycle():
    cycle_set_status(cycle=current_cycle(), status=CycleStatus.OPEN)


@pytest.fixture
def personal(provider, open_cycle):
    """A client signed in through the provider with a personal address, its account new."""
    provider.profile = member("ada.lovelace@gmail.com")
    client = PortalClient()
    assert sign_in_with_provider(client) == "/dashboard"
    return client


def add(client, email: str):
    return client.post(ADD, {"email": email}, content_type="application/json")


def verify_from_mail(client) -> dict:
    token = link_from_mail(mail.outbox[-1], "verify")
    response = client.get(f"/api/auth/verify/{token}")
    assert response.status_code == 200, response.json()
    return response.json()


def test_the_account_is_made_from_the_provider_personal_address(personal):
    user = User.objects.get()
    assert user.email == "ada.lovelace@gmail.com"
    assert not user.has_usable_password()
    assert EmailAddress.objects.filter(user=user, email="ada.lovelace@gmail.com", verified=True, primary=True).exists()
    assert SocialAccount.objects.get().user == user


def test_applying_is_refused_with_why_and_where_until_a_university_address_is_verified(personal):
    saved = personal.post(SAVE, {"first": "Ada"}, content_type="application/json")
    assert saved.status_code == 409
    assert "needs a verified university email" in saved.json()["message"]
    assert "/account/sign-in" in saved.json()["message"]
    submitted = personal.post("/api/applications/application", {}, content_type="application/json")
    assert submitted.status_code == 409
    assert "university email" in submitted.json()["message"]
    assert not Application.objects.exclude(status="unsubmitted").exists()

    assert personal.get("/apply")["Location"] == "/apply/blocked"
    page = personal.get("/apply/blocked")
    assert page.context["page"] == "apply-blocked"
    assert page.context["page_props"]["href"] == "/account/sign-in"
    assert "ada.lovelace@gmail.com is not one" in page.context["page_props"]["message"]
    assert "university email" in personal.get("/dashboard").context["page_props"]["universityEmailNeeded"]
    methods = personal.get("/api/auth/sign-in-methods").json()
    assert "ada.lovelace@gmail.com is not one" in methods["university_email_needed"]

    # Added but not yet verified: still refused.
    assert add(personal, "ada@princeton.edu").status_code == 200
    assert personal.post(SAVE, {"first": "Ada"}, content_type="application/json").status_code == 409
    assert personal.get("/api/auth/sign-in-methods").json()["pending_email"] == "ada@princeton.edu"


def test_the_verification_link_makes_the_university_address_primary(personal, provider):
    mail.outbox.clear()
    answer = add(personal, "Ada@Princeton.edu")
    assert answer.status_code == 200, answer.json()
    assert "ada@princeton.edu" in answer.json()["message"]
    assert [m.to for m in mail.outbox] == [["ada@princeton.edu"]]

    verified = verify_from_mail(PortalClient())  # the mail may be opened anywhere
    assert verified["address_added"] is True and verified["already_verified"] is False

    user = User.objects.get()
    assert user.email == "ada@princeton.edu"
    addresses = {a.email: (a.verified, a.primary) for a in EmailAddress.objects.filter(user=user)}
    assert addresses == {"ada@princeton.edu": (True, True), "ada.lovelace@gmail.com": (True, False)}
    assert signed_in_as(personal) == "ada@princeton.edu"
    saved = personal.post(SAVE, {"first": "Ada"}, content_type="application/json")
    assert saved.status_code == 200, saved.json()
    assert personal.get("/apply").status_code == 200
    assert personal.get("/apply/blocked").context["page_props"]["href"] == "/apply"
    assert personal.get("/dashboard").context["page_props"]["universityEmailNeeded"] is None

    # The provider still signs the same account in, by its link.
    again = PortalClient()
    sign_in_with_provider(again)
    assert signed_in_as(again) == "ada@princeton.edu"


def test_the_added_address_is_refused_at_its_field(personal):
    UserFactory(email="taken@princeton.edu")
    UserFactory(email="squatted@princeton.edu", verified=False)
    other = UserFactory(email="bob@princeton.edu")
    EmailAddress.objects.create(user=other, email="bob.second@princeton.edu", verified=False, primary=False)
    cases = {
        "taken@princeton.edu": services.UNIVERSITY_EMAIL_TAKEN,
        "Squatted@princeton.edu": services.UNIVERSITY_EMAIL_TAKEN,
        "bob.second@princeton.edu": services.UNIVERSITY_EMAIL_TAKEN,
        "ada.other@gmail.com": "Must be a student email assigned by a university",
        "ada.lovelace@gmail.com": "Must be a student email assigned by a university",
        "not an address": "Must be a student email assigned by a university",
    }
    mail.outbox.clear()
    for email, message in cases.items():
        response = add(personal, email)
        assert response.status_code == 400, (email, response.json())
        assert response.json()["errors"]["email"] == [message], email
    assert add(personal, 7).status_code == 400
    assert mail.outbox == []
    assert EmailAddress.objects.filter(user__email="ada.lovelace@gmail.com").count() == 1


def test_a_whitelisted_address_may_be_the_added_one(personal):
    WhitelistRule.objects.create(kind=WhitelistRule.Kind.EMAIL, value="ada@partner.org")
    assert add(personal, "ada@partner.org").status_code == 200
    verify_from_mail(PortalClient())
    assert personal.post(SAVE, {"first": "Ada"}, content_type="application/json").status_code == 200


def test_a_newer_address_replaces_the_waiting_one_and_the_old_link_dies(personal):
    assert add(personal, "ada@princeton.edu").status_code == 200
    first = link_from_mail(mail.outbox[-1], "verify")
    assert add(personal, "ada@cam.ac.uk").status_code == 200
    assert PortalClient().get(f"/api/auth/verify/{first}").status_code == 400
    verify_from_mail(PortalClient())
    assert User.objects.get().email == "ada@cam.ac.uk"


def test_registering_an_address_another_account_is_verifying_is_refused(personal):
    assert add(personal, "ada@princeton.edu").status_code == 200
    registered = PortalClient().post(
        "/api/auth/register", {"email": "ada@princeton.edu", "password": PASSWORD}, content_type="application/json"
    )
    assert registered.status_code == 409
    assert User.objects.count() == 1


def test_an_unverified_provider_email_is_still_refused(provider):
    provider.profile = member("ada.lovelace@gmail.com", verified=False)
    client = PortalClient()
    assert refusal(sign_in_with_provider(client)) == "unverified"
    assert signed_in_as(client) is None
    assert not User.objects.exists()


def test_a_personal_provider_email_equal_to_an_unverified_local_account_is_refused(provider):
    WhitelistRule.objects.create(kind=WhitelistRule.Kind.EMAIL, value="ada.lovelace@gmail.com")
    UserFactory(email="ada.lovelace@gmail.com", verified=False)
    provider.profile = member("ada.lovelace@gmail.com")
    client = PortalClient()
    assert refusal(sign_in_with_provider(client)) == "link_first"
    assert signed_in_as(client) is None
    assert not SocialAccount.objects.exists()


def test_a_student_account_needs_nothing_and_the_api_needs_a_session(open_cycle):
    user = UserFactory(email="grace@princeton.edu")
    client = signed_in_client(user, PASSWORD)
    assert client.get("/api/auth/sign-in-methods").json()["university_email_needed"] is None
    assert client.post(SAVE, {"first": "Grace"}, content_type="application/json").status_code == 200
    assert PortalClient().post(ADD, {"email": "x@princeton.edu"}, content_type="application/json").status_code in (
        401,
        403,
    )


def test_adding_addresses_is_limited_per_account(personal):
    """Each add mails a link: past the limit (10 an hour) the account is told to wait."""
    answers = [add(personal, f"ada{n}@princeton.edu").status_code for n in range(11)]
    assert answers == [200] * 10 + [429]
