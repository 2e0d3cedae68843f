"""Batch emails: scheduling, the list, cancel, and sending each recipient exactly once."""

from __future__ import annotations

import datetime
import smtplib
from unittest import mock

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.utils import timezone

from apps.applications.tests.organizer_data import make_application
from apps.mailings import services
from apps.mailings.models import Delivery, Mailing
from apps.mailings.tasks import send_due_mailings as send_due_mailings_task

HTML = "<h1>Hello hackers</h1><p>Doors open at <b>9am</b>. Bring your laptop!</p>"


def html_file(content: str | bytes = HTML, name: str = "mail.html"):
    data = content.encode("utf-8") if isinstance(content, str) else content
    return SimpleUploadedFile(name, data, content_type="text/html")


def schedule(client, **fields):
    body = {
        "subject": "Welcome to the hackathon",
        "audience": "accepted",
        "send_at": timezone.now().isoformat(),
        "html": html_file(),
        # Many tests schedule the same mailing twice on purpose; the duplicate warning has its
        # own tests (test_batch_email_checks.py).
        "confirm_duplicate": "true",
        **fields,
    }
    body = {key: value for key, value in body.items() if value is not None}
    return client.post("/api/mailings", body)


@pytest.fixture
def applicants(db):
    return {
        "accepted": [
            make_application("acc1@princeton.edu", status="accepted"),
            make_application("acc2@mit.edu", status="accepted", school="Massachusetts Institute of Technology"),
            make_application("acc3@yale.edu", status="accepted", school="Yale University"),
        ],
        "rejected": [make_application("rej@princeton.edu", status="rejected")],
        "started": [make_application("draft@princeton.edu", status="started")],
    }


# --- Scheduling ------------------------------------------------------------------------


def test_schedule_a_status_audience_resolves_recipients_now(admin_client, applicants):
    """A mailing to a status is scheduled with one delivery per applicant in that status."""
    r = schedule(admin_client)
    assert r.status_code == 201, r.json()
    body = r.json()
    assert body["status"] == "scheduled" and body["recipients"] == 3
    mailing = Mailing.objects.get(pk=body["id"])
    assert sorted(mailing.deliveries.values_list("email", flat=True)) == [
        "acc1@princeton.edu",
        "acc2@mit.edu",
        "acc3@yale.edu",
    ]
    assert mailing.html == HTML
    # Later applicants with the status are not added: recipients are fixed at creation.
    make_application("acc4@princeton.edu", status="accepted")
    assert mailing.deliveries.count() == 3


def test_schedule_a_custom_list_extracts_addresses_once_each(admin_client, db):
    """A custom list takes the addresses found in free text, lower-cased and de-duplicated."""
    text = "Ada <ADA@princeton.edu>, grace@yale.edu; not an address\nada@princeton.edu  linus@mit.edu"
    r = schedule(admin_client, audience="custom", emails=text)
    assert r.status_code == 201, r.json()
    assert r.json()["recipients"] == 3
    emails = Delivery.objects.filter(mailing_id=r.json()["id"]).values_list("email", flat=True)
    assert sorted(emails) == ["ada@princeton.edu", "grace@yale.edu", "linus@mit.edu"]


def test_send_at_in_the_past_means_now_and_future_is_kept(admin_client, applicants):
    past = schedule(admin_client, send_at="2020-01-01T00:00:00Z")
    assert past.status_code == 201, past.json()
    assert Mailing.objects.get(pk=past.json()["id"]).send_at >= timezone.now() - datetime.timedelta(minutes=1)
    # The answer says the time it goes, so the page's "Scheduled for" agrees with its table.
    said = datetime.datetime.fromisoformat(past.json()["send_at"].replace("Z", "+00:00"))
    stored = Mailing.objects.get(pk=past.json()["id"]).send_at
    assert abs(said - stored) < datetime.timedelta(milliseconds=1)  # JSON keeps milliseconds
    future = schedule(admin_client, send_at="2099-03-04T05:06:00+00:00")
    assert future.json()["send_at"].startswith("2099-03-04T05:06:00")
    assert Mailing.objects.get(pk=future.json()["id"]).send_at == datetime.datetime(
        2099, 3, 4, 5, 6, tzinfo=datetime.UTC
    )


