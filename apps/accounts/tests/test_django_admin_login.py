"""Django's admin login shares the API login's throttle; its URL is configurable."""

from __future__ import annotations

import importlib

import pytest
from django.conf import settings as django_settings
from django.test import override_settings
from django.urls import clear_url_caches

from apps.accounts.models import User
from config.settings import base
from conftest import PASSWORD, PortalClient

pytestmark = pytest.mark.django_db

ADMIN_LOGIN = "/django-admin/login/"
WRONG = "Wrong-pass-1"


@pytest.fixture(autouse=True)
def production_rates(settings):
    settings.ACCOUNT_RATE_LIMITS = dict(base.ACCOUNT_RATE_LIMITS)


@pytest.fixture
def boss(db):
    return User.objects.create_superuser(email="boss@princeton.edu", password=PASSWORD)


def admin_login(client, email, password):
    return client.post(ADMIN_LOGIN, {"username": email, "password": password, "next": "/django-admin/"})


def api_login(client, email, password):
    return client.post("/api/auth/login", {"email": email, "password": password}, content_type="application/json")


def test_wrong_passwords_at_the_admin_login_run_out(boss):
    """Before: 30 wrong passwords all answered 200 and the 31st, right, one signed in."""
    client = PortalClient()
    answers = [admin_login(client, boss.email, WRONG).status_code for _ in range(30)]
    assert answers[:5] == [200] * 5
    assert set(answers[5:]) == {429}
    r = admin_login(client, boss.email, PASSWORD)
    assert r.status_code == 429
    assert b"Too many attempts" in r.content
    assert client.get("/django-admin/").status_code == 302  # still signed out


def test_the_admin_and_api_logins_share_one_budget(boss):
    client = PortalClient()
    for _ in range(3):
        assert api_login(client, boss.email, WRONG).status_code == 401
    for _ in range(2):
        assert admin_login(client, boss.email, WRONG).status_code == 200
    assert api_login(client, boss.email, PASSWORD).status_code == 429
    assert admin_login(client, boss.email, PASSWORD).status_code == 429


def test_the_admin_login_still_signs_in_and_marks_the_device(boss):
    client = PortalClient()
    r = admin_login(client, boss.email, PASSWORD)
    assert r.status_code == 302
    assert client.cookies[django_settings.LOGIN_DEVICE_COOKIE_NAME].value
    assert client.get("/django-admin/").status_code == 200


def test_a_non_staff_password_counts_as_a_failure(student):
    client = PortalClient()
    for _ in range(5):
        assert admin_login(client, student.email, PASSWORD).status_code == 200
    assert admin_login(client, student.email, PASSWORD).status_code == 429


def _reload_urls():
    import config.urls

    importlib.reload(config.urls)
    clear_url_caches()


def test_the_admin_url_comes_from_the_setting(boss):
    try:
        with override_settings(DJANGO_ADMIN_URL="backstage-7f3/"):
            _reload_urls()
            client = PortalClient()
            assert client.get("/backstage-7f3/login/").status_code == 200
            assert client.get(ADMIN_LOGIN).status_code == 404
            r = client.post("/backstage-7f3/login/", {"username": boss.email, "password": PASSWORD})
            assert r.status_code == 302
    finally:
        _reload_urls()
    assert PortalClient().get(ADMIN_LOGIN).status_code == 200
