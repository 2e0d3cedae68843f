"""The staff roles: each lands on its own page and only organizers pass the organizer APIs."""

from __future__ import annotations

import pytest

from apps.accounts.models import Role
from apps.core.pages import home_for
from apps.core.tests.factories import UserFactory
from conftest import PortalClient

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("role", "home"),
    [
        (Role.ADMIN, "/admin"),
        (Role.REVIEWER, "/admin/reviewapps"),
        (Role.VOLUNTEER, "/checkin"),
        (Role.USER, "/dashboard"),
    ],
)
def test_each_role_has_its_home(role, home):
    user = UserFactory(role=role)
    assert home_for(user) == home


@pytest.mark.parametrize(
    ("role", "reviews", "checks_in"),
    [
        (Role.ADMIN, True, True),
        (Role.REVIEWER, True, False),
        (Role.VOLUNTEER, False, True),
        (Role.USER, False, False),
    ],
)
def test_capabilities_follow_the_role(role, reviews, checks_in):
    user = UserFactory(role=role)
    assert (user.is_admin, user.can_review, user.can_check_in) == (role == Role.ADMIN, reviews, checks_in)


@pytest.mark.parametrize("role", [Role.REVIEWER, Role.VOLUNTEER])
def test_staff_roles_are_refused_by_organizer_apis(role):
    user = UserFactory(role=role)
    client = PortalClient()
    client.force_login(user)
    response = client.get("/api/auth/admins")
    assert response.status_code == 403
    assert response.json()["message"]
