"""POST /api/auth/staff-role and GET /api/auth/staff: organizers give and take staff roles."""

from __future__ import annotations

import pytest

from apps.accounts.models import Role, User
from apps.core.tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _set(client, email, role):
    return client.post("/api/auth/staff-role", {"email": email, "role": role}, content_type="application/json")


@pytest.mark.parametrize("role", ["volunteer", "reviewer", "admin", "user"])
def test_an_organizer_sets_any_role(admin_client, role):
    UserFactory(email="sam@princeton.edu")
    response = _set(admin_client, "SAM@princeton.edu", role)
    assert response.status_code == 200
    assert response.json() == {"email": "sam@princeton.edu", "role": role}
    assert User.objects.get(email="sam@princeton.edu").role == role


def test_the_staff_list(admin_client, organizer):
    UserFactory(email="v@princeton.edu", role=Role.VOLUNTEER)
    UserFactory(email="r@princeton.edu", role=Role.REVIEWER)
    UserFactory(email="student@princeton.edu")
    assert admin_client.get("/api/auth/staff").json() == [
        {"email": organizer.email, "role": "admin"},
        {"email": "r@princeton.edu", "role": "reviewer"},
        {"email": "v@princeton.edu", "role": "volunteer"},
    ]


def test_refusals(admin_client, organizer):
    assert _set(admin_client, "nobody@princeton.edu", "volunteer").status_code == 404
    UserFactory(email="new@princeton.edu", verified=False)
    response = _set(admin_client, "new@princeton.edu", "volunteer")
    assert response.status_code == 409
    assert response.json()["message"] == "This account hasn't verified its email address yet."
    response = _set(admin_client, organizer.email, "volunteer")
    assert response.status_code == 409
    assert response.json()["message"] == "The last organizer can't be removed."
    assert _set(admin_client, "new@princeton.edu", "superhero").status_code == 400


def test_an_organizer_becomes_a_volunteer_when_another_remains(admin_client, organizer):
    UserFactory(email="other@princeton.edu", role=Role.ADMIN)
    assert _set(admin_client, organizer.email, "volunteer").status_code == 200
    assert User.objects.get(pk=organizer.pk).role == "volunteer"


def test_promote_and_demote_still_work(admin_client):
    UserFactory(email="sam@princeton.edu", role=Role.VOLUNTEER)
    body = {"email": "sam@princeton.edu"}
    assert admin_client.post("/api/auth/promote", body, content_type="application/json").json()["role"] == "admin"
    assert admin_client.post("/api/auth/demote", body, content_type="application/json").json()["role"] == "user"


def test_students_cannot(student_client):
    assert _set(student_client, "ada@princeton.edu", "admin").status_code == 403
    assert student_client.get("/api/auth/staff").status_code == 403
