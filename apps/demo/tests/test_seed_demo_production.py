"""seed_demo and production: the demo admin's password is published in the README, so under the
production settings the command refuses unless --force says this is a throwaway demo."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from apps.accounts.models import User
from apps.applications.tests.applicant_data import resume_storage  # noqa: F401 - fixture
from apps.core.tests.test_production_settings import manage, production_env
from apps.demo.management.commands import seed_demo


def test_seed_demo_refuses_under_production_settings():
    """Under config.settings.production, seed_demo exits non-zero with a clear message before it
    touches the database (here one that doesn't exist), so no published admin is created."""
    env = production_env(DATABASE_URL="postgres://postgres@127.0.0.1:5432/portal_never_created_by_seed_demo")
    result = manage("seed_demo", env=env)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "seed_demo refuses to run under production settings" in result.stderr
    assert "--force" in result.stderr
    assert "OperationalError" not in result.stderr


@pytest.mark.django_db
def test_seed_demo_refusal_creates_nothing(settings):
    """The refusal comes before the first write: no admin, no applicant."""
    settings.PRODUCTION = True
    with pytest.raises(CommandError, match="refuses to run under production settings"):
        call_command("seed_demo", stdout=io.StringIO())
    assert not User.objects.exists()


@pytest.mark.django_db
def test_seed_demo_force_seeds_under_production_settings(settings, resume_storage):  # noqa: F811
    """--force is the explicit way to seed a throwaway demo deployment."""
    settings.PRODUCTION = True
    out = io.StringIO()
    call_command("seed_demo", "--force", stdout=out)
    assert User.objects.filter(email=seed_demo.ADMIN_EMAIL, is_superuser=True).exists()
    assert User.objects.count() > 1
