"""Batch decisions in bulk: a batch locks its rows once per chunk, reads the
cycle once, updates in one statement and writes the history in one, through the status
machine's bulk door (`transition_many` / `decide_many`), by the rules of a single decision.
The single decision locks its row once.

The statement counts are exact: a change that adds a statement per row (or per chunk) fails
here. Inside a test the status machine's transaction is a savepoint (SAVEPOINT + RELEASE, two
statements that a request outside a transaction doesn't run).
"""

from __future__ import annotations

import datetime
import re
import threading

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts.models import User
from apps.applications import status_machine as sm
from apps.applications.models import Application, ApplicationEvent
from apps.applications.models import ApplicationStatus as S
from apps.applications.signals import decision_changed_after_release
from apps.applications.tests.test_status_machine import set_cycle
from apps.cycles.models import Cycle
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.decisions import batch
from apps.mailings.models import Delivery
from apps.travel.tests.helpers import budget
from conftest import make_user

pytestmark = pytest.mark.django_db

JSON = "application/json"
# The statements counted here are PostgreSQL's (the suite's database in CI): SQLite, used when
# DATABASE_URL is unset, has no SELECT ... FOR UPDATE and splits bulk INSERTs differently.
postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="counts PostgreSQL's statements and row locks"
)


def submitted(count: int, *, prefix: str = "bulk") -> list[str]:
    """`count` submitted applications of the current cycle; their emails. Written in bulk (a
    test of hundreds of rows), as drafts, then submitted through the status machine's bulk door."""
    users = User.objects.bulk_create([User(email=f"{prefix}{i:05d}@princeton.edu") for i in range(count)])
    cycle = current_cycle()
    applications = Application.objects.bulk_create(
        [Application(cycle=cycle, user=u, email=u.email, first="Bulk", last=str(i)) for i, u in enumerate(users)]
    )
    sm.transition_many(application_ids=[a.pk for a in applications], to=S.SUBMITTED)
    return [u.email for u in users]


def statements(action) -> list[str]:
    with CaptureQueriesContext(connection) as ctx:
        action()
    return [q["sql"] for q in ctx.captured_queries]


def locks(sql: list[str]) -> list[str]:
    return [s for s in sql if "FOR UPDATE" in s]


# --- the single decision ------------------------------------------------------------------


@postgres_only
def test_a_single_decision_locks_its_row_once_in_an_exact_number_of_statements(organizer):
    """SAVEPOINT, the lock, the UPDATE, the history INSERT, the cycle's status (is it released?),
    RELEASE: six, of which one takes the row lock (it took two before)."""
    application = Application.objects.get(email=submitted(1)[0])
    sql = statements(lambda: sm.decide(application_id=application.pk, status=S.ACCEPTED, actor=organizer))
    assert len(sql) == 6, "\n".join(sql)
    assert len(locks(sql)) == 1
    application.refresh_from_db()
    assert application.status == S.ACCEPTED


@postgres_only
def test_the_single_decision_request_runs_seven_statements(admin_client, organizer):
    """Over HTTP: the email lookup, then the six above. The session and the user come from the
    cache once warm, and the current cycle from the process's copy (apps/cycles/current.py)."""
    email = submitted(1)[0]
    admin_client.get("/api/applications/status/" + email)  # warms the session and the user
    sql = statements(
        lambda: admin_client.post(f"/api/applications/status/{email}", {"status": "accepted"}, content_type=JSON)
    )
    assert len(sql) == 7, "\n".join(sql)
    assert len(locks(sql)) == 1


@postgres_only
def test_an_applicants_answer_locks_the_row_once(student):
    application = Application.objects.create(cycle=current_cycle(), user=student, email=student.email)
    sm.transition(application_id=application.pk, to=S.SUBMITTED, actor=student)
    sm.decide(application_id=application.pk, status=S.ACCEPTED, actor=None)
    set_cycle(C.RELEASED)
    sql = statements(lambda: sm.applicant_act(application_id=application.pk, action=sm.CONFIRM, actor=student))
    assert len(locks(sql)) == 1, "\n".join(sql)
    # The application's row only: the cycle's is the release's door's to lock (first), and an
    # answer that locked it too could deadlock with a withdrawal of the release.
    assert locks(sql)[0].endswith('FOR UPDATE OF "applications_application"'), locks(sql)[0]


