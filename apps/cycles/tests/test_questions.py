"""Question sets: the default set, GET / PUT /api/applications/questions, and the services
that load and dump a set (questions_replace, questions_dump)."""

from __future__ import annotations

import pytest

from apps.applications.models import Answer, Application
from apps.cycles import services
from apps.cycles.models import Question, QuestionType, Section
from apps.cycles.questions import DEFAULT_QUESTION_SET, default_question_set, with_builder_defaults
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_make_current
from apps.cycles.translations import localized

pytestmark = pytest.mark.django_db
URL = "/api/applications/questions"


def small_set() -> list[dict]:
    return [
        {
            "section_name": "Basics",
            "conditional_on": None,
            "questions": [
                {"question_id": "age", "question_text": "Age?", "question_type": "numeric", "options": []},
                {"question_id": "vegan", "question_text": "Vegan?", "question_type": "boolean", "options": []},
                {
                    "question_id": "colour",
                    "question_text": "Favourite colour?",
                    "question_type": "multiple_choice",
                    "options": ["Red", "Blue"],
                },
            ],
        },
        {
            "section_name": "Food",
            "conditional_on": "vegan",
            "questions": [
                {"question_id": "since", "question_text": "Since when?", "question_type": "short_answer", "options": []}
            ],
        },
    ]


def stored_small_set() -> list[dict]:
    """small_set() as stored: each question with its blind-review switch by the default rule
    (the set is sent without it, as an older client would)."""
    return with_builder_defaults(small_set())


def put(client, data):
    return client.put(URL, data, content_type="application/json")


# --- The default set ----------------------------------------------------------------------


def test_a_fresh_database_has_the_default_set_for_its_current_cycle():
    """Migration 0002 gave the current cycle the default set."""
    assert services.questions_dump(current_cycle()) == default_question_set()


def test_the_default_set_uses_all_nine_question_types():
    types = {q["question_type"] for s in DEFAULT_QUESTION_SET for q in s["questions"]}
    assert types == set(QuestionType.values)


def test_the_default_set_holds_the_survey_questions_and_a_conditional_travel_section():
    ids = {q["question_id"] for s in DEFAULT_QUESTION_SET for q in s["questions"]}
    assert {"gender", "ethnicity", "first_generation", "tshirt_size", "dietary_restrictions"} <= ids
    travel = next(s for s in DEFAULT_QUESTION_SET if s["section_name"] == "Travel")
    assert travel["conditional_on"] == "needs_travel"
    assert services.questions_check(default_question_set()) == {}


def test_questions_load_default_restores_the_default_set():
    cycle = current_cycle()
    services.questions_replace(cycle, small_set())
    services.questions_load_default(cycle)
    assert services.questions_dump(cycle) == default_question_set()


# --- GET ----------------------------------------------------------------------------------


def test_signed_in_users_get_the_set_in_the_contracts_shape(student_client):
    r = student_client.get(URL)
    assert r.status_code == 200, r.json()
    sections = r.json()
    assert [s["section_name"] for s in sections] == [s["section_name"] for s in DEFAULT_QUESTION_SET]
    for section in sections:
        assert set(section) == {"section_name", "conditional_on", "questions"}
        for question in section["questions"]:
            # The contract's keys, plus the blind-review switch, the required switch, help text
            # and a number question's largest answer.
            assert set(question) == {
                "question_id",
                "question_text",
                "question_type",
                "options",
                "reviewer_visible",
                "required",
                "help_text",
                "max_value",
            }
    assert sections[0]["conditional_on"] is None


def test_anonymous_visitors_get_401(client):
    assert client.get(URL).status_code == 401


