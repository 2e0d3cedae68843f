"""The sign-in pages' islands in Spanish: a browser that asks for Spanish, with Spanish enabled,
reads the register and login forms in Spanish, and an English browser sees them unchanged."""

from __future__ import annotations

import pytest
from django.utils import translation

from e2e.conftest import PASSWORD, expect, shot

BOTH = [("en", "English"), ("es", "Español")]


@pytest.fixture(autouse=True)
def _spanish_enabled(settings):
    settings.LANGUAGES = BOTH
    yield
    # The live server's requests activate their language in its thread; start the next from the default.
    translation.activate(settings.LANGUAGE_CODE)


def catalog_requests(page) -> list[str]:
    """Every catalog chunk the page fetches (the built name of locales/<lang>/accounts.json)."""
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url) if "/accounts-" in request.url else None)
    return fetched


def test_a_spanish_browser_registers_and_signs_in_in_spanish(new_page):
    page = new_page(phone=True, locale="es-ES")
    fetched = catalog_requests(page)
    page.goto("/register")
    assert page.locator("html").get_attribute("lang") == "es"
    expect(page.get_by_role("heading", name="Empieza aquí")).to_be_visible()
    expect(page.get_by_text("Crea tu cuenta con el correo de tu universidad.")).to_be_visible()
    register = page.get_by_role("button", name="Crear cuenta")
    expect(register).to_be_disabled()
    page.get_by_label("Correo electrónico").fill("ana.garcia@princeton.edu")
    page.get_by_label("Contraseña", exact=True).fill("short")
    # The client's own check, in Spanish, is the longest line the form shows.
    rule = "La contraseña debe tener al menos 8 caracteres, 1 número y 1 carácter especial"
    expect(page.get_by_text(rule)).to_be_visible()
    page.get_by_label("Contraseña", exact=True).fill(PASSWORD)
    page.get_by_label("Confirma la contraseña").fill("other-1!")
    expect(page.get_by_text("Este campo debe coincidir con la contraseña")).to_be_visible()
    expect(page.get_by_role("link", name="¿Ya tienes cuenta? Inicia sesión")).to_be_visible()
    assert len(fetched) == 1, fetched

    # At phone width the longer Spanish lines wrap inside the card: nothing is wider than the screen.
    shot(page, "register-es-390")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    card = page.locator(".auth-card").bounding_box()
    assert card is not None and card["x"] >= 0 and card["x"] + card["width"] <= 390

    page.goto("/login")
    expect(page.get_by_role("heading", name="Te damos la bienvenida a")).to_be_visible()
    expect(page.get_by_label("Correo electrónico")).to_be_visible()
    expect(page.get_by_label("Contraseña")).to_be_visible()
    expect(page.get_by_role("button", name="Iniciar sesión")).to_be_disabled()
    expect(page.get_by_role("link", name="¿No tienes cuenta?")).to_have_attribute("href", "/register")
    expect(page.get_by_role("link", name="¿Olvidaste tu contraseña?")).to_have_attribute("href", "/reset")
    shot(page, "login-es-390")
    assert page.js_errors == []


def test_an_english_browser_sees_the_forms_unchanged_and_loads_no_catalog(new_page):
    page = new_page(locale="en-US")
    fetched = catalog_requests(page)
    page.goto("/register")
    assert page.locator("html").get_attribute("lang") == "en"
    expect(page.get_by_role("heading", name="Get Started")).to_be_visible()
    expect(page.get_by_label("Email")).to_be_visible()
    expect(page.get_by_label("Confirm password")).to_be_visible()
    expect(page.get_by_role("button", name="Register", exact=True)).to_be_disabled()

    page.goto("/login")
    expect(page.get_by_role("heading", name="Welcome to")).to_be_visible()
    expect(page.get_by_label("Password")).to_be_visible()
    expect(page.get_by_role("button", name="Login", exact=True)).to_be_visible()
    expect(page.get_by_role("link", name="Forgot Password?")).to_be_visible()
    assert fetched == []
    assert page.js_errors == []
