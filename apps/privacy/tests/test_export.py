"""GET /api/privacy/export: the signed-in person's data as a streamed zip (data.json + resume)."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from django.test import override_settings
from django.utils import timezone

from apps.applications import status_machine
from apps.applications.tests.applicant_data import PDF_BYTES
from apps.cycles.selectors import current_cycle
from apps.mailings.models import Delivery, Mailing
from apps.privacy.tests.privacy_data import new_applicant, release
from apps.resumes.models import ResumeAccess

EXPORT = "/api/privacy/export"


def download(client) -> tuple[dict, zipfile.ZipFile]:
    r = client.get(EXPORT)
    assert r.status_code == 200
    assert r["Content-Type"] == "application/zip"
    assert r["Content-Disposition"].startswith('attachment; filename="my-data-')
    assert r["Cache-Control"] == "no-store"
    archive = zipfile.ZipFile(io.BytesIO(b"".join(r.streaming_content)))
    return json.loads(archive.read("data.json")), archive


def test_the_zip_holds_the_account_application_answers_history_consents_mail_and_resume(applicant, admin_client):
    user, client, application = applicant
    mailing = Mailing.objects.create(
        subject="See you soon", audience="custom", html="<p>Hi</p>", send_at=timezone.now(), status="sent"
    )
    Delivery.objects.create(mailing=mailing, email=user.email, state="sent", sent_at=timezone.now())
    assert admin_client.get("/api/resume/download/ada%40princeton.edu").status_code == 200

    data, archive = download(client)
    assert sorted(archive.namelist()) == ["data.json", "resume.pdf"]
    assert archive.read("resume.pdf") == PDF_BYTES
    assert data["account"]["email"] == "ada@princeton.edu"
    [exported] = data["applications"]
    assert (exported["first"], exported["last"], exported["status"]) == ("Ada", "Lovelace", "submitted")
    answers = {a["question_id"]: a for a in exported["answers"]}
    assert answers["major"]["answer"] == "Computer Science"
    assert answers["major"]["question"]  # the question's text, so the file reads on its own
    assert [(h["to"], h["by"]) for h in exported["history"]][-1] == ("submitted", "you")
    given = {(c["key"], c["version"], c["given"]) for c in exported["consents"]}
    assert ("share_resume_with_sponsors", 1, True) in given and ("code_of_conduct", 1, True) in given
    assert "](" not in exported["consents"][0]["text"]  # plain text, no link markup
    # The language the text was read in: a Spanish applicant's record holds the Spanish text.
    assert {c["language"] for c in exported["consents"]} == {"en"}
    assert [c["language"] for c in exported["checkboxes"]] == ["en", "en", "en"]
    # The batch email, and the "we received your application" email of her submit.
    [sent] = [m for m in data["mail"] if m["kind"] == "batch"]
    assert len(data["mail"]) == 2
    assert (sent["subject"], sent["kind"], sent["state"]) == ("See you soon", "batch", "sent") and sent["sent_at"]
    assert data["resume"]["size"] == len(PDF_BYTES)
    assert data["resume"]["downloads_by_organizers"][0]["how"] == "Single download"
    # Organizers are not named: their addresses are their data.
    assert "grace@princeton.edu" not in json.dumps(data)


def test_the_zip_holds_the_tickets_and_the_check_in_but_not_the_ticket_code(organizer):
    """A confirmed applicant's tickets (a re-issue voids the first) and their check-in at the
    door are theirs to see; the code is a key to the door, not a fact about them."""
    import uuid

    from apps.checkin import checkins, tickets
    from apps.checkin.models import Ticket
    from apps.core.tests.factories import ApplicationFactory
    from conftest import PortalClient

    application = ApplicationFactory(status="confirmed")
    # Issued by the confirmation itself, in its transaction.
    first = Ticket.objects.get(application=application, voided_at__isnull=True)
    second = tickets.reissue(application_id=application.pk, by_applicant=True)
    checkins.scan(token=tickets.token_of(second), scan_id=uuid.uuid4(), user=organizer)
    client = PortalClient()
    client.force_login(application.user)

    data, _ = download(client)
    [exported] = data["applications"]
    assert [(t["version"], t["voided_at"] is not None) for t in exported["tickets"]] == [(1, True), (2, False)]
    assert exported["check_in"]["how"] == "scan" and exported["check_in"]["at"]
    dumped = json.dumps(data)
    assert first.code not in dumped and second.code not in dumped


def test_a_decision_stays_hidden_before_release(applicant):
    user, client, application = applicant
    status_machine.transition(application_id=application.pk, to="rejected", travel_reimbursement=False)
    data, _ = download(client)
    [exported] = data["applications"]
    assert exported["status"] == "submitted"
    assert "rejected" not in json.dumps(exported["history"])
    release(current_cycle())
    data, _ = download(client)
    assert data["applications"][0]["status"] == "rejected"
    assert any(h["to"] == "rejected" and h["by"] == "the portal" for h in data["applications"][0]["history"])


def test_only_ones_own_data_whatever_the_request_says(applicant):
    """There is no parameter naming a person: another student's request gives their own data."""
    _, _, ada_application = applicant
    user, client, _ = new_applicant("bob@princeton.edu")
    r = client.get(EXPORT, {"email": "ada@princeton.edu", "user": ada_application.user_id})
    archive = zipfile.ZipFile(io.BytesIO(b"".join(r.streaming_content)))
    data = json.loads(archive.read("data.json"))
    assert data["account"]["email"] == "bob@princeton.edu"
    assert "ada@princeton.edu" not in archive.read("data.json").decode()


