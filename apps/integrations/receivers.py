"""The integrations' answer to what the other apps announce: each event becomes outbox rows
(in the announcing transaction, so a rolled-back change sends nothing)."""

from __future__ import annotations

from . import services


def record_status_events(sender, *, changes, **kwargs) -> None:
    services.record_status_changes(changes)


def record_release(sender, *, cycle_id: int, **kwargs) -> None:
    services.record_release(cycle_id)


def record_late_decision(sender, *, application_id: int, **kwargs) -> None:
    services.record_late_decision(application_id)
