"""Organizers' question texts per language (apps.cycles.translations): what the builder stores
and checks, and what an applicant reading another language is shown."""

from __future__ import annotations

import copy
import json
import re

import pytest
from django.conf import settings
from django.test import override_settings
from django.utils import translation

from apps.applications.tests.applicant_data import open_cycle  # noqa: F401
from apps.core.tests.factories import UserFactory
from apps.cycles import services
from apps.cycles.models import Question, RsvpQuestionSet, Section
from apps.cycles.questions import BUILT_IN_TEXTS, PROGRAMMING_LANGUAGES, TSHIRT_SIZES, default_rsvp_question_set
from apps.cycles.selectors import current_cycle, question_set, rsvp_question_set
from apps.cycles.translations import localized
from conftest import signed_in_client

pytestmark = pytest.mark.django_db

URL = "/api/applications/questions"
BOTH = [("en", "English"), ("es", "Español")]
JSON = "application/json"


@pytest.fixture(autouse=True)
def _english_after():
    # A request activates its language in the thread; the next test starts from the default.
    yield
    translation.activate(settings.LANGUAGE_CODE)


def small_set(translations=None, section_translations=None) -> list[dict]:
    question = {
        "question_id": "gender",
        "question_text": "What is your gender?",
        "question_type": "multiple_choice",
        "options": ["Woman", "Man", "Rather not say"],
        "help_text": "Only for the statistics.",
    }
    if translations is not None:
        question["translations"] = translations
    section = {
        "section_name": "About you",
        "conditional_on": None,
        "questions": [
            question,
            {"question_id": "major", "question_text": "Your major?", "question_type": "short_answer", "options": []},
        ],
    }
    if section_translations is not None:
        section["translations"] = section_translations
    return [section]


SPANISH = {"es": {"question_text": "¿Cuál es tu género?", "options": {"Woman": "Mujer", "Man": "Hombre"}}}


def put(client, sections):
    return client.put(URL, json.dumps(sections), content_type=JSON)


@override_settings(LANGUAGES=BOTH)
def test_the_builder_stores_each_text_per_language_and_reads_it_back(admin_client):
    r = put(admin_client, small_set(SPANISH, {"es": {"section_name": "  Sobre ti "}}))
    assert r.status_code == 200, r.json()
    section = admin_client.get(URL).json()[0]
    assert section["translations"] == {"es": {"section_name": "Sobre ti"}}
    assert section["questions"][0]["translations"] == SPANISH
    # The options stay the keys answers are stored by; an untranslated question has none.
    assert section["questions"][0]["options"] == ["Woman", "Man", "Rather not say"]
    assert section["questions"][1]["translations"] == {}
    assert Question.objects.get(question_id="gender").translations == SPANISH


@override_settings(LANGUAGES=BOTH)
def test_empty_texts_are_not_stored_and_show_in_the_default_language(admin_client):
    sent = {"es": {"question_text": " ", "help_text": "", "options": {"Woman": "Mujer", "Man": "  "}}}
    assert put(admin_client, small_set(sent)).status_code == 200
    assert Question.objects.get(question_id="gender").translations == {"es": {"options": {"Woman": "Mujer"}}}


@override_settings(LANGUAGES=BOTH)
@pytest.mark.parametrize(
    ("translations", "path"),
    [
        ({"fr": {"question_text": "Quel est ton genre ?"}}, "sections.0.questions.0.translations.fr"),
        # The default language is what the question itself is written in.
        ({"en": {"question_text": "Gender?"}}, "sections.0.questions.0.translations.en"),
        ({"es": {"options": {"Femme": "Mujer"}}}, "sections.0.questions.0.translations.es.options"),
        ({"es": {"reviewer_visible": "sí"}}, "sections.0.questions.0.translations.es.reviewer_visible"),
        ({"es": {"question_text": "x" * 2001}}, "sections.0.questions.0.translations.es.question_text"),
        ({"es": "¿Género?"}, "sections.0.questions.0.translations.es"),
        (["es"], "sections.0.questions.0.translations"),
    ],
)
def test_a_translation_the_set_cant_hold_is_refused_at_its_path(admin_client, translations, path):
    before = question_set(current_cycle())
    r = put(admin_client, small_set(translations))
    assert r.status_code == 400
    body = r.json()
    assert body["message"] == services.INVALID_QUESTIONS
    assert path in body["errors"], body["errors"]
    assert question_set(current_cycle()) == before


