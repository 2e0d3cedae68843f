"""The /dashboard page: guarded, and its island's props carry everything the first paint needs."""

from __future__ import annotations

import datetime
import json
import re

import pytest

from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.test_status_machine import make_application, set_cycle
from apps.core.tests.factories import UserFactory
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle, rsvp_question_set
from apps.cycles.services import rsvp_questions_replace
from conftest import signed_in_client

pytestmark = pytest.mark.django_db


def page_props(response) -> dict:
    html = response.content.decode()
    match = re.search(r'<script id="dashboard-props" type="application/json">(.*?)</script>', html, re.S)
    assert match, "the dashboard must emit its props with json_script"
    return json.loads(match.group(1))


def test_signed_out_visitors_are_sent_to_login_and_back(client):
    r = client.get("/dashboard")
    assert r.status_code == 302
    assert r["Location"] == "/login?next=%2Fdashboard"


def test_dashboard_without_an_application_shows_unsubmitted(student_client, student):
    r = student_client.get("/dashboard")
    assert r.status_code == 200
    props = page_props(r)
    assert props == {
        "email": student.email,
        "status": "unsubmitted",
        "travelReimbursement": False,
        "travelGrant": None,
        "housingAccommodations": False,
        "teamcode": None,
        "cycleStatus": "not_open",
        "offerDeadline": None,
        "rsvp": None,
        "universityEmailNeeded": None,
        "config": {
            "dates": {
                "start": "2024-05-21",
                "end": "2024-05-22",
                "housing": "2024-05-22",
                "confirmation_first_deadline": "2024-05-22",
                "confirmation_second_deadline": "2024-05-22",
                "due": "2024-05-20",
                "waitlist_deadline": "2024-05-22",
            },
            "status": "not_open",
            "location": current_cycle().location,
            "housing_link": current_cycle().housing_link,
            "retention_date": None,
        },
        "shareResumeWithSponsors": False,
    }


def test_dashboard_props_carry_the_released_decision_and_the_config(student_client, student):
    make_application(student, S.ACCEPTED, travel=True, housing=True, teamcode="4815162")
    cycle = current_cycle()
    cycle.confirmation_first_deadline = datetime.date(2025, 2, 1)
    cycle.housing_link = "https://forms.example.org/housing"
    cycle.save()
    set_cycle(C.RELEASED)
    props = page_props(student_client.get("/dashboard"))
    assert props["status"] == "accepted"
    assert props["travelReimbursement"] is True
    assert props["housingAccommodations"] is True
    assert props["teamcode"] == "4815162"
    assert props["cycleStatus"] == "released"
    assert props["config"]["dates"]["confirmation_first_deadline"] == "2025-02-01"
    assert props["config"]["housing_link"] == "https://forms.example.org/housing"


@pytest.mark.parametrize("cycle_status", [C.NOT_OPEN, C.OPEN, C.CLOSED])
def test_dashboard_hides_a_decision_before_release(student_client, student, cycle_status):
    make_application(student, S.REJECTED, travel=True, housing=True)
    set_cycle(cycle_status)
    props = page_props(student_client.get("/dashboard"))
    assert (props["status"], props["travelReimbursement"], props["housingAccommodations"]) == (
        "submitted",
        False,
        False,
    )
    assert "rejected" not in student_client.get("/dashboard").content.decode()


def test_dashboard_shows_only_the_current_cycles_application(student_client, student):
    from apps.cycles.services import cycle_make_current

    old = make_application(student, S.ACCEPTED)
    set_cycle(C.RELEASED)
    cycle_make_current(season="spring" if old.cycle.season == "fall" else "fall", year=old.cycle.year + 1)
    props = page_props(student_client.get("/dashboard"))
    assert props["status"] == "unsubmitted"


def test_dashboard_props_escape_hostile_text(student_client, student):
    cycle = current_cycle()
    cycle.location = "</script><script>alert(1)</script>"
    cycle.save()
    html = student_client.get("/dashboard").content.decode()
    assert "<script>alert(1)</script>" not in html
    assert page_props(student_client.get("/dashboard"))["config"]["location"] == cycle.location


def test_dashboard_renders_in_a_few_queries(student_client, student, django_assert_num_queries):
    make_application(student, S.WAITLISTED)
    set_cycle(C.RELEASED)
    assert student_client.get("/dashboard").status_code == 200  # the user and the cycle cached
    # Once warm, one query: the application with the sponsors' consent (pages._DASHBOARD_APPLICATION).
    with django_assert_num_queries(1):
        assert student_client.get("/dashboard").status_code == 200


def test_dashboard_is_read_only(student_client):
    assert student_client.post("/dashboard").status_code == 405


def test_the_rsvp_form_of_a_spanish_account_shows_spanish_where_given_and_english_elsewhere(settings):
    """The organizers' translation where they gave one, the portal's own Spanish for a built-in
    text kept as written, and English for a text of their own they did not translate."""

    settings.LANGUAGES = [("en", "English"), ("es", "Español")]
    sections = rsvp_question_set(current_cycle())
    tshirt = next(q for q in sections[0]["questions"] if q["question_id"] == "rsvp_tshirt")
    tshirt["translations"] = {
        "es": {"question_text": "Tu talla de camiseta (unisex)", "options": {"XS": "XS (extra chica)"}}
    }
    sections[0]["translations"] = {"es": {"section_name": "Antes del evento"}}
    accessibility = next(q for q in sections[0]["questions"] if q["question_id"] == "rsvp_accessibility")
    accessibility["question_text"] = "Anything the venue should know?"
    rsvp_questions_replace(current_cycle(), sections)
    ana = UserFactory(email="ana@princeton.edu", language="es")
    make_application(ana, S.ACCEPTED)
    set_cycle(C.RELEASED)

    [section] = page_props(signed_in_client(ana).get("/dashboard"))["rsvp"]["sections"]
    assert section["section_name"] == "Antes del evento"
    shown = {q["question_id"]: q for q in section["questions"]}
    assert shown["rsvp_tshirt"]["question_text"] == "Tu talla de camiseta (unisex)"
    assert shown["rsvp_tshirt"]["option_labels"] == {"XS": "XS (extra chica)"}
    assert shown["rsvp_tshirt"]["options"][0] == "XS"  # the answer stays the option
    phone = "Un número de teléfono en el que podamos localizarte durante el evento"
    assert shown["rsvp_phone"]["question_text"] == phone
    assert shown["rsvp_accessibility"]["question_text"] == "Anything the venue should know?"
    assert shown["rsvp_dietary"]["option_labels"]["Vegetarian"] == "Vegetariana"
    assert "translations" not in section and "translations" not in shown["rsvp_tshirt"]
