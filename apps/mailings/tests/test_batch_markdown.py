"""Batch emails written in Markdown: each recipient's placeholders, sanitising, and a preview
that is exactly what goes out (apps/mailings/composer.py is the one renderer of all three)."""

from __future__ import annotations

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from apps.core.tests.factories import ApplicationFactory, UserFactory
from apps.mailings import automated, services, unsubscribe
from apps.mailings.models import Delivery, Mailing

MARKDOWN = (
    "Hi **{{ first_name }}**,\n\n"
    "Your place at {{ event_name }} is waiting: [open your dashboard]({{ dashboard_link }}).\n\n"
    "- Bring a laptop\n- Bring {{ email }}'s student card\n"
)
SUBJECT = "{{ first_name }}, see you at {{ event_name }}"


def applicant(email: str, first: str, last: str = "Tester", status: str = "accepted"):
    return ApplicationFactory(user=UserFactory(email=email), first=first, last=last, status=status)


@pytest.fixture
def accepted(db):
    return [
        applicant("ada@princeton.edu", "Ada", "Lovelace"),
        applicant("grace@yale.edu", "Grace", "Hopper"),
        applicant("linus@mit.edu", "Linus", "Torvalds"),
    ]


def schedule(client, **fields):
    body = {
        "subject": SUBJECT,
        "audience": "accepted",
        "send_at": timezone.now().isoformat(),
        "markdown": MARKDOWN,
        **fields,
    }
    return client.post("/api/mailings", {key: value for key, value in body.items() if value is not None})


def preview(client, **fields):
    body = {"subject": SUBJECT, "markdown": MARKDOWN, "audience": "accepted", **fields}
    return client.post("/api/mailings/preview", body, content_type="application/json")


def sent_to(email: str):
    [message] = [m for m in mail.outbox if m.to == [email]]
    return message


# --- Each recipient's own values -------------------------------------------------------


def test_each_recipient_gets_their_own_first_name_and_links(admin_client, accepted, settings):
    """The bug this replaces: `{{ dashboard_link }}` went out literally to everyone. Now each
    recipient's subject, HTML and text carry their own values, and no placeholder is left."""
    r = schedule(admin_client)
    assert r.status_code == 201, r.json()
    mail.outbox.clear()
    report = services.send_due_mailings()
    assert report.sent == 3 and len(mail.outbox) == 3
    for email, first in (("ada@princeton.edu", "Ada"), ("grace@yale.edu", "Grace"), ("linus@mit.edu", "Linus")):
        message = sent_to(email)
        html = message.alternatives[0][0]
        assert message.subject == f"{first}, see you at {settings.EVENT_NAME}"
        assert f"Hi <strong>{first}</strong>," in html
        assert f'<a href="{settings.SITE_URL}/dashboard"' in html
        assert f"{email}'s student card" in html
        assert f"Hi {first}," in message.body
        assert f"open your dashboard ({settings.SITE_URL}/dashboard)" in message.body
        assert "{{" not in html + message.body + message.subject
        # The shared layout of the automated emails frames it.
        assert settings.CONTACT_EMAIL in html and html.lstrip().startswith("<!doctype html>")


def test_an_uploaded_html_file_has_its_placeholders_filled_too(admin_client, accepted, settings):
    html = b"<p>Dear {{ first_name }} {{ last_name }}, go to <a href='{{ dashboard_link }}'>the dashboard</a>.</p>"
    r = schedule(admin_client, markdown=None, html=SimpleUploadedFile("m.html", html, content_type="text/html"))
    assert r.status_code == 201, r.json()
    mail.outbox.clear()
    services.send_due_mailings()
    body = sent_to("grace@yale.edu").alternatives[0][0]
    written, footer = body.split("<p style=", 1)  # sent as written, then the unsubscribe line
    assert written == f"<p>Dear Grace Hopper, go to <a href='{settings.SITE_URL}/dashboard'>the dashboard</a>.</p>"
    assert unsubscribe.url_for("grace@yale.edu") in footer


