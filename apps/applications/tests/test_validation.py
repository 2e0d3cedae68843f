"""The one validation module: every rule by itself, and every problem reported at once."""

from __future__ import annotations

import pytest

from apps.applications import validation
from apps.applications.models import Application
from apps.applications.tests.applicant_data import (  # noqa: F401
    VALID_ANSWERS,
    body,
    pdf_upload,
    resume_storage,
    with_answer,
)
from apps.cycles.questions import DEFAULT_QUESTION_SET
from apps.cycles.selectors import current_cycle
from apps.resumes.services import resume_upload
from conftest import make_user

pytestmark = pytest.mark.django_db

REQUIRED_QUESTIONS = [
    q["question_id"]
    for s in DEFAULT_QUESTION_SET
    if not s["conditional_on"]
    for q in s["questions"]
    if q["question_type"] not in ("list", "resume")
]


@pytest.fixture
def applicant(resume_storage, student):  # noqa: F811
    resume_upload(user=student, upload=pdf_upload())
    return student


def errors_for(data, user) -> dict:
    return validation.validate_application(current_cycle(), data, user)


def test_a_complete_application_has_no_errors(applicant):
    assert errors_for(body(), applicant) == {}


# --- Fixed fields -------------------------------------------------------------------------


@pytest.mark.parametrize("field", ["first", "last", "school"])
@pytest.mark.parametrize("value", ["", "   ", None])
def test_first_last_and_school_are_required(applicant, field, value):
    errors = errors_for(body(**{field: value}), applicant)
    assert list(errors) == [field]


def test_a_missing_first_name_key_is_required_too(applicant):
    data = body()
    del data["first"]
    assert list(errors_for(data, applicant)) == ["first"]


def test_school_must_match_a_listed_name_exactly(applicant):
    assert errors_for(body(school="princeton university"), applicant) == {"school": [validation.SCHOOL_NOT_LISTED]}
    assert errors_for(body(school="Princeton Univ"), applicant) == {"school": [validation.SCHOOL_NOT_LISTED]}


def test_college_not_present_is_an_accepted_school(applicant):
    data = {**body(school="College Not Present"), "school_other": "Hogwarts School"}
    assert errors_for(data, applicant) == {}


def test_names_longer_than_the_column_are_refused(applicant):
    assert list(errors_for(body(first="A" * 101), applicant)) == ["first"]
    assert errors_for(body(first="A" * 100), applicant) == {}


def test_a_name_that_is_not_text_is_refused(applicant):
    assert errors_for(body(last=42), applicant) == {"last": ["Must be text."]}


# --- Code of conduct ----------------------------------------------------------------------


@pytest.mark.parametrize("boxes", [[True, True, False], [True, True, True]])
def test_the_third_checkbox_is_optional(applicant, boxes):
    assert errors_for(body(checkboxes=boxes), applicant) == {}


@pytest.mark.parametrize("boxes", [[False, True, True], [True, False, True], [False, False, False], None, []])
def test_the_first_two_checkboxes_are_required(applicant, boxes):
    assert errors_for(body(checkboxes=boxes), applicant) == {"checkboxes": [validation.CHECKBOXES_REQUIRED]}


@pytest.mark.parametrize("boxes", [["yes", "yes", "no"], [True, True, False, True], "true", {"0": True}])
def test_checkboxes_must_be_up_to_three_booleans(applicant, boxes):
    assert errors_for(body(checkboxes=boxes), applicant) == {"checkboxes": [validation.CHECKBOXES_SHAPE]}


# --- Questions: required ------------------------------------------------------------------


@pytest.mark.parametrize("question_id", REQUIRED_QUESTIONS)
def test_every_question_but_list_is_required(applicant, question_id):
    assert errors_for(with_answer(question_id, None), applicant) == {question_id: [validation.QUESTION_REQUIRED]}


@pytest.mark.parametrize("question_id", REQUIRED_QUESTIONS)
def test_a_blank_answer_counts_as_missing(applicant, question_id):
    assert errors_for(with_answer(question_id, "  "), applicant) == {question_id: [validation.QUESTION_REQUIRED]}


def test_a_list_question_may_be_left_empty(applicant):
    assert errors_for(with_answer("links", None), applicant) == {}
    assert errors_for(with_answer("links", ""), applicant) == {}


def test_a_resume_questions_answer_is_ignored(applicant):
    assert errors_for(with_answer("resume", "anything at all"), applicant) == {}


def test_answers_to_unknown_questions_are_ignored(applicant):
    data = body()
    data["sections"].append({"section_name": "x", "answers": [{"question_id": "nope", "answer": "x" * 50}]})
    assert errors_for(data, applicant) == {}


