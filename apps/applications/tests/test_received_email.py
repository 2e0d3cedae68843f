"""Submitting sends a "we received your application" email through the outbox, exactly once:
recorded with the first submit, keyed by the application, claimed once when sent. An edit, a
second submit or a repeated task sends nothing more; a refused submit records nothing."""

from __future__ import annotations

import pytest
from django.core import mail

from apps.applications import received, tasks
from apps.applications.tests.applicant_data import body, open_cycle, resume_storage, upload_resume  # noqa: F401
from apps.mailings.models import Delivery

SUBMIT = "/api/applications/application"


def submit(client, data=None):
    return client.post(SUBMIT, data or body(), content_type="application/json")


@pytest.fixture
def applicant_client(db, resume_storage, open_cycle, student_client):  # noqa: F811
    assert upload_resume(student_client).status_code == 201
    return student_client


def received_mail():
    return [m for m in mail.outbox if m.subject.startswith("We received your application")]


def test_the_first_submit_sends_one_acknowledgement(applicant_client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        assert submit(applicant_client).status_code == 200
    [message] = received_mail()
    assert message.to == ["ada@princeton.edu"]
    assert "Hi Ada" in message.body and "we received your application" in message.body
    [row] = received.received_rows()
    assert row.state == Delivery.State.SENT and row.dedupe_key == f"received:{row_application_id(row)}"


def row_application_id(row) -> str:
    return row.dedupe_key.removeprefix("received:")


def test_submitting_again_and_running_the_task_again_send_nothing_more(
    applicant_client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        assert submit(applicant_client).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        # An edit while the cycle is open: still submitted, no second email.
        assert submit(applicant_client, body(first="Augusta")).status_code == 200
    [row] = received.received_rows()
    assert tasks.send_received_email(row.dedupe_key) is False  # a repeated task finds it sent
    assert tasks.requeue_received_emails() == 0
    assert len(received_mail()) == 1


def test_a_refused_submit_records_no_email(applicant_client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        assert submit(applicant_client, body(first="")).status_code == 400
    assert not received.received_rows().exists()
    assert received_mail() == []


def test_a_failed_send_is_picked_up_again_by_beat(applicant_client, django_capture_on_commit_callbacks, monkeypatch):
    import smtplib

    def refuse(*args, **kwargs):
        raise smtplib.SMTPServerDisconnected("down")

    monkeypatch.setattr("apps.mailings.automated.send", refuse)
    with django_capture_on_commit_callbacks(execute=True):
        assert submit(applicant_client).status_code == 200
    [row] = received.received_rows()
    assert row.state == Delivery.State.PENDING and received_mail() == []
    monkeypatch.undo()
    Delivery.objects.filter(pk=row.pk).update(next_attempt_at=None, queued_at=None)
    assert tasks.requeue_received_emails() == 1
    assert len(received_mail()) == 1
