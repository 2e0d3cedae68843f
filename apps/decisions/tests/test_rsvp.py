"""The RSVP form: confirming answers the cycle's RSVP set (the required questions must be
answered, through the application's one answer validation), and a confirmed applicant may edit
the answers until the event starts. What reads them: the organizer's applicant page, the CSV
export, the privacy export and the check-in card.
"""

from __future__ import annotations

import csv
import datetime
import io
import json
import zipfile

import pytest
from django.utils import timezone

from apps.applications.models import Answer, ApplicationEvent, RsvpAnswers
from apps.applications.models import ApplicationStatus as S
from apps.applications.organizer_pages import applicant_props
from apps.applications.tests.test_status_machine import make_application, set_cycle
from apps.checkin import tickets
from apps.cycles.models import Cycle
from apps.cycles.models import CycleStatus as C
from apps.cycles.questions import default_rsvp_question_set
from apps.cycles.selectors import current_cycle, rsvp_question_set
from apps.cycles.services import rsvp_questions_replace
from conftest import make_user, signed_in_client

pytestmark = pytest.mark.django_db

JSON = "application/json"
CONFIRM = "/api/applications/confirm"
RSVP = "/api/applications/rsvp"


def rsvp_set(*, phone_required=True) -> list[dict]:
    """The default set with the phone and the emergency contact required."""
    sections = default_rsvp_question_set()
    for question in sections[0]["questions"]:
        if question["question_id"] in ("rsvp_phone", "rsvp_emergency_contact"):
            question["required"] = phone_required
    return sections


def body(**answers) -> dict:
    return {
        "sections": [
            {
                "section_name": "Before the event",
                "answers": [{"question_id": k, "answer": v} for k, v in answers.items()],
            }
        ]
    }


COMPLETE = {
    "rsvp_phone": "+1 609 555 0100",
    "rsvp_emergency_contact": "Grace Hopper, +1 609 555 0199",
    "rsvp_dietary": ["Vegan", "Nut allergy"],
    "rsvp_tshirt": "M",
    "rsvp_accessibility": "Step-free access to the hall",
    "rsvp_photo_release": False,
}


def event_starts_in(days: int) -> None:
    start = timezone.now().date() + datetime.timedelta(days=days)
    Cycle.objects.filter(pk=current_cycle().pk).update(
        start=start,
        end=start + datetime.timedelta(days=1),
        due=start - datetime.timedelta(days=30),
        confirmation_first_deadline=start - datetime.timedelta(days=10),
        confirmation_second_deadline=start - datetime.timedelta(days=5),
        waitlist_deadline=start - datetime.timedelta(days=5),
    )


@pytest.fixture
def accepted(db):
    """An accepted applicant, signed in, in a released cycle whose event is a week away, whose
    RSVP set requires a phone number and an emergency contact."""
    set_cycle(C.RELEASED)
    event_starts_in(7)
    rsvp_questions_replace(current_cycle(), rsvp_set())
    user = make_user("ada.rsvp@princeton.edu")
    application = make_application(user, S.ACCEPTED)
    return application, signed_in_client(user)


def test_confirming_without_the_required_answers_is_a_400_and_changes_nothing(accepted):
    application, client = accepted
    events = ApplicationEvent.objects.filter(application=application).count()
    r = client.post(CONFIRM, body(rsvp_tshirt="M"), content_type=JSON)
    assert r.status_code == 400, r.json()
    errors = r.json()["errors"]
    assert errors["rsvp_phone"] == ["This question is required."]
    assert errors["rsvp_emergency_contact"] == ["This question is required."]
    application.refresh_from_db()
    assert application.status == S.ACCEPTED
    assert ApplicationEvent.objects.filter(application=application).count() == events
    assert not RsvpAnswers.objects.exists()


