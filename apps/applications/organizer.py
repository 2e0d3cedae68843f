"""The organizers' reads and writes on applications: one applicant, edits, history, teammates,
and the reading of a batch of addresses (batch decisions, in apps.decisions, and review
assignments use it). The applications table is in table.py.

Reads are plain functions returning the contract's shapes with a fixed number of queries;
writes run in transactions and change a status only through the status machine.
"""

from __future__ import annotations

import json

from django.db import transaction
from django.utils.formats import number_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from apps.core.emails import parse_email_input
from apps.core.exceptions import ApplicationError
from apps.core.text import clean_path_email
from apps.cycles.models import Cycle
from apps.cycles.selectors import current_cycle, question_set

from . import selectors, services, validation
from .models import Answer, Application, ApplicationEvent, answer_text

NO_APPLICATION = _("No application for this email.")
NOT_AN_EMAIL = _("Not a valid email address.")

# --- One applicant ---------------------------------------------------------------------


def get_application(*, email: str, cycle: Cycle | None = None, for_update: bool = False) -> Application:
    """The current cycle's application of `email`, or a 404."""
    cleaned = clean_path_email(email)
    cycle = cycle or current_cycle()
    queryset = Application.objects.filter(cycle=cycle, email=cleaned)
    if for_update:
        queryset = queryset.select_for_update()
    application = queryset.first() if cleaned else None
    if application is None:
        raise ApplicationError(NO_APPLICATION, status=404)
    return application


def application_detail(application: Application) -> dict:
    """The full application as GET `application` shapes it, with the recorded status and
    decision (organizers see decisions before release)."""
    cycle = Cycle.objects.get(pk=application.cycle_id)
    return selectors.application_payload(application, cycle=cycle, for_applicant=False)


# What the history calls each recorded field. An answer is recorded as `answer:<question_id>`
# (see _snapshot) and is named by its question's text instead.
FIELD_LABELS = {
    "status": _("Status"),
    "travel_reimbursement": _("Travel reimbursement"),
    "housing_accommodations": _("Housing accommodations"),
    # A release shows the decision (True) and undoing one hides it again (apps.decisions).
    "decision_visible": _("Decision shown to the applicant"),
    "first": _("First name"),
    "last": _("Last name"),
    "school": _("School"),
    "teamcode": _("Team code"),
    "checkboxes": _("Code of conduct"),
}
ANSWER_PREFIX = "answer:"


def answer_field(question_id: str) -> str:
    """The history's name of an answer's field (the column holds 64 characters)."""
    return f"{ANSWER_PREFIX}{question_id}"[:64]


def history_label(field: str, question_texts: dict[str, str]) -> str:
    """The words the history shows for a recorded field; `question_texts` maps an answer's
    field (answer_field) to its question's text.

    The question set is the one place its texts live, so the label is looked up when the
    history is read: an answer to a question since removed from the set still reads as a
    phrase naming its key ("Removed question: major").
    """
    if field.startswith(ANSWER_PREFIX):
        return question_texts.get(field) or gettext("Removed question: %(key)s") % {"key": field[len(ANSWER_PREFIX) :]}
    return str(FIELD_LABELS.get(field) or field.replace("_", " ").capitalize())


# Who made a change no person made, in the history's words (ApplicationEvent.source).
SOURCE_WORDS = {"waitlist": _("By the waitlist"), "deadline": _("By the deadline")}


def application_history(application: Application, *, sections: list[dict] | None = None) -> list[dict]:
    """Every decision, status change and organizer edit, newest first, each field named in
    words. One query, and two more for the question texts when an answer was edited and the
    caller has not read the application's question set (`sections`) already."""
    events = list(
        ApplicationEvent.objects.filter(application=application).select_related("actor").order_by("-at", "-pk")
    )
    question_texts: dict[str, str] = {}
    if any(event.field.startswith(ANSWER_PREFIX) for event in events):
        if sections is None:
            sections = question_set(Cycle.objects.get(pk=application.cycle_id))
        question_texts = {
            answer_field(question["question_id"]): question["question_text"]
            for section in sections
            for question in section["questions"]
        }
    return [
        {
            "at": event.at,
            "actor": event.actor.email if event.actor else None,
            "by": SOURCE_WORDS.get(event.source),
            "field": event.field,
            "label": history_label(event.field, question_texts),
            "from": event.from_value,
            "to": event.to_value,
        }
        for event in events
    ]


