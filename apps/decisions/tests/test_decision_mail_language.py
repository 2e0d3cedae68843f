"""A released decision reaches each applicant in their own language: subject, body and dates."""

from __future__ import annotations

import datetime

import pytest
from django.core import mail
from django.test import override_settings
from django.utils import timezone

from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.test_status_machine import make_application
from apps.core.tests.factories import UserFactory
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.decisions.tests.test_release import release_now

pytestmark = pytest.mark.django_db

BOTH = [("en", "English"), ("es", "Español")]


@pytest.fixture
def deadline_on_june_5():
    cycle = current_cycle()
    cycle.confirmation_first_deadline = timezone.make_aware(datetime.datetime(2031, 6, 5, 12, 0), datetime.UTC)
    cycle.save()
    return cycle


@override_settings(LANGUAGES=BOTH)
def test_an_accepted_applicant_who_chose_spanish_reads_the_decision_in_spanish(
    django_capture_on_commit_callbacks, deadline_on_june_5
):
    ana = make_application(UserFactory(email="ana@princeton.edu", language="es"), S.ACCEPTED, first="Ana")
    bo = make_application(UserFactory(email="bo@princeton.edu", language="en"), S.ACCEPTED, first="Bo")
    mail.outbox.clear()
    release_now(django_capture_on_commit_callbacks, C.RELEASED)
    by_address = {message.to[0]: message for message in mail.outbox}

    spanish = by_address[ana.email]
    assert spanish.subject.startswith("¡Enhorabuena! Has sido admitido/a en ")
    assert spanish.body.startswith("Hola, Ana:")
    assert "Confirma tu asistencia en tu panel antes del 5 de junio de 2031." in spanish.body
    html = spanish.alternatives[0][0]
    assert "Confirmar en mi panel" in html and "¿Tienes preguntas? Escríbenos a" in html

    english = by_address[bo.email]
    assert english.subject.startswith("Congratulations! You have been accepted to ")
    assert english.body.startswith("Hi Bo,")
    assert "Please confirm your attendance on your dashboard by June 5, 2031." in english.body


def test_with_spanish_disabled_a_spanish_account_reads_english(django_capture_on_commit_callbacks):
    ana = make_application(UserFactory(email="ana@princeton.edu", language="es"), S.REJECTED, first="Ana")
    mail.outbox.clear()
    release_now(django_capture_on_commit_callbacks, C.RELEASED)
    (message,) = [m for m in mail.outbox if m.to == [ana.email]]
    assert message.body.startswith("Hi Ana,")
    assert message.subject.startswith("Your ") and message.subject.endswith(" application")
