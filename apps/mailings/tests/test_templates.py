"""The automated emails' templates: listing, overriding, previewing, test sends, and being used."""

from __future__ import annotations

import pytest
from django.core import mail

from apps.mailings import automated
from apps.mailings.models import EmailTemplate

NEW_SUBJECT = "Welcome aboard {{ event_name }}: one click left"
NEW_HTML = '<p>Hello from the organizers of {{ event_name }}!</p><p><a href="{{ link }}">Verify here</a></p>'


def put(client, key, subject=NEW_SUBJECT, html=NEW_HTML):
    return client.put(
        f"/api/mailings/templates/{key}", {"subject": subject, "html": html}, content_type="application/json"
    )


def test_list_has_every_automated_email_with_its_placeholders(admin_client):
    r = admin_client.get("/api/mailings/templates")
    assert r.status_code == 200
    rows = {row["key"]: row for row in r.json()}
    assert set(rows) == set(automated.AUTOMATED_KEYS)
    assert {"verify_email", "password_reset", "decision_accepted", "decision_waitlisted"} <= set(rows)
    verify = rows["verify_email"]
    assert verify["subject"] == "Confirm your email for {{ event_name }}"
    assert "{{ link }}" in verify["html"] and verify["customized"] is False
    assert {"link", "event_name", "start_date"} <= set(verify["placeholders"])
    assert "first_name" in rows["decision_accepted"]["placeholders"]


def test_defaults_are_valid_templates(admin_client):
    """Saving each default back unchanged is accepted: the editor starts from something valid."""
    for row in admin_client.get("/api/mailings/templates").json():
        r = put(admin_client, row["key"], row["subject"], row["html"])
        assert r.status_code == 200, (row["key"], r.json())


def test_override_is_used_by_the_verification_email(admin_client, client, db):
    """After an organizer edits the verification email, registering sends the new subject and body."""
    r = put(admin_client, "verify_email")
    assert r.status_code == 200, r.json()
    assert r.json()["customized"] is True and r.json()["subject"] == NEW_SUBJECT
    mail.outbox.clear()
    r = client.post(
        "/api/auth/register",
        {"email": "newbie@princeton.edu", "password": "Coffee-Beans-42"},
        content_type="application/json",
    )
    assert r.status_code == 201, r.json()
    message = mail.outbox[-1]
    assert message.subject == "Welcome aboard HackPortal: one click left"
    html = message.alternatives[0][0]
    assert "Hello from the organizers of HackPortal!" in html
    assert "http://testserver/verify/" in html and "http://testserver/verify/" in message.body


def test_reset_goes_back_to_the_default(admin_client, client, db):
    put(admin_client, "verify_email")
    r = admin_client.delete("/api/mailings/templates/verify_email")
    assert r.status_code == 200 and r.json()["customized"] is False
    assert not EmailTemplate.objects.exists()
    subject, _text, _html = automated.render("verify_email", {"link": "http://testserver/verify/x"})
    assert subject == "Confirm your email for HackPortal"


def test_decision_email_uses_the_override_with_the_applicant_values(admin_client, db):
    r = put(admin_client, "decision_accepted", "You're in, {{ first_name }}!", "<p>See you on {{ start_date }}.</p>")
    assert r.status_code == 200, r.json()
    subject, text, html = automated.render(
        "decision_accepted", {"first_name": "Grace", "start_date": "May 21, 2024", "not_a_placeholder": object()}
    )
    assert subject == "You're in, Grace!"
    assert html == "<p>See you on May 21, 2024.</p>" and "See you on May 21, 2024." in text


def test_override_values_are_escaped_in_html_but_not_in_the_subject(admin_client, db):
    put(admin_client, "decision_rejected", "Dear {{ first_name }}", "<p>Dear {{ first_name }}</p>")
    subject, _text, html = automated.render("decision_rejected", {"first_name": "<Bo & Jo>"})
    assert subject == "Dear <Bo & Jo>"
    assert html == "<p>Dear &lt;Bo &amp; Jo&gt;</p>"


