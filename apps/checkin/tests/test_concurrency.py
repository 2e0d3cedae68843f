"""Two devices scanning one ticket at the same moment, with real transactions: exactly one
check-in is recorded; the other device hears "already checked in" (or, for a retry of the same
scan, the same 200)."""

from __future__ import annotations

import threading
import time
import uuid

import pytest
from django.db import connection, transaction

from apps.accounts.models import Role
from apps.applications.models import Application, ApplicationEvent
from apps.checkin import checkins, tickets
from apps.checkin.models import CheckIn, Ticket

from .helpers import applicant, scan, staff_client, ticket_for, token

pytestmark = pytest.mark.django_db(transaction=True)


class _Gate:
    """Each thread waits at the barrier once, before the first write it attempts."""

    def __init__(self, barrier: threading.Barrier) -> None:
        self.barrier = barrier
        self.local = threading.local()

    def wait_once(self) -> None:
        if not getattr(self.local, "passed", False):
            self.local.passed = True
            self.barrier.wait()


class _AtomicAfterBarrier:
    """Stands in for `django.db.transaction` in apps.checkin.checkins: its `atomic()` first
    waits for the other thread (unless this thread already waited before its one-statement
    check-in)."""

    def __init__(self, gate: _Gate) -> None:
        self.gate = gate

    def atomic(self, *args, **kwargs):
        self.gate.wait_once()
        return transaction.atomic(*args, **kwargs)


def _both_at_once(monkeypatch, calls):
    """Run the calls in threads that all pass the up-front checks (each reads the person as
    confirmed) before any starts the transaction that checks in: the race, made certain.

    The wait is before the transaction, not inside it: on PostgreSQL the status machine's row
    lock then makes the later one wait; on SQLite (no row locks) BEGIN IMMEDIATE does, since a
    second writer's transaction cannot start until the first commits. A barrier inside the
    transaction would deadlock there: the first holds the database's write lock while it waits
    for a thread that is waiting for that lock."""
    gate = _Gate(threading.Barrier(len(calls), timeout=20))
    monkeypatch.setattr(checkins, "transaction", _AtomicAfterBarrier(gate))
    # On PostgreSQL a scan first tries its one-statement check-in, outside `atomic()`: the
    # threads meet before that statement, so both race it, and the one that loses falls back to
    # the transaction (without waiting again) to learn why.
    at_once = checkins._check_in_at_once

    def _check_in_at_once_after_barrier(*args, **kwargs):
        gate.wait_once()
        return at_once(*args, **kwargs)

    monkeypatch.setattr(checkins, "_check_in_at_once", _check_in_at_once_after_barrier)
    results: list = [None] * len(calls)

    def run(index, call):
        try:
            response = call()
            results[index] = (response.status_code, response.json())
        except Exception as exc:  # noqa: BLE001 - shown by the assertion
            results[index] = repr(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def test_two_devices_scanning_one_ticket_record_one_check_in(monkeypatch):
    ada = applicant("ada@princeton.edu")
    value = token(ticket_for(ada))
    first, second = staff_client(Role.VOLUNTEER, "one@princeton.edu"), staff_client(Role.ADMIN, "two@princeton.edu")
    results = _both_at_once(monkeypatch, [lambda: scan(first, value), lambda: scan(second, value)])
    codes = sorted(r[0] for r in results)
    assert codes == [200, 409], results
    winner = next(body for code, body in results if code == 200)
    loser = next(body for code, body in results if code == 409)
    assert loser["result"] == "already_checked_in"
    assert loser["message"].endswith(f" by {winner['person']['checked_in_by']}.")
    assert CheckIn.objects.filter(application=ada).count() == 1
    assert ApplicationEvent.objects.filter(application=ada, to_value="checked_in").count() == 1


def test_the_same_scan_sent_twice_at_once_gets_the_same_answer(monkeypatch):
    """An offline queue flushing while the first attempt is still in flight."""
    ada = applicant("ada@princeton.edu")
    value = token(ticket_for(ada))
    device = staff_client(Role.VOLUNTEER)
    scan_id = str(uuid.uuid4())
    results = _both_at_once(monkeypatch, [lambda: scan(device, value, scan_id), lambda: scan(device, value, scan_id)])
    assert [r[0] for r in results] == [200, 200], results
    assert results[0][1] == results[1][1]
    assert CheckIn.objects.filter(application=ada).count() == 1


def test_many_devices_without_help_still_record_one(monkeypatch):
    """No barrier: five devices fire at once, however the scheduler interleaves them."""
    ada = applicant("ada@princeton.edu")
    value = token(ticket_for(ada))
    devices = [staff_client(Role.VOLUNTEER) for _ in range(5)]
    results: list = [None] * 5

    def run(index):
        try:
            response = scan(devices[index], value)
            results[index] = response.status_code
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(results) == [200, 409, 409, 409, 409]
    assert CheckIn.objects.count() == 1


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks and lock_timeout are PostgreSQL's")
def test_a_second_scan_is_refused_without_waiting_for_the_row_lock():
    """On PostgreSQL every scan first tries its one statement. For someone already in, that
    statement must refuse without locking the application's row: were it to wait for the lock,
    a second scan would queue behind whatever holds it (a volunteer's answer, an organizer's
    bulk move). Another connection holds the row lock here; the scan's connection gives up on
    any lock after 1 s, which would surface as an error. (Today's plan reaches the row through
    the UPDATE's own status condition first; move_statement also puts it on the lock, so that
    no plan can take one.)"""
    ada = applicant("ada@princeton.edu")
    device = staff_client(Role.VOLUNTEER)
    value = token(ticket_for(ada))
    assert scan(device, value).status_code == 200
    locked, done = threading.Event(), threading.Event()

    def hold_the_lock():
        try:
            with transaction.atomic():
                list(type(ada).objects.select_for_update(of=("self",)).filter(pk=ada.pk).values_list("pk"))
                locked.set()
                done.wait(timeout=20)
        finally:
            connection.close()

    holder = threading.Thread(target=hold_the_lock)
    holder.start()
    try:
        assert locked.wait(timeout=20)
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '1s'")
        try:
            second = scan(device, value)
        finally:
            with connection.cursor() as cursor:
                cursor.execute("RESET lock_timeout")
    finally:
        done.set()
        holder.join(timeout=30)
    assert second.status_code == 409, second.content
    assert second.json()["result"] == "already_checked_in"
    assert CheckIn.objects.filter(application=ada).count() == 1


def _until_a_lock_wait(failure: str, *, query_starts: str = "") -> None:
    """Return once another connection to this database waits for a lock (PostgreSQL's
    pg_stat_activity; a statement starting with `query_starts`, if given): the race is then
    set, with no sleep guessing how long the other thread takes to get there."""
    for _ in range(200):
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND wait_event_type = 'Lock' AND starts_with(query, %s)",
                [query_starts],
            )
            if cursor.fetchone()[0]:
                return
        time.sleep(0.05)
    pytest.fail(failure)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks and pg_stat_activity are PostgreSQL's")
