"""Sign-in through MyMLH in the browser, the provider faked by a local OAuth server: a new
student gets in, an address that belongs to an unverified account is sent back with the reason,
a cancelled consent says so, and a signed-in person links and unlinks the provider. Desktop
and phone, axe clean."""

from __future__ import annotations

from pathlib import Path

import pytest
from allauth.socialaccount.models import SocialAccount

from apps.accounts.models import User
from apps.accounts.tests import fake_oauth
from apps.core.tests.factories import UserFactory
from apps.cycles.models import CycleStatus
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from e2e.conftest import TAKE_SCREENSHOTS, expect, shot, sign_in
from e2e.test_accessibility import FAILING_IMPACTS, audit, settle


def keep(path: Path) -> None:
    """The screenshot is in e2e/screenshots/ whenever screenshots are taken (`make gallery`)."""
    assert path.exists() or not TAKE_SCREENSHOTS


def serious(page) -> list[dict]:
    return [v for v in audit(page) if v["impact"] in FAILING_IMPACTS]


@pytest.fixture
def provider(settings):
    fake = fake_oauth.start()
    settings.SOCIALACCOUNT_PROVIDERS = {"mymlh": {"APP": {"client_id": "portal-e2e", "secret": "portal-e2e-secret"}}}
    settings.MYMLH_AUTH_URL = fake.url
    settings.MYMLH_API_URL = fake.url
    yield fake
    fake.close()


def member(email: str, *, verified: bool = True, uid: str = "mlh-7") -> dict:
    return {"id": uid, "email": email, "email_verified": verified}


def test_a_new_student_signs_in_with_mymlh_and_finds_the_form_prefilled(new_page, provider):
    cycle_set_status(cycle=current_cycle(), status=CycleStatus.OPEN)
    provider.profile = {
        **member("grace@princeton.edu"),
        "first_name": "Grace",
        "last_name": "Hopper",
        "education": [{"current": True, "school_name": "Princeton University", "level_of_study": "Post Doctorate"}],
    }
    page = new_page()
    page.goto("/login")
    settle(page)
    button = page.get_by_role("button", name="Continue with MyMLH")
    expect(button).to_be_visible()
    expect(page.get_by_text("Applying needs a university email")).to_be_visible()
    assert serious(page) == []
    keep(shot(page, "social-login-desktop"))

    button.click()
    page.wait_for_url("**/dashboard")
    assert User.objects.filter(email="grace@princeton.edu").exists()
    assert SocialAccount.objects.get().extra_data == {}

    # The application form starts from what MyMLH said; the applicant may change any of it.
    page.goto("/apply")
    expect(page.get_by_label("First name")).to_have_value("Grace")
    expect(page.get_by_label("Last name")).to_have_value("Hopper")
    page.get_by_label("First name").fill("Amazing Grace")
    expect(page.get_by_label("First name")).to_have_value("Amazing Grace")


def test_refusals_say_why_on_the_sign_in_page(new_page, provider):
    UserFactory(email="ada@princeton.edu", verified=False)
    provider.profile = member("ada@princeton.edu")
    page = new_page()
    page.goto("/login")
    page.get_by_role("button", name="Continue with MyMLH").click()
    page.wait_for_url("**/login?social=link_first*")
    expect(page.get_by_text("An account with this email already exists.")).to_be_visible()
    assert not SocialAccount.objects.exists()
    assert serious(page) == []
    keep(shot(page, "social-refused-desktop"))

    provider.consent = False
    page.get_by_role("button", name="Continue with MyMLH").click()
    page.wait_for_url("**/login?social=cancelled*")
    expect(page.get_by_text("Sign-in with MyMLH was cancelled.")).to_be_visible()


def test_link_and_unlink_on_a_phone(new_page, provider):
    user = UserFactory(email="ada@princeton.edu")
    provider.profile = member("ada.lovelace@gmail.com", verified=False)
    page = sign_in(new_page(phone=True), user, next="/account/sign-in")
    settle(page, "Sign-in methods")
    page.get_by_role("button", name="Link MyMLH").click()
    page.wait_for_url("**/account/sign-in")
    expect(page.get_by_text("Linked")).to_be_visible()
    assert SocialAccount.objects.get().user == user
    assert serious(page) == []
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways ({width}px)"
    keep(shot(page, "social-methods-phone"))

    page.get_by_role("button", name="Unlink MyMLH").click()
    expect(page.get_by_text("MyMLH is no longer linked.")).to_be_visible()
    assert not SocialAccount.objects.exists()

    # The register page on a phone shows the same buttons.
    phone = new_page(phone=True)
    phone.goto("/register")
    settle(phone)
    expect(phone.get_by_role("button", name="Continue with MyMLH")).to_be_visible()
    assert serious(phone) == []
    keep(shot(phone, "social-register-phone"))