def test_get_questions_takes_a_constant_number_of_queries(student_client, django_assert_max_num_queries):
    with django_assert_max_num_queries(5):
        assert student_client.get(URL).status_code == 200
    extra = [
        {
            "section_name": f"Extra {i}",
            "conditional_on": None,
            "questions": [
                {"question_id": f"x{i}_{j}", "question_text": "Why?", "question_type": "short_answer", "options": []}
                for j in range(10)
            ],
        }
        for i in range(10)
    ]
    services.questions_replace(current_cycle(), default_question_set() + extra)
    with django_assert_max_num_queries(5):
        assert len(student_client.get(URL).json()) == len(DEFAULT_QUESTION_SET) + 10


# --- PUT ----------------------------------------------------------------------------------


def test_an_organizer_replaces_the_current_cycles_set(admin_client, student_client):
    r = put(admin_client, small_set())
    assert r.status_code == 200, r.json()
    assert r.json() == stored_small_set()
    # Applicants read it in their language (here the default's), without the translation maps.
    assert student_client.get(URL).json() == localized(stored_small_set(), "en")
    assert Section.objects.filter(cycle=current_cycle()).count() == 2
    assert Question.objects.filter(cycle=current_cycle()).count() == 4


def test_a_student_gets_403_and_the_set_is_unchanged(student_client):
    assert put(student_client, small_set()).status_code == 403
    assert services.questions_dump(current_cycle()) == default_question_set()


def test_anonymous_put_gets_401(client):
    assert put(client, small_set()).status_code == 401


def test_replacing_the_set_keeps_stored_answers(admin_client, student):
    application = Application.objects.create(cycle=current_cycle(), user=student, email=student.email)
    Answer.objects.create(application=application, question_id="major", section_name="About You", value="Math")
    assert put(admin_client, small_set()).status_code == 200
    assert Answer.objects.get(application=application).value == "Math"


def test_texts_and_options_are_trimmed_and_options_dropped_where_they_dont_apply(admin_client):
    data = small_set()
    data[0]["section_name"] = "  Basics  "
    data[0]["questions"][0]["options"] = ["ignored"]
    data[0]["questions"][2]["options"] = [" Red ", "Blue"]
    assert put(admin_client, data).status_code == 200
    stored = services.questions_dump(current_cycle())
    assert stored == stored_small_set()


def _bad(mutate) -> list:
    data = small_set()
    mutate(data)
    return data


INVALID_SETS = {
    "not a list": ({"sections": []}, "sections"),
    "empty": ([], "sections"),
    "section not an object": (["x"], "sections.0"),
    "blank section name": (_bad(lambda d: d[0].update(section_name=" ")), "sections.0.section_name"),
    "no questions": (_bad(lambda d: d[1].update(questions=[])), "sections.1.questions"),
    "unknown type": (
        _bad(lambda d: d[0]["questions"][0].update(question_type="essay")),
        "sections.0.questions.0.question_type",
    ),
    "blank text": (
        _bad(lambda d: d[0]["questions"][0].update(question_text="")),
        "sections.0.questions.0.question_text",
    ),
    "blank id": (_bad(lambda d: d[0]["questions"][0].update(question_id="")), "sections.0.questions.0.question_id"),
    "id with spaces": (
        _bad(lambda d: d[0]["questions"][0].update(question_id="my age")),
        "sections.0.questions.0.question_id",
    ),
    "duplicate id": (
        _bad(lambda d: d[1]["questions"][0].update(question_id="age")),
        "sections.1.questions.0.question_id",
    ),
    "reserved id": (
        _bad(lambda d: d[0]["questions"][0].update(question_id="school")),
        "sections.0.questions.0.question_id",
    ),
    "choice without options": (
        _bad(lambda d: d[0]["questions"][2].update(options=[])),
        "sections.0.questions.2.options",
    ),
    "choice with blank option": (
        _bad(lambda d: d[0]["questions"][2].update(options=["Red", " "])),
        "sections.0.questions.2.options",
    ),
    "choice with duplicate options": (
        _bad(lambda d: d[0]["questions"][2].update(options=["Red", "Red"])),
        "sections.0.questions.2.options",
    ),
    "options not strings": (
        _bad(lambda d: d[0]["questions"][2].update(options=[1, 2])),
        "sections.0.questions.2.options",
    ),
    "multiselect option with comma": (
        _bad(lambda d: d[0]["questions"][2].update(question_type="multiselect", options=["Red, dark", "Blue"])),
        "sections.0.questions.2.options",
    ),
    "condition on unknown question": (_bad(lambda d: d[1].update(conditional_on="nope")), "sections.1.conditional_on"),
    "condition on non-boolean": (_bad(lambda d: d[1].update(conditional_on="age")), "sections.1.conditional_on"),
    "condition on a later question": (
        _bad(lambda d: d[0].update(conditional_on="vegan")),
        "sections.0.conditional_on",
    ),
}