@pytest.mark.parametrize(
    "fields, field",
    [
        ({"subject": ""}, "subject"),
        ({"subject": "x" * 201}, "subject"),
        ({"audience": "confirmed_or_not"}, "audience"),
        ({"send_at": "next tuesday"}, "send_at"),
        ({"audience": "custom", "emails": ""}, "emails"),
        ({"audience": "custom", "emails": "nobody here, just words"}, "emails"),
        ({"html": None}, "html"),
        ({"html": html_file(b"\xff\xfe\x00bad")}, "html"),
        ({"html": html_file("   ")}, "html"),
    ],
)
def test_schedule_refuses_bad_input(admin_client, applicants, fields, field):
    """Each invalid part is a 400 naming the field; nothing is scheduled."""
    r = schedule(admin_client, **fields)
    assert r.status_code == 400, r.json()
    assert field in r.json()["errors"], r.json()
    assert not Mailing.objects.exists()


def test_schedule_refuses_an_oversized_html_file(admin_client, applicants):
    r = schedule(admin_client, html=html_file("<p>" + "a" * services.MAX_HTML_BYTES + "</p>"))
    assert r.status_code == 413, r.json()
    assert not Mailing.objects.exists()


def test_schedule_refuses_an_audience_with_nobody_in_it(admin_client, applicants):
    r = schedule(admin_client, audience="waitlisted")
    assert r.status_code == 400
    assert "audience" in r.json()["errors"]


def test_mailings_are_for_organizers_only(client, student_client, db):
    assert schedule(client).status_code in (401, 403)
    assert client.get("/api/mailings").status_code == 401
    assert student_client.get("/api/mailings").status_code == 403
    assert schedule(student_client).status_code == 403
    assert student_client.delete("/api/mailings/1").status_code == 403
    assert not Mailing.objects.exists()


# --- The list --------------------------------------------------------------------------


def test_list_shows_counts_in_one_query(admin_client, applicants, django_assert_max_num_queries):
    """The list carries recipients, sent and failed counts per mailing, from one query."""
    first = schedule(admin_client).json()["id"]
    second = schedule(admin_client, audience="custom", emails="a@x.edu b@x.edu", send_at="2099-01-01T00:00:00Z")
    second = second.json()["id"]
    Delivery.objects.filter(mailing_id=first, email="acc1@princeton.edu").update(state="sent")
    Delivery.objects.filter(mailing_id=first, email="acc2@mit.edu").update(state="failed")
    with django_assert_max_num_queries(4):  # session, user, then the list itself
        r = admin_client.get("/api/mailings")
    assert r.status_code == 200
    rows = {row["id"]: row for row in r.json()}
    assert rows[first] | {"send_at": None} == {
        "id": first,
        "subject": "Welcome to the hackathon",
        "audience": "accepted",
        "send_at": None,
        "status": "scheduled",
        "recipients": 3,
        "sent": 1,
        "failed": 1,
        "pending": 1,
    }
    assert rows[second]["recipients"] == 2 and rows[second]["sent"] == 0 and rows[second]["pending"] == 2
    assert [row["id"] for row in r.json()] == [second, first]  # latest send date first


# --- Cancel ----------------------------------------------------------------------------


def test_cancel_a_scheduled_mailing_and_nothing_is_sent(admin_client, applicants):
    mailing_id = schedule(admin_client).json()["id"]
    r = admin_client.delete(f"/api/mailings/{mailing_id}")
    assert r.status_code == 200, r.json()
    assert r.json() == {"id": mailing_id, "status": "cancelled"}
    mail.outbox.clear()
    services.send_due_mailings()
    assert mail.outbox == []
    assert Mailing.objects.get(pk=mailing_id).status == "cancelled"


def test_cancel_refused_once_sending_started_or_done(admin_client, applicants):
    mailing_id = schedule(admin_client).json()["id"]
    services.send_due_mailings()
    r = admin_client.delete(f"/api/mailings/{mailing_id}")
    assert r.status_code == 409, r.json()
    assert Mailing.objects.get(pk=mailing_id).status == "sent"
    again = admin_client.delete(f"/api/mailings/{mailing_id}")
    assert again.status_code == 409


def test_cancel_an_unknown_mailing_is_404(admin_client):
    assert admin_client.delete("/api/mailings/987654").status_code == 404


# --- Sending ---------------------------------------------------------------------------


