"""The one place that decides whether an application is acceptable.

Two levels, both returning every problem at once as `{field: [messages]}` with the contract's
keys (`first`, `last`, `school`, `checkboxes`, `teamcode`, `resume`, or a question_id):

- the *shape* (types only): what a draft must satisfy (`parse_application`,
  `validate_draft_shape`), so that what we store fits the database and reads back as typed;
- the *content*: what a submission must satisfy (`validate_application`): the form's
  validation rules and the API's answer encoding.

A request body is not run through a DRF serializer here because the contract keys errors by
question_id, not by position in the nested `sections` list, and because a draft keeps values
(an age of 15, a 1300-character answer) that a field-level serializer would refuse.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from django.conf import settings
from django.utils.translation import gettext_lazy as _

from apps.core.text import UNSTORABLE, is_storable
from apps.cycles.models import QuestionType
from apps.cycles.questions import EXCLUSIVE_OPTIONS, NUMERIC_MIN
from apps.cycles.selectors import question_set

from . import selectors
from .models import Application, Team, TeamChoice

# The form's limits (the smallest number answer, 16, is the question set's: cycles.questions).
SHORT_ANSWER_MAX = 100
LONG_ANSWER_MAX = 1200
LIST_MAX_ENTRIES = 3
# Storage limits: the model's column sizes, and a ceiling on any one answer so that a draft
# can't store megabytes.
NAME_MAX = 100
SCHOOL_MAX = 255
ANSWER_MAX = 10_000
# The words typed beside an "Other" or "Prefer to self-describe" option.
DETAIL_MAX = 200
DETAIL_SHAPE = _("The description must be text.")
TEAMCODE_RE = re.compile(r"^[0-9]{6,8}$")
NUMBER_RE = re.compile(r"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$")

REQUIRED = _("This field is required.")
QUESTION_REQUIRED = _("This question is required.")
SCHOOL_NOT_LISTED = _("Choose your school from the list.")
SCHOOL_OTHER_MISSING = _("Type the name of your school.")
CHECKBOXES_REQUIRED = _("You must agree to the code of conduct and the event rules (the first two boxes).")
CHECKBOXES_SHAPE = _("Expected three true/false values.")
TEAMCODE_SHAPE = _("Team code must be 6 to 8 digits.")
TEAM_FULL = _("This team is full")
TEAM_CHOICE_SHAPE = _('Expected "new", "join", "alone" or null for team_choice.')
TEAMCODE_MISSING = _("Enter your teammate's team code.")
NO_SUCH_TEAM = _("No team has this code. Check it with your teammate, or choose Yes to start a new team.")
RESUME_MISSING = _("Please select a valid resume file.")


@dataclass
class ParsedApplication:
    """A request body reduced to typed values. `answers` holds the contract's encoding."""

    first: str = ""
    last: str = ""
    school: str = ""
    # The school's name when it is not in the list (school is COLLEGE_NOT_PRESENT), else "".
    school_other: str = ""
    checkboxes: list[bool] = field(default_factory=lambda: [False, False, False])
    teamcode: str | None = None
    # "new", "join" or "" (not said: a client that predates the choice, or an organizer's edit).
    team_choice: str = ""
    answers: dict[str, str] = field(default_factory=dict)
    # question_id -> the applicant's words for the "Other" / "Prefer to self-describe" option
    # the answer chose (only for such answers).
    details: dict[str, str] = field(default_factory=dict)
    errors: dict[str, list[str]] = field(default_factory=dict)

    def add(self, key: str, message: str) -> None:
        self.errors.setdefault(key, []).append(message)


def question_map(sections: list[dict]) -> dict[str, dict]:
    """question_id → question (contract shape) for a question set."""
    return {q["question_id"]: q for s in sections for q in s["questions"]}


