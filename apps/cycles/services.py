from __future__ import annotations

import re

from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext

from apps.core.exceptions import ApplicationError
from apps.core.text import UNSTORABLE, is_storable

from . import selectors, translations
from .models import DATE_FIELDS, Cycle, Question, QuestionType, RsvpQuestionSet, Season, Section
from .questions import NUMERIC_MIN, default_question_set, default_reviewer_visible, default_rsvp_question_set
from .signals import cycle_became_current


def default_season_year() -> tuple[str, int]:
    today = timezone.now().date()
    return (Season.FALL if today.month >= 7 else Season.SPRING), today.year


UNCHANGED = object()
RETENTION_BEFORE_END = _("The retention date must come after the event's end date: the data is needed until then.")


# The order the dates must keep, as (earlier, later) pairs: applications are due before the
# event starts, the event ends after it starts, and every deadline an applicant answers by (both
# confirmations, the waitlist, the housing form) falls by the event's end. The error goes on the
# field an organizer most likely mistyped: the deadline of a pair, or `end` when it is before
# `start`. Each deadline is checked against the end itself, not only through another deadline,
# so a mistyped end flags every deadline after it at once.
DATE_ORDER = (
    ("due", "start", "due"),
    ("start", "end", "end"),
    ("confirmation_first_deadline", "confirmation_second_deadline", "confirmation_second_deadline"),
    ("confirmation_first_deadline", "end", "confirmation_first_deadline"),
    ("confirmation_second_deadline", "end", "confirmation_second_deadline"),
    ("waitlist_deadline", "end", "waitlist_deadline"),
    ("housing", "end", "housing"),
)
DATE_LABELS = {
    "due": _("the application due date"),
    "start": _("the event's start"),
    "end": _("the event's end"),
    "housing": _("the housing form date"),
    "confirmation_first_deadline": _("the first confirmation deadline"),
    "confirmation_second_deadline": _("the second confirmation deadline"),
    "waitlist_deadline": _("the waitlist deadline"),
}
DATES_OUT_OF_ORDER = _("The dates are out of order.")


def _long_date(value) -> str:
    """ "March 7, 2026": how the portal shows a date, in the active language (the emails' format)."""
    return date_format(value, pgettext("email date format", "F j, Y"))


def dates_check(dates: dict) -> dict[str, list[str]]:
    """The order problems of a configuration's dates, keyed `dates.<name>` (the field the
    configuration form shows them at). Empty when the dates are in order."""
    errors: dict[str, list[str]] = {}
    for earlier, later, blamed in DATE_ORDER:
        if dates[earlier] <= dates[later]:
            continue
        if blamed == earlier:
            message = _("Must be on or before %(other)s (%(date)s).") % {
                "other": DATE_LABELS[later],
                "date": _long_date(dates[later]),
            }
        else:
            message = _("Must be on or after %(other)s (%(date)s).") % {
                "other": DATE_LABELS[earlier],
                "date": _long_date(dates[earlier]),
            }
        errors.setdefault(f"dates.{blamed}", []).append(message)
    return errors


@transaction.atomic
def cycle_update_config(
    *,
    cycle: Cycle,
    dates: dict,
    location: str,
    housing_link: str,
    retention_date=UNCHANGED,
) -> Cycle:
    """Replace the cycle's dates, place and retention date (its status has its own door:
    `cycle_set_status`, reached through apps.decisions.cycle_release, which owns what a status
    change means for the applicants).

    The dates must be in order (DATE_ORDER): a 400 names each field out of order.

    `retention_date` (None clears it) is left as it is when not given: it is not one of the
    contract's fields, so an older client's POST must not erase it. It may not come before the
    event's end, when the organizers still need the applications."""
    errors = dates_check(dates)
    if errors:
        raise ApplicationError(DATES_OUT_OF_ORDER, errors=errors)
    cycle = Cycle.objects.select_for_update().get(pk=cycle.pk)
    for name in DATE_FIELDS:
        setattr(cycle, name, dates[name])
    cycle.location = location
    cycle.housing_link = housing_link
    if retention_date is not UNCHANGED:
        cycle.retention_date = retention_date
    if cycle.retention_date is not None and cycle.retention_date <= cycle.end:
        raise ApplicationError(RETENTION_BEFORE_END, errors={"retention_date": [RETENTION_BEFORE_END]})
    cycle.save()
    return cycle