def test_a_custom_list_names_the_applicants_it_knows_and_leaves_others_blank(admin_client, accepted):
    r = schedule(
        admin_client,
        audience="custom",
        emails="ADA@princeton.edu, stranger@example.org",
        markdown="Hello {{ first_name|default:'there' }} ({{ email }})",
        subject="Hello",
    )
    assert r.status_code == 201, r.json()
    mail.outbox.clear()
    services.send_due_mailings()
    assert "Hello Ada (ada@princeton.edu)" in sent_to("ada@princeton.edu").body
    assert "Hello there (stranger@example.org)" in sent_to("stranger@example.org").body


def test_the_names_are_the_current_ones_when_the_mail_goes_out(admin_client, accepted):
    """Recipients are fixed at scheduling; their values are read when sending."""
    r = schedule(admin_client, send_at="2099-01-01T00:00:00Z")
    accepted[0].first = "Augusta"
    accepted[0].save(update_fields=["first"])
    Mailing.objects.filter(pk=r.json()["id"]).update(send_at=timezone.now())
    mail.outbox.clear()
    services.send_due_mailings()
    assert sent_to("ada@princeton.edu").subject.startswith("Augusta,")


def test_a_recipients_own_values_are_escaped_and_sanitised(admin_client, db):
    """An applicant chose their first name: it can't add markup or scripts to their email."""
    applicant("eve@princeton.edu", '<script>alert("x")</script>Eve')
    applicant("mallory@princeton.edu", "[click](javascript:alert(1))")
    r = schedule(admin_client, markdown="Hi {{ first_name }}!", subject="Hi {{ first_name }}")
    assert r.status_code == 201, r.json()
    mail.outbox.clear()
    services.send_due_mailings()
    eve = sent_to("eve@princeton.edu")
    assert "<script" not in eve.alternatives[0][0] and "&lt;script&gt;" in eve.alternatives[0][0]
    assert eve.subject == 'Hi <script>alert("x")</script>Eve'  # a subject is plain text, not HTML
    # Her name is text, never a link (test_batch_hostile_values.py has the rest).
    mallory = sent_to("mallory@princeton.edu").alternatives[0][0]
    assert "Hi [click](javascript:alert(1))!" in mallory and 'href="javascript' not in mallory


def test_markdown_is_sanitised(admin_client, accepted):
    """The organizer's own raw HTML and links go through nh3 too: what is sent is what the
    preview showed, and neither runs scripts."""
    source = (
        "<script>alert(1)</script>\n\n"
        '<p onclick="steal()">Click</p> [bad](javascript:alert(1)) <img src="x" onerror="steal()">\n\n'
        "[good](https://example.org/a?b=1&c=2)"
    )
    r = preview(admin_client, markdown=source)
    assert r.status_code == 200, r.json()
    html = r.json()["html"]
    for bad in ("<script", "onclick", "onerror", "javascript:"):
        assert bad not in html, bad
    assert '<a href="https://example.org/a?b=1&amp;c=2" rel="noopener noreferrer">good</a>' in html


# --- Unknown placeholders --------------------------------------------------------------


@pytest.mark.parametrize(
    "fields, field, unknown",
    [
        ({"markdown": "Hi {{ firstname }} and {{ team }}"}, "markdown", "firstname, team"),
        ({"subject": "Hi {{ nickname }}"}, "subject", "nickname"),
        (
            {"markdown": None, "html": SimpleUploadedFile("m.html", b"<p>{{ token }}</p>", content_type="text/html")},
            "html",
            "token",
        ),
    ],
)
def test_an_unknown_placeholder_is_a_400_listing_the_allowed_ones(admin_client, accepted, fields, field, unknown):
    r = schedule(admin_client, **fields)
    assert r.status_code == 400, r.json()
    message = r.json()["errors"][field][0]
    assert message == r.json()["message"]
    assert f"Unknown placeholder: {unknown}." in message
    assert "Use one of: " + ", ".join(automated.BATCH_PLACEHOLDERS) + "." in message
    assert "first_name" in message and "dashboard_link" in message
    assert not Mailing.objects.exists() and not Delivery.objects.exists()