# --- Questions: per type ------------------------------------------------------------------


@pytest.mark.parametrize("value", ["16", "16.0", "16.5", "21", 30, 16.5])
def test_numeric_accepts_decimals_of_at_least_16(applicant, value):
    assert errors_for(with_answer("age", value), applicant) == {}


@pytest.mark.parametrize("value", ["15", "15.99", "-20", "0"])
def test_numeric_refuses_less_than_16(applicant, value):
    assert errors_for(with_answer("age", value), applicant) == {"age": ["Must be at least 16."]}


@pytest.mark.parametrize(("value", "errors"), [("100", {}), ("99.5", {}), ("100.01", None), ("200", None)])
def test_the_default_age_question_has_a_largest_answer(applicant, value, errors):
    """Nobody applies at 200: the default set's age question sets 100 as its largest answer."""
    expected = {"age": ["Must be at most 100."]} if errors is None else errors
    assert errors_for(with_answer("age", value), applicant) == expected


@pytest.mark.parametrize("value", ["nineteen", "NaN", "Infinity", "1e3", "19 years", "1,9", "١٩"])
def test_numeric_refuses_what_is_not_a_decimal(applicant, value):
    assert errors_for(with_answer("age", value), applicant) == {"age": ["Must be a number."]}


def test_short_answer_holds_at_most_100_characters(applicant):
    assert errors_for(with_answer("major", "x" * 100), applicant) == {}
    assert errors_for(with_answer("major", "x" * 101), applicant) == {"major": ["Must be at most 100 characters."]}


def test_long_answer_holds_at_most_1200_characters(applicant):
    assert errors_for(with_answer("why_attend", "x" * 1200), applicant) == {}
    assert errors_for(with_answer("why_attend", "x" * 1201), applicant) == {
        "why_attend": ["Must be at most 1200 characters."]
    }


def test_list_holds_at_most_3_entries(applicant):
    assert errors_for(with_answer("links", "a,b,c"), applicant) == {}
    assert errors_for(with_answer("links", ["a", "b", "c"]), applicant) == {}
    assert errors_for(with_answer("links", "a,b,c,d"), applicant) == {"links": ["At most 3 entries."]}


def test_multiple_choice_must_be_one_of_the_options(applicant):
    assert errors_for(with_answer("tshirt_size", "XXL"), applicant) == {}
    assert errors_for(with_answer("tshirt_size", "m"), applicant) == {"tshirt_size": ["Choose one of the options."]}
    assert errors_for(with_answer("tshirt_size", "XXXL"), applicant) == {"tshirt_size": ["Choose one of the options."]}


def test_multiselect_answers_must_all_be_options(applicant):
    assert errors_for(with_answer("languages", "Python,Go,C++"), applicant) == {}
    assert errors_for(with_answer("languages", ["Python", "Go"]), applicant) == {}
    assert errors_for(with_answer("languages", "Python,Cobol"), applicant) == {
        "languages": ["Choose only from the options."]
    }


@pytest.mark.parametrize("country", ["Taiwan", "Palestine State", "Vatican City", "Canada"])
def test_country_accepts_listed_names(applicant, country):
    assert errors_for(with_answer("country", country), applicant) == {}


@pytest.mark.parametrize("country", ["taiwan", "USA", "Atlantis"])
def test_country_must_match_a_listed_name_exactly(applicant, country):
    assert errors_for(with_answer("country", country), applicant) == {"country": ["Choose a country from the list."]}


@pytest.mark.parametrize("value", ["yes", "no", "Yes", True, False])
def test_boolean_accepts_yes_and_no(applicant, value):
    assert errors_for(with_answer("first_hackathon", value), applicant) == {}


@pytest.mark.parametrize("value", ["maybe", "y", "1"])
def test_boolean_refuses_anything_else(applicant, value):
    errors = errors_for(with_answer("first_hackathon", value), applicant)
    assert errors == {"first_hackathon": ['Answer "yes" or "no".']}


@pytest.mark.parametrize("value", [{"a": 1}, ["Python"]])
def test_an_answer_of_the_wrong_type_is_refused(applicant, value):
    assert errors_for(with_answer("major", value), applicant) == {"major": ["This answer has the wrong type."]}


def test_a_question_answered_twice_is_refused(applicant):
    data = body()
    data["sections"].append({"section_name": "again", "answers": [{"question_id": "major", "answer": "Math"}]})
    assert errors_for(data, applicant) == {"major": ["This question was answered more than once."]}


# --- Conditional sections -----------------------------------------------------------------