@transaction.atomic
def cycle_set_status(*, cycle: Cycle, status: str) -> Cycle:
    """Store the cycle's status. Only the write: what a status means for applicants (a release
    and its emails, a release undone) is apps.decisions.cycle_release's, which calls this under
    its own checks; the configuration page, `set_cycle_status` and the Django admin go there.
    Tests and seeding use it directly to put a cycle in a state."""
    cycle = Cycle.objects.select_for_update().get(pk=cycle.pk)
    if cycle.status != status:
        cycle.status = status
        cycle.save(update_fields=["status", "updated_at"])
    return cycle


# The offer settings (apps.decisions.offers reads `offer_days`, apps.reviews.refill the two
# waitlist switches), saved by their own pages apart from the contract's configuration.
OFFER_SETTINGS = ("offer_days", "waitlist_refill", "waitlist_refill_paused")


@transaction.atomic
def cycle_set_offer_settings(*, cycle: Cycle, **values) -> Cycle:
    """Store any of OFFER_SETTINGS (the ones given); returns the cycle as saved."""
    unknown = set(values) - set(OFFER_SETTINGS)
    if unknown:
        raise ValueError(f"Not an offer setting: {sorted(unknown)}")
    cycle = Cycle.objects.select_for_update().get(pk=cycle.pk)
    changed = [name for name, value in values.items() if getattr(cycle, name) != value]
    for name in changed:
        setattr(cycle, name, values[name])
    if changed:
        cycle.save(update_fields=[*changed, "updated_at"])
    return cycle


@transaction.atomic
def cycle_make_current(*, season: str, year: int) -> Cycle:
    """Switch the current cycle, creating it if new, and start its season for applicants.

    A cycle without a question set gets a copy of the previous current cycle's set (so the
    organizers can edit it), or the default set if there is none. Accounts and resumes belong
    to people, not cycles, so they stay; applications stay with the cycle they were made in.
    """
    previous = Cycle.objects.select_for_update().filter(is_current=True).first()
    if previous is not None and (previous.season, previous.year) != (season, year):
        # Clear the flag first: at most one cycle may be current (a unique constraint).
        previous.is_current = False
        previous.save(update_fields=["is_current", "updated_at"])
    cycle, _created = Cycle.objects.select_for_update().get_or_create(season=season, year=year)
    if not cycle.is_current:
        cycle.is_current = True
        cycle.save(update_fields=["is_current", "updated_at"])
    # In the switch's transaction: a cycle is never current without its question set.
    question_set_ensure(cycle, copy_from=previous)
    cycle_became_current.send(sender=Cycle, cycle=cycle, previous=previous)
    return cycle


@transaction.atomic
def ensure_current_cycle() -> Cycle:
    """The current cycle, recreated (this season's, with the default question set) if someone
    deleted it. Only for the places that may create one (seeding, test setup after a flushed
    database); reads use `selectors.current_cycle`, which never writes."""
    cycle = Cycle.objects.select_for_update().filter(is_current=True).first()
    if cycle is None:
        season, year = default_season_year()
        cycle, _created = Cycle.objects.get_or_create(season=season, year=year)
        cycle.is_current = True
        cycle.save(update_fields=["is_current", "updated_at"])
        question_set_ensure(cycle)
        cycle_became_current.send(sender=Cycle, cycle=cycle, previous=None)
    return cycle


# --- Question sets ----------------------------------------------------------------------

INVALID_QUESTIONS = _("The question set is not valid.")

