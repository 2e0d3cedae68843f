""" "Download my data": everything the portal holds about the signed-in person, as a zip of
`data.json` and their resume file, streamed.

The person is always the request's own user: nothing here takes an email or an id from the
request, so no one can ask for another person's data.

Decisions stay hidden until release here as on the dashboard: before it, an application shows
its visible status (apps.applications.status_machine.visible_status) and its history only the
person's own steps, so the export can't tell what the reviewers decided. Organizers appear as
"an organizer", not by address (their addresses are their data, not the applicant's).
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterator

from django.core.files.base import ContentFile
from django.utils import timezone

from apps.accounts import social
from apps.applications import consents
from apps.applications.models import Answer, Application, ApplicationEvent, ConsentRecord, RsvpAnswers
from apps.applications.status_machine import PRE_RELEASE, visible_status
from apps.checkin.models import CheckIn, Ticket
from apps.cycles import translations
from apps.cycles.models import Question
from apps.cycles.selectors import rsvp_question_set
from apps.mailings import recipients
from apps.resumes import zip as resume_zip
from apps.resumes.models import Resume, ResumeAccess
from apps.resumes.services import resume_storage
from apps.travel import selectors as travel_selectors

DATA_NAME = "data.json"
RESUME_NAME = "resume.pdf"


def _when(value) -> str | None:
    return value.isoformat() if value else None


def _history(application: Application, user, released: bool) -> list[dict]:
    rows = ApplicationEvent.objects.filter(application=application).order_by("at", "pk")
    if not released:
        rows = rows.filter(actor=user)
    return [
        {
            "at": _when(event.at),
            "by": "you" if event.actor_id == user.pk else ("an organizer" if event.actor_id else "the portal"),
            "field": event.field,
            "from": event.from_value,
            "to": event.to_value,
        }
        for event in rows
    ]


def _checkboxes(application: Application, records) -> list[dict]:
    ticked = list(application.checkboxes or [])
    newest = {r.key: r for r in records}
    out = []
    for consent in consents.CONSENTS:
        if consent.checkbox is None:
            continue
        row = newest.get(consent.key)
        out.append(
            {
                "key": consent.key,
                "text": consents.plain(row.text if row else consent.text()),
                "language": row.language if row else consent.language(),
                "version": row.version if row else consent.version,
                "ticked": bool(ticked[consent.checkbox]) if consent.checkbox < len(ticked) else False,
            }
        )
    return out


def _rsvp(application: Application) -> list[dict]:
    """The answers given when confirming (apps.applications.rsvp), each with its question's
    text in the cycle's RSVP set ("" for one no longer asked)."""
    given = RsvpAnswers.objects.filter(application=application).values_list("answers", flat=True).first()
    if not given:
        return []
    # In the reader's language, as the RSVP form showed them (the answers stay as stored).
    shown = translations.localized(rsvp_question_set(application.cycle))
    texts = {q["question_id"]: q["question_text"] for s in shown for q in s["questions"]}
    return [
        {"question_id": question_id, "question": texts.get(question_id, ""), "answer": value}
        for question_id, value in given.items()
    ]


