"""The check-in pages' server side: who reaches /checkin and what its island gets, the Admin
Panel's card, and the reviewers and volunteers handed to /admin/administrators."""

from __future__ import annotations

import pytest
from django.utils import timezone

from apps.accounts.models import Role
from apps.core.tests.factories import OrganizerFactory, UserFactory
from apps.core.tests.test_pages import page_props
from apps.cycles.questions import TSHIRT_SIZES
from apps.cycles.selectors import current_cycle
from conftest import PortalClient

pytestmark = pytest.mark.django_db


def client_of(user) -> PortalClient:
    client = PortalClient()
    client.force_login(user)
    return client


@pytest.mark.parametrize(("role", "walk_ins"), [(Role.ADMIN, True), (Role.VOLUNTEER, False)])
def test_organizers_and_volunteers_get_the_check_in_page(role, walk_ins):
    user = UserFactory(email="sam@princeton.edu", role=role)
    response = client_of(user).get("/checkin")
    assert response.status_code == 200
    assert '<div id="checkin-root" class="island"' in response.content.decode()
    client = client_of(user)
    assert page_props(response, "checkin") == {
        "email": "sam@princeton.edu",
        "canRegisterWalkIns": walk_ins,
        "tshirtSizes": TSHIRT_SIZES,
        # The header's numbers come with the page: the API's answers, as they are.
        "stats": client.get("/api/checkin/stats").json(),
        "checkpoints": client.get("/api/checkin/checkpoints").json(),
        # The event's days and the server's (UTC) day: the page's note on a day far from them.
        "eventDays": {
            "start": current_cycle().start.isoformat(),
            "end": current_cycle().end.isoformat(),
            "today": timezone.now().date().isoformat(),
        },
    }


def test_the_page_brings_the_door_counts_and_checkpoints_the_api_answers():
    """With people in and a checkpoint passed, the page's counts are the API's, number for number."""
    from apps.applications.models import ApplicationStatus as S
    from apps.checkin.models import Checkpoint
    from apps.core.tests.factories import ApplicationFactory
    from apps.cycles.selectors import current_cycle

    for status in (S.CONFIRMED, S.CONFIRMED, S.CHECKED_IN):
        ApplicationFactory(status=status)
    Checkpoint.objects.create(cycle=current_cycle(), name="Saturday lunch", kind="meal")
    client = client_of(UserFactory(role=Role.VOLUNTEER))
    props = page_props(client.get("/checkin"), "checkin")
    assert props["stats"]["confirmed"] == 3 and props["stats"]["checked_in"] == 1
    assert props["stats"] == client.get("/api/checkin/stats").json()
    assert [c["name"] for c in props["checkpoints"]["checkpoints"]] == ["Saturday lunch"]
    assert props["checkpoints"] == client.get("/api/checkin/checkpoints").json()


@pytest.mark.parametrize(("role", "home"), [(Role.USER, "/dashboard"), (Role.REVIEWER, "/admin/reviewapps")])
def test_everyone_else_signed_in_goes_home(role, home):
    response = client_of(UserFactory(role=role)).get("/checkin")
    assert response.status_code == 302
    assert response["Location"] == home


def test_a_visitor_signs_in_first():
    response = PortalClient().get("/checkin")
    assert response.status_code == 302
    assert response["Location"] == "/login?next=%2Fcheckin"


def test_the_page_answers_only_safe_methods():
    client = client_of(UserFactory(role=Role.VOLUNTEER))
    assert client.post("/checkin").status_code == 405


def test_a_volunteer_signing_in_lands_on_the_check_in_page():
    volunteer = UserFactory(email="kim@princeton.edu", role=Role.VOLUNTEER)
    client = client_of(volunteer)
    assert client.get("/login").headers["Location"] == "/checkin"


def test_the_admin_panel_has_a_check_in_card():
    response = client_of(OrganizerFactory()).get("/admin")
    cards = {card["title"]: card["href"] for card in page_props(response, "admin")["cards"]}
    assert cards["Check-in"] == "/checkin"


def test_the_administrators_page_lists_reviewers_and_volunteers_with_their_roles(django_assert_max_num_queries):
    organizer = OrganizerFactory(email="grace@princeton.edu")
    UserFactory(email="vic@princeton.edu", role=Role.VOLUNTEER)
    UserFactory(email="rae@princeton.edu", role=Role.REVIEWER)
    UserFactory(email="stu@princeton.edu")
    client = client_of(organizer)
    with django_assert_max_num_queries(12):
        response = client.get("/admin/administrators")
    props = page_props(response, "admin-administrators")
    assert props["admins"] == ["grace@princeton.edu"]
    assert props["staff"] == [
        {"email": "rae@princeton.edu", "role": "reviewer"},
        {"email": "vic@princeton.edu", "role": "volunteer"},
    ]


def test_a_volunteer_finds_the_check_in_page_in_the_navbar():
    from apps.core.tests.test_pages import nav_links

    volunteer = client_of(UserFactory(role=Role.VOLUNTEER))
    assert nav_links(volunteer.get("/checkin")) == ["Check-in", "Dashboard", "Logout"]
    organizer = client_of(OrganizerFactory())
    assert nav_links(organizer.get("/checkin")) == ["Admin", "Dashboard", "Logout"]