def test_with_only_the_default_language_enabled_no_translation_is_taken(admin_client):
    r = put(admin_client, small_set(SPANISH))
    assert r.status_code == 400
    assert "not an enabled language" in r.json()["errors"]["sections.0.questions.0.translations.es"][0]


@override_settings(LANGUAGES=BOTH)
def test_a_section_name_translation_is_checked_too(admin_client):
    r = put(admin_client, small_set(section_translations={"de": {"section_name": "Über dich"}}))
    assert r.status_code == 400
    assert "sections.0.translations.de" in r.json()["errors"]
    r = put(admin_client, small_set(section_translations={"es": {"question_text": "¿?"}}))
    assert "sections.0.translations.es.question_text" in r.json()["errors"]


@override_settings(LANGUAGES=BOTH)
def test_an_option_label_is_for_a_choice_question_only(admin_client):
    sections = small_set()
    sections[0]["questions"][1]["translations"] = {"es": {"options": {"Your major?": "¿Tu carrera?"}}}
    r = put(admin_client, sections)
    assert r.status_code == 400
    assert "sections.0.questions.1.translations.es.options" in r.json()["errors"]


@override_settings(LANGUAGES=BOTH)
def test_a_client_that_leaves_translations_out_keeps_the_stored_ones(admin_client):
    assert put(admin_client, small_set(SPANISH, {"es": {"section_name": "Sobre ti"}})).status_code == 200
    # An older client (or a script) sends the set without the key.
    assert put(admin_client, small_set()).status_code == 200
    assert Question.objects.get(question_id="gender").translations == SPANISH
    assert Section.objects.get(cycle=current_cycle()).translations == {"es": {"section_name": "Sobre ti"}}
    # An empty map is a choice: no translations.
    assert put(admin_client, small_set({}, {})).status_code == 200
    assert Question.objects.get(question_id="gender").translations == {}
    assert Section.objects.get(cycle=current_cycle()).translations == {}


@override_settings(LANGUAGES=BOTH)
def test_a_removed_option_takes_its_label_with_it_when_kept_from_storage(admin_client):
    assert put(admin_client, small_set(SPANISH)).status_code == 200
    sections = small_set()
    sections[0]["questions"][0]["options"] = ["Woman", "Rather not say"]
    assert put(admin_client, sections).status_code == 200
    assert Question.objects.get(question_id="gender").translations == {
        "es": {"question_text": "¿Cuál es tu género?", "options": {"Woman": "Mujer"}}
    }


def test_a_language_disabled_for_a_while_is_neither_shown_nor_lost(admin_client):
    with override_settings(LANGUAGES=BOTH):
        assert put(admin_client, small_set(SPANISH)).status_code == 200
    # Spanish off: the builder doesn't see it, and saving what it sees keeps it.
    shown = admin_client.get(URL).json()
    assert shown[0]["questions"][0]["translations"] == {}
    assert put(admin_client, shown).status_code == 200
    with override_settings(LANGUAGES=BOTH):
        assert admin_client.get(URL).json()[0]["questions"][0]["translations"] == SPANISH


@override_settings(LANGUAGES=BOTH)
def test_localized_shows_the_language_where_given_and_the_default_elsewhere(admin_client):
    put(admin_client, small_set(SPANISH, {"es": {"section_name": "Sobre ti"}}))
    sections = question_set(current_cycle())
    [section] = localized(sections, "es")
    assert section["section_name"] == "Sobre ti"
    gender, major = section["questions"]
    assert gender["question_text"] == "¿Cuál es tu género?"
    assert gender["help_text"] == "Only for the statistics."  # not translated: as written
    assert gender["options"] == ["Woman", "Man", "Rather not say"]
    # "Rather not say" is a built-in option, and comes with the portal's own translation.
    assert gender["option_labels"] == {"Woman": "Mujer", "Man": "Hombre"}
    assert major["question_text"] == "Your major?" and "option_labels" not in major
    assert "translations" not in section and "translations" not in gender
    # The default language reads the set as written.
    [english] = localized(sections, "en")
    assert english["section_name"] == "About you"
    assert english["questions"][0]["question_text"] == "What is your gender?"
    assert "option_labels" not in english["questions"][0]


