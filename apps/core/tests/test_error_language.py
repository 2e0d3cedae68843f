"""The API's refusals speak the request's language (docs/i18n.md): the portal's messages from
its catalogue, Django's and DRF's from theirs, while what a client acts on stays English."""

from __future__ import annotations

import pytest
from django.test import override_settings

from apps.accounts import services
from apps.core.tests.factories import UserFactory

pytestmark = pytest.mark.django_db

BOTH = [("en", "English"), ("es", "Español")]


def in_language(client, code: str):
    client.cookies["portal_language"] = code
    return client


@override_settings(LANGUAGES=BOTH)
def test_a_refusal_is_written_in_the_language_of_the_request(client):
    UserFactory(email="ana@princeton.edu")
    body = {"email": "ana@princeton.edu", "password": "not-her-password-1!"}
    spanish = in_language(client, "es").post("/api/auth/login", body, content_type="application/json")
    assert spanish.status_code == 401
    assert spanish.json() == {"message": "Credenciales no válidas."}
    english = in_language(client, "en").post("/api/auth/login", body, content_type="application/json")
    assert english.json() == {"message": "Invalid credentials."}


@override_settings(LANGUAGES=BOTH)
def test_field_errors_are_translated_with_their_message(client):
    response = in_language(client, "es").post(
        "/api/auth/register", {"email": "ana@gmail.com", "password": "x"}, content_type="application/json"
    )
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert any("universidad" in message for messages in errors.values() for message in messages), errors


@override_settings(LANGUAGES=BOTH)
@pytest.mark.parametrize(("code", "message"), [("es", "no es válido o ha caducado"), ("en", "invalid or has expired")])
def test_a_refusal_the_page_acts_on_keeps_an_english_code(client, code, message):
    """The reset page offers a new link on this refusal: it knows it by `code`, not by words."""
    response = in_language(client, code).post(
        "/api/auth/reset_password/no-such-key", {"password": "Coffee-Beans-42"}, content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == services.INVALID_RESET_CODE == "invalid_reset_link"
    assert message in response.json()["message"]


@override_settings(LANGUAGES=BOTH)
def test_drfs_own_messages_come_from_its_catalogue(client):
    """A field DRF itself finds blank: its message in Spanish, from DRF's own catalogue (a
    message the portal's catalogue also has, "This field is required.", reads as the portal's:
    its catalogue comes first)."""
    client.force_login(UserFactory(email="ana@princeton.edu", language="es"))
    blank = client.post("/api/applications/teamcode/check", {"teamcode": ""}, content_type="application/json")
    assert blank.status_code == 400
    assert blank.json()["errors"] == {"teamcode": ["Este campo no puede estar en blanco."]}
    missing = client.post("/api/applications/teamcode/check", {}, content_type="application/json")
    assert missing.json()["errors"] == {"teamcode": ["Este campo es obligatorio."]}


@override_settings(LANGUAGES=BOTH)
def test_the_json_404_of_an_unknown_address_is_translated(client):
    response = in_language(client, "es").get("/api/no/such/thing")
    assert response.status_code == 404
    assert response.json() == {"message": "Ese punto de la API no existe."}
