"""The error shape of the API contract for bodies Django itself refuses."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status

pytestmark = pytest.mark.django_db


def test_a_body_over_djangos_size_limit_is_a_413_with_a_message(student_client, settings):
    """Contract: every error is `{"message"}`; "413 upload too large". Django's own refusal of
    an oversized body used to leave as its HTML "Bad Request" page."""
    cycle_set_status(cycle=current_cycle(), status="open")
    big = json.dumps({"first": "a" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)})
    for url in ("/api/applications/save", "/api/auth/login"):
        r = student_client.post(url, big, content_type="application/json")
        assert r.status_code == 413
        assert r.json() == {"message": "The request is too large."}


def test_a_multipart_body_with_too_many_fields_is_a_400_with_a_message(admin_client, settings):
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 5
    fields = {f"f{i}": "x" for i in range(10)}
    fields["html"] = SimpleUploadedFile("m.html", b"<p>x</p>", content_type="text/html")
    r = admin_client.post("/api/mailings", fields)
    assert r.status_code == 400
    assert r.json()["message"]
