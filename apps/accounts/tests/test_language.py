"""The language a person is served in: the saved choice, then the cookie and Accept-Language,
then the default; the switch that changes it; the account's language at registration."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import override_settings
from django.utils import translation

from apps.accounts.models import User
from apps.core.tests.factories import UserFactory
from conftest import PASSWORD, signed_in_client

pytestmark = pytest.mark.django_db

JSON = "application/json"
BOTH = [("en", "English"), ("es", "Español")]


@pytest.fixture(autouse=True)
def _english_after():
    # A request activates its language in the thread; the next test starts from the default.
    yield
    translation.activate(settings.LANGUAGE_CODE)


def html_lang(response) -> str:
    text = response.content.decode()
    start = text.index('<html lang="') + len('<html lang="')
    return text[start : text.index('"', start)]


def test_only_english_is_enabled_by_default_and_the_switch_is_hidden(client):
    assert [code for code, _ in settings.LANGUAGES] == ["en"]
    r = client.get("/login", HTTP_ACCEPT_LANGUAGE="es")
    assert html_lang(r) == "en"
    assert 'action="/language"' not in r.content.decode()


@override_settings(LANGUAGES=BOTH)
def test_accept_language_picks_an_enabled_language_and_the_switch_shows_in_navbar_and_footer(client):
    r = client.get("/login", HTTP_ACCEPT_LANGUAGE="es-MX,es;q=0.9,en;q=0.5")
    assert html_lang(r) == "es"
    page = r.content.decode()
    assert "language-switch--navbar" in page and "language-switch--footer" in page
    assert 'value="es" lang="es" class="language-switch__option" aria-pressed="true"' in page


@override_settings(LANGUAGES=BOTH)
def test_the_saved_choice_beats_accept_language():
    user = UserFactory(language="es")
    c = signed_in_client(user)
    assert html_lang(c.get("/dashboard", HTTP_ACCEPT_LANGUAGE="en")) == "es"
    user.language = "en"
    user.save()
    assert html_lang(c.get("/dashboard", HTTP_ACCEPT_LANGUAGE="es")) == "en"


@override_settings(LANGUAGES=BOTH)
def test_a_saved_language_the_operator_disabled_falls_back_to_accept_language_or_default():
    user = UserFactory(language="fr")
    c = signed_in_client(user)
    assert html_lang(c.get("/dashboard", HTTP_ACCEPT_LANGUAGE="es")) == "es"
    assert html_lang(c.get("/dashboard")) == "en"


@override_settings(LANGUAGES=BOTH)
def test_the_api_saves_a_signed_in_users_choice_and_sets_the_cookie():
    user = UserFactory()
    c = signed_in_client(user)
    r = c.post("/api/auth/language", {"language": "es"}, content_type=JSON)
    assert r.status_code == 200, r.json()
    assert r.json() == {"language": "es"}
    assert r.cookies[settings.LANGUAGE_COOKIE_NAME].value == "es"
    user.refresh_from_db()
    assert user.language == "es"


@override_settings(LANGUAGES=BOTH)
def test_an_anonymous_visitor_gets_the_cookie_only_and_the_next_page_is_in_it(client):
    r = client.post("/api/auth/language", {"language": "es"}, content_type=JSON)
    assert r.status_code == 200, r.json()
    assert html_lang(client.get("/login", HTTP_ACCEPT_LANGUAGE="en")) == "es"
    assert not User.objects.filter(language="es").exists()


@pytest.mark.parametrize("value", ["fr", "", "es-zz", "x" * 16])
def test_a_language_not_enabled_is_a_400_at_the_field(client, value):
    r = client.post("/api/auth/language", {"language": value}, content_type=JSON)
    assert r.status_code == 400
    assert "language" in r.json()["errors"], r.json()


def test_spanish_is_refused_while_only_english_is_enabled(client):
    r = client.post("/api/auth/language", {"language": "es"}, content_type=JSON)
    assert r.status_code == 400
    assert r.json()["errors"]["language"] == ["Choose one of: en."]


@override_settings(LANGUAGES=BOTH)
def test_the_switch_form_saves_the_choice_and_goes_back_to_the_page():
    user = UserFactory()
    c = signed_in_client(user)
    r = c.post("/language", {"language": "es", "next": "/dashboard?x=1"})
    assert r.status_code == 302 and r["Location"] == "/dashboard?x=1"
    user.refresh_from_db()
    assert user.language == "es"
    # Not back to another site.
    assert c.post("/language", {"language": "en", "next": "https://evil.example/"})["Location"] == "/dashboard"
    assert c.post("/language", {"language": "fr"}).status_code == 400


@override_settings(LANGUAGES=BOTH)
def test_registration_saves_the_language_the_page_was_read_in(client):
    r = client.post(
        "/api/auth/register",
        {"email": "nueva@princeton.edu", "password": PASSWORD},
        content_type=JSON,
        HTTP_ACCEPT_LANGUAGE="es",
    )
    assert r.status_code == 201, r.json()
    assert User.objects.get(email="nueva@princeton.edu").language == "es"


def test_registration_with_one_language_saves_the_default(client):
    r = client.post(
        "/api/auth/register",
        {"email": "new@princeton.edu", "password": PASSWORD},
        content_type=JSON,
        HTTP_ACCEPT_LANGUAGE="es",
    )
    assert r.status_code == 201, r.json()
    assert User.objects.get(email="new@princeton.edu").language == "en"


@override_settings(LANGUAGES=BOTH)
def test_the_layout_and_the_page_title_read_in_spanish_for_a_spanish_browser(client):
    page = client.get("/login", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "<title>Iniciar sesión ·" in page
    assert ">Crear cuenta</a>" in page and ">Saltar al contenido</a>" in page
    assert "Código de conducta" in page and "Cargando…" in page
    assert ">Register</a>" not in page


def test_with_english_alone_a_spanish_browser_reads_english(client):
    page = client.get("/login", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "<title>Login ·" in page and ">Register</a>" in page
    assert "Crear cuenta" not in page


@override_settings(LANGUAGES=BOTH)
def test_a_spanish_registrant_gets_the_verification_mail_in_spanish(client):
    from django.core import mail

    r = client.post(
        "/api/auth/register",
        {"email": "nueva@princeton.edu", "password": PASSWORD},
        content_type=JSON,
        HTTP_ACCEPT_LANGUAGE="es",
    )
    assert r.status_code == 201, r.json()
    (message,) = mail.outbox
    assert message.subject.startswith("Confirma tu correo para ")
    assert "Confirma tu dirección de correo" in message.body and "/verify/" in message.body
    html = message.alternatives[0][0]
    assert '<html lang="es">' in html and "Confirmar mi correo" in html


@override_settings(LANGUAGES=BOTH)
def test_the_reset_mail_follows_the_accounts_language_not_the_requests(client):
    from django.core import mail

    UserFactory(email="ana@princeton.edu", language="es")
    r = client.post("/api/auth/reset_password", {"email": "ana@princeton.edu"}, content_type=JSON)
    assert r.status_code == 200, r.json()
    (message,) = mail.outbox
    assert message.subject.startswith("Restablece tu contraseña de ")
    assert "Si fuiste tú, elige una contraseña nueva aquí:" in message.body
