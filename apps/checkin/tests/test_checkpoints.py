"""Checkpoints: /api/checkin/checkpoints and .../<id>/scan. One pass per person and checkpoint,
a second scan says when (event time), only people checked in at the door, replays answer the same."""

from __future__ import annotations

import datetime
import uuid
from zoneinfo import ZoneInfo

import pytest
from django.test import override_settings
from django.utils import timezone

from apps.accounts.models import Role
from apps.applications.models import ApplicationStatus as S
from apps.checkin.models import Checkpoint, CheckpointPass

from .helpers import applicant, scan, staff_client, ticket_for, token

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer():
    return staff_client(Role.ADMIN, email="org@princeton.edu")


@pytest.fixture
def volunteer():
    return staff_client(Role.VOLUNTEER, email="sam@princeton.edu")


def make(client, name="Saturday lunch", kind="meal"):
    response = client.post("/api/checkin/checkpoints", {"name": name, "kind": kind}, content_type="application/json")
    assert response.status_code == 201, response.json()
    return response.json()["id"]


def pass_scan(client, checkpoint_id, *, token_value=None, application_id=None, scan_id=None):
    body = {"scan_id": scan_id or str(uuid.uuid4())}
    if application_id is not None:
        body["application_id"] = application_id
        return client.post(f"/api/checkin/checkpoints/{checkpoint_id}/pass", body, content_type="application/json")
    body["token"] = token_value
    return client.post(f"/api/checkin/checkpoints/{checkpoint_id}/scan", body, content_type="application/json")


def checked_in(email="ada@princeton.edu", door=None):
    person = applicant(email, first="Ada", last="Lovelace")
    ticket = ticket_for(person)
    assert scan(door or staff_client(Role.VOLUNTEER), token(ticket)).status_code == 200
    return person, token(ticket)


def test_organizers_define_checkpoints_and_volunteers_list_them_with_counts(organizer, volunteer):
    lunch = make(organizer)
    make(organizer, "Swag", "swag")
    listed = volunteer.get("/api/checkin/checkpoints").json()["checkpoints"]
    assert [(c["name"], c["kind"], c["passed"]) for c in listed] == [("Saturday lunch", "meal", 0), ("Swag", "swag", 0)]
    _, ticket = checked_in()
    assert pass_scan(volunteer, lunch, token_value=ticket).status_code == 200
    listed = volunteer.get("/api/checkin/checkpoints").json()["checkpoints"]
    assert [c["passed"] for c in listed] == [1, 0]


def test_volunteers_cannot_define_checkpoints(volunteer):
    response = volunteer.post(
        "/api/checkin/checkpoints", {"name": "Pizza", "kind": "meal"}, content_type="application/json"
    )
    assert response.status_code == 403
    assert not Checkpoint.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "", "kind": "meal"}, "name"),
        ({"name": "Lunch", "kind": "dessert"}, "kind"),
        ({"kind": "meal"}, "name"),
    ],
)
def test_a_bad_checkpoint_is_refused_at_its_field(organizer, body, field):
    response = organizer.post("/api/checkin/checkpoints", body, content_type="application/json")
    assert response.status_code == 400
    assert field in response.json()["errors"]
    assert not Checkpoint.objects.exists()


def test_a_second_checkpoint_of_the_same_name_is_refused(organizer):
    make(organizer)
    response = organizer.post(
        "/api/checkin/checkpoints", {"name": " Saturday  lunch ", "kind": "meal"}, content_type="application/json"
    )
    assert response.status_code == 409
    assert response.json()["errors"]["name"]
    assert Checkpoint.objects.count() == 1


@override_settings(EVENT_TIME_ZONE="America/New_York")
def test_a_second_lunch_is_refused_saying_when_in_the_event_time_zone(organizer, volunteer):
    lunch = make(organizer)
    person, ticket = checked_in()
    first = pass_scan(volunteer, lunch, token_value=ticket)
    assert first.status_code == 200, first.json()
    body = first.json()
    assert body["result"] == "passed"
    assert body["checkpoint"] == {"id": lunch, "name": "Saturday lunch", "kind": "meal"}
    # Meals show what the person can't eat: read from their answers.
    assert body["person"]["dietary_restrictions"] == "Vegan,Nut allergy"
    # 16:41 UTC is 12:41 in New York (summer time).
    record = CheckpointPass.objects.get()
    record.at = datetime.datetime(2026, 6, 6, 16, 41, tzinfo=datetime.UTC)
    record.save()
    again = pass_scan(organizer, lunch, token_value=ticket)
    assert again.status_code == 409
    assert again.json()["result"] == "already_passed"
    assert again.json()["message"] == "Already had Saturday lunch at 12:41."
    assert again.json()["checkpoint"]["name"] == "Saturday lunch"
    assert CheckpointPass.objects.count() == 1