def test_a_wrong_answer_is_a_400_at_its_field(accepted):
    application, client = accepted
    r = client.post(CONFIRM, body(**{**COMPLETE, "rsvp_tshirt": "XXXL"}), content_type=JSON)
    assert r.status_code == 400
    assert r.json()["errors"] == {"rsvp_tshirt": ["Choose one of the options."]}
    application.refresh_from_db()
    assert application.status == S.ACCEPTED


def test_confirming_with_the_answers_stores_them(accepted):
    application, client = accepted
    r = client.post(CONFIRM, body(**COMPLETE), content_type=JSON)
    assert r.status_code == 200, r.json()
    assert r.json()["status"] == S.CONFIRMED
    application.refresh_from_db()
    assert application.status == S.CONFIRMED
    assert application.rsvp.answers == {
        "rsvp_phone": "+1 609 555 0100",
        "rsvp_emergency_contact": "Grace Hopper, +1 609 555 0199",
        "rsvp_dietary": "Vegan,Nut allergy",
        "rsvp_tshirt": "M",
        "rsvp_accessibility": "Step-free access to the hall",
        "rsvp_photo_release": "no",
    }
    # The application's own answers are untouched: the RSVP is kept apart.
    assert not Answer.objects.filter(application=application, question_id__startswith="rsvp_").exists()


def test_a_refused_confirm_stores_no_answers(accepted):
    application, client = accepted
    set_cycle(C.CONFIRMATION_CLOSED)  # the accepted offer's window is over
    r = client.post(CONFIRM, body(**COMPLETE), content_type=JSON)
    assert r.status_code == 409
    assert not RsvpAnswers.objects.exists()


def test_a_cycle_without_required_rsvp_questions_confirms_without_a_body(accepted):
    application, client = accepted
    rsvp_questions_replace(current_cycle(), rsvp_set(phone_required=False))
    r = client.post(CONFIRM, content_type=JSON)
    assert r.status_code == 200, r.json()
    application.refresh_from_db()
    assert application.status == S.CONFIRMED
    assert application.rsvp.answers == {}


def test_malformed_bodies_are_400s_at_the_field(accepted):
    application, client = accepted
    for data, key in (
        ([1, 2], "non_field_errors"),
        ({"sections": "x"}, "sections"),
        ({"sections": [{"answers": [{"question_id": "rsvp_phone", "answer": {"a": 1}}]}]}, "rsvp_phone"),
    ):
        r = client.post(CONFIRM, data, content_type=JSON)
        assert r.status_code == 400, data
        assert key in r.json()["errors"], r.json()
    application.refresh_from_db()
    assert application.status == S.ACCEPTED


def test_answers_can_be_edited_until_the_event_starts(accepted):
    application, client = accepted
    assert client.post(CONFIRM, body(**COMPLETE), content_type=JSON).status_code == 200

    r = client.get(RSVP)
    assert r.status_code == 200
    assert r.json()["editable"] is True
    assert r.json()["answers"]["rsvp_tshirt"] == "M"
    assert [q["question_id"] for q in r.json()["sections"][0]["questions"]][:2] == [
        "rsvp_phone",
        "rsvp_emergency_contact",
    ]

    r = client.put(RSVP, body(**{**COMPLETE, "rsvp_tshirt": "L"}), content_type=JSON)
    assert r.status_code == 200, r.json()
    assert r.json()["answers"]["rsvp_tshirt"] == "L"
    application.rsvp.refresh_from_db()
    assert application.rsvp.answers["rsvp_tshirt"] == "L"

    # A required answer removed: refused at its field, nothing changes.
    r = client.put(RSVP, body(**{**COMPLETE, "rsvp_phone": ""}), content_type=JSON)
    assert r.status_code == 400
    assert r.json()["errors"] == {"rsvp_phone": ["This question is required."]}
    application.rsvp.refresh_from_db()
    assert application.rsvp.answers["rsvp_phone"] == "+1 609 555 0100"

    # The event's first day: too late.
    event_starts_in(0)
    assert client.get(RSVP).json()["editable"] is False
    r = client.put(RSVP, body(**{**COMPLETE, "rsvp_tshirt": "S"}), content_type=JSON)
    assert r.status_code == 409
    application.rsvp.refresh_from_db()
    assert application.rsvp.answers["rsvp_tshirt"] == "L"


