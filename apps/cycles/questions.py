"""The default question set, as data in the API contract's shape.

A fresh database gets this set for its current cycle (data migration applications 0002, older
than the move of the question set here), and so does any new cycle that has no set to copy. It
uses every one of the nine question types, and its survey section holds the questions the
demographics page charts.

It also holds the one rule for which questions reviewers see in blind review
(`default_reviewer_visible`): the default set, the data migration that gave existing questions
their switch, and a question saved without one all go through it. Organizers override it per
question in the builder.

This module must stay plain data and plain functions (no model imports): migrations import it.
"""

from __future__ import annotations

import copy
import re

from django.utils.translation import gettext_noop

LEVELS_OF_STUDY = [
    gettext_noop("Less than Secondary / High School"),
    gettext_noop("Secondary / High School"),
    gettext_noop("Undergraduate University (2 year - community college or similar)"),
    gettext_noop("Undergraduate University (3+ year)"),
    gettext_noop("Graduate University (Masters, Professional, Doctoral, etc)"),
    gettext_noop("Code School / Bootcamp"),
    gettext_noop("Other Vocational / Trade Program or Apprenticeship"),
    gettext_noop("Post Doctorate"),
    gettext_noop("Not currently a student"),
    gettext_noop("Prefer not to answer"),
]

PROGRAMMING_LANGUAGES = [
    "Python",
    "JavaScript",
    "TypeScript",
    "Java",
    "C",
    "C++",
    "C#",
    "Go",
    "Rust",
    "Swift",
    "Kotlin",
    "Ruby",
    "PHP",
    "R",
    "MATLAB",
    "SQL",
    "HTML/CSS",
    gettext_noop("None yet"),
]

# Options of a multiselect that rule out every other one ("None yet" and "Python" can't both be
# true), by their text so that an organizer's own question gets the rule too. The form unticks
# the others when one is ticked (frontend/src/components/application/exclusive-options.json, checked
# against this list by apps/applications/tests/test_exclusive_options.py); the server refuses
# an answer holding one with others.
EXCLUSIVE_OPTIONS = ("None", "None yet", "Prefer not to answer")

# The smallest answer of every number question (the spec's constant); each may also set its
# largest (`max_value`, in the builder). apps.applications.validation checks both.
NUMERIC_MIN = 16
# The age the default set asks for: nobody applies at 200.
AGE_MAX = 100

TRAVEL_MODES = [
    gettext_noop("Bus"),
    gettext_noop("Train"),
    gettext_noop("Car"),
    gettext_noop("Plane"),
    gettext_noop("Other"),
]

GENDERS = [
    gettext_noop("Woman"),
    gettext_noop("Man"),
    gettext_noop("Non-binary"),
    gettext_noop("Prefer to self-describe"),
    gettext_noop("Prefer not to answer"),
]

ETHNICITIES = [
    gettext_noop("American Indian or Alaskan Native"),
    gettext_noop("Asian Indian"),
    gettext_noop("Black or African"),
    gettext_noop("Chinese"),
    gettext_noop("Filipino"),
    gettext_noop("Guamanian or Chamorro"),
    gettext_noop("Hispanic / Latino / Spanish Origin"),
    gettext_noop("Japanese"),
    gettext_noop("Korean"),
    gettext_noop("Middle Eastern"),
    gettext_noop("Native Hawaiian"),
    gettext_noop("Samoan"),
    gettext_noop("Vietnamese"),
    gettext_noop("White"),
    gettext_noop("Other Asian (Thai / Cambodian / etc)"),
    gettext_noop("Other Pacific Islander"),
    gettext_noop("Other"),
    gettext_noop("Prefer not to answer"),
]

TSHIRT_SIZES = ["XS", "S", "M", "L", "XL", "XXL"]

DIETARY_NEEDS = [
    gettext_noop("None"),
    gettext_noop("Vegetarian"),
    gettext_noop("Vegan"),
    gettext_noop("Halal"),
    gettext_noop("Kosher"),
    gettext_noop("Gluten-free"),
    gettext_noop("Dairy-free"),
    gettext_noop("Nut allergy"),
    gettext_noop("Shellfish allergy"),
    gettext_noop("Other"),
]


def _q(question_id: str, text: str, question_type: str, options: list[str] | None = None) -> dict:
    return {
        "question_id": question_id,
        "question_text": text,
        "question_type": question_type,
        "options": list(options or []),
    }


# --- Who sees a question in blind review -----------------------------------------------------

# Words of a question_id that mark an answer naming where someone is or who they are: where
# they live or travel from, how old they are, how to reach or look them up.
_LOCATION_WORDS = {
    "address",
    "city",
    "country",
    "from",
    "home",
    "hometown",
    "live",
    "lives",
    "location",
    "postal",
    "province",
    "region",
    "residence",
    "state",
    "zip",
    "zipcode",
}
_AGE_WORDS = {"age", "birth", "birthday", "birthdate", "dob", "born"}
_CONTACT_WORDS = {
    "devpost",
    "discord",
    "email",
    "github",
    "handle",
    "instagram",
    "link",
    "linkedin",
    "links",
    "phone",
    "portfolio",
    "site",
    "social",
    "twitter",
    "url",
    "urls",
    "username",
    "website",
}
_HIDDEN_TYPES = {
    # A list question collects links (the default set's GitHub / LinkedIn / website).
    "list",
    # Where the applicant lives.
    "country",
}


