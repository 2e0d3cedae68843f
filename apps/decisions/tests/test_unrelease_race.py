"""An applicant confirming at the moment an organizer withdraws the release, with real
transactions: either the confirmation lands first (and the withdrawal is refused), or the
withdrawal does (and the confirmation finds no offer). Never a confirmed applicant, with a
ticket, in a cycle whose decisions are hidden."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from apps.applications import status_machine as sm
from apps.applications.models import Application
from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.test_status_machine import make_application
from apps.checkin.models import Ticket
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.decisions import cycle_release
from conftest import make_user

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks: SQLite refuses a second writer instead")
@pytest.mark.parametrize("attempt", range(3))
def test_a_confirmation_and_a_withdrawal_at_once_never_both_land(attempt):
    ada = make_application(make_user(f"ada{attempt}@princeton.edu"), S.ACCEPTED)
    cycle_release.change_status(cycle=current_cycle(), status=C.RELEASED, confirm_emails=1)
    barrier = threading.Barrier(2, timeout=20)
    outcome: dict[str, object] = {}

    def confirm():
        try:
            barrier.wait()
            sm.applicant_act(application_id=ada.pk, action=sm.CONFIRM)
            outcome["confirm"] = "ok"
        except Exception as exc:  # noqa: BLE001 - recorded for the assertion
            outcome["confirm"] = getattr(exc, "status", repr(exc))
        finally:
            connection.close()

    def withdraw():
        try:
            barrier.wait()
            cycle_release.change_status(cycle=current_cycle(), status=C.CLOSED, confirm_unrelease=1)
            outcome["withdraw"] = "ok"
        except Exception as exc:  # noqa: BLE001
            outcome["withdraw"] = getattr(exc, "status", repr(exc))
        finally:
            connection.close()

    threads = [threading.Thread(target=confirm), threading.Thread(target=withdraw)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(outcome.values(), key=str) in (["ok", 409], [409, "ok"]), outcome
    status = Application.objects.get(pk=ada.pk).status
    cycle = current_cycle().status
    if outcome["confirm"] == "ok":
        assert (status, cycle) == (S.CONFIRMED, C.RELEASED)
        assert Ticket.objects.filter(application=ada, voided_at__isnull=True).exists()
    else:
        assert (status, cycle) == (S.ACCEPTED, C.CLOSED)
        assert not Ticket.objects.filter(application=ada).exists()