def _text(parsed: ParsedApplication, data: dict, key: str, limit: int) -> str:
    value = data.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        parsed.add(key, _("Must be text."))
        return ""
    if not is_storable(value):
        parsed.add(key, UNSTORABLE)
        return ""
    value = value.strip()
    if len(value) > limit:
        parsed.add(key, _("Must be at most %(limit)s characters.") % {"limit": limit})
        return ""
    return value


def _checkboxes(parsed: ParsedApplication, value) -> list[bool]:
    if value is None:
        return [False, False, False]
    if not isinstance(value, list) or len(value) > 3 or not all(isinstance(v, bool) for v in value):
        parsed.add("checkboxes", CHECKBOXES_SHAPE)
        return [False, False, False]
    return [*value, *([False] * (3 - len(value)))]


def _teamcode(parsed: ParsedApplication, value) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if isinstance(value, str):
        value = value.strip()
    if value is None or value == "":
        return None
    if not isinstance(value, str) or not TEAMCODE_RE.fullmatch(value):
        parsed.add("teamcode", TEAMCODE_SHAPE)
        return None
    return value


def _team_choice(parsed: ParsedApplication, value) -> str:
    if value is None or value == "":
        return ""
    if value not in TeamChoice.values:
        parsed.add("teamcode", TEAM_CHOICE_SHAPE)  # the page shows it on the team question
        return ""
    return value


def _encode_answer(value, question_type: str) -> str | None:
    """The stored string for a value the client sent, or None when its type can't be one."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return ("yes" if value else "no") if question_type == QuestionType.BOOLEAN else None
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, list):
        if question_type not in (QuestionType.MULTISELECT, QuestionType.LIST):
            return None
        if not all(isinstance(v, str) for v in value):
            return None
        return ",".join(v.strip() for v in value if v.strip())
    if not isinstance(value, str):
        return None
    value = value.strip()
    if question_type == QuestionType.BOOLEAN and value.lower() in ("yes", "no"):
        return value.lower()
    if question_type in (QuestionType.MULTISELECT, QuestionType.LIST):
        return ",".join(v.strip() for v in value.split(",") if v.strip())
    return value


def _answer_shaped(value) -> bool:
    """Text, a number, true/false, a list of texts, or null: what any answer may be sent as."""
    if value is None or isinstance(value, str | bool | int | float):
        return True
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def describes(option: str) -> bool:
    """Whether an option asks for the applicant's own words: "Other" or "Prefer to self-describe"."""
    words = option.strip().lower()
    return words == "other" or "self-describe" in words


def _detail(parsed: ParsedApplication, question: dict, encoded: str, detail) -> str:
    """The description sent with an answer, kept only when the answer chose a describing option
    (choosing another option drops what was typed)."""
    if detail is None or detail == "":
        return ""
    if not isinstance(detail, str):
        parsed.add(question["question_id"], DETAIL_SHAPE)
        return ""
    chosen = encoded.split(",") if question["question_type"] == QuestionType.MULTISELECT else [encoded]
    if question["question_type"] not in (QuestionType.MULTIPLE_CHOICE, QuestionType.MULTISELECT) or not any(
        describes(option) for option in chosen
    ):
        return ""
    text = " ".join(detail.split())
    if len(text) > DETAIL_MAX:
        parsed.add(question["question_id"], _("Keep the description to %(limit)s characters.") % {"limit": DETAIL_MAX})
        return ""
    if not is_storable(text):
        parsed.add(question["question_id"], UNSTORABLE)
        return ""
    return text