def test_due_mailing_is_sent_once_with_its_html(admin_client, applicants):
    """Each recipient gets the uploaded HTML (and a text version) once; a second run sends nothing."""
    mailing_id = schedule(admin_client).json()["id"]
    mail.outbox.clear()
    report = services.send_due_mailings()
    assert report.sent == 3 and report.finished == [mailing_id]
    assert sorted(m.to[0] for m in mail.outbox) == ["acc1@princeton.edu", "acc2@mit.edu", "acc3@yale.edu"]
    message = mail.outbox[0]
    assert message.subject == "Welcome to the hackathon"
    assert message.alternatives[0][0].split("<p style=")[0] == HTML  # then the unsubscribe line
    assert "Doors open at 9am" in message.body and "<b>" not in message.body
    assert message.extra_headers["Message-ID"].startswith(f"<mailing-{mailing_id}-delivery-")
    assert Mailing.objects.get(pk=mailing_id).status == "sent"
    assert set(Delivery.objects.filter(mailing_id=mailing_id).values_list("state", flat=True)) == {"sent"}

    services.send_due_mailings()
    assert len(mail.outbox) == 3


def test_future_mailing_waits_until_due(admin_client, applicants):
    mailing_id = schedule(admin_client, send_at=(timezone.now() + datetime.timedelta(hours=1)).isoformat()).json()["id"]
    mail.outbox.clear()
    services.send_due_mailings()
    assert mail.outbox == []
    assert Mailing.objects.get(pk=mailing_id).status == "scheduled"
    later = timezone.now() + datetime.timedelta(hours=1, seconds=1)
    with mock.patch("django.utils.timezone.now", return_value=later):
        services.send_due_mailings()
    assert len(mail.outbox) == 3
    assert Mailing.objects.get(pk=mailing_id).status == "sent"


class WorkerDied(BaseException):
    """A worker process killed mid-send: nothing after this point runs in that worker."""


def test_crash_mid_send_then_resume_delivers_each_recipient_exactly_once(admin_client, db):
    """A worker dies after two sends, holding a claim on the third recipient. Another run
    sends the rest at once and takes over the dead worker's claim once it is stale; in the
    end every recipient has exactly one message."""
    emails = [f"hacker{i}@princeton.edu" for i in range(6)]
    mailing_id = schedule(admin_client, audience="custom", emails=" ".join(emails)).json()["id"]
    mail.outbox.clear()

    from django.core.mail.backends.locmem import EmailBackend

    real_send = EmailBackend.send_messages
    calls = {"n": 0}

    def dying_send(self, messages):
        calls["n"] += 1
        if calls["n"] == 3:
            raise WorkerDied()
        return real_send(self, messages)

    with mock.patch.object(EmailBackend, "send_messages", dying_send), pytest.raises(WorkerDied):
        services.send_due_mailings()
    assert len(mail.outbox) == 2
    states = dict(Delivery.objects.filter(mailing_id=mailing_id).values_list("email", "state"))
    assert list(states.values()).count("sent") == 2 and list(states.values()).count("sending") == 1

    # Another worker resumes right away: it sends the pending ones, not the fresh claim.
    report = services.send_due_mailings()
    assert report.sent == 3
    assert len(mail.outbox) == 5
    assert Mailing.objects.get(pk=mailing_id).status == "sending"

    # Once the dead worker's claim is stale, the next run takes it over and finishes.
    later = timezone.now() + services.STALE_AFTER + datetime.timedelta(seconds=1)
    with mock.patch("django.utils.timezone.now", return_value=later):
        report = services.send_due_mailings()
    assert report.sent == 1 and report.finished == [mailing_id]
    assert sorted(m.to[0] for m in mail.outbox) == sorted(emails)
    assert Mailing.objects.get(pk=mailing_id).status == "sent"

    # And nothing is ever sent twice afterwards, however often the task runs.
    with mock.patch("django.utils.timezone.now", return_value=later + services.STALE_AFTER * 3):
        services.send_due_mailings()
    assert len(mail.outbox) == 6


def test_a_sent_delivery_is_never_reclaimed_even_when_its_claim_is_old(admin_client, db):
    mailing_id = schedule(admin_client, audience="custom", emails="one@princeton.edu").json()["id"]
    services.send_due_mailings()
    Mailing.objects.filter(pk=mailing_id).update(status="sending")  # as if a run was cut short
    Delivery.objects.filter(mailing_id=mailing_id).update(claimed_at=timezone.now() - datetime.timedelta(days=1))
    mail.outbox.clear()
    services.send_due_mailings()
    assert mail.outbox == []
    assert Mailing.objects.get(pk=mailing_id).status == "sent"


