"""The password hasher: Argon2id at costs taken from the settings; older hashes still verify
and are re-made with the preferred hasher at the next sign-in."""

from __future__ import annotations

import pytest
from django.contrib.auth.hashers import check_password, identify_hasher, make_password
from django.test import override_settings

from apps.accounts.models import User
from conftest import PASSWORD, make_user

PRODUCTION_HASHERS = [
    "apps.accounts.hashers.Argon2idPasswordHasher",
    "apps.accounts.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
]


def test_production_prefers_argon2id_at_owasps_parameters(settings):
    from config.settings import base

    assert base.PASSWORD_HASHERS == PRODUCTION_HASHERS
    assert (base.PASSWORD_ARGON2_MEMORY_COST, base.PASSWORD_ARGON2_TIME_COST, base.PASSWORD_ARGON2_PARALLELISM) == (
        19 * 1024,
        2,
        1,
    )
    with override_settings(PASSWORD_HASHERS=PRODUCTION_HASHERS):
        encoded = make_password(PASSWORD)
        assert encoded.startswith("argon2$argon2id$v=19$m=19456,t=2,p=1$")
        assert check_password(PASSWORD, encoded)
        assert not check_password("wrong", encoded)


def test_the_costs_are_settings(settings):
    settings.PASSWORD_HASHERS = PRODUCTION_HASHERS
    settings.PASSWORD_ARGON2_MEMORY_COST = 8 * 1024
    settings.PASSWORD_ARGON2_TIME_COST = 3
    assert make_password(PASSWORD).startswith("argon2$argon2id$v=19$m=8192,t=3,p=1$")
    settings.PASSWORD_HASHERS = PRODUCTION_HASHERS[1:]
    settings.PASSWORD_PBKDF2_ITERATIONS = 1234
    assert make_password(PASSWORD).startswith("pbkdf2_sha256$1234$")


def test_tests_keep_a_fast_hasher(settings):
    assert identify_hasher(make_password(PASSWORD)).algorithm == "md5"


@pytest.mark.parametrize(
    "old_hashers",
    [
        ["django.contrib.auth.hashers.PBKDF2PasswordHasher"],  # before this change: Django's PBKDF2
        ["apps.accounts.hashers.PBKDF2PasswordHasher"],
        ["apps.accounts.hashers.Argon2idPasswordHasher"],  # Argon2id at other costs (below)
    ],
)
def test_an_older_hash_signs_in_and_is_remade_with_the_preferred_hasher(client, db, settings, old_hashers):
    settings.PASSWORD_PBKDF2_ITERATIONS = 1000  # keep the test fast; the upgrade is what matters
    settings.PASSWORD_ARGON2_MEMORY_COST = 1024
    settings.PASSWORD_HASHERS = old_hashers
    user = make_user("ada@princeton.edu")
    before = User.objects.get(pk=user.pk).password
    settings.PASSWORD_HASHERS = PRODUCTION_HASHERS
    settings.PASSWORD_ARGON2_MEMORY_COST = 19 * 1024
    r = client.post("/api/auth/login", {"email": user.email, "password": PASSWORD}, content_type="application/json")
    assert r.status_code == 200, r.json()
    after = User.objects.get(pk=user.pk).password
    assert after != before
    assert after.startswith("argon2$argon2id$v=19$m=19456,t=2,p=1$")
    # And the new hash signs in as well.
    client.post("/api/auth/logout", content_type="application/json")
    r = client.post("/api/auth/login", {"email": user.email, "password": PASSWORD}, content_type="application/json")
    assert r.status_code == 200