QUESTION_ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
# These name the contract's error keys for the fixed fields; a question may not reuse them
# (except a resume question as "resume", whose errors are the upload's).
RESERVED_QUESTION_IDS = {
    "first",
    "last",
    "school",
    "school_other",
    "checkboxes",
    "teamcode",
    "resume",
    "sections",
    "non_field_errors",
}
CHOICE_TYPES = (QuestionType.MULTIPLE_CHOICE, QuestionType.MULTISELECT)
MAX_SECTIONS = 50
MAX_QUESTIONS = 300
MAX_OPTIONS = 300
SECTION_NAME_MAX = 200
QUESTION_TEXT_MAX = 2000
HELP_TEXT_MAX = 500
OPTION_MAX = 200
# The largest "largest answer" a number question may set (its column holds a positive integer).
NUMERIC_MAX_LIMIT = 1_000_000_000
TRANSLATION_LIMITS = {"question_text": QUESTION_TEXT_MAX, "help_text": HELP_TEXT_MAX, "options": OPTION_MAX}


def _text_problem(value, limit: int, missing: str) -> str | None:
    """What is wrong with a required text of the question set (a section's name, a question's
    text), or None: absent or blank, not storable, or longer than `limit` once trimmed."""
    if not isinstance(value, str) or not value.strip():
        return missing
    if not is_storable(value):
        return UNSTORABLE
    if len(value.strip()) > limit:
        return _("At most %(limit)s characters.") % {"limit": limit}
    return None