def test_only_a_confirmed_applicant_edits(accepted):
    _application, client = accepted
    r = client.put(RSVP, body(**COMPLETE), content_type=JSON)
    assert r.status_code == 409
    assert not RsvpAnswers.objects.exists()
    assert client.get(RSVP).json()["editable"] is False


def test_the_builder_keeps_an_rsvp_set_apart_from_the_application_set(accepted, admin_client):
    before = admin_client.get("/api/applications/questions").json()
    sections = rsvp_set()
    sections[0]["questions"].append(
        {"question_id": "age", "question_text": "Bringing a laptop?", "question_type": "boolean", "options": []}
    )
    r = admin_client.put("/api/applications/rsvp-questions", sections, content_type=JSON)
    assert r.status_code == 200, r.json()
    # An id the application set also uses is fine: the sets are apart.
    assert [q["question_id"] for q in rsvp_question_set(current_cycle())[0]["questions"]][-1] == "age"
    assert admin_client.get("/api/applications/questions").json() == before
    bad = rsvp_set()
    bad[0]["questions"][0]["question_type"] = "resume"
    r = admin_client.put("/api/applications/rsvp-questions", bad, content_type=JSON)
    assert r.status_code == 400
    assert "sections.0.questions.0.question_type" in r.json()["errors"]
    _application, client = accepted
    assert client.put("/api/applications/rsvp-questions", sections, content_type=JSON).status_code == 403


def _confirmed_with_answers(accepted) -> object:
    application, client = accepted
    answers = {**COMPLETE, "rsvp_phone": '=HYPERLINK("http://x")'}
    assert client.post(CONFIRM, body(**answers), content_type=JSON).status_code == 200
    application.refresh_from_db()
    return application


def test_the_csv_export_has_the_rsvp_columns_formula_safe(accepted, admin_client):
    application = _confirmed_with_answers(accepted)
    make_application(make_user("no.rsvp@princeton.edu"), S.SUBMITTED)
    response = admin_client.get("/api/applications/export")
    assert response.status_code == 200
    assert response.streaming
    rows = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    header = rows[0]
    rsvp_columns = [h for h in header if h.startswith("rsvp:")]
    assert rsvp_columns == [f"rsvp:{q['question_id']}" for q in rsvp_question_set(current_cycle())[0]["questions"]]
    by_email = {row[0]: dict(zip(header, row, strict=True)) for row in rows[1:]}
    mine = by_email[application.email]
    assert mine["rsvp:rsvp_phone"] == '\'=HYPERLINK("http://x")'
    assert mine["rsvp:rsvp_dietary"] == "Vegan,Nut allergy"
    assert mine["rsvp:rsvp_accessibility"] == "Step-free access to the hall"
    assert by_email["no.rsvp@princeton.edu"]["rsvp:rsvp_tshirt"] == ""
    labelled = admin_client.get("/api/applications/export?headers=text")
    first = b"".join(labelled.streaming_content).decode().splitlines()[0]
    assert "RSVP: Your t-shirt size (unisex)" in first


def test_the_export_has_no_rsvp_columns_before_anyone_answered(accepted, admin_client):
    response = admin_client.get("/api/applications/export")
    header = b"".join(response.streaming_content).decode().splitlines()[0]
    assert "rsvp:" not in header