def _answers(parsed: ParsedApplication, value, questions: dict[str, dict]) -> dict[str, str]:
    if value is None:
        return {}
    malformed = _("Expected a list of sections, each with a list of answers {question_id, answer}.")
    if not isinstance(value, list):
        parsed.add("sections", malformed)
        return {}
    answers: dict[str, str] = {}
    seen: set[str] = set()
    for section in value:
        # The shape the schema gives (AnswerSection): an object whose section_name, if sent,
        # is text and whose answers are a list (a missing or null list is an empty one).
        if not isinstance(section, dict) or not isinstance(section.get("section_name", ""), str):
            parsed.add("sections", malformed)
            return {}
        items = section.get("answers")
        if items is None:
            items = []
        if not isinstance(items, list):
            parsed.add("sections", malformed)
            return {}
        for item in items:
            if not isinstance(item, dict) or not isinstance(item.get("question_id"), str):
                parsed.add("sections", malformed)
                return {}
            question_id = item["question_id"]
            if not _answer_shaped(item.get("answer")):
                # Refused whatever the question (even one not in the set, whose answer is
                # otherwise ignored): it is not an answer at all.
                parsed.add(question_id or "sections", _("This answer has the wrong type."))
                continue
            question = questions.get(question_id)
            if question is None or question["question_type"] == QuestionType.RESUME:
                # Answers to questions that aren't in the set are ignored, and so is a resume
                # question's answer: the uploaded file is what counts.
                continue
            if question_id in seen:
                parsed.add(question_id, _("This question was answered more than once."))
                continue
            seen.add(question_id)
            encoded = _encode_answer(item.get("answer"), question["question_type"])
            if encoded is None:
                parsed.add(question_id, _("This answer has the wrong type."))
            elif len(encoded) > ANSWER_MAX:
                parsed.add(question_id, _("Must be at most %(limit)s characters.") % {"limit": ANSWER_MAX})
            elif not is_storable(encoded):
                parsed.add(question_id, UNSTORABLE)
            else:
                answers[question_id] = encoded
                detail = _detail(parsed, question, encoded, item.get("detail"))
                if detail:
                    parsed.details[question_id] = detail
    return answers


def parse_application(data, sections: list[dict]) -> ParsedApplication:
    """Check the shape of a request body (types only) and reduce it to typed values.

    Keys other than first, last, school, school_other, sections, checkboxes, teamcode and
    team_choice are ignored.
    """
    parsed = ParsedApplication()
    if not isinstance(data, dict):
        parsed.add("non_field_errors", _("Expected a JSON object."))
        return parsed
    parsed.first = _text(parsed, data, "first", NAME_MAX)
    parsed.last = _text(parsed, data, "last", NAME_MAX)
    parsed.school = _text(parsed, data, "school", SCHOOL_MAX)
    school_other = _text(parsed, data, "school_other", SCHOOL_MAX)
    # Kept only with the choice it belongs to: picking a listed school drops a name typed before.
    parsed.school_other = school_other if parsed.school == selectors.COLLEGE_NOT_PRESENT else ""
    parsed.checkboxes = _checkboxes(parsed, data.get("checkboxes"))
    parsed.teamcode = _teamcode(parsed, data.get("teamcode"))
    parsed.team_choice = _team_choice(parsed, data.get("team_choice"))
    if parsed.team_choice == TeamChoice.ALONE:
        # Applying alone holds no team, whatever code a client still sends.
        parsed.teamcode = None
        parsed.errors.pop("teamcode", None)
    parsed.answers = _answers(parsed, data.get("sections"), question_map(sections))
    return parsed


def active_sections(sections: list[dict], answers: dict[str, str]) -> list[dict]:
    """The sections that apply: unconditional ones, and those whose question was answered yes.

    A section counts only if the question it depends on is itself in an active section, so a
    chain of conditions is followed in order.
    """
    active: list[dict] = []
    active_ids: set[str] = set()
    for section in sections:
        condition = section.get("conditional_on")
        if not condition or (condition in active_ids and answers.get(condition) == "yes"):
            active.append(section)
            active_ids.update(q["question_id"] for q in section["questions"])
    return active


def _chosen_options(value: str, options: list[str]) -> list[str] | None:
    """The options a comma-joined multiselect answer holds, or None when a part is none."""
    parts = value.split(",")
    if any(part not in options for part in parts):
        return None
    return parts