def questions_check(sections) -> dict[str, list[str]]:
    """Every problem of a question set in the contract's shape, keyed by its position
    (`sections.0.questions.2.options`). An empty dict means it can be stored."""
    errors: dict[str, list[str]] = {}

    def add(key: str, message: str) -> None:
        errors.setdefault(key, []).append(message)

    if not isinstance(sections, list):
        add("sections", _("Expected a list of sections."))
        return errors
    if not sections:
        add("sections", _("A question set needs at least one section."))
    if len(sections) > MAX_SECTIONS:
        add("sections", _("At most %(limit)s sections.") % {"limit": MAX_SECTIONS})
        return errors
    total = sum(len(s["questions"]) for s in sections if isinstance(s, dict) and isinstance(s.get("questions"), list))
    if total > MAX_QUESTIONS:
        add("sections", _("At most %(limit)s questions.") % {"limit": MAX_QUESTIONS})
        return errors

    seen: dict[str, str] = {}  # question_id → its type, for the questions of earlier sections
    for i, section in enumerate(sections):
        where = f"sections.{i}"
        if not isinstance(section, dict):
            add(where, _("Expected an object with section_name, conditional_on and questions."))
            continue
        if problem := _text_problem(section.get("section_name"), SECTION_NAME_MAX, _("A section needs a name.")):
            add(f"{where}.section_name", problem)
        translations.check(
            section.get("translations"), f"{where}.translations", add, limits={"section_name": SECTION_NAME_MAX}
        )
        condition = section.get("conditional_on")
        if condition not in (None, ""):
            if not isinstance(condition, str) or condition not in seen:
                add(f"{where}.conditional_on", _("Must be the question_id of a yes/no question in an earlier section."))
            elif seen[condition] != QuestionType.BOOLEAN:
                add(f"{where}.conditional_on", _("Must refer to a yes/no (boolean) question."))
        questions = section.get("questions")
        if not isinstance(questions, list) or not questions:
            add(f"{where}.questions", _("A section needs at least one question."))
            continue
        section_ids: dict[str, str] = {}
        for j, question in enumerate(questions):
            qwhere = f"{where}.questions.{j}"
            if not isinstance(question, dict):
                add(qwhere, _("Expected an object with question_id, question_text, question_type and options."))
                continue
            kind = question.get("question_type")
            if kind not in QuestionType.values:
                add(
                    f"{qwhere}.question_type",
                    _("Must be one of: %(types)s.") % {"types": ", ".join(QuestionType.values)},
                )
            question_id = question.get("question_id")
            if not isinstance(question_id, str) or not QUESTION_ID_RE.match(question_id):
                add(f"{qwhere}.question_id", _("Use 1 to 64 letters, digits, '_' or '-'."))
            elif question_id in seen or question_id in section_ids:
                add(
                    f"{qwhere}.question_id", _("The question_id '%(id)s' is used more than once.") % {"id": question_id}
                )
            elif question_id in RESERVED_QUESTION_IDS and not (question_id == "resume" and kind == QuestionType.RESUME):
                add(
                    f"{qwhere}.question_id",
                    _("'%(id)s' is reserved; choose another question_id.") % {"id": question_id},
                )
            else:
                section_ids[question_id] = kind
            if problem := _text_problem(
                question.get("question_text"), QUESTION_TEXT_MAX, _("A question needs its text.")
            ):
                add(f"{qwhere}.question_text", problem)
            options = question.get("options", [])
            if options is None:
                options = []
            if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
                add(f"{qwhere}.options", _("Expected a list of strings."))
            elif not all(is_storable(o) for o in options):
                add(f"{qwhere}.options", UNSTORABLE)
            elif kind in CHOICE_TYPES:
                cleaned = [o.strip() for o in options]
                if not cleaned:
                    add(f"{qwhere}.options", _("A choice question needs at least one option."))
                elif len(cleaned) > MAX_OPTIONS:
                    add(f"{qwhere}.options", _("At most %(limit)s options.") % {"limit": MAX_OPTIONS})
                elif any(not o for o in cleaned):
                    add(f"{qwhere}.options", _("Options can't be empty."))
                elif any(len(o) > OPTION_MAX for o in cleaned):
                    add(f"{qwhere}.options", _("Each option is at most %(limit)s characters.") % {"limit": OPTION_MAX})
                elif len(set(cleaned)) != len(cleaned):
                    add(f"{qwhere}.options", _("Options must be different from each other."))
                elif kind == QuestionType.MULTISELECT and any("," in o for o in cleaned):
                    # Multiselect answers are stored comma-joined, so an option can't hold one.
                    add(f"{qwhere}.options", _("Options of a multiselect question can't contain commas."))
            if "reviewer_visible" in question and not isinstance(question["reviewer_visible"], bool | None):
                add(f"{qwhere}.reviewer_visible", _("Expected true or false."))
            if "required" in question and not isinstance(question["required"], bool | None):
                add(f"{qwhere}.required", _("Expected true or false."))
            help_text = question.get("help_text")
            if help_text is not None:
                if not isinstance(help_text, str):
                    add(f"{qwhere}.help_text", _("Expected text."))
                elif not is_storable(help_text):
                    add(f"{qwhere}.help_text", UNSTORABLE)
                elif len(help_text.strip()) > HELP_TEXT_MAX:
                    add(f"{qwhere}.help_text", _("At most %(limit)s characters.") % {"limit": HELP_TEXT_MAX})
            max_value = question.get("max_value")
            if max_value is not None:
                if kind != QuestionType.NUMERIC:
                    add(f"{qwhere}.max_value", _("Only a number question has a largest answer."))
                elif isinstance(max_value, bool) or not isinstance(max_value, int):
                    add(f"{qwhere}.max_value", _("Expected a whole number."))
                elif not NUMERIC_MIN <= max_value <= NUMERIC_MAX_LIMIT:
                    add(
                        f"{qwhere}.max_value",
                        _("Must be from %(low)s to %(high)s.") % {"low": NUMERIC_MIN, "high": NUMERIC_MAX_LIMIT},
                    )
            # Option labels may be given only for the options a choice question keeps.
            keys = options if kind in CHOICE_TYPES and isinstance(options, list) else []
            translations.check(
                question.get("translations"),
                f"{qwhere}.translations",
                add,
                limits=TRANSLATION_LIMITS,
                options=[o for o in keys if isinstance(o, str)],
            )
        seen.update(section_ids)
    return errors


