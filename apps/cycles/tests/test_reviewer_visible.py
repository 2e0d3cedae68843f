"""Each question's blind-review switch (`reviewer_visible`): the one default rule, the default
set, the builder's PUT (sent, left out by an older client, refused when malformed), the copy
to a new cycle, and the data migration that gave existing questions their switch."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from apps.cycles import services
from apps.cycles.models import Question
from apps.cycles.questions import default_question_set, default_reviewer_visible
from apps.cycles.selectors import current_cycle

URL = "/api/applications/questions"


@pytest.mark.parametrize(
    ("question_type", "question_id", "section", "visible"),
    [
        # Links, location and age: who the applicant is or where they are.
        ("list", "links", "Experience", False),
        ("list", "favourite_tools", "Experience", False),
        ("country", "country", "About You", False),
        ("country", "nationality", "About You", False),
        ("short_answer", "travel_from", "Travel", False),
        ("short_answer", "city", "About You", False),
        ("short_answer", "home_address", "About You", False),
        ("numeric", "age", "About You", False),
        ("short_answer", "date_of_birth", "About You", False),
        # Contact details: emails, URLs and handles.
        ("short_answer", "github", "Experience", False),
        ("short_answer", "githubURL", "Experience", False),
        ("short_answer", "personal_website", "Experience", False),
        ("short_answer", "backup_email", "About You", False),
        ("short_answer", "discord_handle", "About You", False),
        # The demographics section, whatever the question.
        ("multiple_choice", "tshirt_size", "Demographics Survey", False),
        ("boolean", "first_generation", "demographic questions", False),
        # What reviewers judge stays.
        ("long_answer", "why_attend", "Experience", True),
        ("long_answer", "proud_project", "Experience", True),
        ("multiselect", "languages", "Experience", True),
        ("multiple_choice", "level_of_study", "About You", True),
        ("short_answer", "major", "About You", True),
        ("boolean", "needs_travel", "Logistics", True),
        ("multiple_choice", "travel_mode", "Travel", True),
        ("resume", "resume", "Experience", True),
        # Words are whole: "age" is not in "language", nor "site" in "website_builder_skill"...
        ("short_answer", "language_skill", "Experience", True),
        ("short_answer", "page_count", "Experience", True),
        ("short_answer", "stateful_systems", "Experience", True),
    ],
)
def test_the_default_rule(question_type, question_id, section, visible):
    assert default_reviewer_visible(question_type, question_id, section) is visible


def test_the_default_set_hides_links_age_location_and_demographics():
    hidden = {q["question_id"] for s in default_question_set() for q in s["questions"] if not q["reviewer_visible"]}
    assert hidden == {
        "age",
        "country",
        "links",
        "travel_from",
        "gender",
        "ethnicity",
        "first_generation",
        "tshirt_size",
        "dietary_restrictions",
    }


@pytest.mark.django_db
def test_a_fresh_database_stores_the_rule_for_the_default_set():
    stored = dict(Question.objects.filter(cycle=current_cycle()).values_list("question_id", "reviewer_visible"))
    assert stored["links"] is False
    assert stored["travel_from"] is False
    assert stored["why_attend"] is True


def _question(sections, question_id):
    return next(q for s in sections for q in s["questions"] if q["question_id"] == question_id)


@pytest.mark.django_db
def test_an_organizer_turns_the_switch_and_it_is_kept(admin_client):
    sections = admin_client.get(URL).json()
    _question(sections, "links")["reviewer_visible"] = True
    _question(sections, "why_attend")["reviewer_visible"] = False
    r = admin_client.put(URL, sections, content_type="application/json")
    assert r.status_code == 200, r.json()
    assert _question(r.json(), "links")["reviewer_visible"] is True
    assert Question.objects.get(cycle=current_cycle(), question_id="links").reviewer_visible is True
    assert Question.objects.get(cycle=current_cycle(), question_id="why_attend").reviewer_visible is False


@pytest.mark.django_db
def test_a_client_that_leaves_the_switch_out_keeps_the_stored_choice_and_new_questions_get_the_rule(admin_client):
    cycle = current_cycle()
    Question.objects.filter(cycle=cycle, question_id="links").update(reviewer_visible=True)
    sections = admin_client.get(URL).json()
    for section in sections:
        for question in section["questions"]:
            del question["reviewer_visible"]
    sections[0]["questions"].append(
        {"question_id": "hometown", "question_text": "Where is home?", "question_type": "short_answer", "options": []}
    )
    sections[0]["questions"].append(
        {"question_id": "dream", "question_text": "Your dream project?", "question_type": "long_answer"}
    )
    r = admin_client.put(URL, sections, content_type="application/json")
    assert r.status_code == 200, r.json()
    assert _question(r.json(), "links")["reviewer_visible"] is True  # the organizer's choice, kept
    assert _question(r.json(), "age")["reviewer_visible"] is False
    assert _question(r.json(), "hometown")["reviewer_visible"] is False
    assert _question(r.json(), "dream")["reviewer_visible"] is True


@pytest.mark.django_db
def test_null_means_the_default(admin_client):
    sections = admin_client.get(URL).json()
    sections[0]["questions"].append(
        {"question_id": "city", "question_text": "City?", "question_type": "short_answer", "reviewer_visible": None}
    )
    r = admin_client.put(URL, sections, content_type="application/json")
    assert r.status_code == 200, r.json()
    assert _question(r.json(), "city")["reviewer_visible"] is False


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["yes", 1, [], {}])
def test_a_switch_that_is_not_true_or_false_is_refused(admin_client, value):
    sections = admin_client.get(URL).json()
    sections[1]["questions"][0]["reviewer_visible"] = value
    r = admin_client.put(URL, sections, content_type="application/json")
    assert r.status_code == 400, r.json()
    assert r.json()["errors"] == {"sections.1.questions.0.reviewer_visible": ["Expected true or false."]}
    assert _question(admin_client.get(URL).json(), "languages")["reviewer_visible"] is True


@pytest.mark.django_db
def test_a_new_cycle_copies_the_switches(admin_client):
    Question.objects.filter(cycle=current_cycle(), question_id="links").update(reviewer_visible=True)
    Question.objects.filter(cycle=current_cycle(), question_id="major").update(reviewer_visible=False)
    new = services.cycle_make_current(season="spring", year=2099)
    stored = dict(Question.objects.filter(cycle=new).values_list("question_id", "reviewer_visible"))
    assert stored["links"] is True
    assert stored["major"] is False
    assert stored["age"] is False


@pytest.mark.django_db
def test_a_student_cannot_turn_a_switch(student_client):
    sections = student_client.get(URL).json()
    _question(sections, "links")["reviewer_visible"] = True
    assert student_client.put(URL, sections, content_type="application/json").status_code == 403
    assert Question.objects.get(cycle=current_cycle(), question_id="links").reviewer_visible is False


# --- The data migration --------------------------------------------------------------------

BEFORE_THE_SWITCH = [("cycles", "0004_cycle_blind_review")]


def _migrate(targets=None) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.migrate(targets or executor.loader.graph.leaf_nodes())
    return executor


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_existing_questions_the_rules_switch():
    try:
        old = _migrate(BEFORE_THE_SWITCH).loader.project_state(BEFORE_THE_SWITCH).apps
        OldCycle = old.get_model("cycles", "Cycle")
        OldSection = old.get_model("cycles", "Section")
        OldQuestion = old.get_model("cycles", "Question")
        cycle = OldCycle.objects.get(is_current=True)
        section = OldSection.objects.create(cycle=cycle, order=99, name="Written before the switch")
        for i, (question_id, kind) in enumerate(
            [("portfolio_url", "short_answer"), ("hometown", "short_answer"), ("essay", "long_answer")]
        ):
            OldQuestion.objects.create(
                cycle=cycle, section=section, order=i, question_id=question_id, text="?", type=kind
            )
    finally:
        _migrate()
    stored = dict(Question.objects.values_list("question_id", "reviewer_visible"))
    assert stored["portfolio_url"] is False
    assert stored["hometown"] is False
    assert stored["essay"] is True
    # The default set's rows, written by an older migration, got the rule too.
    assert stored["links"] is False
    assert stored["why_attend"] is True
