"""POST /api/privacy/delete-account: typing one's email deletes the account and everything that
names the person, in one transaction; the resume file leaves the storage after commit;
anonymised counts stay for the statistics; mail still to be sent to them is cancelled safely."""

from __future__ import annotations

from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.test import TestCase
from django.utils import timezone

from apps.applications import status_machine
from apps.applications.models import (
    AnonymisedAnswerCount,
    AnonymisedApplicationCount,
    Answer,
    Application,
    ApplicationEvent,
    ConsentRecord,
)
from apps.cycles.selectors import current_cycle
from apps.mailings import outbox
from apps.mailings import services as mailing_services
from apps.mailings.models import Delivery, Mailing
from apps.privacy import services
from apps.privacy.tests.privacy_data import assert_demographics_kept, file_exists, new_applicant, resume_path
from apps.reports import demographics, statistics
from apps.resumes.models import Resume, ResumeAccess
from conftest import make_user, signed_in_client

DELETE = "/api/privacy/delete-account"
User = get_user_model()


def delete(client, email):
    return client.post(DELETE, {"email": email}, content_type="application/json")


def test_the_wrong_email_is_refused_and_nothing_is_deleted(applicant):
    user, client, _ = applicant
    path = resume_path(user)
    for typed in ("ada@princeton.ed", "bob@princeton.edu", "", "ada"):
        r = delete(client, typed)
        assert r.status_code == 400, typed
        assert r.json()["errors"]["email"] == [services.WRONG_EMAIL]
    assert client.post(DELETE, {}, content_type="application/json").status_code == 400
    assert User.objects.filter(pk=user.pk).exists()
    assert Application.objects.filter(user=user).exists()
    assert file_exists(path)
    assert client.get("/api/auth/user").status_code == 200


def test_deleting_removes_account_application_answers_history_consents_and_the_file(applicant, admin_client):
    user, client, application = applicant
    path = resume_path(user)
    assert admin_client.get("/api/resume/download/ada%40princeton.edu").status_code == 200
    assert file_exists(path)

    r = delete(client, "  ADA@princeton.edu ")  # the same address, however typed
    assert r.status_code == 200, r.json()
    assert r.json()["message"]

    assert not User.objects.filter(pk=user.pk).exists()
    assert not Application.objects.filter(pk=application.pk).exists()
    assert not Answer.objects.filter(application_id=application.pk).exists()
    assert not ApplicationEvent.objects.filter(application_id=application.pk).exists()
    assert not ConsentRecord.objects.filter(application_id=application.pk).exists()
    assert not Resume.objects.filter(path=path).exists()
    assert not ResumeAccess.objects.filter(path=path).exists()
    # Through the storage API: the file is really gone.
    assert not file_exists(path)
    # Signed out: the session is over.
    assert client.get("/api/auth/user").status_code == 401


def test_anonymised_counts_stay_and_the_statistics_still_count_them(applicant, open_cycle):
    user, client, application = applicant
    status_machine.transition(application_id=application.pk, to="accepted")
    cycle = current_cycle()
    before_stats = statistics.application_stats(cycle=cycle)
    before_demographics = demographics.demographics(cycle=cycle, group="applied")
    assert delete(client, user.email).status_code == 200

    assert statistics.application_stats(cycle=cycle) == before_stats
    assert_demographics_kept(before_demographics, demographics.demographics(cycle=cycle, group="applied"))
    assert list(AnonymisedApplicationCount.objects.values_list("status", "host_school", "count")) == [
        ("accepted", True, 1)
    ]
    kept = set(AnonymisedAnswerCount.objects.values_list("question_id", "value"))
    # Survey answers only, a multiselect's options apart; no free text, no country, no name.
    assert ("gender", "Woman") in kept and ("ethnicity", "Chinese") in kept and ("ethnicity", "White") in kept
    assert ("age", "19") in kept
    assert not {qid for qid, _ in kept} & {"major", "why_attend", "proud_project", "links", "country"}
    assert "Ada" not in str(list(AnonymisedAnswerCount.objects.values_list("value", flat=True)))


def test_a_rollback_keeps_everything_the_file_included(applicant):
    """The file goes only after commit: a failure late in the transaction loses nothing."""
    user, client, application = applicant
    path = resume_path(user)
    with mock.patch.object(services.recipients, "forget_recipients", side_effect=RuntimeError("boom")):
        with pytest.raises(RuntimeError), TestCase.captureOnCommitCallbacks(execute=True):
            services.account_delete(user=user, typed_email=user.email)
    assert User.objects.filter(pk=user.pk).exists()
    assert Application.objects.filter(pk=application.pk).exists()
    assert AnonymisedApplicationCount.objects.count() == 0
    assert file_exists(path)


def test_the_last_organizer_cannot_delete_their_account(db, organizer, admin_client):
    r = delete(admin_client, organizer.email)
    assert r.status_code == 409
    assert r.json()["message"] == services.LAST_ORGANIZER
    other = make_user("hopper@princeton.edu", admin=True)
    assert delete(admin_client, organizer.email).status_code == 200
    assert list(User.objects.filter(role="admin")) == [other]