def test_a_broken_template_or_a_forbidden_tag_is_a_400(admin_client, accepted):
    assert "markdown" in schedule(admin_client, markdown="{% if %}").json()["errors"]
    assert "markdown" in schedule(admin_client, markdown="{% load static %}hi").json()["errors"]
    assert not Mailing.objects.exists()


@pytest.mark.parametrize(
    "fields",
    [
        {"markdown": None},  # neither
        {"markdown": "   \n"},  # blank is nothing written
        {"html": SimpleUploadedFile("m.html", b"<p>x</p>", content_type="text/html")},  # both
    ],
)
def test_a_mailing_has_exactly_one_body(admin_client, accepted, fields):
    r = schedule(admin_client, **fields)
    assert r.status_code == 400, r.json()
    assert {"markdown", "html"} <= set(r.json()["errors"])
    assert not Mailing.objects.exists()


def test_the_markdown_is_stored_as_written(admin_client, accepted):
    r = schedule(admin_client)
    mailing = Mailing.objects.get(pk=r.json()["id"])
    assert (mailing.markdown, mailing.html, mailing.subject) == (MARKDOWN, "", SUBJECT)


# --- The preview -----------------------------------------------------------------------


def test_the_preview_is_for_a_real_recipient_and_says_whose(admin_client, accepted, settings):
    r = preview(admin_client)
    assert r.status_code == 200, r.json()
    body = r.json()
    # The first recipient by address.
    assert body["recipient"] == {"index": 0, "email": "ada@princeton.edu", "first_name": "Ada", "last_name": "Lovelace"}
    assert body["recipients"] == 3
    assert body["subject"] == f"Ada, see you at {settings.EVENT_NAME}"
    assert "Hi <strong>Ada</strong>" in body["html"] and "Hi Ada," in body["text"]
    assert body["placeholders"] == list(automated.BATCH_PLACEHOLDERS)

    following = preview(admin_client, recipient=1).json()
    assert following["recipient"]["email"] == "grace@yale.edu" and "Hi <strong>Grace</strong>" in following["html"]
    # Past the last one it starts again.
    assert preview(admin_client, recipient=3).json()["recipient"]["index"] == 0


def test_the_preview_is_exactly_what_that_recipient_is_sent(admin_client, accepted):
    shown = preview(admin_client, recipient=2).json()
    schedule(admin_client)
    mail.outbox.clear()
    services.send_due_mailings()
    message = sent_to(shown["recipient"]["email"])
    sent = (message.subject, message.body, message.alternatives[0][0])
    assert sent == (shown["subject"], shown["text"], shown["html"])


def test_the_preview_of_an_empty_audience_uses_sample_values(admin_client, accepted):
    body = preview(admin_client, audience="waitlisted").json()
    assert body["recipients"] == 0 and body["recipient"] is None
    assert body["subject"].startswith(automated.SAMPLE_VALUES["first_name"] + ",")
    nothing_yet = admin_client.post("/api/mailings/preview", {}, content_type="application/json")
    assert nothing_yet.status_code == 200 and nothing_yet.json()["recipients"] == 0


def test_the_preview_counts_and_names_a_custom_list(admin_client, accepted):
    body = preview(admin_client, audience="custom", emails="x@y.edu GRACE@yale.edu x@y.edu").json()
    assert body["recipients"] == 2
    assert body["recipient"]["email"] == "x@y.edu" and body["recipient"]["first_name"] == ""
    assert preview(admin_client, audience="custom", emails="x@y.edu GRACE@yale.edu", recipient=1).json()[
        "recipient"
    ] == {"index": 1, "email": "grace@yale.edu", "first_name": "Grace", "last_name": "Hopper"}


