"""Organizers' emails per language: an automated email's version per enabled language, picked
for each recipient (their language's, else the default language's, else the built-in email);
and a batch email's versions, each recipient getting theirs."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.core import mail
from django.test import override_settings
from django.utils import timezone, translation

from apps.core.tests.factories import UserFactory
from apps.mailings import automated, services
from apps.mailings.models import EmailTemplate, Mailing

pytestmark = pytest.mark.django_db

BOTH = [("en", "English"), ("es", "Español")]
JSON = "application/json"
TEMPLATES = "/api/mailings/templates"


@pytest.fixture(autouse=True)
def _english_after():
    yield
    translation.activate(settings.LANGUAGE_CODE)


def put(client, key, subject, html, language=None):
    data = {"subject": subject, "html": html}
    if language is not None:
        data["language"] = language
    return client.put(f"{TEMPLATES}/{key}", json.dumps(data), content_type=JSON)


def sent_to(address):
    return [m for m in mail.outbox if m.to == [address]]


@pytest.fixture
def readers():
    UserFactory(email="ana@princeton.edu", language="es")
    UserFactory(email="bo@princeton.edu", language="en")


@override_settings(LANGUAGES=BOTH)
def test_a_spanish_account_gets_the_spanish_version_and_an_english_one_the_default(admin_client, readers):
    assert put(admin_client, "decision_accepted", "You're in, {{ first_name }}!", "<p>Welcome</p>").status_code == 200
    r = put(admin_client, "decision_accepted", "¡Estás dentro, {{ first_name }}!", "<p>Bienvenida</p>", "es")
    assert r.status_code == 200, r.json()
    assert r.json()["language"] == "es" and r.json()["customized"] is True
    mail.outbox.clear()
    automated.send("decision_accepted", "ana@princeton.edu", {"first_name": "Ana"})
    automated.send("decision_accepted", "bo@princeton.edu", {"first_name": "Bo"})
    [ana] = sent_to("ana@princeton.edu")
    [bo] = sent_to("bo@princeton.edu")
    assert ana.subject == "¡Estás dentro, Ana!" and "Bienvenida" in ana.alternatives[0][0]
    assert bo.subject == "You're in, Bo!" and "Welcome" in bo.alternatives[0][0]


@override_settings(LANGUAGES=BOTH)
def test_without_a_version_in_their_language_a_reader_gets_the_default_languages_then_the_built_in(
    admin_client, readers
):
    # No version at all: the built-in email, in Spanish for Ana.
    with translation.override("es"):
        built_in_spanish, _text, _html = automated.render("verify_email", {"link": "http://testserver/verify/x"})
    mail.outbox.clear()
    automated.send("verify_email", "ana@princeton.edu", {"link": "http://testserver/verify/x"})
    assert sent_to("ana@princeton.edu")[0].subject == built_in_spanish
    # A default-language version only: everybody gets it, Ana too.
    put(admin_client, "verify_email", "Verify for {{ event_name }}", "<p>{{ link }}</p>")
    mail.outbox.clear()
    automated.send("verify_email", "ana@princeton.edu", {"link": "http://testserver/verify/x"})
    assert sent_to("ana@princeton.edu")[0].subject == "Verify for HackPortal"
    # The Spanish version dropped again: back to the default language's.
    put(admin_client, "verify_email", "Verifica para {{ event_name }}", "<p>{{ link }}</p>", "es")
    r = admin_client.delete(f"{TEMPLATES}/verify_email?language=es")
    assert r.status_code == 200 and r.json()["customized"] is False
    assert EmailTemplate.objects.filter(key="verify_email").values_list("language", flat=True).get() == ""
    mail.outbox.clear()
    automated.send("verify_email", "ana@princeton.edu", {"link": "http://testserver/verify/x"})
    assert sent_to("ana@princeton.edu")[0].subject == "Verify for HackPortal"


@override_settings(LANGUAGES=BOTH)
def test_the_editor_lists_one_languages_versions(admin_client):
    put(admin_client, "decision_rejected", "Sorry, {{ first_name }}", "<p>Sorry</p>")
    spanish = {row["key"]: row for row in admin_client.get(TEMPLATES, {"language": "es"}).json()}
    # Not written in Spanish: it starts from what Spanish readers get now, the default's version.
    assert spanish["decision_rejected"]["customized"] is False
    assert spanish["decision_rejected"]["subject"] == "Sorry, {{ first_name }}"
    assert spanish["decision_rejected"]["language"] == "es"
    # An email with no version at all starts from the built-in one, in Spanish.
    with translation.override("es"):
        subject, _html = automated.default_sources("verify_email")
    assert spanish["verify_email"]["subject"] == subject
    default = {row["key"]: row for row in admin_client.get(TEMPLATES).json()}
    assert default["decision_rejected"]["customized"] is True and default["decision_rejected"]["language"] == "en"
    # The default language named by its code is the same version as no language.
    r = put(admin_client, "decision_rejected", "Sorry again", "<p>Sorry</p>", "en")
    assert r.status_code == 200
    assert EmailTemplate.objects.get(key="decision_rejected").language == ""


@override_settings(LANGUAGES=BOTH)
def test_a_preview_is_rendered_in_its_language(admin_client):
    r = admin_client.post(
        f"{TEMPLATES}/decision_accepted/preview",
        json.dumps({"subject": "{{ start_date }}", "html": "<p>x</p>", "language": "es"}),
        content_type=JSON,
    )
    assert r.status_code == 200, r.json()
    assert " de " in r.json()["subject"]  # the Spanish long date: "21 de mayo de 2024"


@pytest.mark.parametrize("language", ["fr", "xx"])
@override_settings(LANGUAGES=BOTH)
def test_a_language_that_is_not_enabled_is_refused_at_language(admin_client, language):
    r = put(admin_client, "decision_accepted", "Hi", "<p>Hi</p>", language)
    assert r.status_code == 400
    assert "language" in r.json()["errors"]
    assert admin_client.get(TEMPLATES, {"language": language}).status_code == 400
    assert not EmailTemplate.objects.exists()


def test_with_only_the_default_enabled_a_spanish_version_is_refused(admin_client):
    r = put(admin_client, "decision_accepted", "Hola", "<p>Hola</p>", "es")
    assert r.status_code == 400 and "language" in r.json()["errors"]


# --- Batch email -----------------------------------------------------------------------


def schedule(client, **fields):
    data = {
        "subject": "Doors open at 9",
        "markdown": "Hello {{ first_name }}, bring your laptop.",
        "audience": "custom",
        "emails": "ana@princeton.edu, bo@princeton.edu",
        "send_at": timezone.now().isoformat(),
        "confirm_duplicate": True,
        **fields,
    }
    return client.post("/api/mailings", json.dumps(data), content_type=JSON)


@override_settings(LANGUAGES=BOTH)
def test_a_batch_email_goes_to_each_recipient_in_their_languages_version(admin_client, readers):
    spanish = {"es": {"subject": "Abrimos a las 9", "markdown": "Hola {{ first_name }}, trae tu portátil."}}
    r = schedule(admin_client, translations=spanish)
    assert r.status_code == 201, r.json()
    assert Mailing.objects.get(pk=r.json()["id"]).translations == spanish
    mail.outbox.clear()
    services.send_due_mailings()
    [ana] = sent_to("ana@princeton.edu")
    [bo] = sent_to("bo@princeton.edu")
    assert ana.subject == "Abrimos a las 9" and "trae tu portátil" in ana.body
    assert bo.subject == "Doors open at 9" and "bring your laptop" in bo.body


@override_settings(LANGUAGES=BOTH)
@pytest.mark.parametrize(
    ("translations", "path"),
    [
        ({"fr": {"subject": "Salut", "markdown": "Salut"}}, "translations.fr"),
        ({"en": {"subject": "Hi", "markdown": "Hi"}}, "translations.en"),
        ({"es": {"subject": "", "markdown": "Hola"}}, "translations.es.subject"),
        ({"es": {"subject": "Hola", "markdown": "Hola {{ nope }}"}}, "translations.es.markdown"),
        ({"es": "Hola"}, "translations.es"),
    ],
)
def test_a_batch_version_that_cant_be_sent_is_refused_at_its_path(admin_client, readers, translations, path):
    r = schedule(admin_client, translations=translations)
    assert r.status_code == 400
    assert path in r.json()["errors"], r.json()
    assert not Mailing.objects.exists()


@override_settings(LANGUAGES=BOTH)
def test_the_batch_page_sends_its_versions_as_a_multipart_form_and_is_told_the_languages(admin_client, readers):
    spanish = {"es": {"subject": "Abrimos a las 9", "markdown": "Hola {{ first_name }}."}}
    data = {
        "subject": "Doors open at 9",
        "markdown": "Hello {{ first_name }}.",
        "audience": "custom",
        "emails": "ana@princeton.edu",
        "send_at": timezone.now().isoformat(),
        "translations": json.dumps(spanish),
    }
    r = admin_client.post("/api/mailings", data)
    assert r.status_code == 201, r.json()
    assert Mailing.objects.get(pk=r.json()["id"]).translations == spanish
    page = admin_client.get("/admin/batch").content.decode()
    props = json.loads(page.split('<script id="admin-batch-props" type="application/json">')[1].split("</script>")[0])
    assert props["languages"] == [{"code": "es", "name": "Español"}]


def preview(client, recipient, **fields):
    data = {
        "subject": "Doors open at 9",
        "markdown": "Hello {{ first_name }}, bring your laptop.",
        "audience": "custom",
        "emails": "ana@princeton.edu, bo@princeton.edu",
        "recipient": recipient,
        **fields,
    }
    return client.post("/api/mailings/preview", json.dumps(data), content_type=JSON)


@override_settings(LANGUAGES=BOTH)
def test_the_preview_shows_each_recipient_the_version_the_sending_gives_them(admin_client, readers):
    """The preview and the send are two ways to one recipient's email: both must agree. Before,
    the preview showed Ana (who reads Spanish) the English email she would never get."""
    spanish = {"es": {"subject": "Abrimos a las 9", "markdown": "Hola {{ first_name }}, trae tu portátil."}}
    ana = preview(admin_client, 0, translations=spanish).json()
    bo = preview(admin_client, 1, translations=spanish).json()
    assert (ana["recipient"]["email"], ana["language"], ana["version"]) == ("ana@princeton.edu", "es", "es")
    assert ana["subject"] == "Abrimos a las 9" and "trae tu portátil" in ana["text"]
    assert (bo["recipient"]["email"], bo["language"], bo["version"]) == ("bo@princeton.edu", "en", "")
    assert bo["subject"] == "Doors open at 9"
    # What the sending gives each of them, to the letter.
    assert schedule(admin_client, translations=spanish).status_code == 201
    mail.outbox.clear()
    services.send_due_mailings()
    [sent_ana] = sent_to("ana@princeton.edu")
    [sent_bo] = sent_to("bo@princeton.edu")
    assert (sent_ana.subject, sent_ana.body) == (ana["subject"], ana["text"])
    assert (sent_bo.subject, sent_bo.body) == (bo["subject"], bo["text"])


@override_settings(LANGUAGES=BOTH)
def test_a_reader_without_a_version_previews_the_default_one_in_their_language(admin_client, readers):
    """No Spanish version: Ana gets the default message, its footer in Spanish, as she will."""
    ana = preview(admin_client, 0).json()
    assert (ana["language"], ana["version"]) == ("es", "")
    assert ana["subject"] == "Doors open at 9"
    mail.outbox.clear()
    assert schedule(admin_client).status_code == 201
    services.send_due_mailings()
    [sent_ana] = sent_to("ana@princeton.edu")
    assert sent_ana.body == ana["text"]


@override_settings(LANGUAGES=BOTH)
def test_the_test_email_is_the_recipients_version(admin_client, readers):
    spanish = {"es": {"subject": "Abrimos a las 9", "markdown": "Hola {{ first_name }}."}}
    data = {
        "subject": "Doors open at 9",
        "markdown": "Hello {{ first_name }}.",
        "audience": "custom",
        "emails": "ana@princeton.edu",
        "translations": spanish,
    }
    mail.outbox.clear()
    r = admin_client.post("/api/mailings/test", json.dumps(data), content_type=JSON)
    assert r.status_code == 200, r.json()
    [test] = mail.outbox
    assert test.subject == "[Test] Abrimos a las 9" and "Hola" in test.body and "¿Tienes preguntas?" in test.body


@override_settings(LANGUAGES=BOTH)
def test_a_preview_with_a_broken_version_names_it(admin_client, readers):
    r = preview(admin_client, 0, translations={"es": {"subject": "Hola", "markdown": "Hola {{ nope }}"}})
    assert r.status_code == 400 and "translations.es.markdown" in r.json()["errors"]