def test_a_ticket_reissued_while_its_scan_waits_for_the_row_lock_is_refused_as_replaced():
    """The holder reissues their ticket at the moment it is scanned: the reissue holds the
    person's row lock and has voided the ticket when the scan's statement starts, so the scan
    reads the ticket live and waits for the lock. Once the reissue commits, the scan must not
    check the person in by the voided ticket (its statement locks the ticket and re-checks it;
    the transaction after it re-checks it again): it answers "replaced", and the new ticket
    still checks in."""
    ada = applicant("ada@princeton.edu")
    device = staff_client(Role.VOLUNTEER)
    old = token(ticket_for(ada))
    reissued, release = threading.Event(), threading.Event()
    outcome: dict = {}

    def reissue_and_hold():
        try:
            with transaction.atomic():
                outcome["new"] = tickets.reissue(application_id=ada.pk, by_applicant=True)
                reissued.set()
                release.wait(timeout=20)
        finally:
            connection.close()

    def scan_old():
        try:
            outcome["scan"] = scan(device, old)
        finally:
            connection.close()

    holder = threading.Thread(target=reissue_and_hold)
    holder.start()
    scanner = threading.Thread(target=scan_old)
    try:
        assert reissued.wait(timeout=20)
        scanner.start()
        # The scan's statement is waiting for the row lock the reissue holds.
        _until_a_lock_wait("the scan never waited for the row lock", query_starts="WITH old AS")
    finally:
        release.set()
        holder.join(timeout=30)
        if scanner.ident is not None:  # started
            scanner.join(timeout=30)
    response = outcome["scan"]
    assert response.status_code == 409, response.content
    assert response.json()["result"] == "replaced"
    assert not CheckIn.objects.filter(application=ada).exists()
    ada.refresh_from_db()
    assert ada.status == "confirmed"
    assert scan(device, token(outcome["new"])).status_code == 200
    assert CheckIn.objects.get(application=ada).ticket_id == outcome["new"].pk


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks and pg_stat_activity are PostgreSQL's")
def test_an_account_deleted_while_a_scan_holds_the_row_waits_for_it_without_a_deadlock():
    """The door's statement locks the person's row, then their ticket. Deleting the account
    removes the tickets before the application: unless it first waits for the row, it holds the
    ticket's lock while the scan waits for it, and the scan waits for the row it holds, a
    deadlock PostgreSQL breaks by failing one of them. Here a transaction takes the door's two
    locks in its order, with the deletion started between them."""
    from apps.privacy.anonymise import anonymise_and_delete

    ada = applicant("ada@princeton.edu")
    ticket = ticket_for(ada)
    holding, go_on = threading.Event(), threading.Event()
    finished: dict = {}

    def like_the_door():
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute("SET LOCAL lock_timeout = '10s'")
                cursor.execute(f"SELECT id FROM {Application._meta.db_table} WHERE id = %s FOR UPDATE", [ada.pk])
                holding.set()
                go_on.wait(timeout=20)
                cursor.execute(f"SELECT id FROM {Ticket._meta.db_table} WHERE id = %s FOR NO KEY UPDATE", [ticket.pk])
                finished["door"] = cursor.fetchone()
        except Exception as exc:  # noqa: BLE001 - shown by the assertion
            finished["door"] = repr(exc)
        finally:
            connection.close()

    def delete():
        try:
            with transaction.atomic():
                anonymise_and_delete(Application.objects.filter(pk=ada.pk))
            finished["delete"] = "deleted"
        except Exception as exc:  # noqa: BLE001 - shown by the assertion
            finished["delete"] = repr(exc)
        finally:
            connection.close()

    door, deletion = threading.Thread(target=like_the_door), threading.Thread(target=delete)
    door.start()
    try:
        assert holding.wait(timeout=20)
        deletion.start()
        _until_a_lock_wait("the deletion never waited for the door's lock")
    finally:
        go_on.set()
        door.join(timeout=30)
        if deletion.ident is not None:  # started
            deletion.join(timeout=30)
    assert finished == {"door": (ticket.pk,), "delete": "deleted"}
    assert not Application.objects.filter(pk=ada.pk).exists()


