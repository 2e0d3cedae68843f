"""The operator command set_cycle_status: the current cycle's status through the release's one
door (apps.decisions.cycle_release), with the same refusals as the configuration page."""

from __future__ import annotations

import io

import pytest
from django.core import mail
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import TestCase

from apps.applications.models import ApplicationEvent
from apps.applications.tests.organizer_data import make_application
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_set_cycle_status_moves_the_current_cycle(db):
    assert "Not open -> Open" in run("set_cycle_status", "open")
    assert current_cycle().status == "open"


def test_a_release_that_emails_needs_the_count_like_the_page(db):
    """Without --confirm-emails nothing changes, and the refusal says how many and how to go on."""
    make_application("ada@princeton.edu", status="accepted")
    mail.outbox.clear()
    with pytest.raises(CommandError, match=r"Releasing now emails 1 applicant \(1 Accepted\).*--confirm-emails"):
        run("set_cycle_status", "released")
    assert current_cycle().status == "not_open" and mail.outbox == []
    with TestCase.captureOnCommitCallbacks(execute=True):
        run("set_cycle_status", "released", "--confirm-emails", "1")
    assert [m.to for m in mail.outbox] == [["ada@princeton.edu"]]


def test_it_cannot_undo_a_release_once_someone_confirmed(db):
    """No --force: once an applicant answered, the refusal gives the reason and nothing changes."""
    make_application("ada@princeton.edu", status="accepted")
    make_application("bob@princeton.edu", status="confirmed")
    cycle_set_status(cycle=current_cycle(), status=C.RELEASED)
    with pytest.raises(CommandError, match="1 applicant has already answered an offer or checked in"):
        run("set_cycle_status", "closed", "--confirm-unrelease", "1")
    assert current_cycle().status == C.RELEASED


def test_it_undoes_a_release_with_the_count_and_records_it(db):
    ada = make_application("ada@princeton.edu", status="accepted")
    cycle_set_status(cycle=current_cycle(), status=C.RELEASED)
    with pytest.raises(CommandError, match=r"1 applicant's decision disappears.*--confirm-unrelease"):
        run("set_cycle_status", "closed")
    assert current_cycle().status == C.RELEASED
    assert "Released -> Closed" in run("set_cycle_status", "closed", "--confirm-unrelease", "1")
    assert ApplicationEvent.objects.filter(application=ada, field="decision_visible", to_value="False").count() == 1


def test_set_cycle_status_refuses_an_unknown_status(db):
    with pytest.raises(CommandError, match="Unknown cycle status 'party'"):
        run("set_cycle_status", "party")
    assert current_cycle().status == "not_open"
