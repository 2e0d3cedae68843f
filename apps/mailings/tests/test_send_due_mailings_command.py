"""The operator command send_due_mailings: one sending run, then exit."""

from __future__ import annotations

import io

from django.core import mail
from django.core.management import call_command

from apps.mailings.models import Mailing


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_send_due_mailings_sends_what_is_due_and_exits(db):
    from django.utils import timezone

    from apps.mailings.models import Delivery

    mailing = Mailing.objects.create(subject="Hi", audience="custom", html="<p>Hi</p>", send_at=timezone.now())
    Delivery.objects.create(mailing=mailing, email="ada@princeton.edu")
    mail.outbox.clear()
    output = run("send_due_mailings")
    assert "sent 1" in output
    assert [m.to for m in mail.outbox] == [["ada@princeton.edu"]]
    assert run("send_due_mailings").count("sent 0") == 1
