"""GET /api/applications/demographics: real answers counted in the database, per group."""

from __future__ import annotations

import json

import pytest
from django.test import override_settings

from apps.applications.tests.organizer_data import make_application, other_cycle
from apps.cycles.models import Question
from apps.cycles.selectors import current_cycle
from apps.reports import demographics

# (status, answers) — the default question set's survey questions.
PEOPLE = [
    ("started", {"age": "17", "gender": "Man", "languages": "Go", "first_generation": "yes"}),
    ("submitted", {"age": "19", "gender": "Woman", "languages": "Python,Rust", "first_generation": "yes"}),
    ("rejected", {"age": "20", "gender": "Man", "languages": "C,C++", "first_generation": "no"}),
    ("accepted", {"age": "19", "gender": "Woman", "languages": "Python, C", "first_generation": "no"}),
    ("waitlist_accepted", {"age": "22", "gender": "Non-binary", "languages": "Rust", "first_generation": "yes"}),
    ("confirmed", {"age": "19", "gender": "Woman", "languages": "Python,C,Rust", "first_generation": "yes"}),
    ("confirmed", {"age": "21", "gender": "Man", "languages": "C++", "first_generation": "no"}),
    ("declined", {"age": "23", "gender": "Woman", "languages": "Python", "first_generation": "no"}),
    ("waitlisted", {"age": "18", "gender": "Man", "languages": "", "first_generation": "yes"}),
]


@pytest.fixture
def people(db):
    for n, (status, answers) in enumerate(PEOPLE):
        make_application(f"p{n}@princeton.edu", status=status, answers=answers)
    make_application(
        "old@princeton.edu", status="confirmed", cycle=other_cycle(), answers={"age": "99", "gender": "Man"}
    )


def by_id(body) -> dict:
    return {entry["question_id"]: entry for entry in body}


def counts(entry) -> dict:
    return {row["label"]: row["count"] for row in entry["data"]}


def test_every_survey_question_of_the_set_is_listed_with_its_type(admin_client, people):
    body = admin_client.get("/api/applications/demographics", {"group": "applied"}).json()
    entries = by_id(body)
    assert set(entries) == {
        "age",
        "level_of_study",
        "first_hackathon",
        "languages",
        "needs_travel",
        "travel_mode",
        "needs_housing",
        "gender",
        "ethnicity",
        "first_generation",
        "tshirt_size",
        "dietary_restrictions",
        "country",
        "school",
    }
    assert entries["age"]["question_type"] == "numeric"
    assert entries["languages"]["question_type"] == "multiselect"
    assert entries["gender"]["question_type"] == "multiple_choice"
    assert entries["first_generation"]["question_type"] == "boolean"
    assert entries["gender"]["question_text"] == "What is your gender?"
    assert entries["tshirt_size"]["data"] == []  # nobody answered: no data
    assert entries["country"]["question_type"] == "country"
    assert entries["school"] == {
        "question_id": "school",
        "question_text": "School",
        "question_type": "school",
        "data": [{"label": "Princeton University", "count": 8}],
    }
    assert "major" not in entries  # free text is not charted


def test_applied_counts_everyone_past_a_draft(admin_client, people):
    entries = by_id(admin_client.get("/api/applications/demographics", {"group": "applied"}).json())
    assert entries["age"]["data"] == [
        {"label": "18", "count": 1},
        {"label": "19", "count": 3},
        {"label": "20", "count": 1},
        {"label": "21", "count": 1},
        {"label": "22", "count": 1},
        {"label": "23", "count": 1},
    ]
    assert counts(entries["gender"]) == {"Woman": 4, "Man": 3, "Non-binary": 1}
    assert [row["label"] for row in entries["gender"]["data"]] == ["Woman", "Man", "Non-binary"]  # options order
    # Yes and no as the applicants read them, not as stored.
    assert entries["first_generation"]["data"] == [{"label": "Yes", "count": 4}, {"label": "No", "count": 4}]
    # A multiselect answer counts once for each option it holds ("Python, C" included).
    assert counts(entries["languages"]) == {"Python": 4, "Rust": 3, "C": 3, "C++": 2}


def test_accepted_counts_admitted_and_confirmed(admin_client, people):
    """accepted = accepted, waitlist_accepted and confirmed (declined is left out)."""
    entries = by_id(admin_client.get("/api/applications/demographics", {"group": "accepted"}).json())
    assert counts(entries["age"]) == {"19": 2, "21": 1, "22": 1}
    assert counts(entries["gender"]) == {"Woman": 2, "Man": 1, "Non-binary": 1}
    assert counts(entries["languages"]) == {"Python": 2, "C": 2, "Rust": 2, "C++": 1}
    assert counts(entries["first_generation"]) == {"Yes": 2, "No": 2}


