"""reviewing.blind_view on its own: which questions and answers a blind reviewer gets, and in
what shape (no database: the application and question set are plain payloads)."""

from __future__ import annotations

import pytest

from apps.reviews.reviewing import blind_view


def _q(question_id, kind, visible=True):
    return {
        "question_id": question_id,
        "question_text": question_id,
        "question_type": kind,
        "options": [],
        "reviewer_visible": visible,
    }


SECTIONS = [
    {
        "section_name": "About",
        "conditional_on": None,
        "questions": [_q("essay", "long_answer"), _q("links", "list", False), _q("travels", "boolean", False)],
    },
    {"section_name": "Travel", "conditional_on": "travels", "questions": [_q("mode", "multiple_choice")]},
    {"section_name": "Private", "conditional_on": None, "questions": [_q("city", "short_answer", False)]},
]


def application(travels: str) -> dict:
    return {
        "first": "Ada",
        "last": "Lovelace",
        "email": "ada@princeton.edu",
        "school": "Princeton University",
        "teamcode": "123456",
        "team_choice": "join",
        "status": "submitted",
        "sections": [
            {
                "section_name": "About",
                "answers": [
                    {"question_id": "essay", "answer": "Ada here: ada@princeton.edu"},
                    {"question_id": "links", "answer": "github.com/ada,ada.dev"},
                    {"question_id": "travels", "answer": travels},
                    {"question_id": "removed_since", "answer": "Ada Lovelace"},
                ],
            },
            {"section_name": "Travel", "answers": [{"question_id": "mode", "answer": "Train"}]},
            {"section_name": "Private", "answers": [{"question_id": "city", "answer": "London"}]},
        ],
    }


def test_identity_goes_hidden_questions_go_free_text_is_masked():
    blinded, sections = blind_view(application("yes"), SECTIONS)
    assert {k: blinded[k] for k in ("first", "last", "email", "school", "teamcode", "team_choice")} == {
        "first": "",
        "last": "",
        "email": "",
        "school": "",
        "teamcode": None,
        "team_choice": None,
    }
    assert blinded["status"] == "submitted"
    answers = {a["question_id"]: a["answer"] for s in blinded["sections"] for a in s["answers"]}
    # The answer to a question no longer in the set goes too: nothing vets it.
    assert answers == {"essay": "[name] here: [email]", "mode": "Train"}
    # A section with every question hidden goes whole, its name included.
    assert [s["section_name"] for s in sections] == ["About", "Travel"]
    assert [s["section_name"] for s in blinded["sections"]] == ["About", "Travel"]
    assert [q["question_id"] for q in sections[0]["questions"]] == ["essay"]


@pytest.mark.parametrize(("travels", "shown"), [("yes", True), ("no", False), ("", False)])
def test_a_section_opened_by_a_hidden_question_is_decided_on_the_server(travels, shown):
    _, sections = blind_view(application(travels), SECTIONS)
    travel = [s for s in sections if s["section_name"] == "Travel"]
    assert bool(travel) is shown
    if shown:
        assert travel[0]["conditional_on"] is None


def test_a_shown_list_is_masked_entry_by_entry():
    sections = [{**SECTIONS[0], "questions": [_q("links", "list", True)]}]
    blinded, _ = blind_view(application("no"), sections)
    [links] = [a for s in blinded["sections"] for a in s["answers"] if a["question_id"] == "links"]
    assert links["answer"] == "[link],[link]"


def test_no_application_gives_the_question_set_alone():
    assert blind_view(None, SECTIONS)[0] is None


def test_the_words_beside_other_are_masked_as_free_text():
    shown = application("yes")
    shown["sections"][1]["answers"] = [{"question_id": "mode", "answer": "Other", "detail": "Ada Lovelace's own bike"}]
    blinded, _ = blind_view(shown, SECTIONS)
    travel = next(s for s in blinded["sections"] if s["section_name"] == "Travel")
    (answer,) = travel["answers"]
    assert answer["answer"] == "Other"
    assert "Ada" not in answer["detail"] and "Lovelace" not in answer["detail"]
    assert "bike" in answer["detail"]