def test_a_replayed_scan_gets_the_same_answer_and_records_nothing_twice(organizer, volunteer):
    lunch = make(organizer)
    _, ticket = checked_in()
    scan_id = str(uuid.uuid4())
    first = pass_scan(volunteer, lunch, token_value=ticket, scan_id=scan_id)
    again = pass_scan(volunteer, lunch, token_value=ticket, scan_id=scan_id)
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json()
    assert CheckpointPass.objects.count() == 1


def test_the_same_scan_id_at_another_checkpoint_is_refused(organizer, volunteer):
    lunch, swag = make(organizer), make(organizer, "Swag", "swag")
    _, ticket = checked_in()
    scan_id = str(uuid.uuid4())
    assert pass_scan(volunteer, lunch, token_value=ticket, scan_id=scan_id).status_code == 200
    response = pass_scan(volunteer, swag, token_value=ticket, scan_id=scan_id)
    assert response.status_code == 409
    assert "scan_id" in response.json()["errors"]
    assert CheckpointPass.objects.count() == 1


def test_each_checkpoint_counts_once_per_person(organizer, volunteer):
    lunch, swag = make(organizer), make(organizer, "Swag", "swag")
    _, ticket = checked_in()
    assert pass_scan(volunteer, lunch, token_value=ticket).status_code == 200
    response = pass_scan(volunteer, swag, token_value=ticket)
    assert response.status_code == 200
    assert pass_scan(volunteer, swag, token_value=ticket).json()["message"].startswith("Already picked up Swag at ")


def test_someone_confirmed_but_not_through_the_door_is_sent_there(organizer, volunteer):
    lunch = make(organizer)
    person = applicant("grace@princeton.edu", status=S.CONFIRMED)
    response = pass_scan(volunteer, lunch, token_value=token(ticket_for(person)))
    assert response.status_code == 409
    assert response.json()["result"] == "not_checked_in"
    assert not CheckpointPass.objects.exists()


def test_by_application_id_from_the_search(organizer, volunteer):
    lunch = make(organizer)
    person, _ = checked_in()
    response = pass_scan(volunteer, lunch, application_id=person.pk)
    assert response.status_code == 200
    assert response.json()["person"]["application_id"] == person.pk


@pytest.mark.parametrize(
    "body",
    [
        {"scan_id": "not-a-uuid", "token": "x.y"},
        {"scan_id": str(uuid.uuid4())},
        {"scan_id": str(uuid.uuid4()), "token": "not a ticket"},
        {"scan_id": str(uuid.uuid4()), "token": 7},
        {"scan_id": str(uuid.uuid4()), "application_id": "seven", "by": "pass"},
        {"scan_id": str(uuid.uuid4()), "by": "pass"},
    ],
)
def test_bad_input_is_a_400_that_records_nothing(organizer, volunteer, body):
    lunch = make(organizer)
    route = "pass" if body.pop("by", None) else "scan"
    response = volunteer.post(f"/api/checkin/checkpoints/{lunch}/{route}", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"]
    assert not CheckpointPass.objects.exists()


def test_an_unknown_checkpoint_is_a_404(volunteer):
    _, ticket = checked_in()
    assert pass_scan(volunteer, 999_999, token_value=ticket).status_code == 404


def test_a_checkpoint_with_scans_is_not_deleted_but_renamed(organizer, volunteer):
    lunch = make(organizer)
    _, ticket = checked_in()
    pass_scan(volunteer, lunch, token_value=ticket)
    assert organizer.delete(f"/api/checkin/checkpoints/{lunch}").status_code == 409
    renamed = organizer.patch(
        f"/api/checkin/checkpoints/{lunch}", {"name": "Sunday lunch"}, content_type="application/json"
    )
    assert renamed.status_code == 200 and renamed.json()["name"] == "Sunday lunch"
    empty = make(organizer, "Workshop", "other")
    assert organizer.delete(f"/api/checkin/checkpoints/{empty}").status_code == 204


def test_the_time_in_the_answer_is_the_event_time(organizer, volunteer):
    lunch = make(organizer)
    _, ticket = checked_in()
    body = pass_scan(volunteer, lunch, token_value=ticket).json()
    at = datetime.datetime.fromisoformat(body["at"])
    assert at.utcoffset() == timezone.now().astimezone(ZoneInfo(body["person"]["time_zone"])).utcoffset()
