"""The privacy records in Django's admin (read-only, their pages render), and the privacy
routes inside the route sweep of apps/core (every /api/ route, every role, malformed input)."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.utils import timezone

from apps.accounts.models import User
from apps.applications.models import AnonymisedAnswerCount, AnonymisedApplicationCount, ConsentRecord
from apps.core.tests.test_no_server_errors import ROUTES
from apps.cycles.selectors import current_cycle
from apps.resumes.models import ResumeAccess
from conftest import PortalClient

MODELS = [ConsentRecord, AnonymisedApplicationCount, AnonymisedAnswerCount, ResumeAccess]


def test_the_privacy_routes_are_in_the_sweep():
    assert {"api/privacy/export", "api/privacy/delete-account", "api/privacy/consents/sponsors"} <= set(ROUTES)


def test_the_records_are_registered_read_only():
    for model in MODELS:
        model_admin = admin.site._registry[model]
        assert not model_admin.has_add_permission(None)
        assert not model_admin.has_change_permission(None)
        assert not model_admin.has_delete_permission(None)


def test_their_admin_pages_render(applicant):
    user, _, application = applicant
    cycle = current_cycle()
    AnonymisedApplicationCount.objects.create(cycle=cycle, status="accepted", host_school=True, count=2)
    AnonymisedAnswerCount.objects.create(cycle=cycle, status="accepted", question_id="gender", value="Woman", count=2)
    ResumeAccess.objects.create(
        owner=user, path="p", accessed_by_email="grace@princeton.edu", at=timezone.now(), how="book"
    )
    root = User.objects.create_superuser(email="root@princeton.edu", password="Coffee-Beans-42")
    client = PortalClient()
    client.force_login(root)
    for model in MODELS:
        base = f"/django-admin/{model._meta.app_label}/{model._meta.model_name}/"
        assert client.get(base).status_code == 200, base
        assert client.get(base, {"q": "ada"}).status_code == 200, base
        assert client.get(f"{base}{model.objects.first().pk}/change/").status_code == 200, base


@pytest.mark.django_db
def test_students_and_visitors_cannot_open_them(student_client):
    assert student_client.get("/django-admin/applications/consentrecord/").status_code == 302
