"""Production settings: Django's deployment checks are clean, nothing falls back to the
development defaults, and the compose stack ships no secret and no cookie downgrade."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[3]
# Variables that would change what the production settings decide: the subprocesses start
# without them, so the outcome depends only on what each test passes.
_OVERRIDES = re.compile(r"^(DJANGO_|SECURE_|SESSION_COOKIE_|CSRF_COOKIE_|SITE_URL$)")


def production_env(**overrides: str | None) -> dict[str, str]:
    """A clean environment for config.settings.production; an override of None removes it."""
    env = {key: value for key, value in os.environ.items() if not _OVERRIDES.match(key)}
    env |= {
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DATABASE_URL": os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/portal",
        "REDIS_URL": os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0",
        "SITE_URL": "https://portal.example.org",
    }
    for key, value in overrides.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


# --- check --deploy ----------------------------------------------------------------------


def test_deploy_check_is_clean_under_production_settings():
    """`check --deploy --fail-level WARNING` passes with production's defaults: HSTS for a year,
    the https redirect, secure cookies, nosniff, the referrer policy."""
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=production_env())
    assert result.returncode == 0, result.stderr + result.stdout
    assert "no issues" in result.stdout


def test_production_defaults_are_https_only():
    """The values behind the clean check: a year of HSTS with subdomains, no preload unless
    asked, the redirect and secure cookies on."""
    code = (
        "from django.conf import settings as s; "
        "print(s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS, s.SECURE_HSTS_PRELOAD, "
        "s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_REFERRER_POLICY, "
        "s.DEBUG)"
    )
    result = manage("shell", "-c", code, env=production_env())
    assert result.returncode == 0, result.stderr
    values = result.stdout.splitlines()[-1].split()
    assert values == ["31536000", "True", "False", "True", "True", "True", "same-origin", "False"]

    tuned = production_env(SECURE_HSTS_SECONDS="600", SECURE_HSTS_PRELOAD="true", SECURE_HSTS_INCLUDE_SUBDOMAINS="0")
    result = manage("shell", "-c", code, env=tuned)
    assert result.stdout.splitlines()[-1].split()[:3] == ["600", "False", "True"]


def test_plain_http_opt_out_is_explicit_and_the_deploy_check_says_so():
    """DJANGO_ALLOW_PLAIN_HTTP=true (a local compose stack on http) turns the redirect, the secure
    cookies and HSTS off, and the deployment check then fails on exactly those."""
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=production_env(DJANGO_ALLOW_PLAIN_HTTP="true"))
    assert result.returncode != 0
    assert set(re.findall(r"security\.W\d+", result.stderr)) == {
        "security.W004",  # HSTS
        "security.W008",  # SSL redirect
        "security.W012",  # session cookie
        "security.W016",  # CSRF cookie
    }


def test_postgresql_gets_prepared_statements_unless_turned_off_and_sqlite_never():
    """Server-side binding on PostgreSQL by default, with psycopg's automatic preparation off
    (the compiled reads prepare their own: apps/core/tests/test_prepared_statements.py);
    DATABASE_PREPARED_STATEMENTS=false (a pooler that can't carry them) leaves Django's client-side
    binding; SQLite has neither option to take."""
    from config.settings.base import PREPARE_ONLY_WHEN_ASKED, prepared_statement_options

    postgresql, sqlite = "django.db.backends.postgresql", "django.db.backends.sqlite3"
    on = {"server_side_binding": True, "prepare_threshold": PREPARE_ONLY_WHEN_ASKED}
    assert prepared_statement_options(postgresql, True) == on
    assert prepared_statement_options(postgresql, False) == {}
    assert prepared_statement_options(sqlite, True) == {}
    # The variable reaches the settings: production, on PostgreSQL, by default and turned off.
    code = (
        "from django.conf import settings as s; o = s.DATABASES['default'].get('OPTIONS', {}); "
        "print(o.get('server_side_binding'), o.get('prepare_threshold'))"
    )
    postgres = "postgres://postgres@127.0.0.1:5432/portal"
    off = {"DATABASE_PREPARED_STATEMENTS": "false"}
    cases = (({}, ["True", str(PREPARE_ONLY_WHEN_ASKED)]), (off, ["None", "None"]))
    for extra, expected in cases:
        result = manage("shell", "-c", code, env=production_env(DATABASE_URL=postgres, **extra))
        assert result.returncode == 0, result.stderr
        assert result.stdout.splitlines()[-1].split() == expected, extra


@pytest.mark.parametrize("missing", ["DATABASE_URL", "REDIS_URL", "DJANGO_SECRET_KEY", "SITE_URL"])
def test_production_refuses_to_start_without_a_required_variable(missing):
    """No silent fallback to SQLite, the filesystem broker, the development key or links to
    127.0.0.1: a missing variable is an ImproperlyConfigured naming it."""
    result = manage("check", env=production_env(**{missing: None}))
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert f"{missing} must be set" in result.stderr


def test_an_empty_required_variable_counts_as_missing():
    """DATABASE_URL= (empty, as an unfilled .env line leaves it) is refused too."""
    result = manage("check", env=production_env(DATABASE_URL=""))
    assert result.returncode != 0 and "DATABASE_URL must be set" in result.stderr


# --- docker-compose.yml ------------------------------------------------------------------


def test_compose_file_ships_no_secret_and_no_cookie_downgrade():
    """docker-compose.yml is valid YAML; the secret key is compose's required variable (no
    literal, no default), and no service sets a *_SECURE variable to false."""
    text = (ROOT / "docker-compose.yml").read_text()
    compose = yaml.safe_load(text)
    assert "change-me" not in text
    services = compose["services"]
    for name in ("web", "worker", "beat"):
        environment = services[name]["environment"]
        secret = str(environment["DJANGO_SECRET_KEY"])
        assert re.fullmatch(r"\$\{DJANGO_SECRET_KEY:\?[^}]+\}", secret), secret
        for key, value in environment.items():
            value = str(value).lower()
            if key.endswith("_SECURE") or key == "SECURE_SSL_REDIRECT":
                # Absent (production's secure default) or from the environment, never off by default.
                assert value not in {"false", "0", "no", "off"}, (name, key, value)
                assert not re.search(r":-(false|0|no|off)\}", value), (name, key, value)
            if key == "DJANGO_ALLOW_PLAIN_HTTP":
                assert value in {"false", "${django_allow_plain_http:-false}"}, (name, key, value)
        assert environment["DJANGO_SETTINGS_MODULE"] == "config.settings.production"
