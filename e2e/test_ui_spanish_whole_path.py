"""The applicant's whole path in Spanish, in one journey: a browser that asks for Spanish
registers, opens the verification email, signs in, applies, gets the decision email, confirms
the place and sees the ticket. On every page no text the portal's catalogues translate is left
in English (the organizers gave their questions in Spanish too), and every email the applicant
gets is written in Spanish. The consent texts of the application form, versioned apart from
the catalogues, are shown in Spanish too (none of their English is left) and recorded in
Spanish.

What the catalogues can't vouch for: proper names (schools, the event's name)."""

from __future__ import annotations

import datetime
import json
import re

import pytest
from django.core import mail
from django.utils import timezone, translation

from apps.applications import consents, status_machine
from apps.applications.models import Application
from apps.applications.models import ApplicationStatus as S
from apps.core.tests.test_translations import entries
from apps.cycles import services as cycle_services
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from apps.mailings.services import template_preview
from conftest import PortalClient, make_user
from e2e.conftest import PASSWORD, ROOT, element_shot, expect, mail_link, shot
from e2e.test_apply import pick, tiny_pdf

BOTH = [("en", "English"), ("es", "Español")]
EMAIL = "lucia.fernandez@princeton.edu"
UPLOADED = "Currículum nuevo subido correctamente"

# The organizers' questions, each with its Spanish text: the form has no English of theirs left.
QUESTIONS = [
    {
        "section_name": "About you",
        "conditional_on": None,
        "translations": {"es": {"section_name": "Sobre ti"}},
        "questions": [
            {
                "question_id": "level",
                "question_text": "What is your current level of study?",
                "question_type": "multiple_choice",
                "options": ["Undergraduate", "Graduate"],
                "required": True,
                "translations": {
                    "es": {
                        "question_text": "¿Qué estás estudiando ahora?",
                        "options": {"Undergraduate": "Grado", "Graduate": "Máster o doctorado"},
                    }
                },
            },
            {
                "question_id": "major",
                "question_text": "What is your major?",
                "question_type": "short_answer",
                "options": [],
                "required": True,
                "translations": {"es": {"question_text": "¿Qué carrera estudias?"}},
            },
        ],
    }
]


@pytest.fixture(autouse=True)
def _spanish_enabled(settings):
    settings.LANGUAGES = BOTH
    yield
    # The live server's requests activate their language in its thread; start the next from the default.
    translation.activate(settings.LANGUAGE_CODE)


def english_strings() -> set[str]:
    """Every English text the catalogues translate into something else: the islands' catalogs
    (keys) and the server's (msgids, placeholders and all)."""
    english: set[str] = set()
    for path in (ROOT / "frontend" / "src" / "locales" / "es").glob("*.json"):
        for key, value in json.loads(path.read_text()).items():
            if isinstance(value, str) and value and value != key:
                english.add(key)
    for (_context, msgid), entry in entries(ROOT / "locale" / "es" / "LC_MESSAGES" / "django.po").items():
        text = json.loads(f'"{msgid}"')  # the catalogue's escapes are C's, which JSON reads alike
        if text and any(json.loads(f'"{s}"') not in ("", text) for s in entry["strs"]):
            english.add(text)
    return english


ENGLISH = english_strings()
# The consents' English texts, by their pieces: a link's label is apart from the words around
# it (it carries a hidden "opens in a new tab"), and a piece of a few characters proves nothing.
CONSENTS_ENGLISH = {
    piece.strip()
    for consent in consents.CONSENTS
    for piece in consents.LINK.sub("\n\\1\n", consent.text("en")).splitlines()
    if len(piece.strip()) > 12
}


def english_left(page) -> list[str]:
    """The lines of the page's visible text that are one of the catalogues' English strings, and
    the pieces of the consents' English texts found on it."""
    text = page.locator("body").inner_text()
    lines = [line.strip() for line in text.splitlines() if line.strip() in ENGLISH]
    return lines + sorted(piece for piece in CONSENTS_ENGLISH if piece in text)


