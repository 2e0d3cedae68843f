"""Django's admin (/django-admin/) shows every table of the portal: a superuser looking into a
problem finds each model there, either on its own page or inline under the row it belongs to,
and every list page renders."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib import admin

from conftest import PortalClient


def portal_models() -> list:
    return [model for model in apps.get_models() if model.__module__.startswith("apps.")]


def inline_models() -> set:
    """Models shown inline under a registered model's page."""
    shown = set()
    for model_admin in admin.site._registry.values():
        for inline in model_admin.inlines:
            shown.add(inline.model)
    return shown


def test_every_portal_model_is_in_the_admin():
    registered = set(admin.site._registry) | inline_models()
    missing = sorted(model._meta.label for model in portal_models() if model not in registered)
    assert missing == []


@pytest.mark.django_db
@pytest.mark.parametrize("label", sorted(m._meta.label for m in portal_models() if m in admin.site._registry))
def test_every_list_page_renders(label):
    from apps.accounts.models import User

    root = User.objects.create_superuser(email="root@princeton.edu", password="Coffee-Beans-42")
    client = PortalClient()
    client.force_login(root)
    model = apps.get_model(label)
    response = client.get(f"/django-admin/{model._meta.app_label}/{model._meta.model_name}/")
    assert response.status_code == 200, label