def _reviewer_visible(question: dict, section_name: str, stored: dict[str, bool]) -> bool:
    """The question's blind-review switch: as sent; else as stored for the same question_id
    (a client that doesn't know the switch, such as an older builder, must not reset an
    organizer's choice); else the default rule."""
    value = question.get("reviewer_visible")
    if isinstance(value, bool):
        return value
    if question["question_id"] in stored:
        return stored[question["question_id"]]
    return default_reviewer_visible(question["question_type"], question["question_id"], section_name)


def _clean_question(q: dict, section_name: str, stored: dict[str, bool], stored_texts: dict[str, dict]) -> dict:
    options = [o.strip() for o in (q.get("options") or [])] if q["question_type"] in CHOICE_TYPES else []
    return {
        "question_id": q["question_id"],
        "question_text": q["question_text"].strip(),
        "question_type": q["question_type"],
        "options": options,
        "reviewer_visible": _reviewer_visible(q, section_name, stored),
        # Left out: required, as every question was before the switch existed.
        "required": q.get("required") is not False,
        "help_text": (q.get("help_text") or "").strip(),
        "max_value": q.get("max_value") if q["question_type"] == QuestionType.NUMERIC else None,
        "translations": translations.merged(q.get("translations"), stored_texts.get(q["question_id"]), options),
    }


def _clean_set(
    sections: list[dict],
    stored: dict[str, bool],
    stored_texts: dict[str, dict] | None = None,
    stored_section_texts: dict[str, dict] | None = None,
) -> list[dict]:
    """The checked set as stored. `stored_texts` (by question_id) and `stored_section_texts` (by
    section name) are the translations stored before, kept where the client left them out or
    for languages not enabled now (translations.merged)."""
    stored_texts = stored_texts or {}
    stored_section_texts = stored_section_texts or {}
    return [
        {
            "section_name": s["section_name"].strip(),
            "conditional_on": s.get("conditional_on") or "",
            "questions": [_clean_question(q, s["section_name"].strip(), stored, stored_texts) for q in s["questions"]],
            "translations": translations.merged(
                s.get("translations"), stored_section_texts.get(s["section_name"].strip())
            ),
        }
        for s in sections
    ]


@transaction.atomic
def questions_replace(cycle: Cycle, sections) -> list[dict]:
    """Replace the cycle's question set with `sections` (contract shape), after checking it all.

    Stored answers are kept: they refer to questions by question_id, not by row. So is each
    question's blind-review switch when `reviewer_visible` is left out (see _reviewer_visible).
    Raises ApplicationError (400, errors by position) if the set is not valid.
    """
    errors = questions_check(sections)
    if errors:
        raise ApplicationError(INVALID_QUESTIONS, errors=errors)
    Cycle.objects.select_for_update().filter(pk=cycle.pk).first()  # one replacement at a time
    # What a client may leave out and keep (the blind-review switch, the translations), in the
    # one read this had before translations (every stored section holds a question).
    rows = Question.objects.filter(cycle=cycle).values_list(
        "question_id", "reviewer_visible", "translations", "section__name", "section__translations"
    )
    stored, stored_texts, stored_section_texts = {}, {}, {}
    for question_id, reviewer_visible, texts, section_name, section_texts in rows:
        stored[question_id] = reviewer_visible
        stored_texts[question_id] = texts
        stored_section_texts[section_name] = section_texts
    Question.objects.filter(cycle=cycle).delete()
    Section.objects.filter(cycle=cycle).delete()
    cleaned = _clean_set(sections, stored, stored_texts, stored_section_texts)
    section_rows = Section.objects.bulk_create(
        [
            Section(
                cycle=cycle,
                order=i,
                name=s["section_name"],
                conditional_on=s["conditional_on"],
                translations=s["translations"],
            )
            for i, s in enumerate(cleaned)
        ]
    )
    Question.objects.bulk_create(
        [
            Question(
                cycle=cycle,
                section=row,
                order=j,
                question_id=q["question_id"],
                text=q["question_text"],
                type=q["question_type"],
                options=q["options"],
                reviewer_visible=q["reviewer_visible"],
                required=q["required"],
                help_text=q["help_text"],
                max_value=q["max_value"],
                translations=q["translations"],
            )
            for row, s in zip(section_rows, cleaned, strict=True)
            for j, q in enumerate(s["questions"])
        ]
    )
    return selectors.question_set(cycle)


