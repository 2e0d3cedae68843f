"""The applicant's islands in Spanish: an applicant whose language is Spanish reads the offer on
the dashboard in Spanish, confirms the place there and sees the ticket, all in Spanish."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from apps.accounts.models import User
from apps.applications.models import ApplicationStatus as S
from apps.cycles.models import CycleStatus as C
from e2e.conftest import PASSWORD, expect
from e2e.test_dashboard import prepare

BOTH = [("en", "English"), ("es", "Español")]


@pytest.fixture(autouse=True)
def _spanish_enabled(settings):
    settings.LANGUAGES = BOTH
    yield
    # The live server's requests activate their language in its thread; start the next from the default.
    translation.activate(settings.LANGUAGE_CODE)


def test_a_spanish_applicant_confirms_the_place_and_sees_the_ticket(new_page, make_student):
    application = prepare(make_student, "ana@princeton.edu", S.ACCEPTED, C.RELEASED, travel=True, housing=True)
    User.objects.filter(pk=application.user_id).update(language="es")
    page = new_page(locale="es-ES")
    page.goto("/login")
    page.get_by_label("Correo electrónico").fill("ana@princeton.edu")
    page.get_by_label("Contraseña", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Iniciar sesión").click()
    page.wait_for_url(re.compile(r"^[^?#]*/dashboard$"))

    expect(page.get_by_role("heading", level=1)).to_have_text("¡Enhorabuena, te hemos admitido!")
    offer = "Confirma tu asistencia aquí abajo antes del 1 de febrero de 2025."
    expect(page.get_by_text(offer, exact=False)).to_be_visible()
    details = page.get_by_role("region", name="Detalles de la confirmación")
    expect(details.get_by_role("link", name="formulario de alojamiento")).to_be_visible()
    yes = page.get_by_role("radio", name="¡Sí, tengo muchas ganas!")
    expect(yes).not_to_be_checked()
    yes.check()
    with page.expect_navigation():
        page.get_by_role("button", name="Enviar").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("¡Todo listo!")
    expect(page.get_by_role("heading", name="Tu entrada")).to_be_visible()
    expect(page.get_by_role("img", name="Código QR de tu entrada")).to_be_visible()
    expect(page.get_by_role("heading", name="Tus datos")).to_be_visible()
    application.refresh_from_db()
    assert application.status == S.CONFIRMED
    assert page.js_errors == []