@pytest.mark.parametrize(
    "subject, html, field, words",
    [
        ("Hi", "{% if %}broken{% endif %}", "html", "Template error"),
        ("Hi {% if x %}", "<p>x</p>", "subject", "Template error"),
        ("Hi {{ first_name }}", "<p>x</p>", "subject", "Unknown placeholder: first_name"),
        ("Hi", "<p>{{ frist_name }}</p>", "html", "Unknown placeholder: frist_name"),
        ("Hi", "{% load static %}<p>x</p>", "html", "can't be used"),
        ("Hi", "{% debug %}", "html", "can't be used"),
        ("Hi", '{% include "base.html" %}', "html", "can't be rendered"),
        ("Hi", "{{ link|no_such_filter }}", "html", "Template error"),
        ("Line one\nline two", "<p>x</p>", "subject", "one line"),
        ("", "<p>x</p>", "subject", ""),
        ("Hi", "", "html", ""),
    ],
)
def test_a_template_that_does_not_render_is_refused(admin_client, subject, html, field, words):
    r = put(admin_client, "verify_email", subject, html)
    assert r.status_code == 400, r.json()
    assert field in r.json()["errors"]
    assert words in r.json()["message"] or words in r.json()["errors"][field][0]
    assert not EmailTemplate.objects.exists()


def test_unknown_key_is_404(admin_client):
    assert put(admin_client, "no_such_email").status_code == 404
    assert (
        admin_client.post(
            "/api/mailings/templates/no_such_email/preview", {}, content_type="application/json"
        ).status_code
        == 404
    )


def test_preview_renders_a_draft_with_sample_values(admin_client):
    r = admin_client.post(
        "/api/mailings/templates/decision_accepted/preview",
        {"subject": "Hi {{ first_name }}", "html": "<p>{{ first_name }} starts {{ start_date }} at {{ location }}</p>"},
        content_type="application/json",
    )
    assert r.status_code == 200, r.json()
    assert r.json()["subject"] == "Hi Ada"
    assert r.json()["html"] == "<p>Ada starts May 21, 2024 at Princeton University, Princeton, NJ</p>"
    assert not EmailTemplate.objects.exists()  # a preview saves nothing


def test_preview_without_a_draft_shows_the_current_template(admin_client):
    r = admin_client.post("/api/mailings/templates/password_reset/preview", {}, content_type="application/json")
    assert r.status_code == 200, r.json()
    assert r.json()["subject"] == "Reset your HackPortal password"
    assert "http://testserver/reset/sample-token" in r.json()["html"]


def test_preview_refuses_a_broken_draft(admin_client):
    r = admin_client.post(
        "/api/mailings/templates/verify_email/preview",
        {"subject": "Hi", "html": "{% for %}"},
        content_type="application/json",
    )
    assert r.status_code == 400 and "html" in r.json()["errors"]


def test_test_send_goes_to_the_signed_in_organizer(admin_client, organizer):
    mail.outbox.clear()
    r = admin_client.post(
        "/api/mailings/templates/decision_waitlisted/test",
        {"subject": "Waitlist news for {{ first_name }}", "html": "<p>Hang on, {{ first_name }}!</p>"},
        content_type="application/json",
    )
    assert r.status_code == 200, r.json()
    assert organizer.email in r.json()["message"]
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == [organizer.email]
    assert message.subject == "[Test] Waitlist news for Ada"
    assert message.alternatives[0][0] == "<p>Hang on, Ada!</p>"


def test_templates_are_for_organizers_only(client, student_client, db):
    assert client.get("/api/mailings/templates").status_code == 401
    assert student_client.get("/api/mailings/templates").status_code == 403
    assert put(student_client, "verify_email").status_code == 403
    assert (
        student_client.post(
            "/api/mailings/templates/verify_email/test", {}, content_type="application/json"
        ).status_code
        == 403
    )
    assert not EmailTemplate.objects.exists()
