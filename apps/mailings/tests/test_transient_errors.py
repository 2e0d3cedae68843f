"""One definition of a transient mail failure (apps.mailings.outbox.TRANSIENT), used by every
mail task: a temporary refusal is retried, a permanent one is not."""

from __future__ import annotations

import smtplib
from unittest import mock

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.core.mail.backends.locmem import EmailBackend

from apps.accounts import tasks as account_tasks
from apps.accounts.models import User
from apps.decisions import tasks as decision_tasks
from apps.mailings import outbox
from apps.mailings import tasks as mailing_tasks

pytestmark = pytest.mark.django_db


def test_every_retrying_mail_task_retries_the_same_failures():
    retrying = [
        account_tasks.send_verification_email,
        account_tasks.send_password_reset_email,
        decision_tasks.queue_release_emails,
        decision_tasks.send_application_decision_email,
        mailing_tasks.send_template_test,
    ]
    assert all(task.autoretry_for is outbox.TRANSIENT for task in retrying)


def unverified_address() -> EmailAddress:
    user = User.objects.create_user(email="new@princeton.edu", password="Coffee-Beans-42")
    return EmailAddress.objects.create(user=user, email=user.email, verified=False, primary=True)


def flaky(first_error: Exception):
    real_send = EmailBackend.send_messages
    calls = []

    def send(self, messages):
        calls.append(messages[0].to[0])
        if len(calls) == 1:
            raise first_error
        return real_send(self, messages)

    return send, calls


def test_a_temporary_refusal_of_an_account_email_is_retried():
    address = unverified_address()
    send, calls = flaky(smtplib.SMTPResponseException(451, b"Greylisted, try again"))
    with mock.patch.object(EmailBackend, "send_messages", send):
        result = account_tasks.send_verification_email.apply(args=[address.pk], throw=False)
    assert result.successful(), result.result
    assert len(calls) == 2
    assert [m.to for m in mail.outbox] == [["new@princeton.edu"]]


def test_a_permanent_refusal_of_an_account_email_is_not_retried():
    """A 550 'no such user' will be the same answer every time: one attempt, not six."""
    address = unverified_address()
    send, calls = flaky(smtplib.SMTPRecipientsRefused({"new@princeton.edu": (550, b"No such user")}))
    with mock.patch.object(EmailBackend, "send_messages", send):
        result = account_tasks.send_verification_email.apply(args=[address.pk], throw=False)
    assert result.failed()
    assert len(calls) == 1
    assert mail.outbox == []
