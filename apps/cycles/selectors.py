from apps.core.db import PreparedRows
from apps.core.exceptions import ApplicationError

from . import current, translations
from .models import Cycle, CycleStatus, RsvpQuestionSet, Section

NO_CURRENT_CYCLE = (
    "The portal has no current application cycle. An organizer must run `manage.py migrate` "
    "or `manage.py seed_demo`, which create one."
)


class NoCurrentCycle(ApplicationError):
    """The current cycle is missing (migrations create it, so someone deleted it): a 503 with
    a message saying what to do, rather than a read that quietly writes one back."""

    def __init__(self) -> None:
        super().__init__(NO_CURRENT_CYCLE, status=503)


_COLUMNS = tuple(f.attname for f in Cycle._meta.concrete_fields)


def _read_current() -> tuple | None:
    return Cycle.objects.filter(is_current=True).values_list(*_COLUMNS).first()


def current_cycle() -> Cycle:
    """The current cycle; only reads. Migrations create it (cycles 0001, with its question set
    from applications 0002); `services.ensure_current_cycle` recreates it where that is wanted.

    Kept by each process until a Cycle row changes (apps/cycles/current.py): no query, and at
    most one cache GET a second. Each call returns a fresh instance, so a caller may change it
    without touching anyone else's."""
    values = current.kept(_read_current)
    if values is None:
        raise NoCurrentCycle()
    return Cycle.from_db(Cycle.objects.db, _COLUMNS, values)


def current_status() -> str:
    try:
        return current_cycle().status
    except NoCurrentCycle:
        return CycleStatus.NOT_OPEN


def cycle_config(cycle: Cycle) -> dict:
    return {
        "dates": cycle.dates(),
        "status": cycle.status,
        "location": cycle.location,
        "housing_link": cycle.housing_link,
        "retention_date": cycle.retention_date.isoformat() if cycle.retention_date else None,
    }


# --- Question sets ----------------------------------------------------------------------


QUESTION_SET_COLUMNS = (
    "pk",
    "name",
    "conditional_on",
    "translations",
    "questions__question_id",
    "questions__text",
    "questions__type",
    "questions__options",
    "questions__reviewer_visible",
    "questions__required",
    "questions__help_text",
    "questions__max_value",
    "questions__translations",
)
QUESTION_SET_ORDER = ("order", "pk", "questions__order", "questions__pk")


def _sections_from_rows(rows) -> list[dict]:
    """The contract's question set from rows of (section pk, name, conditional_on, the section's
    translations, question_id, text, type, options, reviewer_visible, required, help_text,
    max_value, the question's translations), in order; a section without questions has one row of NULL question
    columns (the LEFT JOIN's). Translations show for the enabled languages only."""
    out: list[dict] = []
    by_pk: dict[int, dict] = {}
    for row in rows:
        pk, name, conditional_on, section_texts, question_id, text, kind, options, *rest = row
        reviewer_visible, required, help_text, max_value, question_texts = rest
        if pk is None:  # a cycle without sections
            continue
        section = by_pk.get(pk)
        if section is None:
            section = by_pk[pk] = {
                "section_name": name,
                "conditional_on": conditional_on or None,
                "questions": [],
                "translations": translations.shown(section_texts),
            }
            out.append(section)
        if question_id is not None:
            section["questions"].append(
                {
                    "question_id": question_id,
                    "question_text": text,
                    "question_type": kind,
                    "options": list(options or []),
                    # Beyond the contract's keys: shown to reviewers in blind review.
                    "reviewer_visible": bool(reviewer_visible),
                    "required": bool(required),
                    "help_text": help_text or "",
                    "max_value": max_value,
                    "translations": translations.shown(question_texts),
                }
            )
    return out


# Compiled once per process: every applicant's form asks for the set (GET questions), and the
# compile cost more CPU than the database's answer.
_QUESTION_SET = PreparedRows(
    lambda cycle: (
        Section.objects.filter(cycle_id=cycle).order_by(*QUESTION_SET_ORDER).values_list(*QUESTION_SET_COLUMNS)
    ),
    ints=("cycle",),
)


def question_set(cycle: Cycle) -> list[dict]:
    """The cycle's question set in the contract's shape, in order. One query: the sections
    LEFT JOINed with their questions (so a section without questions still shows)."""
    return _sections_from_rows(_QUESTION_SET.all(cycle=cycle.pk))


_CYCLE_COLUMNS = [f.attname for f in Cycle._meta.concrete_fields]
# Compiled once per process: compiling it cost a save or a submit 1.3 ms of CPU, three times
# what the database took to answer it.
_CURRENT_CYCLE_AND_QUESTIONS = PreparedRows(
    lambda: (
        Cycle.objects.filter(is_current=True)
        .order_by(*(f"sections__{key}" for key in QUESTION_SET_ORDER))
        .values_list(*_CYCLE_COLUMNS, *(f"sections__{key}" for key in QUESTION_SET_COLUMNS))
    )
)


def current_cycle_and_question_set() -> tuple[Cycle, list[dict]]:
    """The current cycle and its question set, in one query (the cycle's columns repeat on
    each question's row): what a submit or a save needs before anything else.

    Raises NoCurrentCycle (503) like `current_cycle()`.
    """
    rows = _CURRENT_CYCLE_AND_QUESTIONS.all()
    if not rows:
        raise NoCurrentCycle()
    n = len(_CYCLE_COLUMNS)
    cycle = Cycle.from_db(Cycle.objects.db, _CYCLE_COLUMNS, rows[0][:n])
    return cycle, _sections_from_rows(row[n:] for row in rows)


def has_question_set(cycle: Cycle) -> bool:
    return Section.objects.filter(cycle=cycle).exists()


def rsvp_question_set(cycle: Cycle) -> list[dict]:
    """The cycle's RSVP set (asked at confirmation) in the contract's shape; [] when the cycle
    has none, so confirming asks nothing."""
    sections = RsvpQuestionSet.objects.filter(cycle=cycle).values_list("sections", flat=True).first()
    out = list(sections or [])
    # Stored before translations existed, or with a language disabled since: as the reads of
    # the application's set show them (_sections_from_rows).
    for section in out:
        section["translations"] = translations.shown(section.get("translations"))
        for question in section.get("questions", []):
            question["translations"] = translations.shown(question.get("translations"))
            question.setdefault("max_value", None)  # stored before number questions had one
    return out