@postgres_only
def test_an_answer_through_the_decisions_app_locks_the_row_once(student):
    """The decline reads the status before the move under the same one lock, and the ticket
    issued in the transaction takes none."""
    from apps.decisions import answers

    application = Application.objects.create(cycle=current_cycle(), user=student, email=student.email)
    sm.transition(application_id=application.pk, to=S.SUBMITTED, actor=student)
    sm.decide(application_id=application.pk, status=S.ACCEPTED, actor=None)
    set_cycle(C.RELEASED)
    sql = statements(lambda: answers.answer(application_id=application.pk, action=sm.CONFIRM, actor=student))
    assert len(locks(sql)) == 1, "\n".join(sql)
    Cycle.objects.filter(pk=current_cycle().pk).update(start=datetime.date(2099, 1, 1), end=datetime.date(2099, 1, 2))
    sql = statements(lambda: answers.answer(application_id=application.pk, action=sm.DECLINE, actor=student))
    assert len(locks(sql)) == 1, "\n".join(sql)


# --- the batch: a constant number of statements per chunk ---------------------------------


def batch_statements(organizer, emails: list[str], status: str = S.ACCEPTED) -> list[str]:
    return statements(lambda: batch.batch_decide(actor=organizer, emails=emails, status=status))


@postgres_only
def test_a_chunk_of_ten_and_a_chunk_of_five_hundred_take_the_same_statements(organizer):
    """The email lookup, the cycle's status, then per chunk: SAVEPOINT, the lock, one UPDATE, one
    history INSERT, RELEASE. Seven, whether 10 rows or 500 (the current cycle is the process's
    cached copy)."""
    emails = submitted(510)
    ten = batch_statements(organizer, emails[:10])
    five_hundred = batch_statements(organizer, emails[10:510])
    assert len(ten) == len(five_hundred) == 7, "\n".join(five_hundred)
    assert len(locks(ten)) == len(locks(five_hundred)) == 1
    assert Application.objects.filter(status=S.ACCEPTED).count() == 510
    # One history row per decided application, written by the batch's one INSERT.
    assert ApplicationEvent.objects.filter(field="status", to_value=S.ACCEPTED, actor=organizer).count() == 510


@postgres_only
def test_statements_grow_with_the_chunks_not_the_rows(organizer):
    """1,001 addresses are three chunks (500, 500, 1): three times the per-chunk statements
    (lookup, SAVEPOINT, lock, UPDATE, INSERT, RELEASE) plus the one read once per batch
    (the cycle's status; the current cycle is the process's cached copy)."""
    emails = submitted(1001)
    sql = batch_statements(organizer, emails)
    assert len(sql) == 1 + 3 * 6, "\n".join(s[:80] for s in sql)
    assert len(locks(sql)) == 3
    assert Application.objects.filter(status=S.ACCEPTED).count() == 1001


@postgres_only
def test_each_chunk_locks_its_rows_in_id_order(organizer):
    """Two batches over the same rows take the locks in the same order: they queue, never deadlock."""
    emails = submitted(3)
    sql = locks(batch_statements(organizer, list(reversed(emails))))
    assert len(sql) == 1
    # ORDER BY the id (Django names it by its position in the select list, the first column).
    assert re.search(r'ORDER BY (1|"applications_application"\."id") ASC FOR UPDATE$', sql[0].rstrip()), sql[0]
    assert re.match(r'SELECT "applications_application"\."id"', sql[0])


def test_a_bulk_move_writes_what_a_single_one_does(organizer):
    """The same history rows (status, travel, housing, with the actor) and the same fields as
    `decide` would write, and a move to the status it already had records nothing."""
    emails = submitted(3)
    budget("1000")  # the travel reimbursement grants (test_decision_travel.py)
    first = Application.objects.get(email=emails[0])
    sm.decide(application_id=first.pk, status=S.ACCEPTED, actor=organizer, travel_reimbursement=True)
    before = ApplicationEvent.objects.count()
    result = batch.batch_decide(
        actor=organizer, emails=emails, status=S.ACCEPTED, travel_reimbursement=True, housing_accommodations=False
    )
    assert result["approved"] == emails
    rows = list(ApplicationEvent.objects.filter(pk__gt=0).order_by("pk")[before:])
    # The first already had accepted + travel: nothing new. The two others: status and travel
    # (housing was already False, so it is not a change).
    assert sorted((e.application.email, e.field, e.from_value, e.to_value) for e in rows) == sorted(
        [
            (emails[1], "status", "submitted", "accepted"),
            (emails[1], "travel_reimbursement", "False", "True"),
            (emails[2], "status", "submitted", "accepted"),
            (emails[2], "travel_reimbursement", "False", "True"),
        ]
    )
    assert {e.actor_id for e in rows} == {organizer.pk}
    values = set(Application.objects.values_list("status", "travel_reimbursement", "housing_accommodations"))
    assert values == {(S.ACCEPTED, True, False)}
    assert all(a.updated_at >= a.created_at for a in Application.objects.all())