def _application(application: Application, user) -> dict:
    cycle = application.cycle
    released = cycle.status not in PRE_RELEASE
    seen = visible_status(application, cycle.status)
    # Each question in the reader's language, as the form asked it (the answers stay as stored).
    texts = {q.question_id: translations.question_shown(q)[0] for q in Question.objects.filter(cycle=cycle)}
    answers = Answer.objects.filter(application=application).order_by("pk")
    records = ConsentRecord.objects.filter(application=application).order_by("at", "pk")
    return {
        "cycle": f"{cycle.season}-{cycle.year}",
        "status": seen["status"],
        "first": application.first,
        "last": application.last,
        "school": application.school,
        "teamcode": application.teamcode,
        # The three boxes of the form, each named by the text it stood for (the newest
        # recorded version of it, else today's): a bare [true, true, false] says nothing.
        "checkboxes": _checkboxes(application, records),
        "travel_reimbursement": seen["travel_reimbursement"],
        "housing_accommodations": seen["housing_accommodations"],
        "started_at": _when(application.created_at),
        "submitted_at": _when(application.submitted_at),
        "answers": [
            {
                "question_id": a.question_id,
                "question": texts.get(a.question_id, ""),
                "section": a.section_name,
                "answer": a.value,
                **({"detail": a.detail} if a.detail else {}),
            }
            for a in answers
        ],
        "rsvp": _rsvp(application),
        "history": _history(application, user, released),
        "consents": [
            {
                "key": r.key,
                "version": r.version,
                "given": r.given,
                "at": _when(r.at),
                "text": consents.plain(r.text),
                # The language the text was shown in: the text is the one read, not a translation.
                "language": r.language,
                "text_sha256": r.text_hash,
            }
            for r in records
        ],
        # The tickets issued (not their codes: a code is a key to the door, not a fact about
        # the person) and the check-in at the event, with who let them in as "a volunteer".
        "tickets": [
            {"version": t.version, "issued_at": _when(t.issued_at), "voided_at": _when(t.voided_at)}
            for t in Ticket.objects.filter(application=application).order_by("version")
        ],
        "check_in": next(
            ({"at": _when(c.at), "how": c.method} for c in CheckIn.objects.filter(application=application)), None
        ),
    }


def personal_data(user) -> dict:
    """The export's JSON: the account, each application (answers, history, consents), the
    mail recorded for the address, the resume's details and who downloaded it when."""
    applications = Application.objects.filter(user=user).select_related("cycle").order_by("created_at", "pk")
    resume = Resume.objects.filter(user=user).first()
    accesses = ResumeAccess.objects.filter(owner=user).order_by("at", "pk")
    labels = dict(ResumeAccess.How.choices)
    return {
        "exported_at": _when(timezone.now()),
        "account": {
            "email": user.email,
            "role": user.role,
            # The language pages and mail use for you ("" for the site's default).
            "language": user.language,
            "joined_at": _when(user.date_joined),
            "last_sign_in_at": _when(user.last_login),
            # Sign-in through a provider: the link (provider and its id for you), nothing else.
            "linked_sign_ins": [
                {**link, "linked_at": _when(link["linked_at"])} for link in social.linked_providers(user)
            ],
        },
        "applications": [_application(a, user) for a in applications],
        "mail": recipients.deliveries_to(user.email),
        # Travel support asked for and granted, with each receipt's details and review.
        "travel": travel_selectors.export_for(user),
        "resume": None
        if resume is None
        else {
            "file": RESUME_NAME,
            "original_name": resume.original_name,
            "size": resume.size,
            "uploaded_at": _when(resume.updated_at),
            "downloads_by_organizers": [
                {"at": _when(access.at), "how": str(labels.get(access.how, access.how))} for access in accesses
            ],
        },
    }


class _ExportFiles:
    """What stream_zip reads the entries from: the JSON in memory, the resume from storage."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def open(self, name: str, mode: str = "rb"):
        if name == DATA_NAME:
            return ContentFile(self.data, name=DATA_NAME)
        return resume_storage().open(name, mode)


def export_zip(user) -> Iterator[bytes]:
    """The zip's bytes, piece by piece: data.json, then resume.pdf (copied in chunks)."""
    data = json.dumps(personal_data(user), indent=2, ensure_ascii=False).encode()
    stamp = max(timezone.now().timetuple()[:6], (1980, 1, 1, 0, 0, 0))
    entries = [resume_zip.Entry(name=DATA_NAME, path=DATA_NAME, date_time=stamp)]
    resume = Resume.objects.filter(user=user).values_list("path", "updated_at").first()
    if resume is not None:
        path, updated_at = resume
        # Not DATA_NAME: storage names are resumes/<random>.pdf.
        entries.append(resume_zip.Entry(name=RESUME_NAME, path=path, date_time=updated_at.timetuple()[:6]))
    return resume_zip.stream_zip(entries, storage=_ExportFiles(data))


def export_filename(user, today: datetime.date | None = None) -> str:
    today = today or timezone.localdate()
    return f"my-data-{today.isoformat()}.zip"