def test_the_privacy_export_holds_the_rsvp_answers(accepted):
    application = _confirmed_with_answers(accepted)
    client = signed_in_client(application.user)
    response = client.get("/api/privacy/export")
    assert response.status_code == 200, response
    archive = zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content)))
    data = json.loads(archive.read("data.json"))
    rsvp = {a["question_id"]: a for a in data["applications"][0]["rsvp"]}
    assert rsvp["rsvp_tshirt"] == {
        "question_id": "rsvp_tshirt",
        "question": "Your t-shirt size (unisex)",
        "answer": "M",
    }
    assert rsvp["rsvp_emergency_contact"]["answer"] == "Grace Hopper, +1 609 555 0199"


def test_the_check_in_card_shows_the_rsvp_dietary_tshirt_and_accessibility(accepted, admin_client):
    application = _confirmed_with_answers(accepted)
    # The application's older answers lose to the RSVP's final word.
    Answer.objects.update_or_create(application=application, question_id="tshirt_size", defaults={"value": "XS"})
    ticket = application.tickets.filter(voided_at__isnull=True).first()
    assert ticket is not None
    set_cycle(C.CONFIRMATION_CLOSED)
    event_starts_in(0)
    r = admin_client.post(
        "/api/checkin/scan",
        {"token": tickets.token_of(ticket), "scan_id": "8c1b6a52-62f4-4c1e-9b1c-6a5f0f0d0a01"},
        content_type=JSON,
    )
    assert r.status_code == 200, r.json()
    person = r.json()["person"]
    assert person["dietary_restrictions"] == "Vegan,Nut allergy"
    assert person["tshirt_size"] == "M"
    assert person["accessibility_needs"] == "Step-free access to the hall"
    # The search's fallback (check in by application) reads the same card.
    detail = admin_client.get(f"/api/checkin/search?q={application.email}")
    assert detail.status_code == 200


def test_the_applicant_page_shows_the_rsvp_answers(accepted):
    application = _confirmed_with_answers(accepted)
    props = applicant_props(application.email)
    rsvp = {a["question_id"]: a for a in props["rsvp"]}
    assert rsvp["rsvp_accessibility"]["question"] == "Accessibility needs we should prepare for"
    assert rsvp["rsvp_accessibility"]["answer"] == "Step-free access to the hall"


def test_a_new_cycle_gets_the_previous_rsvp_set_and_a_fresh_one_the_defaults(accepted):
    from apps.cycles.services import cycle_make_current, rsvp_set_ensure

    previous = rsvp_question_set(current_cycle())
    assert previous[0]["questions"][0]["required"] is True
    cycle = cycle_make_current(season="spring", year=current_cycle().year + 3)
    assert rsvp_question_set(cycle) == previous
    fresh = Cycle.objects.create(season="fall", year=cycle.year + 1)
    rsvp_set_ensure(fresh)
    ids = [q["question_id"] for q in rsvp_question_set(fresh)[0]["questions"]]
    assert ids == [
        "rsvp_phone",
        "rsvp_emergency_contact",
        "rsvp_dietary",
        "rsvp_tshirt",
        "rsvp_travel",
        "rsvp_accessibility",
        "rsvp_photo_release",
    ]


def test_the_answers_go_with_the_application(accepted):
    from apps.privacy.anonymise import anonymise_and_delete

    application = _confirmed_with_answers(accepted)
    assert RsvpAnswers.objects.filter(application=application).exists()
    anonymise_and_delete(type(application).objects.filter(pk=application.pk))
    assert not RsvpAnswers.objects.exists()


def test_the_demo_seeds_the_default_rsvp_set_and_answers(db):
    from django.core.management import call_command

    call_command("seed_demo", stdout=io.StringIO())
    cycle = current_cycle()
    assert [q["question_id"] for q in rsvp_question_set(cycle)[0]["questions"]][:2] == [
        "rsvp_phone",
        "rsvp_emergency_contact",
    ]
    confirmed = RsvpAnswers.objects.filter(
        application__cycle=cycle, application__status__in=[S.CONFIRMED, S.CHECKED_IN]
    )
    assert confirmed.count() >= 6
    assert all(r.answers["rsvp_tshirt"] in ("S", "M", "L", "XL") for r in confirmed)