def answer_error(question: dict, value: str) -> str | None:
    """The problem with one (non-empty, encoded) answer, or None."""
    kind = question["question_type"]
    options = question.get("options") or []
    if kind == QuestionType.NUMERIC:
        if not NUMBER_RE.match(value):
            return _("Must be a number.")
        try:
            number = Decimal(value)
        except InvalidOperation:
            return _("Must be a number.")
        if number < NUMERIC_MIN:
            return _("Must be at least %(minimum)s.") % {"minimum": NUMERIC_MIN}
        maximum = question.get("max_value")
        if maximum is not None and number > maximum:
            return _("Must be at most %(maximum)s.") % {"maximum": maximum}
    elif kind == QuestionType.SHORT_ANSWER and len(value) > SHORT_ANSWER_MAX:
        return _("Must be at most %(limit)s characters.") % {"limit": SHORT_ANSWER_MAX}
    elif kind == QuestionType.LONG_ANSWER and len(value) > LONG_ANSWER_MAX:
        return _("Must be at most %(limit)s characters.") % {"limit": LONG_ANSWER_MAX}
    elif kind == QuestionType.LIST and len(value.split(",")) > LIST_MAX_ENTRIES:
        return _("At most %(count)s entries.") % {"count": LIST_MAX_ENTRIES}
    elif kind == QuestionType.MULTIPLE_CHOICE and value not in options:
        return _("Choose one of the options.")
    elif kind == QuestionType.MULTISELECT:
        chosen = _chosen_options(value, options)
        if chosen is None:
            return _("Choose only from the options.")
        alone = [option for option in chosen if option in EXCLUSIVE_OPTIONS]
        if alone and len(chosen) > 1:
            return f'"{alone[0]}" can\'t be chosen together with other options.'
    elif kind == QuestionType.COUNTRY and value not in selectors.country_set():
        return _("Choose a country from the list.")
    elif kind == QuestionType.BOOLEAN and value not in ("yes", "no"):
        return 'Answer "yes" or "no".'
    return None


def team_error(
    cycle, teamcode: str | None, user, *, others: int | None = None, choice: str = "", exists: bool | None = None
) -> str | None:
    """The problem with joining team `teamcode`, or None: the one team rule of submit, save and
    an organizer's edit.

    - Joining ("No, I'll join a team", choice `join`) must name a team that exists in the cycle:
      one a teammate reserved when they chose Yes, or one that applications hold. Otherwise a
      mistyped code would quietly start a team of one that no teammate ever joins.
    - A team holds at most TEAM_MAX_SIZE applications.

    Callers that write must hold the team's row lock (services.team_lock / services.team_find)
    and pass what they read under it: `exists` and `others` (services.team_others).
    """
    if not teamcode:
        return None
    if choice == TeamChoice.JOIN:
        if exists is None:
            exists = Team.objects.filter(cycle=cycle, code=teamcode).exists()
        if not exists:
            return NO_SUCH_TEAM
    if others is None:
        others = Application.objects.filter(cycle=cycle, teamcode=teamcode).exclude(user=user).count()
    return TEAM_FULL if others >= settings.TEAM_MAX_SIZE else None