def apply_props(response) -> dict:
    match = re.search(r'<script id="apply-props" type="application/json">(.*?)</script>', response.content.decode())
    assert match, "no props for apply"
    return json.loads(match.group(1))


@override_settings(LANGUAGES=BOTH)
def test_the_apply_form_of_a_spanish_account_shows_spanish_where_given_and_english_elsewhere(
    admin_client,
    open_cycle,  # noqa: F811
):
    sections = copy.deepcopy(question_set(current_cycle()))
    sections[0]["translations"] = {"es": {"section_name": "Sobre ti"}}
    first = sections[0]["questions"][0]
    first["translations"] = {"es": {"question_text": "¿Cuántos años tendrás el primer día?"}}
    level = next(q for q in sections[0]["questions"] if q["question_id"] == "level_of_study")
    level["translations"] = {"es": {"options": {"Post Doctorate": "Posdoctorado (el suyo)"}}}
    # The organizers' own words, not translated by them: shown as written.
    sections[1]["section_name"] = "What you have built"
    sections[0]["questions"][1]["question_text"] = "Where do you live now?"
    assert put(admin_client, sections).status_code == 200

    ana = UserFactory(email="ana@princeton.edu", language="es")
    props = apply_props(signed_in_client(ana).get("/apply"))
    shown = props["questions"]
    assert shown[0]["section_name"] == "Sobre ti"
    assert shown[0]["questions"][0]["question_text"] == "¿Cuántos años tendrás el primer día?"
    # Not translated: in English.
    assert shown[1]["section_name"] == "What you have built"
    assert shown[0]["questions"][1]["question_text"] == "Where do you live now?"
    # The built-in texts kept as written: the portal's own Spanish, the organizers' where given.
    assert shown[2]["section_name"] == "Logística"
    level_shown = next(q for q in shown[0]["questions"] if q["question_id"] == "level_of_study")
    assert level_shown["question_text"] == "¿Cuál es tu nivel de estudios actual?"
    assert level_shown["option_labels"]["Post Doctorate"] == "Posdoctorado (el suyo)"
    assert level_shown["option_labels"]["Code School / Bootcamp"] == "Escuela de programación / bootcamp"
    assert "Post Doctorate" in level_shown["options"]

    # An English account reads the set as written, with no translation machinery.
    bo = UserFactory(email="bo@princeton.edu", language="en")
    english = apply_props(signed_in_client(bo).get("/apply"))["questions"]
    assert english[0]["section_name"] == "About You"
    assert all("translations" not in s and "option_labels" not in q for s in english for q in s["questions"])


@override_settings(LANGUAGES=BOTH)
def test_the_questions_api_gives_applicants_their_language_and_organizers_the_set_as_written(admin_client):
    put(admin_client, small_set(SPANISH))
    ana = signed_in_client(UserFactory(email="ana@princeton.edu", language="es"))
    gender = ana.get(URL).json()[0]["questions"][0]
    assert gender["question_text"] == "¿Cuál es tu género?"
    assert gender["option_labels"]["Woman"] == "Mujer"
    organizer = admin_client.get(URL, HTTP_ACCEPT_LANGUAGE="es").json()[0]["questions"][0]
    assert organizer["question_text"] == "What is your gender?"
    assert organizer["translations"] == SPANISH


@override_settings(LANGUAGES=BOTH)
def test_the_rsvp_set_holds_translations_and_the_applicant_reads_them(admin_client):
    r = admin_client.put("/api/applications/rsvp-questions", json.dumps(small_set(SPANISH)), content_type=JSON)
    assert r.status_code == 200, r.json()
    assert rsvp_question_set(current_cycle())[0]["questions"][0]["translations"] == SPANISH
    # Saved again without the key (an older client): kept.
    admin_client.put("/api/applications/rsvp-questions", json.dumps(small_set()), content_type=JSON)
    stored = RsvpQuestionSet.objects.get(cycle=current_cycle()).sections
    assert stored[0]["questions"][0]["translations"] == SPANISH
    [section] = localized(rsvp_question_set(current_cycle()), "es")
    assert section["questions"][0]["option_labels"] == {"Woman": "Mujer", "Man": "Hombre"}