def test_signed_out_visitors_get_401(client):
    r = client.get(EXPORT)
    assert r.status_code == 401
    assert "message" in r.json()


@pytest.mark.django_db
def test_an_account_without_application_or_resume_exports_just_the_account(student_client):
    data, archive = download(student_client)
    assert archive.namelist() == ["data.json"]
    assert data["applications"] == [] and data["resume"] is None and data["mail"] == []


def test_a_missing_resume_file_leaves_the_zip_whole(applicant, resume_storage):
    user, client, _ = applicant
    for path in resume_storage.rglob("*.pdf"):
        path.unlink()
    data, archive = download(client)
    assert archive.namelist() == ["data.json"]
    assert data["resume"]["file"] == "resume.pdf"


def test_the_export_takes_a_bounded_number_of_queries(applicant, django_assert_max_num_queries):
    """Per application a fixed handful; the resume's access log and the mail are one query each."""
    user, client, _ = applicant
    ResumeAccess.objects.bulk_create(
        ResumeAccess(owner=user, path="x", accessed_by_email="o@princeton.edu", at=timezone.now(), how="book")
        for _ in range(20)
    )
    with django_assert_max_num_queries(16):
        b"".join(client.get(EXPORT).streaming_content)


def test_the_three_boxes_are_named_by_their_text_and_version(applicant):
    _user, client, _application = applicant
    data, _archive = download(client)
    [exported] = data["applications"]
    boxes = exported["checkboxes"]
    assert [(b["key"], b["version"], b["ticked"]) for b in boxes] == [
        ("code_of_conduct", 1, True),
        ("mlh_data_sharing", 1, True),
        ("mlh_emails", 1, True),
    ]
    assert boxes[0]["text"].startswith("I have read and agree to the MLH Code of Conduct")
    assert all("](" not in b["text"] for b in boxes)


@override_settings(LANGUAGES=[("en", "English"), ("es", "Español")])
def test_a_spanish_readers_export_names_the_questions_as_the_spanish_form_asked_them(applicant):
    """The answers stay as stored; each question reads as the form showed it to this reader."""
    user, client, _application = applicant
    user.language = "es"
    user.save(update_fields=["language"])
    data, _archive = download(client)
    answers = {a["question_id"]: a for a in data["applications"][0]["answers"]}
    assert answers["major"]["question"] == gettext_in("es", "What is your major or field of study?")
    assert answers["major"]["answer"] == "Computer Science"


def gettext_in(language: str, text: str) -> str:
    from django.utils import translation

    with translation.override(language):
        shown = translation.gettext(text)
    assert shown != text, f"no Spanish for {text!r} in the catalog"
    return shown