def check_application(
    cycle,
    parsed: ParsedApplication,
    sections: list[dict],
    user,
    *,
    has_resume: bool | None = None,
    team_others: int | None = None,
    team_exists: bool | None = None,
) -> dict[str, list[str]]:
    """Every content problem of a parsed application, shape problems included, except those of
    answers in sections that don't apply (the contract: such a section "is ignored").

    `has_resume`, `team_others` and `team_exists` are the facts it needs from the database; a
    caller that already read them (the submit service, under its locks) passes them, otherwise
    they are read."""
    active = active_sections(sections, parsed.answers)
    ignored = {q["question_id"] for s in sections for q in s["questions"]}
    ignored -= {q["question_id"] for s in active for q in s["questions"]}
    errors = {key: list(messages) for key, messages in parsed.errors.items() if key not in ignored}

    def add(key: str, message: str) -> None:
        errors.setdefault(key, []).append(message)

    for key, missing in (
        ("first", _("First name is required.")),
        ("last", _("Last name is required.")),
        ("school", _("School is required.")),
    ):
        if key not in errors and not getattr(parsed, key):
            add(key, missing)
    if "school" not in errors and parsed.school not in selectors.school_set():
        add("school", SCHOOL_NOT_LISTED)
    if "school_other" not in errors and parsed.school == selectors.COLLEGE_NOT_PRESENT and not parsed.school_other:
        add("school_other", SCHOOL_OTHER_MISSING)
    if "checkboxes" not in errors and not (parsed.checkboxes[0] and parsed.checkboxes[1]):
        add("checkboxes", CHECKBOXES_REQUIRED)
    if "teamcode" not in errors and parsed.team_choice == TeamChoice.JOIN and not parsed.teamcode:
        add("teamcode", TEAMCODE_MISSING)
    if "teamcode" not in errors:
        problem = team_error(
            cycle, parsed.teamcode, user, others=team_others, choice=parsed.team_choice, exists=team_exists
        )
        if problem:
            add("teamcode", problem)
    if not (selectors.has_resume(user) if has_resume is None else has_resume):
        add("resume", RESUME_MISSING)

    answers_check(active, parsed.answers, errors)
    return errors


def answers_check(active: list[dict], answers: dict[str, str], errors: dict[str, list[str]]) -> None:
    """Add to `errors` the problems of `answers` to the questions of the `active` sections:
    required ones left empty and values their question refuses. The one rule for answers, of
    the application and of the RSVP form alike; a question that already has an error is skipped."""
    for section in active:
        for question in section["questions"]:
            question_id = question["question_id"]
            if question["question_type"] == QuestionType.RESUME or question_id in errors:
                continue
            value = answers.get(question_id, "")
            if value == "":
                # A list may be empty; a question the builder made optional may be skipped.
                if question["question_type"] != QuestionType.LIST and question.get("required", True):
                    errors.setdefault(question_id, []).append(QUESTION_REQUIRED)
                continue
            problem = answer_error(question, value)
            if problem:
                errors.setdefault(question_id, []).append(problem)


def validate_application(cycle, data, user) -> dict[str, list[str]]:
    """Every problem with `data` as a submission of `user`'s application to `cycle`, by field.

    An empty dict means the application can be submitted. Reads only; the team-size count is
    advisory unless the caller holds the team's lock (the submit service does).
    """
    sections = question_set(cycle)
    parsed = parse_application(data, sections)
    return check_application(cycle, parsed, sections, user)


def validate_draft_shape(cycle, data) -> dict[str, list[str]]:
    """The shape problems of `data` as a draft (types only; values are kept as typed)."""
    return parse_application(data, question_set(cycle)).errors


def validate_rsvp(sections: list[dict], data) -> tuple[dict[str, str], dict[str, list[str]]]:
    """The RSVP answers in `data` (`{"sections": [...]}`, the application's encoding) to the RSVP
    set `sections`, and their problems by question_id. Answers in sections that don't apply are
    dropped, as a submission ignores them; an empty error dict means they can be stored."""
    parsed = ParsedApplication()
    if data is None or data == "":
        data = {}
    if not isinstance(data, dict):
        return {}, {"non_field_errors": [_("Expected a JSON object.")]}
    parsed.answers = _answers(parsed, data.get("sections"), question_map(sections))
    active = active_sections(sections, parsed.answers)
    kept = {q["question_id"] for s in active for q in s["questions"]}
    errors = {key: list(messages) for key, messages in parsed.errors.items() if key in kept or key == "sections"}
    answers_check(active, parsed.answers, errors)
    return {key: value for key, value in parsed.answers.items() if key in kept and value != ""}, errors