def test_transient_failure_is_retried_with_backoff_then_sent(admin_client, db):
    mailing_id = schedule(admin_client, audience="custom", emails="flaky@princeton.edu").json()["id"]
    mail.outbox.clear()
    from django.core.mail.backends.locmem import EmailBackend

    with mock.patch.object(EmailBackend, "send_messages", side_effect=smtplib.SMTPServerDisconnected("gone")):
        report = services.send_due_mailings()
    assert report.retrying == 1 and mail.outbox == []
    delivery = Delivery.objects.get(mailing_id=mailing_id)
    assert delivery.state == "pending" and delivery.attempts == 1 and "gone" in delivery.last_error
    assert delivery.next_attempt_at > timezone.now()

    services.send_due_mailings()  # too early: backoff
    assert mail.outbox == []
    with mock.patch("django.utils.timezone.now", return_value=delivery.next_attempt_at + datetime.timedelta(seconds=1)):
        services.send_due_mailings()
    assert len(mail.outbox) == 1
    delivery.refresh_from_db()
    assert delivery.state == "sent" and delivery.attempts == 2
    assert Mailing.objects.get(pk=mailing_id).status == "sent"


def test_transient_failures_give_up_after_the_maximum(admin_client, db):
    mailing_id = schedule(admin_client, audience="custom", emails="down@princeton.edu").json()["id"]
    from django.core.mail.backends.locmem import EmailBackend

    moment = timezone.now()
    with mock.patch.object(EmailBackend, "send_messages", side_effect=TimeoutError("timed out")):
        for _ in range(services.MAX_ATTEMPTS):
            moment += services.BACKOFF_MAX + datetime.timedelta(seconds=1)
            with mock.patch("django.utils.timezone.now", return_value=moment):
                services.send_due_mailings()
    delivery = Delivery.objects.get(mailing_id=mailing_id)
    assert delivery.state == "failed" and delivery.attempts == services.MAX_ATTEMPTS
    assert Mailing.objects.get(pk=mailing_id).status == "sent"  # finished, with one failure
    row = admin_client.get("/api/mailings").json()[0]
    assert (row["recipients"], row["sent"], row["failed"]) == (1, 0, 1)


def test_permanent_refusal_fails_that_recipient_and_the_rest_go_out(admin_client, db):
    mailing_id = schedule(admin_client, audience="custom", emails="bad@princeton.edu good@princeton.edu").json()["id"]
    mail.outbox.clear()
    from django.core.mail.backends.locmem import EmailBackend

    real_send = EmailBackend.send_messages

    def refuse_bad(self, messages):
        if messages[0].to == ["bad@princeton.edu"]:
            raise smtplib.SMTPRecipientsRefused({"bad@princeton.edu": (550, b"No such user")})
        return real_send(self, messages)

    with mock.patch.object(EmailBackend, "send_messages", refuse_bad):
        services.send_due_mailings()
    states = dict(Delivery.objects.filter(mailing_id=mailing_id).values_list("email", "state"))
    assert states == {"bad@princeton.edu": "failed", "good@princeton.edu": "sent"}
    assert [m.to for m in mail.outbox] == [["good@princeton.edu"]]


def test_a_dead_claim_is_failed_after_the_maximum_attempts(admin_client, db):
    mailing_id = schedule(admin_client, audience="custom", emails="cursed@princeton.edu").json()["id"]
    Mailing.objects.filter(pk=mailing_id).update(status="sending")
    Delivery.objects.filter(mailing_id=mailing_id).update(
        state="sending", attempts=services.MAX_ATTEMPTS, claimed_at=timezone.now() - services.STALE_AFTER * 2
    )
    mail.outbox.clear()
    services.send_due_mailings()
    assert mail.outbox == []
    assert Delivery.objects.get(mailing_id=mailing_id).state == "failed"
    assert Mailing.objects.get(pk=mailing_id).status == "sent"


def test_the_periodic_task_and_the_command_send_what_is_due(admin_client, applicants):
    """The Celery beat task and `manage.py send_due_mailings` call the same service."""
    first = schedule(admin_client).json()["id"]
    mail.outbox.clear()
    result = send_due_mailings_task.delay().get()
    assert result["sent"] == 3 and len(mail.outbox) == 3
    assert Mailing.objects.get(pk=first).status == "sent"

    second = schedule(admin_client, audience="rejected").json()["id"]
    from io import StringIO

    out = StringIO()
    call_command("send_due_mailings", stdout=out)
    assert "sent 1" in out.getvalue()
    assert mail.outbox[-1].to == ["rej@princeton.edu"]
    assert Mailing.objects.get(pk=second).status == "sent"


def test_beat_schedule_runs_the_sender_every_30_seconds(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["send-due-mailings"]
    assert entry["task"] == send_due_mailings_task.name and entry["schedule"] == 30.0