def is_demographic_section(name: str) -> bool:
    """Demographic questions are the ones of a section named for them (the default set's
    "Demographics Survey"). The statistics chart every survey-type question, which would also
    hide what reviewers judge (languages, level of study), so the rule goes by the section."""
    return "demographic" in (name or "").casefold()


def _id_words(question_id: str) -> set[str]:
    # "travel_from" -> {"travel", "from"}; "githubURL" -> {"github", "url"}.
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", question_id or "")
    return {word for word in re.split(r"[^a-z0-9]+", spaced.casefold()) if word}


def default_reviewer_visible(question_type: str, question_id: str, section_name: str) -> bool:
    """Whether reviewers see a question's answers in blind review, unless an organizer chose.

    Hidden: links (list questions), the country and any question about where one lives or
    travels from, age, the demographics section, and anything whose answers are emails, URLs
    or handles. Free text that stays shown is masked for the applicant's name and addresses
    when it is shown (apps.reviews.masking). The applicant's own form and the organizers'
    pages always show every question."""
    if question_type in _HIDDEN_TYPES or is_demographic_section(section_name):
        return False
    words = _id_words(question_id)
    return not words & (_LOCATION_WORDS | _AGE_WORDS | _CONTACT_WORDS)


def with_reviewer_visibility(sections: list[dict]) -> list[dict]:
    """The sections with each question's `reviewer_visible` filled in by the rule where it is
    missing (a question that has one keeps it)."""
    for section in sections:
        for question in section.get("questions", []):
            if "reviewer_visible" not in question:
                question["reviewer_visible"] = default_reviewer_visible(
                    question.get("question_type", ""), question.get("question_id", ""), section.get("section_name", "")
                )
    return sections


def with_builder_defaults(sections: list[dict]) -> list[dict]:
    """The sections with every key the builder stores filled in where missing: the blind-review
    switch by its rule (with_reviewer_visibility), required, no help text and no translations.
    What a set sent without them reads back as."""
    with_reviewer_visibility(sections)
    for section in sections:
        section.setdefault("translations", {})
        for question in section.get("questions", []):
            question.setdefault("required", True)
            question.setdefault("help_text", "")
            question.setdefault("max_value", None)
            question.setdefault("translations", {})
    return sections


DEFAULT_QUESTION_SET: list[dict] = [
    {
        "section_name": gettext_noop("About You"),
        "conditional_on": None,
        "questions": [
            {
                **_q("age", gettext_noop("How old will you be on the first day of the event?"), "numeric"),
                "max_value": AGE_MAX,
            },
            _q("country", gettext_noop("Which country do you currently live in?"), "country"),
            _q(
                "level_of_study",
                gettext_noop("What is your current level of study?"),
                "multiple_choice",
                LEVELS_OF_STUDY,
            ),
            _q("major", gettext_noop("What is your major or field of study?"), "short_answer"),
            _q("first_hackathon", gettext_noop("Will this be your first hackathon?"), "boolean"),
        ],
    },
    {
        "section_name": gettext_noop("Experience"),
        "conditional_on": None,
        "questions": [
            _q(
                "languages",
                gettext_noop("Which programming languages are you comfortable with? Select all that apply."),
                "multiselect",
                PROGRAMMING_LANGUAGES,
            ),
            _q("why_attend", gettext_noop("Why do you want to attend, and what do you hope to build?"), "long_answer"),
            _q(
                "proud_project",
                gettext_noop("Tell us about a project you are proud of: what it does and the part you built."),
                "long_answer",
            ),
            _q(
                "links",
                gettext_noop("Links to your GitHub, LinkedIn, portfolio or personal website (up to 3)."),
                "list",
            ),
            _q("resume", gettext_noop("Upload your resume (PDF, at most 2 MB)."), "resume"),
        ],
    },
    {
        "section_name": gettext_noop("Logistics"),
        "conditional_on": None,
        "questions": [
            _q("needs_travel", gettext_noop("Will you need help with travel to attend in person?"), "boolean"),
        ],
    },
    {
        "section_name": gettext_noop("Travel"),
        "conditional_on": "needs_travel",
        "questions": [
            _q(
                "travel_from",
                gettext_noop("Which city and state or province will you be travelling from?"),
                "short_answer",
            ),
            _q("travel_mode", gettext_noop("How do you expect to travel?"), "multiple_choice", TRAVEL_MODES),
            _q("needs_housing", gettext_noop("Will you need a place to stay overnight during the event?"), "boolean"),
        ],
    },
    {
        "section_name": gettext_noop("Demographics Survey"),
        "conditional_on": None,
        "questions": [
            _q("gender", gettext_noop("What is your gender?"), "multiple_choice", GENDERS),
            _q(
                "ethnicity",
                gettext_noop("Which of these best describe your race or ethnicity? Select all that apply."),
                "multiselect",
                ETHNICITIES,
            ),
            _q(
                "first_generation",
                gettext_noop(
                    "Are you a first-generation college student (neither parent completed a four-year degree)?"
                ),
                "boolean",
            ),
            _q("tshirt_size", gettext_noop("What is your t-shirt size (unisex)?"), "multiple_choice", TSHIRT_SIZES),
            _q(
                "dietary_restrictions",
                gettext_noop("Do you have any dietary restrictions? Select all that apply."),
                "multiselect",
                DIETARY_NEEDS,
            ),
        ],
    },
]