def test_a_conditional_section_is_required_when_its_question_is_yes(applicant):
    errors = errors_for(with_answer("needs_travel", "yes"), applicant)
    assert errors == {
        "travel_from": [validation.QUESTION_REQUIRED],
        "travel_mode": [validation.QUESTION_REQUIRED],
        "needs_housing": [validation.QUESTION_REQUIRED],
    }


def test_a_conditional_section_is_checked_when_its_question_is_yes(applicant):
    answers = {**VALID_ANSWERS, "needs_travel": "yes", "travel_from": "Boston, MA", "travel_mode": "Rocket"}
    answers["needs_housing"] = "no"
    assert errors_for(body(answers), applicant) == {"travel_mode": ["Choose one of the options."]}


def test_a_conditional_section_is_ignored_when_its_question_is_no(applicant):
    data = with_answer("needs_travel", "no")
    data["sections"][0]["answers"].append({"question_id": "travel_mode", "answer": "Rocket"})
    assert errors_for(data, applicant) == {}


# --- Team code ----------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["123456", "12345678", 100000, 99999999, None, ""])
def test_team_code_is_6_to_8_digits_or_nothing(applicant, code):
    assert errors_for(body(teamcode=code), applicant) == {}


@pytest.mark.parametrize("code", ["12345", "123456789", "12a456", "abcdef", 12345, True, ["123456"], "１２３４５６"])
def test_team_code_refuses_anything_else(applicant, code):
    assert errors_for(body(teamcode=code), applicant) == {"teamcode": [validation.TEAMCODE_SHAPE]}


def test_a_full_team_refuses_another_member(applicant, settings):
    settings.TEAM_MAX_SIZE = 2
    cycle = current_cycle()
    for email in ("one@princeton.edu", "two@princeton.edu"):
        user = make_user(email)
        Application.objects.create(cycle=cycle, user=user, email=email, teamcode="424242")
    assert errors_for(body(teamcode="424242"), applicant) == {"teamcode": [validation.TEAM_FULL]}


def test_a_member_of_a_full_team_may_keep_their_place(applicant, settings):
    settings.TEAM_MAX_SIZE = 2
    cycle = current_cycle()
    other = make_user("one@princeton.edu")
    Application.objects.create(cycle=cycle, user=other, email=other.email, teamcode="424242")
    Application.objects.create(cycle=cycle, user=applicant, email=applicant.email, teamcode="424242")
    assert errors_for(body(teamcode="424242"), applicant) == {}


# --- Resume, shape, and all at once -------------------------------------------------------


def test_a_resume_must_be_on_file(student):
    assert errors_for(body(), student) == {"resume": [validation.RESUME_MISSING]}


def test_a_body_that_is_not_an_object_is_refused(applicant):
    errors = errors_for(["first", "last"], applicant)
    assert errors["non_field_errors"] == ["Expected a JSON object."]


@pytest.mark.parametrize("sections", ["text", [1, 2], [{"answers": "x"}], [{"answers": [{"answer": "1"}]}]])
def test_malformed_sections_are_refused(applicant, sections):
    assert "sections" in errors_for(body(sections=sections), applicant)


def test_every_problem_is_reported_at_once(student):
    data = {
        "first": "",
        "last": "",
        "school": "Nowhere U",
        "checkboxes": [True, False, False],
        "teamcode": "12",
        "sections": [
            {
                "section_name": "About You",
                "answers": [
                    {"question_id": "age", "answer": "15"},
                    {"question_id": "major", "answer": "x" * 101},
                    {"question_id": "country", "answer": "Atlantis"},
                    {"question_id": "needs_travel", "answer": "yes"},
                ],
            }
        ],
    }
    errors = errors_for(data, student)
    for key in ("first", "last", "school", "checkboxes", "teamcode", "resume", "age", "major", "country"):
        assert key in errors, key
    for key in ("travel_from", "travel_mode", "needs_housing", "gender", "languages"):
        assert errors[key] == [validation.QUESTION_REQUIRED]
    assert "links" not in errors


def test_a_draft_keeps_values_as_typed(db):
    cycle = current_cycle()
    data = body({**VALID_ANSWERS, "age": "15", "why_attend": "x" * 1300, "country": "Atlantis"})
    data.update(first="", school="Somewhere not listed", checkboxes=[False, False, False])
    assert validation.validate_draft_shape(cycle, data) == {}


def test_a_draft_still_needs_the_right_shape(db):
    cycle = current_cycle()
    errors = validation.validate_draft_shape(cycle, body(first="x" * 101, teamcode="12", checkboxes="yes"))
    assert set(errors) == {"first", "teamcode", "checkboxes"}
    huge = validation.validate_draft_shape(cycle, with_answer("why_attend", "x" * 10_001))
    assert huge == {"why_attend": ["Must be at most 10000 characters."]}
