"""The operator command set_cycle_status: the current cycle's status through the one door."""

from __future__ import annotations

import io

import pytest
from django.core import mail
from django.core.management import call_command
from django.core.management.base import CommandError

from apps.applications.tests.organizer_data import make_application
from apps.cycles.selectors import current_cycle


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_set_cycle_status_moves_the_current_cycle(db):
    assert "not_open -> open" in run("set_cycle_status", "open")
    assert current_cycle().status == "open"


def test_set_cycle_status_to_released_queues_decision_emails(db):
    """It goes through cycle_set_status, so a release announces decisions like the page does."""
    make_application("ada@princeton.edu", status="accepted")
    mail.outbox.clear()
    from django.test import TestCase

    with TestCase.captureOnCommitCallbacks(execute=True):
        run("set_cycle_status", "released")
    assert [m.to for m in mail.outbox] == [["ada@princeton.edu"]]


def test_set_cycle_status_refuses_an_unknown_status(db):
    with pytest.raises(CommandError, match="Unknown cycle status 'party'"):
        run("set_cycle_status", "party")
    assert current_cycle().status == "not_open"