def test_the_preview_refuses_an_unknown_placeholder_like_scheduling_does(admin_client, accepted):
    r = preview(admin_client, markdown="{{ shoe_size }}")
    assert r.status_code == 400
    assert "Unknown placeholder: shoe_size." in r.json()["errors"]["markdown"][0]


def test_the_preview_of_an_html_body(admin_client, accepted):
    r = preview(admin_client, markdown="", html="<p>{{ first_name }}</p>")
    assert r.status_code == 200 and r.json()["html"].split("<p style=")[0] == "<p>Ada</p>"


def test_the_preview_and_audiences_are_for_organizers_only(client, student_client, db):
    assert client.post("/api/mailings/preview", {}, content_type="application/json").status_code in (401, 403)
    assert student_client.post("/api/mailings/preview", {}, content_type="application/json").status_code == 403
    assert student_client.get("/api/mailings/audiences").status_code == 403
    assert student_client.get("/api/mailings/1/deliveries").status_code == 403


def test_a_persons_names_come_from_their_current_application_else_their_latest(db):
    """An address may have applied in earlier cycles: this cycle's name wins, then the latest."""
    from apps.applications.tests.organizer_data import make_application
    from apps.cycles.services import cycle_make_current
    from apps.mailings import audiences

    make_application("ada@princeton.edu", first="Old Ada")
    make_application("alan@princeton.edu", first="Alan")
    cycle_make_current(season="Fall", year=2099)
    make_application("ada@princeton.edu", first="New Ada")
    found = audiences.people(["ada@princeton.edu", "alan@princeton.edu", "nobody@x.edu"])
    assert found == {
        "ada@princeton.edu": {"first_name": "New Ada", "last_name": "Tester", "email": "ada@princeton.edu"},
        "alan@princeton.edu": {"first_name": "Alan", "last_name": "Tester", "email": "alan@princeton.edu"},
        "nobody@x.edu": {"first_name": "", "last_name": "", "email": "nobody@x.edu"},
    }


def test_personalising_costs_no_query_per_recipient(admin_client, db):
    """Names are looked up once per run and the event's values once per mailing: each further
    recipient costs only the outbox's own claim, hand-off and record of one row."""
    from django.core.mail import EmailMessage
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from apps.mailings import outbox

    def queries_to_send(n: int) -> int:
        emails = " ".join(f"p{n}-{i}@x.edu" for i in range(n))
        r = schedule(admin_client, audience="custom", emails=emails, subject=f"Hi {n} {{{{ first_name }}}}")
        assert r.status_code == 201, r.json()
        with CaptureQueriesContext(connection) as captured:
            assert services.send_due_mailings().sent == n
        return len(captured.captured_queries)

    per_recipient = (queries_to_send(8) - queries_to_send(2)) / 6

    mailing_id = schedule(admin_client, audience="custom", emails="one@x.edu", send_at="2099-01-01T00:00:00Z")
    rows = Delivery.objects.filter(mailing_id=mailing_id.json()["id"])
    with CaptureQueriesContext(connection) as claim_and_record:
        outbox.deliver(outbox.claim(rows), lambda row: outbox.send_message(EmailMessage("Hi", "Hi", to=[row.email])))
    assert per_recipient == len(claim_and_record.captured_queries)


@pytest.mark.parametrize("subject", [" " * 150 + "Hi" + " " * 150, " " * 201])
def test_a_subject_longer_than_allowed_as_sent_is_refused_even_if_it_trims_shorter(admin_client, subject):
    # maxLength counts the text as sent (as the schema says), not what is left once trimmed.
    r = admin_client.post("/api/mailings/preview", {"subject": subject}, content_type="application/json")
    assert r.status_code == 400
    assert "subject" in r.json()["errors"]