def test_confirmed_counts_confirmed_only(admin_client, people):
    entries = by_id(admin_client.get("/api/applications/demographics", {"group": "confirmed"}).json())
    assert counts(entries["age"]) == {"19": 1, "21": 1}
    assert counts(entries["gender"]) == {"Woman": 1, "Man": 1}
    assert counts(entries["languages"]) == {"Python": 1, "C": 1, "Rust": 1, "C++": 1}


@override_settings(LANGUAGES=[("en", "English"), ("es", "Español")])
def test_an_organizer_reading_spanish_sees_the_questions_and_answers_as_spanish_applicants_do(admin_client, people):
    """The built-in texts in the catalog's Spanish, an organizer's own translation where given;
    the counts are those of the stored answers, whatever the language."""
    gender = Question.objects.get(cycle=current_cycle(), question_id="gender")
    gender.translations = {"es": {"options": {"Non-binary": "No binario (propio)"}}}
    gender.save(update_fields=["translations"])
    english = by_id(admin_client.get("/api/applications/demographics", {"group": "applied"}).json())
    spanish = by_id(
        admin_client.get("/api/applications/demographics", {"group": "applied"}, HTTP_ACCEPT_LANGUAGE="es").json()
    )
    assert spanish["gender"]["question_text"] == "¿Cuál es tu género?"
    assert counts(spanish["gender"]) == {"Mujer": 4, "Hombre": 3, "No binario (propio)": 1}
    assert counts(spanish["first_generation"]) == {"Sí": 4, "No": 4}
    # The same counts in both languages, bar for bar.
    for question_id, entry in english.items():
        assert [row["count"] for row in entry["data"]] == [row["count"] for row in spanish[question_id]["data"]]
    page = admin_client.get("/admin/demographics", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    props = json.loads(page.split('id="admin-demographics-props" type="application/json">')[1].split("</script>")[0])
    listed = {q["question_id"]: q["question_text"] for q in props["questions"]}
    assert listed["gender"] == "¿Cuál es tu género?"


def test_counting_takes_four_queries_whatever_the_number_of_answers(people, django_assert_num_queries):
    cycle = current_cycle()
    with django_assert_num_queries(4):  # the questions, the GROUP BY, the multiselect aggregate, the schools
        demographics.demographics(cycle=cycle, group="applied")


def test_unknown_group_is_400(admin_client, people):
    r = admin_client.get("/api/applications/demographics", {"group": "everyone"})
    assert r.status_code == 400
    assert "group" in r.json()["errors"] and "Unknown group" in r.json()["message"]


def test_demographics_are_for_organizers_only(client, student_client):
    assert client.get("/api/applications/demographics", {"group": "applied"}).status_code == 401
    assert student_client.get("/api/applications/demographics", {"group": "applied"}).status_code == 403


def test_schools_and_countries_come_most_common_first_and_the_long_tail_is_summed(admin_client, db):
    """Hundreds of schools would be an unreadable chart: the first TOP_PLACES, then one row."""
    places = [(f"School {n:02d}", f"Country {n:02d}") for n in range(demographics.TOP_PLACES + 3)]
    email = 0
    for rank, (school, country) in enumerate(places):
        # The first place has the most applications, each next one fewer (at least one).
        for _ in range(max(1, 5 - rank)):
            email += 1
            make_application(f"s{email}@x.edu", status="submitted", school=school, answers={"country": country})
    make_application("draft@x.edu", status="started", school="School 00", answers={"country": "Country 00"})
    make_application("blank@x.edu", status="submitted", school="", answers={"country": ""})
    entries = by_id(admin_client.get("/api/applications/demographics", {"group": "applied"}).json())
    for key, other in (("school", "Other schools"), ("country", "Other countries")):
        rows = entries[key]["data"]
        label = "School" if key == "school" else "Country"
        assert rows[:3] == [
            {"label": f"{label} 00", "count": 5},
            {"label": f"{label} 01", "count": 4},
            {"label": f"{label} 02", "count": 3},
        ]
        assert len(rows) == demographics.TOP_PLACES + 1
        assert rows[-1] == {"label": other, "count": 3}  # the three smallest, one application each
        assert sum(row["count"] for row in rows) == email  # no draft, no blank answer