def test_a_receiver_that_fails_takes_the_check_in_back_with_it_and_the_retry_announces_it():
    """The door's statement and the announcement of what it moved share one transaction (on
    SQLite, the status machine's): a receiver of status_changed that fails rolls the check-in
    back, so the volunteer's retry checks the person in and announces it once. Announced after
    a statement that had committed on its own, the check-in stayed, its announcement (the
    webhooks' outbox rows) was lost, and the retry found the person in and announced nothing."""
    from apps.applications.signals import status_changed

    ada = applicant("ada@princeton.edu")
    device = staff_client(Role.VOLUNTEER)
    value, scan_id = token(ticket_for(ada)), str(uuid.uuid4())

    def fail(sender, changes, **kwargs):
        raise RuntimeError("a receiver is down")

    status_changed.connect(fail, dispatch_uid="test.failing_receiver")
    try:
        with pytest.raises(RuntimeError, match="a receiver is down"):
            scan(device, value, scan_id)
    finally:
        status_changed.disconnect(dispatch_uid="test.failing_receiver")
    assert not CheckIn.objects.filter(application=ada).exists()
    ada.refresh_from_db()
    assert ada.status == "confirmed"
    assert not ApplicationEvent.objects.filter(application=ada, to_value="checked_in").exists()

    announced: list = []

    def record(sender, changes, **kwargs):
        announced.extend(changes)

    status_changed.connect(record, dispatch_uid="test.recording_receiver")
    try:
        assert scan(device, value, scan_id).status_code == 200
        assert scan(device, value, scan_id).status_code == 200  # a retry of the retry: nothing new
    finally:
        status_changed.disconnect(dispatch_uid="test.recording_receiver")
    assert announced == [(ada.pk, "confirmed", "checked_in")]
    assert CheckIn.objects.filter(application=ada).count() == 1