with_builder_defaults(DEFAULT_QUESTION_SET)


def default_question_set() -> list[dict]:
    """A fresh copy of the default set, safe for the caller to change."""
    return copy.deepcopy(DEFAULT_QUESTION_SET)


# --- The RSVP set: what an accepted applicant is asked when they confirm ----------------------
# Asked once a spot is offered, so it holds what only an attendee needs to tell: how to reach
# them and someone for them during the event, and what the venue must prepare. The defaults are
# optional: a cycle whose organizers never open the RSVP tab confirms as it always did, and
# organizers mark required what their event cannot do without.
# The question_ids that the check-in card shows (dietary, t-shirt, accessibility) are
# RSVP_CARD_QUESTIONS; an organizer who keeps them keeps them on the card.
RSVP_CARD_QUESTIONS = ("rsvp_dietary", "rsvp_tshirt", "rsvp_accessibility")


def _rsvp_q(question_id: str, text: str, question_type: str, options: list[str] | None = None, help_text=""):
    question = _q(question_id, text, question_type, options)
    question.update(required=False, help_text=help_text, reviewer_visible=False)
    return question


DEFAULT_RSVP_QUESTION_SET: list[dict] = [
    {
        "section_name": gettext_noop("Before the event"),
        "conditional_on": None,
        "questions": [
            _rsvp_q("rsvp_phone", gettext_noop("A phone number we can reach you at during the event"), "short_answer"),
            _rsvp_q(
                "rsvp_emergency_contact",
                gettext_noop("Emergency contact (name and phone number)"),
                "short_answer",
                help_text=gettext_noop("Only used if something happens to you at the event."),
            ),
            _rsvp_q(
                "rsvp_dietary",
                gettext_noop("Your final dietary needs"),
                "multiselect",
                DIETARY_NEEDS,
                help_text=gettext_noop(
                    "What the caterers prepare for you: tell us even if it changed since you applied."
                ),
            ),
            _rsvp_q("rsvp_tshirt", gettext_noop("Your t-shirt size (unisex)"), "multiple_choice", TSHIRT_SIZES),
            _rsvp_q(
                "rsvp_travel",
                gettext_noop("How are you travelling to the event, and when do you arrive?"),
                "long_answer",
            ),
            _rsvp_q(
                "rsvp_accessibility",
                gettext_noop("Accessibility needs we should prepare for"),
                "long_answer",
                help_text=gettext_noop("Step-free access, a quiet room, seating, captions: anything that helps."),
            ),
            _rsvp_q(
                "rsvp_photo_release",
                gettext_noop("May we use photos and video of you taken at the event?"),
                "boolean",
            ),
        ],
    },
]


for _section in DEFAULT_RSVP_QUESTION_SET:
    _section["translations"] = {}
    for _question in _section["questions"]:
        _question["translations"] = {}
        _question["max_value"] = None


def default_rsvp_question_set() -> list[dict]:
    """A fresh copy of the default RSVP set, safe for the caller to change."""
    return copy.deepcopy(DEFAULT_RSVP_QUESTION_SET)


# Options that are names or sizes, the same in every language, and so not marked: looked up in
# the catalogs, a name can meet another word's translation (Django's own Spanish has "Go", the
# button, as "Ir").
_NOT_TRANSLATED = frozenset({*PROGRAMMING_LANGUAGES, *TSHIRT_SIZES} - {"None yet"})


def _built_in_texts() -> frozenset[str]:
    texts: set[str] = set()
    for sections in (DEFAULT_QUESTION_SET, DEFAULT_RSVP_QUESTION_SET):
        for section in sections:
            texts.add(section["section_name"])
            for question in section["questions"]:
                texts.update(t for t in (question["question_text"], question.get("help_text")) if t)
                texts.update(question["options"])
    return frozenset(texts - _NOT_TRANSLATED)


# Every English text of the two built-in sets (section names, questions, help texts, options)
# marked for the catalog above (gettext_noop): an applicant reading another language sees the
# catalog's translation of each one the organizers kept as written and did not translate
# themselves (translations.localized). A text they rewrote is theirs, and shows as they wrote it.
BUILT_IN_TEXTS = _built_in_texts()