def teammates(*, teamcode: str, cycle: Cycle | None = None) -> list[str]:
    """The emails of the current cycle's applications with this team code."""
    teamcode = (teamcode or "").strip()
    if not teamcode.isascii() or not teamcode.isdigit() or len(teamcode) > 8:
        return []
    cycle = cycle or current_cycle()
    return list(
        Application.objects.filter(cycle=cycle, teamcode=teamcode).order_by("email").values_list("email", flat=True)
    )


def record_changes(*, application: Application, actor, changes: list[tuple[str, object, object]]) -> None:
    """History rows for an organizer's edit: one per field or answer whose value changed."""
    events = []
    for field, old, new in changes:
        old_text = "" if old is None else str(old)
        new_text = "" if new is None else str(new)
        if old_text != new_text:
            events.append(
                ApplicationEvent(
                    application=application,
                    actor=actor if getattr(actor, "pk", None) else None,
                    field=field[:64],
                    from_value=old_text,
                    to_value=new_text,
                )
            )
    ApplicationEvent.objects.bulk_create(events)


# --- Batch decisions -------------------------------------------------------------------

MAX_BATCH = 10_000
LOOKUP_CHUNK = 500


def applications_by_email(*, emails: list[str], cycle: Cycle) -> dict[str, int]:
    """{email: application id} for the addresses that have an application in `cycle`."""
    found: dict[str, int] = {}
    for start in range(0, len(emails), LOOKUP_CHUNK):
        chunk = emails[start : start + LOOKUP_CHUNK]
        found.update(Application.objects.filter(cycle=cycle, email__in=chunk).values_list("email", "pk"))
    return found


def parse_batch_emails(value) -> tuple[list[str], list[str]]:
    emails, malformed = parse_email_input(value)
    if len(emails) + len(malformed) > MAX_BATCH:
        raise ApplicationError(
            gettext("A batch can hold at most %(max)s addresses.")
            % {"max": number_format(MAX_BATCH, force_grouping=True)},
            errors={"emails": [gettext("Too many addresses.")]},
        )
    return emails, malformed


# --- An organizer's edit -----------------------------------------------------------------

EDITABLE_KEYS = ("first", "last", "school", "school_other", "sections", "checkboxes", "teamcode", "team_choice")
INVALID_EDIT = _("Please fix the highlighted fields and save again.")


def _snapshot(application: Application) -> dict[str, str]:
    """Every field an edit can change, as the text the history records."""
    values = {
        "first": application.first,
        "last": application.last,
        "school": application.school,
        "school_other": application.school_other,
        "checkboxes": json.dumps([bool(v) for v in (application.checkboxes or [])]),
        "teamcode": application.teamcode or "",
    }
    rows = Answer.objects.filter(application=application).values_list("question_id", "value", "detail")
    for question_id, value, detail in rows:
        values[answer_field(question_id)] = answer_text(value, detail)
    return values


@transaction.atomic
def application_edit(*, email: str, actor, data: dict) -> Application:
    """An organizer's edit of an application's fields and answers, checked exactly as a
    submission is (validation.check_application) and recorded field by field in the history.

    Keys the body leaves out keep their current values, so a page that does not show the
    code-of-conduct block can send the rest. The status never changes here.
    """
    application = get_application(email=email, for_update=True)
    cycle = Cycle.objects.get(pk=application.cycle_id)
    sections = question_set(cycle)
    current = selectors.application_payload(application, cycle=cycle, sections=sections, for_applicant=False)
    body = {key: data[key] if key in data else current[key] for key in EDITABLE_KEYS}
    parsed = validation.parse_application(body, sections)
    # Locked from here to commit (as a submission does), so the team-size count stays true.
    team = services.team_lock(cycle, parsed.teamcode) if parsed.teamcode and "teamcode" not in parsed.errors else None
    errors = validation.check_application(cycle, parsed, sections, application.user)
    if errors:
        raise ApplicationError(INVALID_EDIT, errors=errors)
    before = _snapshot(application)
    scope = validation.active_sections(sections, parsed.answers)
    services.application_store(application, parsed, user=application.user, team=team, sections=sections, scope=scope)
    after = _snapshot(application)
    record_changes(
        application=application,
        actor=actor,
        changes=[(key, before.get(key), after.get(key)) for key in dict.fromkeys([*before, *after])],
    )
    return application
