"""POST /api/checkin/walk-in: account, minimal application and check-in in one step."""

from __future__ import annotations

import pytest
from django.core import mail

from apps.accounts.models import Role, User
from apps.applications.models import Answer, Application, ApplicationEvent, ConsentRecord
from apps.checkin import walkins
from apps.checkin.models import CheckIn
from apps.core.tests.factories import UserFactory

from .helpers import staff_client

pytestmark = pytest.mark.django_db

BODY = {
    "email": "Walk.In@Rutgers.edu",
    "first_name": "Wally",
    "last_name": "Walker",
    "school": "Rutgers University",
    "dietary_restrictions": "Halal",
    "tshirt_size": "L",
    "code_of_conduct": True,
}


def test_a_walk_in_is_registered_and_checked_in_in_one_step(admin_client, organizer):
    response = admin_client.post("/api/checkin/walk-in", BODY, content_type="application/json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["result"] == "checked_in"
    person = body["person"]
    assert person["email"] == "walk.in@rutgers.edu"
    assert person["name"] == "Wally Walker"
    assert (person["dietary_restrictions"], person["tshirt_size"]) == ("Halal", "L")
    assert person["status"] == "checked_in" and person["checked_in_by"] == organizer.email
    user = User.objects.get(email="walk.in@rutgers.edu")
    assert not user.has_usable_password() and user.role == Role.USER
    assert user.emailaddress_set.get().verified
    application = Application.objects.get(user=user)
    assert application.status == "checked_in" and application.school == "Rutgers University"
    assert set(Answer.objects.filter(application=application).values_list("question_id", "value")) == {
        ("dietary_restrictions", "Halal"),
        ("tshirt_size", "L"),
    }
    # Every step through the status machine, in the history, by the organizer.
    steps = list(
        ApplicationEvent.objects.filter(application=application, field="status")
        .order_by("pk")
        .values_list("from_value", "to_value", "actor_id")
    )
    assert steps == [
        ("started", "submitted", organizer.pk),
        ("submitted", "accepted", organizer.pk),
        ("accepted", "confirmed", organizer.pk),
        ("confirmed", "checked_in", organizer.pk),
    ]
    assert CheckIn.objects.get(application=application).method == "walk_in"
    # The code of conduct, accepted at the desk, is recorded as the form records it.
    assert application.checkboxes == [True, False, False]
    record = ConsentRecord.objects.get(application=application)
    assert (record.key, record.given, record.version) == ("code_of_conduct", True, 1)
    assert "Code of Conduct" in record.text
    # A welcome with the link to choose a password, so they can sign in later; no ticket
    # email (they are in already). Nobody asked for a reset, so the mail doesn't say so.
    assert [m.to for m in mail.outbox] == [["walk.in@rutgers.edu"]]
    assert "/reset/" in mail.outbox[0].body
    assert mail.outbox[0].subject.startswith("Welcome to")
    assert "reset" not in mail.outbox[0].subject.lower()
    assert "Hi Wally" in mail.outbox[0].body
    assert admin_client.get("/api/checkin/stats").json() == {"confirmed": 1, "checked_in": 1, "time_zone": "UTC"}


def _steps(application) -> list[tuple[str, str]]:
    return list(
        ApplicationEvent.objects.filter(application=application, field="status")
        .order_by("pk")
        .values_list("from_value", "to_value")
    )


def test_an_account_that_never_applied_walks_in_with_that_account(admin_client):
    """Registered, never started: no second account, and no welcome (they have a password)."""
    user = UserFactory(email="walk.in@rutgers.edu")
    response = admin_client.post("/api/checkin/walk-in", BODY, content_type="application/json")
    assert response.status_code == 201, response.json()
    assert response.json()["person"]["status"] == "checked_in"
    assert User.objects.filter(email="walk.in@rutgers.edu").count() == 1
    application = Application.objects.get(user=user)
    assert (application.first, application.status) == ("Wally", "checked_in")
    assert CheckIn.objects.get(application=application).method == "walk_in"
    assert mail.outbox == []


def test_a_draft_never_submitted_is_taken_over_by_the_walk_in(admin_client, organizer):
    """The draft's answers stand where the desk leaves a field empty; the desk's names win."""
    from apps.applications.models import ApplicationStatus as S
    from apps.core.tests.factories import ApplicationFactory

    user = UserFactory(email="walk.in@rutgers.edu")
    draft = ApplicationFactory(user=user, email=user.email, status=S.STARTED, first="W.", last="Walker")
    Answer.objects.create(application=draft, question_id="dietary_restrictions", value="Vegan")
    Answer.objects.create(application=draft, question_id="tshirt_size", value="S")
    response = admin_client.post(
        "/api/checkin/walk-in", {**BODY, "dietary_restrictions": ""}, content_type="application/json"
    )
    assert response.status_code == 201, response.json()
    assert (response.json()["person"]["dietary_restrictions"], response.json()["person"]["tshirt_size"]) == (
        "Vegan",
        "L",
    )
    assert Application.objects.filter(user=user).count() == 1
    draft.refresh_from_db()
    assert (draft.first, draft.status, draft.checkboxes[0]) == ("Wally", "checked_in", True)
    assert _steps(draft) == [
        ("started", "submitted"),
        ("submitted", "accepted"),
        ("accepted", "confirmed"),
        ("confirmed", "checked_in"),
    ]
    assert ConsentRecord.objects.filter(application=draft, key="code_of_conduct", given=True).exists()
    assert admin_client.get("/api/checkin/stats").json()["checked_in"] == 1


@pytest.mark.parametrize(
    ("role", "status", "message"),
    [
        (Role.USER, "submitted", walkins.APPLIED),
        (Role.USER, "rejected", walkins.APPLIED),
        (Role.VOLUNTEER, None, walkins.STAFF),
    ],
)
def test_someone_who_applied_or_a_staff_account_is_a_409_and_nothing_changes(admin_client, role, status, message):
    from apps.core.tests.factories import ApplicationFactory

    user = UserFactory(email="walk.in@rutgers.edu", role=role)
    application = ApplicationFactory(user=user, email=user.email, status=status) if status else None
    history = _steps(application) if application else []
    response = admin_client.post("/api/checkin/walk-in", BODY, content_type="application/json")
    assert response.status_code == 409
    assert response.json()["message"] == str(message)
    assert response.json()["errors"] == {"email": [str(message)]}
    assert not CheckIn.objects.exists()
    if application is not None:
        application.refresh_from_db()
        assert application.status == status and _steps(application) == history
    else:
        assert not Application.objects.exists()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"email": "not an email"}, "email"),
        ({"first_name": ""}, "first_name"),
        ({"school": "   "}, "school"),
        ({"tshirt_size": "XXXXL"}, "tshirt_size"),
        ({"last_name": "x" * 101}, "last_name"),
        ({"code_of_conduct": False}, "code_of_conduct"),
        ({"dietary_restrictions": "bad\x00value"}, "dietary_restrictions"),
    ],
)
def test_bad_walk_ins_are_a_400_and_nothing_is_made(admin_client, change, field):
    response = admin_client.post("/api/checkin/walk-in", {**BODY, **change}, content_type="application/json")
    assert response.status_code == 400
    assert field in response.json()["errors"]
    assert not User.objects.filter(email="walk.in@rutgers.edu").exists()