def test_drafts_are_refused_in_bulk_by_the_single_decisions_rule(organizer):
    emails = submitted(2)
    draft = make_user("draft@princeton.edu")
    Application.objects.create(cycle=current_cycle(), user=draft, email=draft.email)
    result = batch.batch_decide(actor=organizer, emails=[*emails, draft.email], status=S.REJECTED)
    assert result["approved"] == emails
    assert result["failed"] == [{"email": draft.email, "reason": "Not submitted yet."}]
    assert Application.objects.get(email=draft.email).status == S.STARTED


def test_a_dry_run_answers_the_same_and_changes_nothing(admin_client):
    emails = submitted(4)
    body = {"emails": [*emails, "ghost@princeton.edu"], "status": "waitlisted", "dry_run": True}
    sql = statements(lambda: admin_client.post("/api/applications/batch-status", body, content_type=JSON))
    assert locks(sql) == [] and not [s for s in sql if s.startswith(("UPDATE", "INSERT"))]
    r = admin_client.post("/api/applications/batch-status", body, content_type=JSON)
    assert r.json() == {
        "approved": emails,
        "failed": [{"email": "ghost@princeton.edu", "reason": "No application for this email."}],
        "skipped": [],
        "emailed": 0,
        "done_label": "Waitlisted",
    }
    assert set(Application.objects.values_list("status", flat=True)) == {S.SUBMITTED}
    assert not ApplicationEvent.objects.filter(to_value="waitlisted").exists()


# --- mail after release: queued after commit, once per application ----------------------


def test_after_release_each_changed_decision_is_announced_once_after_commit(admin_client, organizer):
    """A batch after release (the waitlist period) emails every applicant whose decision it
    changed, once each, after its chunk commits; one already accepted gets no second email."""
    emails = submitted(3)
    sm.decide(application_id=Application.objects.get(email=emails[0]).pk, status=S.ACCEPTED, actor=organizer)
    set_cycle(C.RELEASED)  # the release emails the first one
    mail.outbox = []
    announced: list[int] = []

    def receiver(sender, *, application_id, **kwargs):
        # On commit: by now the decision is visible to another connection's reads.
        announced.append(application_id)

    decision_changed_after_release.connect(receiver)
    try:
        r = admin_client.post(
            "/api/applications/batch-status", {"emails": emails, "status": "accepted"}, content_type=JSON
        )
    finally:
        decision_changed_after_release.disconnect(receiver)
    assert r.json()["approved"] == emails and r.json()["emailed"] == 2
    later = set(Application.objects.filter(email__in=emails[1:]).values_list("pk", flat=True))
    assert sorted(announced) == sorted(later)
    assert sorted(m.to[0] for m in mail.outbox) == sorted(emails[1:])
    assert Delivery.objects.filter(email__in=emails[1:]).count() == 2


def test_before_release_nothing_is_announced(admin_client):
    emails = submitted(2)
    set_cycle(C.CLOSED)
    r = admin_client.post("/api/applications/batch-status", {"emails": emails, "status": "accepted"}, content_type=JSON)
    assert r.json()["emailed"] == 0 and mail.outbox == []


# --- two batches at once ----------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_two_batches_over_the_same_rows_in_opposite_orders_both_finish():
    """Locks taken in id order: the second batch waits for the first and then moves on, whatever
    order the addresses were pasted in. Both land in every application's history."""
    first = make_user("grace@princeton.edu", admin=True)
    second = make_user("alan@princeton.edu", admin=True)
    emails = submitted(40)
    barrier = threading.Barrier(2)
    results: dict[str, object] = {}

    def run(name, actor, addresses, status):
        try:
            barrier.wait()
            results[name] = len(batch.batch_decide(actor=actor, emails=addresses, status=status)["approved"])
        except Exception as exc:  # noqa: BLE001 - recorded so the assertion shows it
            results[name] = repr(exc)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=run, args=("first", first, emails, S.ACCEPTED)),
        threading.Thread(target=run, args=("second", second, list(reversed(emails)), S.REJECTED)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert results == {"first": 40, "second": 40}
    for application in Application.objects.all():
        decided = list(
            application.events.filter(field="status", actor__in=[first, second])
            .order_by("pk")
            .values_list("from_value", "to_value")
        )
        assert len(decided) == 2 and decided[0][0] == S.SUBMITTED and decided[1][0] == decided[0][1]
        assert application.status == decided[1][1]