def test_signed_out_visitors_get_401(client):
    assert delete(client, "ada@princeton.edu").status_code == 401


def test_one_student_cannot_delete_another(applicant):
    """The typed email must be one's own: naming someone else is the wrong email."""
    ada, _, _ = applicant
    bob, bob_client, _ = new_applicant("bob@princeton.edu")
    assert delete(bob_client, ada.email).status_code == 400
    assert User.objects.filter(pk=ada.pk).exists()


# --- Mail on its way ---------------------------------------------------------------------


def sending_mailing(*emails: str) -> Mailing:
    mailing = Mailing.objects.create(
        subject="Schedule", audience="custom", html="<p>Hi</p>", send_at=timezone.now(), status="sending"
    )
    Delivery.objects.bulk_create([Delivery(mailing=mailing, email=e) for e in emails])
    return mailing


def test_mail_still_to_be_sent_is_cancelled_while_the_mailing_goes_on(applicant, mailoutbox):
    """A mailing is sending when Ada deletes her account: her pending row is gone, the sender
    finds nothing of hers to claim and sends everyone else's; the mailing finishes."""
    user, client, _ = applicant
    mailing = sending_mailing("zed@princeton.edu", user.email, "amy@princeton.edu")
    first = outbox.claim(Delivery.objects.filter(mailing=mailing).exclude(email=user.email))
    assert delete(client, user.email).status_code == 200
    assert outbox.deliver(first, lambda row: None).sent
    report = mailing_services.send_due_mailings()
    assert report.sent == 1 and mailing.pk in report.finished
    assert first.email == "zed@princeton.edu"  # claimed in id order
    # Ada's "we received your application" email went out with her submit, before all this.
    assert [m.to[0] for m in mailoutbox if not m.subject.startswith("We received")] == ["amy@princeton.edu"]
    assert not Delivery.objects.filter(email=user.email).exists()
    assert Delivery.objects.filter(mailing=mailing).count() == 2


def test_a_row_in_a_workers_hands_is_anonymised_and_the_worker_finishes_without_a_crash(applicant):
    """Her row was claimed a moment before: the send can't be called back, so the row stays
    (the mailing's counts stay true) with a placeholder address, and the worker records it."""
    user, client, _ = applicant
    mailing = sending_mailing(user.email, "zed@princeton.edu")
    claimed = outbox.claim(Delivery.objects.filter(mailing=mailing, email=user.email))
    assert delete(client, user.email).status_code == 200
    attempt = outbox.deliver(claimed, lambda row: None)
    assert attempt.sent
    row = Delivery.objects.get(pk=claimed.pk)
    assert row.state == "sent" and row.email == f"deleted-{row.pk}@deleted.invalid"
    assert not Delivery.objects.filter(email=user.email).exists()


def test_a_claim_on_a_row_that_was_deleted_finds_nothing(applicant):
    """The claim looks rows up (FOR UPDATE SKIP LOCKED): a row deleted under it is simply not there."""
    user, client, _ = applicant
    mailing = sending_mailing(user.email)
    rows = Delivery.objects.filter(mailing=mailing)
    pk = rows.get().pk
    assert delete(client, user.email).status_code == 200
    assert outbox.claim(Delivery.objects.filter(pk=pk)) is None
    assert outbox.claim(rows) is None


def test_sent_mail_keeps_its_place_without_the_address(applicant):
    user, client, _ = applicant
    mailing = sending_mailing(user.email)
    Delivery.objects.filter(mailing=mailing).update(state="sent", sent_at=timezone.now())
    assert delete(client, user.email).status_code == 200
    assert Delivery.objects.filter(mailing=mailing, state="sent").count() == 1
    assert not Delivery.objects.filter(email=user.email).exists()


def test_deleting_takes_few_queries_whatever_was_stored(applicant, django_assert_max_num_queries):
    user, client, _ = applicant
    # One statement per related table, whatever the rows: the review tables (reviews, their
    # scores, conflicts, summaries) added five, the check-in tables (tickets, check-ins)
    # four, the travel tables and the checkpoint passes, with the receipt files' look-up, three,
    # the provider links and the calendar feed's tokens two, the RSVP answers one, and the lock
    # on the applications' rows taken before anything of theirs is deleted one.
    with django_assert_max_num_queries(61):
        assert delete(client, user.email).status_code == 200


def test_a_student_without_application_can_delete_the_account(db, student):
    client = signed_in_client(student)
    assert delete(client, student.email).status_code == 200
    assert not User.objects.filter(pk=student.pk).exists()


def test_the_deletion_ends_on_a_page_saying_the_account_is_deleted(client, db):
    r = client.get("/account-deleted")
    assert r.status_code == 200
    html = r.content.decode()
    assert "<h1>Your account is deleted</h1>" in html
    assert "signed out" in html