def test_a_failure_halfway_leaves_nothing(admin_client, monkeypatch):
    """One transaction: a step that fails undoes the account and the application."""
    from apps.checkin import walkins

    def broken(**kwargs):
        raise RuntimeError("the database went away mid-way")

    monkeypatch.setattr(walkins.CheckIn.objects, "create", broken)
    admin_client.raise_request_exception = False
    response = admin_client.post("/api/checkin/walk-in", BODY, content_type="application/json")
    assert response.status_code == 500
    assert not User.objects.filter(email="walk.in@rutgers.edu").exists()
    assert not Application.objects.exists()


def test_volunteers_cannot_register_walk_ins():
    response = staff_client(Role.VOLUNTEER).post("/api/checkin/walk-in", BODY, content_type="application/json")
    assert response.status_code == 403
    assert not User.objects.filter(email="walk.in@rutgers.edu").exists()


def test_a_walk_in_without_the_code_of_conduct_answer_is_refused_on_that_field(admin_client):
    # The schema says the field is required and true; leaving it out is the unticked box.
    body = {key: value for key, value in BODY.items() if key != "code_of_conduct"}
    response = admin_client.post("/api/checkin/walk-in", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"]["code_of_conduct"] == [walkins.CONDUCT_REQUIRED]
    assert not User.objects.filter(email="walk.in@rutgers.edu").exists()