@override_settings(LANGUAGES=BOTH)
def test_the_built_in_texts_come_translated_unless_the_organizers_rewrote_or_translated_them(admin_client):
    """The default set and the RSVP set are the portal's own words: a Spanish applicant reads
    them in Spanish from the catalog. A text the organizers translated shows their words; one
    they rewrote in English is theirs and shows as written; English readers see the set as is."""
    cycle = current_cycle()
    sections = services.questions_load_default(cycle)
    by_id = {q["question_id"]: q for s in sections for q in s["questions"]}
    by_id["major"]["question_text"] = "What do you study, and where?"  # rewritten: the organizers' own
    by_id["why_attend"]["translations"] = {"es": {"question_text": "¿Por qué vienes?"}}
    assert put(admin_client, sections).status_code == 200

    shown = localized(question_set(cycle), "es")
    names = [s["section_name"] for s in shown]
    assert names[:3] == ["Sobre ti", "Experiencia", "Logística"]
    questions = {q["question_id"]: q for s in shown for q in s["questions"]}
    assert questions["age"]["question_text"] == "¿Qué edad tendrás el primer día del evento?"
    assert questions["major"]["question_text"] == "What do you study, and where?"
    assert questions["why_attend"]["question_text"] == "¿Por qué vienes?"
    assert questions["gender"]["options"][0] == "Woman"  # answers stay keyed by the option
    assert questions["gender"]["option_labels"]["Woman"] == "Mujer"
    # An option with no translation of its own (a name) gets no label.
    assert "Python" not in questions["languages"]["option_labels"]
    assert questions["languages"]["option_labels"]["None yet"] == "Ninguno todavía"
    # Every built-in text has its Spanish in the portal's own catalog (not one met by chance in
    # Django's: "Go" is a button there, "Ir"), and the names and sizes stay as they are.
    catalog = (settings.BASE_DIR / "locale" / "es" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    assert [t for t in BUILT_IN_TEXTS if f"msgid {json.dumps(t, ensure_ascii=False)}" not in catalog] == []
    assert not set(PROGRAMMING_LANGUAGES[:-1]) & BUILT_IN_TEXTS and not set(TSHIRT_SIZES) & BUILT_IN_TEXTS
    assert "Go" not in questions["languages"].get("option_labels", {})

    rsvp = localized(default_rsvp_question_set(), "es")
    assert rsvp[0]["section_name"] == "Antes del evento"
    assert rsvp[0]["questions"][1]["help_text"] == "Solo se usa si te pasa algo durante el evento."

    [english] = localized(question_set(cycle), "en")[:1]
    assert english["section_name"] == "About You"
    assert "option_labels" not in english["questions"][2]


@override_settings(LANGUAGES=BOTH)
def test_the_builder_shows_the_built_in_translations_the_applicants_read(admin_client):
    """The builder's Spanish fields and preview hold what Spanish applicants read: the portal's
    own translation of a built-in text kept as written, the organizers' where given, nothing
    for a text of their own. A save keeps them as the organizers' from then on."""
    cycle = current_cycle()
    sections = services.questions_load_default(cycle)
    by_id = {q["question_id"]: q for s in sections for q in s["questions"]}
    by_id["major"]["question_text"] = "What do you study, and where?"
    by_id["why_attend"]["translations"] = {"es": {"question_text": "¿Por qué vienes?"}}
    assert put(admin_client, sections).status_code == 200

    shown = admin_client.get(URL).json()
    questions = {q["question_id"]: q for s in shown for q in s["questions"]}
    assert shown[0]["translations"] == {"es": {"section_name": "Sobre ti"}}
    assert questions["age"]["translations"]["es"]["question_text"] == "¿Qué edad tendrás el primer día del evento?"
    assert questions["why_attend"]["translations"]["es"] == {"question_text": "¿Por qué vienes?"}
    assert "es" not in questions["major"]["translations"]
    assert questions["gender"]["translations"]["es"]["options"]["Woman"] == "Mujer"
    assert "Go" not in questions["languages"]["translations"]["es"]["options"]
    # What the builder shows is what the applicant reads.
    assert localized(shown, "es") == localized(question_set(cycle), "es")

    # Saved as shown, they are the organizers' own: a later rewrite of the English keeps them.
    assert put(admin_client, shown).status_code == 200
    assert Question.objects.get(cycle=cycle, question_id="age").translations["es"]["question_text"].startswith("¿Qué")
    rsvp = admin_client.get("/api/applications/rsvp-questions").json()
    assert rsvp[0]["translations"] == {"es": {"section_name": "Antes del evento"}}