@pytest.mark.parametrize("case", list(INVALID_SETS))
def test_an_invalid_set_is_refused_with_its_problem_and_nothing_changes(admin_client, case):
    data, key = INVALID_SETS[case]
    r = put(admin_client, data)
    assert r.status_code == 400, r.json()
    assert key in r.json()["errors"], r.json()
    assert services.questions_dump(current_cycle()) == default_question_set()


def test_a_multiple_choice_option_may_hold_a_comma(admin_client):
    data = _bad(lambda d: d[0]["questions"][2].update(options=["Red, dark", "Blue"]))
    assert put(admin_client, data).status_code == 200


def test_malformed_json_is_a_400(admin_client):
    r = admin_client.put(URL, "[{", content_type="application/json")
    assert r.status_code == 400


# --- Services -----------------------------------------------------------------------------


def test_dump_and_replace_round_trip_between_cycles():
    source = current_cycle()
    services.questions_replace(source, small_set())
    target = cycle_make_current(season="spring", year=2099)
    assert target.pk != source.pk
    services.questions_replace(target, default_question_set())
    services.questions_replace(target, services.questions_dump(source))
    assert services.questions_dump(target) == stored_small_set()
    assert services.questions_dump(source) == stored_small_set()


def test_questions_replace_refuses_an_invalid_set_with_its_errors():
    with pytest.raises(services.ApplicationError) as exc:
        services.questions_replace(current_cycle(), [{"section_name": "", "questions": []}])
    assert exc.value.status == 400
    assert "sections.0.section_name" in exc.value.errors


# --- A number question's largest answer ------------------------------------------------------


def test_a_number_questions_largest_answer_is_saved_and_read_back(admin_client):
    sections = services.questions_dump(current_cycle())
    age = next(q for s in sections for q in s["questions"] if q["question_id"] == "age")
    assert age["max_value"] == 100  # the default set's
    age["max_value"] = 120
    assert put(admin_client, sections).status_code == 200
    shown = admin_client.get(URL).json()
    assert next(q for s in shown for q in s["questions"] if q["question_id"] == "age")["max_value"] == 120
    # Left out: no largest answer.
    del age["max_value"]
    assert put(admin_client, sections).status_code == 200
    assert Question.objects.get(cycle=current_cycle(), question_id="age").max_value is None


@pytest.mark.parametrize(
    ("question_id", "value", "message"),
    [
        ("age", 10, "Must be from 16 to 1000000000."),
        ("age", 2_000_000_000, "Must be from 16 to 1000000000."),
        ("major", 50, "Only a number question has a largest answer."),
    ],
)
def test_a_largest_answer_is_refused_where_it_cant_hold(admin_client, question_id, value, message):
    sections = services.questions_dump(current_cycle())
    positions = [
        (i, j) for i, s in enumerate(sections) for j, q in enumerate(s["questions"]) if q["question_id"] == question_id
    ]
    [(i, j)] = positions
    sections[i]["questions"][j]["max_value"] = value
    response = put(admin_client, sections)
    assert response.status_code == 400, response.json()
    assert response.json()["errors"] == {f"sections.{i}.questions.{j}.max_value": [message]}