def questions_dump(cycle: Cycle) -> list[dict]:
    """The cycle's question set in the contract's shape; questions_replace accepts it back."""
    return selectors.question_set(cycle)


def questions_load_default(cycle: Cycle) -> list[dict]:
    """Give the cycle the default question set (questions.py)."""
    return questions_replace(cycle, default_question_set())


@transaction.atomic
def question_set_ensure(cycle: Cycle, *, copy_from: Cycle | None = None) -> None:
    """Make sure the cycle has a question set: a copy of `copy_from`'s, else the default one.

    A cycle that already has a set keeps it.
    """
    rsvp_set_ensure(cycle, copy_from=copy_from)
    if selectors.has_question_set(cycle):
        return
    source = questions_dump(copy_from) if copy_from is not None and copy_from.pk != cycle.pk else []
    questions_replace(cycle, source or default_question_set())


# --- The RSVP set ---------------------------------------------------------------------------

INVALID_RSVP_QUESTIONS = _("The RSVP question set is not valid.")
RSVP_NO_RESUME = _("The RSVP form can't ask for a resume: the application already has it.")


def rsvp_questions_check(sections) -> dict[str, list[str]]:
    """The application set's rules (questions_check), and no resume question: the RSVP answers
    are stored as text, and the resume belongs to the application."""
    errors = questions_check(sections)
    if isinstance(sections, list):
        for i, section in enumerate(sections):
            questions = section.get("questions") if isinstance(section, dict) else None
            for j, question in enumerate(questions if isinstance(questions, list) else []):
                if isinstance(question, dict) and question.get("question_type") == QuestionType.RESUME:
                    errors.setdefault(f"sections.{i}.questions.{j}.question_type", []).append(RSVP_NO_RESUME)
    return errors


@transaction.atomic
def rsvp_questions_replace(cycle: Cycle, sections) -> list[dict]:
    """Replace the cycle's RSVP set, after checking it all (400 with errors by position).

    Stored RSVP answers are kept: they refer to questions by question_id."""
    errors = rsvp_questions_check(sections)
    if errors:
        raise ApplicationError(INVALID_RSVP_QUESTIONS, errors=errors)
    before = RsvpQuestionSet.objects.filter(cycle=cycle).values_list("sections", flat=True).first() or []
    cleaned = _clean_set(
        sections,
        {},
        {q["question_id"]: q.get("translations") for s in before for q in s.get("questions", [])},
        {s["section_name"]: s.get("translations") for s in before},
    )
    for section in cleaned:
        section["conditional_on"] = section["conditional_on"] or None
        for question in section["questions"]:
            # Reviewers never see RSVP answers (they are asked after the decision).
            question["reviewer_visible"] = False
    RsvpQuestionSet.objects.update_or_create(cycle=cycle, defaults={"sections": cleaned})
    return selectors.rsvp_question_set(cycle)


def rsvp_set_ensure(cycle: Cycle, *, copy_from: Cycle | None = None) -> None:
    """Make sure the cycle has an RSVP set: a copy of `copy_from`'s, else the default one. A cycle
    that has one keeps it."""
    if RsvpQuestionSet.objects.filter(cycle=cycle).exists():
        return
    source = selectors.rsvp_question_set(copy_from) if copy_from is not None and copy_from.pk != cycle.pk else []
    RsvpQuestionSet.objects.get_or_create(cycle=cycle, defaults={"sections": source or default_rsvp_question_set()})
