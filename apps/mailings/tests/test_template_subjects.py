"""The automated emails page shows and saves a subject as plain text with placeholders, never
the `{% autoescape off %}` wrapper the subject files need; the mail sent is the same."""

from __future__ import annotations

import pytest

from apps.mailings import automated
from apps.mailings.models import EmailTemplate

TEMPLATES = "/api/mailings/templates"


def put(client, key, subject, html):
    return client.put(f"{TEMPLATES}/{key}", {"subject": subject, "html": html}, content_type="application/json")


def test_every_subject_on_the_page_is_plain_text_with_placeholders(admin_client):
    rows = {row["key"]: row for row in admin_client.get(TEMPLATES).json()}
    for key, row in rows.items():
        assert "{%" not in row["subject"], (key, row["subject"])
    assert rows["decision_accepted"]["subject"] == "Congratulations! You have been accepted to {{ event_name }}"
    assert rows["decision_rejected"]["subject"] == "Your {{ event_name }} application"


@pytest.mark.parametrize("key", automated.AUTOMATED_KEYS)
def test_saving_the_shown_subject_sends_the_same_subject_unescaped(admin_client, settings, key):
    """An event name with & and < is plain text in a subject, from the file or from the page."""
    settings.EVENT_NAME = "Hack & <Learn>"
    context = {"link": "http://testserver/verify/x", "first_name": "Ada"}
    default_subject, _text, _html = automated.render(key, context)
    assert "&amp;" not in default_subject and "Hack & <Learn>" in default_subject

    row = next(row for row in admin_client.get(TEMPLATES).json() if row["key"] == key)
    r = put(admin_client, key, row["subject"], row["html"])
    assert r.status_code == 200, r.json()
    assert EmailTemplate.objects.get(key=key).subject == row["subject"], "stored as shown"
    assert automated.render(key, context)[0] == default_subject


def test_a_pasted_wrapper_is_saved_plain(admin_client):
    r = put(
        admin_client,
        "decision_waitlisted",
        "{% autoescape off %}Waitlist news from {{ event_name }}{% endautoescape %}",
        "<p>Hang on.</p>",
    )
    assert r.status_code == 200, r.json()
    assert r.json()["subject"] == "Waitlist news from {{ event_name }}"
    assert EmailTemplate.objects.get(key="decision_waitlisted").subject == "Waitlist news from {{ event_name }}"


def test_an_override_stored_with_the_wrapper_shows_plain_and_still_renders(admin_client, settings):
    settings.EVENT_NAME = "Ham & Eggs"
    wrapped = "{% autoescape off %}News from {{ event_name }}{% endautoescape %}"
    EmailTemplate.objects.create(key="decision_rejected", subject=wrapped, html="<p>x</p>")
    row = next(row for row in admin_client.get(TEMPLATES).json() if row["key"] == "decision_rejected")
    assert row["subject"] == "News from {{ event_name }}"
    assert automated.render("decision_rejected", {})[0] == "News from Ham & Eggs"


@pytest.mark.parametrize(
    ("source", "plain"),
    [
        ("{% autoescape off %}Hi {{ event_name }}{% endautoescape %}", "Hi {{ event_name }}"),
        ("  {%autoescape off%} Hi {%endautoescape%}\n", "Hi"),
        ("Hi {{ event_name }}", "Hi {{ event_name }}"),
        # Not one wrapper around the whole subject: kept as written (it still renders).
        ("{% autoescape off %}A{% endautoescape %} and {% autoescape off %}B{% endautoescape %}", None),
        ("Before {% autoescape off %}A{% endautoescape %}", None),
        ("{% autoescape on %}A{% endautoescape %}", None),
    ],
)
def test_plain_subject(source, plain):
    assert automated.plain_subject(source) == (source.strip() if plain is None else plain)