def test_a_personal_email_signs_in_adds_a_university_address_and_then_applies(new_page, provider):
    """The account comes from the provider's personal address; applying waits for a university
    address, added on the Sign-in methods page and verified from the mailed link."""
    from django.core import mail

    from e2e.conftest import mail_link

    cycle_set_status(cycle=current_cycle(), status=CycleStatus.OPEN)
    provider.profile = member("grace.hopper@gmail.com")
    page = new_page()
    page.goto("/login")
    page.get_by_role("button", name="Continue with MyMLH").click()
    page.wait_for_url("**/dashboard")
    expect(page.get_by_text("Applying needs a verified university email address").first).to_be_visible()

    page.goto("/apply")
    expect(page.get_by_text("grace.hopper@gmail.com is not one")).to_be_visible()
    expect(page.get_by_label("First name")).to_have_count(0)
    assert serious(page) == []
    page.get_by_role("link", name="Add your university email").click()
    page.wait_for_url("**/account/sign-in")
    settle(page, "Sign-in methods")
    expect(page.get_by_role("heading", name="Add your university email")).to_be_visible()

    # Someone else's address is refused at the field.
    UserFactory(email="taken@princeton.edu")
    page.get_by_role("textbox", name="University email").fill("taken@princeton.edu")
    page.get_by_role("button", name="Send verification link").click()
    expect(page.get_by_text("Another account uses this email address.")).to_be_visible()
    assert serious(page) == []

    mail.outbox.clear()
    page.get_by_role("textbox", name="University email").fill("grace@princeton.edu")
    page.get_by_role("button", name="Send verification link").click()
    expect(page.get_by_text("We sent a link to grace@princeton.edu.")).to_be_visible()
    assert [m.to for m in mail.outbox] == [["grace@princeton.edu"]]
    keep(shot(page, "social-university-email-desktop"))

    page.goto(mail_link("verify"))
    expect(page.get_by_role("heading", name="University email verified")).to_be_visible()
    page.get_by_role("link", name="Go to your application").click()
    page.wait_for_url("**/apply")
    expect(page.get_by_label("First name")).to_be_visible()
    assert User.objects.get(email="grace@princeton.edu").socialaccount_set.count() == 1


@pytest.fixture(params=["github", "google"])
def github_or_google(request, settings, monkeypatch):
    """GitHub's or Google's sign-in through allauth's own adapters, pointed at the fake server."""
    fake = fake_oauth.start()
    fake_oauth.point_github_and_google(fake, monkeypatch)
    settings.SOCIALACCOUNT_PROVIDERS = {
        request.param: {"APP": {"client_id": "portal-e2e", "secret": "portal-e2e-secret"}},
    }
    fake.id = request.param
    fake.name = {"github": "GitHub", "google": "Google"}[request.param]
    fake.user = {"github": fake_oauth.github_user, "google": fake_oauth.google_user}[request.param]
    yield fake
    fake.close()


def test_github_and_google_sign_a_new_student_in_and_refuse_an_unverified_account(new_page, github_or_google):
    fake = github_or_google
    fake.profile = fake.user("lin.wei@princeton.edu")
    page = new_page()
    page.goto("/login")
    settle(page)
    page.get_by_role("button", name=f"Continue with {fake.name}").click()
    page.wait_for_url("**/dashboard")
    assert SocialAccount.objects.get().provider == fake.id
    assert User.objects.get(email="lin.wei@princeton.edu").socialaccount_set.count() == 1

    # Someone registered this address and never opened its link: no way in through the provider.
    UserFactory(email="ada@princeton.edu", verified=False)
    fake.profile = fake.user("ada@princeton.edu", uid={"github": 99, "google": "99"}[fake.id])
    other = new_page()
    other.goto("/login")
    other.get_by_role("button", name=f"Continue with {fake.name}").click()
    other.wait_for_url("**/login?social=link_first*")
    expect(other.get_by_text("An account with this email already exists.")).to_be_visible()
    assert SocialAccount.objects.count() == 1
    assert serious(other) == []
    keep(shot(other, f"social-refused-{fake.id}-desktop"))
