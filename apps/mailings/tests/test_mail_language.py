"""Every email in its recipient's language: the account's saved choice while enabled, else
the site's default; dates written again in that language when the email is rendered."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.test import override_settings
from django.utils import translation

from apps.core.tests.factories import UserFactory
from apps.mailings import automated

pytestmark = pytest.mark.django_db

BOTH = [("en", "English"), ("es", "Español")]
MAY_22 = datetime.datetime(2024, 5, 22, 18, 30, tzinfo=datetime.UTC)


@override_settings(LANGUAGES=BOTH)
def test_each_address_gets_its_accounts_language_or_the_default():
    UserFactory(email="ana@princeton.edu", language="es")
    UserFactory(email="bo@princeton.edu", language="")
    UserFactory(email="cy@princeton.edu", language="fr")  # not enabled: the default
    assert automated.recipient_languages(["ANA@princeton.edu", "bo@princeton.edu", "cy@princeton.edu", "x@y.edu"]) == {
        "ana@princeton.edu": "es",
        "bo@princeton.edu": "en",
        "cy@princeton.edu": "en",
        "x@y.edu": "en",
    }


def test_a_disabled_language_falls_back_to_the_default():
    UserFactory(email="ana@princeton.edu", language="es")
    assert automated.recipient_language("ana@princeton.edu") == "en"


def test_a_recorded_date_is_written_again_in_the_language_active_at_rendering():
    context = automated.with_moment({"first_name": "Ana"}, "deadline", MAY_22)
    assert context["deadline"] == "May 22, 2024 at 6:30 PM UTC"
    stored = {**context, "deadline": "something stale"}  # as a row holds it, JSON
    assert automated.localized(stored) == {"first_name": "Ana", "deadline": "May 22, 2024 at 6:30 PM UTC"}
    with translation.override("es"):
        # Django's own catalog names the month; the portal's says the order (docs/i18n.md).
        assert "mayo" in automated.localized(stored)["deadline"]


def test_a_value_that_no_longer_parses_keeps_its_stored_text():
    stored = {"deadline": "May 22", automated.LOCALIZED: {"deadline": ["datetime", "not a date"]}}
    assert automated.localized(stored) == {"deadline": "May 22"}


def test_a_recorded_amount_is_written_again_in_the_language_active_at_rendering():
    context = automated.with_amount({"currency": "USD"}, "amount", Decimal("182.4"))
    assert context["amount"] == "182.40"
    stored = {**context, "amount": "something stale"}
    assert automated.localized(stored) == {"currency": "USD", "amount": "182.40"}
    with translation.override("es"):
        assert automated.localized(stored)["amount"] == "182,40"


@override_settings(LANGUAGES=BOTH)
@pytest.mark.parametrize(
    ("key", "words"),
    [
        ("offer_reminder", ["Confirma tu plaza", "mayo", "dentro de unas 24 horas"]),
        ("offer_expired", ["Tu oferta para", "ha caducado"]),
        ("spot_given_up", ["Has renunciado a tu plaza", "Tu entrada ya no es válida"]),
        ("walk_in_welcome", ["Te damos la bienvenida", "Te hemos registrado"]),
        ("travel_receipt_approved", ["Hemos aprobado tu recibo", "182,40 USD"]),
        ("travel_receipt_rejected", ["No hemos podido aprobar tu recibo", "Motivo:"]),
        ("travel_grant_lapsed", ["Tu ayuda para el viaje", "300,00 USD"]),
    ],
)
def test_the_offer_travel_and_walk_in_emails_are_sent_in_spanish(mailoutbox, key, words):
    UserFactory(email="ana@princeton.edu", language="es")
    context = automated.with_moment({"first_name": "Ana", "hours_left": 24}, "deadline", MAY_22)
    context = automated.with_amount(context, "receipt_amount", Decimal("182.40"))
    context = automated.with_amount(context, "amount", Decimal("300"))
    context |= {"currency": "USD", "reason": "—", "link": "https://portal.example/reset/x"}
    automated.send(key, "ana@princeton.edu", context)
    message = mailoutbox[-1]
    html = message.alternatives[0][0]
    for part in (message.subject + " " + message.body, html):
        for word in words:
            assert word in part or word in message.subject, (word, part)
    assert "Hola, Ana:" in message.body and "Hola, Ana:" in html