def test_a_spanish_applicant_registers_applies_is_accepted_confirms_and_gets_a_ticket(new_page, tmp_path):
    cycle = current_cycle()
    cycle_services.questions_replace(cycle, QUESTIONS)
    cycle_set_status(cycle=cycle, status=C.OPEN)
    page = new_page(phone=True, locale="es-ES")

    # Register: the verification email is in Spanish.
    page.goto("/register")
    expect(page.get_by_role("heading", name="Empieza aquí")).to_be_visible()
    page.get_by_label("Correo electrónico").fill(EMAIL)
    page.get_by_label("Contraseña", exact=True).fill(PASSWORD)
    page.get_by_label("Confirma la contraseña").fill(PASSWORD)
    page.get_by_role("button", name="Crear cuenta").click()
    expect(page.get_by_role("link", name=re.compile("Volver"))).to_be_visible()
    assert english_left(page) == []
    [verification] = mail.outbox
    assert verification.to == [EMAIL]
    assert_spanish_mail(verification, "verify_email")

    page.goto(mail_link("verify"))
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    assert english_left(page) == []

    # Sign in, then apply.
    page.goto("/login?next=/apply")
    page.get_by_label("Correo electrónico").fill(EMAIL)
    page.get_by_label("Contraseña", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Iniciar sesión").click()
    page.wait_for_url(re.compile(r"^[^?#]*/apply$"))
    expect(page.get_by_label("Nombre", exact=True)).to_be_visible()
    assert english_left(page) == []
    page.get_by_label("Nombre", exact=True).fill("Lucía")
    page.get_by_label("Apellidos").fill("Fernández")
    pick(page, "Universidad", "princeton univ", "Princeton University")
    expect(page.get_by_role("group", name="Sobre ti")).to_be_visible()
    page.get_by_label("¿Qué estás estudiando ahora?").select_option("Graduate")
    expect(page.get_by_label("¿Qué estás estudiando ahora?").locator("option:checked")).to_have_text(
        "Máster o doctorado"
    )
    page.get_by_label("¿Qué carrera estudias?").fill("Ingeniería Informática")
    resume = tmp_path / "lucia-fernandez-cv.pdf"
    resume.write_bytes(tiny_pdf())
    page.get_by_label("Currículum", exact=True).set_input_files(str(resume))
    expect(page.get_by_text(UPLOADED)).to_be_visible()
    page.get_by_role("group", name="¿Vas a crear un equipo nuevo?").get_by_role("radio", name="Sí").check()
    for consent in page.get_by_role("checkbox").all():
        consent.check()
    expect(page.get_by_role("link", name=re.compile("^Código de conducta de MLH"))).to_be_visible()
    assert english_left(page) == []
    shot(page, "spanish-apply-filled-phone")
    page.get_by_role("button", name="Enviar", exact=True).click()
    expect(page.get_by_text("Solicitud enviada correctamente")).to_be_visible()
    page.wait_for_url(re.compile(r"/dashboard$"))
    application = Application.objects.get(email=EMAIL)
    assert application.status == S.SUBMITTED
    # Answered by the option itself, as an English applicant's answer would be.
    assert application.answers.get(question_id="level").value == "Graduate"
    # The consents recorded are the Spanish texts she read, with their language.
    recorded = list(application.consents.values_list("key", "language", "text"))
    assert recorded and all(lang == "es" for _, lang, _ in recorded)
    assert all(text == consents.BY_KEY[key].text("es") for key, _, text in recorded)
    received = mail.outbox[-1]
    assert received.to == [EMAIL]
    assert_spanish_mail(received, "application_received")
    assert english_left(page) == []

    # The organizers accept and release, through the API; the decision email is in Spanish.
    status_machine.transition(application_id=application.pk, to=S.ACCEPTED)
    organizer = PortalClient()
    organizer.force_login(make_user("host@princeton.edu", admin=True))
    today = timezone.now().date()
    days = {"due": 1, "confirmation_first_deadline": 6, "confirmation_second_deadline": 7, "waitlist_deadline": 8}
    days |= {"housing": 6, "start": 10, "end": 12}
    body = {
        "dates": {name: (today + datetime.timedelta(days=n)).isoformat() for name, n in days.items()},
        "status": "released",
        "location": "Friend Center",
        "housing_link": "https://example.edu/housing",
        "confirm_emails": 1,
    }
    sent = len(mail.outbox)
    released = organizer.post("/api/applications/cycle/config", body, content_type="application/json")
    assert released.status_code == 200, released.json()
    [decision] = mail.outbox[sent:]
    assert decision.to == [EMAIL]
    assert_spanish_mail(decision, "decision_accepted")

    # Confirm on the dashboard, and the ticket.
    page.goto("/dashboard")
    yes = page.get_by_role("radio", name="¡Sí, tengo muchas ganas!")
    expect(yes).to_be_visible()
    assert english_left(page) == []
    yes.check()
    with page.expect_navigation():
        page.get_by_role("button", name="Enviar").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("¡Todo listo!")
    expect(page.get_by_role("img", name="Código QR de tu entrada")).to_be_visible()
    assert english_left(page) == []
    shot(page, "spanish-dashboard-ticket-phone")
    # The tracker's longer Spanish step names stay inside their quarter of the phone's width.
    tracker = page.get_by_role("list", name="Progreso de la solicitud")
    element_shot(tracker, "spanish-dashboard-tracker-phone")
    boxes = [step.bounding_box() for step in tracker.locator(".tracker__name").all()]
    assert all(a["x"] + a["width"] <= b["x"] for a, b in zip(boxes, boxes[1:], strict=False)), boxes
    application.refresh_from_db()
    assert application.status == S.CONFIRMED
    ticket = [m for m in mail.outbox if m.to == [EMAIL]][-1]
    assert_spanish_mail(ticket, "ticket_issued")
    assert page.js_errors == []


def assert_spanish_mail(message, key: str) -> None:
    """The email's subject is the one the organizers' preview shows a Spanish reader, and none
    of the lines an English reader's version has beyond it is in its text."""
    spanish, english = template_preview(key=key, language="es"), template_preview(key=key, language="en")
    assert message.subject == spanish["subject"] != english["subject"]
    only_english = {line.strip() for line in english["text"].splitlines()} - {
        line.strip() for line in spanish["text"].splitlines()
    }
    left = [line.strip() for line in message.body.splitlines() if line.strip() in only_english and line.strip()]
    assert left == [], left
