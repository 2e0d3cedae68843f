"""Migration applications 0005: the DecisionEmail rows become automated rows of the outbox table
(mailings' Delivery) with their state, and go back into a recreated table when it is undone."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from apps.applications.tests.organizer_data import make_application
from apps.cycles.models import Cycle
from apps.cycles.selectors import current_cycle

BEFORE = [
    ("applications", "0004_decision_email_claim_and_backoff"),
    ("mailings", "0002_delivery_claim_and_backoff"),
]
AFTER = [("applications", "0005_drop_decision_email")]


def migrate(targets) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    # Read the state afterwards from a fresh loader (the executor's graph is as it was before).
    return MigrationExecutor(connection)


def models_at(executor: MigrationExecutor, targets):
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_decision_emails_move_into_the_outbox_table_and_back():
    ada = make_application("ada@princeton.edu", status="accepted", first="Ada")
    alan = make_application("alan@princeton.edu", status="waitlisted", first="Alan")
    gone = make_application("gone@princeton.edu", status="rejected")
    Cycle.objects.filter(pk=current_cycle().pk).update(
        location="Old Nassau, Princeton",
        housing_link="https://example.org/housing",
        due=datetime.date(2027, 2, 1),
        confirmation_first_deadline=datetime.date(2027, 2, 15),
        housing=datetime.date(2027, 2, 20),
        waitlist_deadline=datetime.date(2027, 2, 25),
        confirmation_second_deadline=datetime.date(2027, 2, 28),
        start=datetime.date(2027, 3, 6),
        end=datetime.date(2027, 3, 7),
    )
    moment = timezone.now().replace(microsecond=0)
    try:
        old = models_at(migrate(BEFORE), BEFORE)
        DecisionEmail = old.get_model("applications", "DecisionEmail")
        sent = DecisionEmail.objects.create(
            application_id=ada.pk, status="accepted", state="sent", attempts=2, sent_at=moment, queued_at=moment
        )
        backing_off = DecisionEmail.objects.create(
            application_id=alan.pk,
            status="waitlisted",
            state="pending",
            attempts=1,
            last_error="450 try later",
            next_attempt_at=moment + datetime.timedelta(minutes=1),
            queued_at=moment,
        )
        DecisionEmail.objects.create(
            application_id=gone.pk, status="rejected", state="sending", attempts=1, claimed_at=moment
        )

        new = models_at(migrate(AFTER), AFTER)
        Delivery = new.get_model("mailings", "Delivery")
        rows = {row.dedupe_key: row for row in Delivery.objects.all()}
        assert set(rows) == {
            f"decision:{ada.pk}:accepted",
            f"decision:{alan.pk}:waitlisted",
            f"decision:{gone.pk}:rejected",
        }
        moved = rows[f"decision:{ada.pk}:accepted"]
        assert (moved.mailing_id, moved.email, moved.template_key) == (None, "ada@princeton.edu", "decision_accepted")
        assert (moved.state, moved.attempts, moved.sent_at, moved.queued_at) == ("sent", 2, moment, None)
        # The template's values as the migration wrote them, spelled out (not computed by the
        # code under test): the applicant's, and the cycle's set above in US long format. The
        # event-wide ones it lacks (event name, site, contact) are filled when a worker claims
        # the row, since the release refreshes the context.
        assert moved.context == {
            "first_name": "Ada",
            "last_name": "Tester",
            "email": "ada@princeton.edu",
            "status": "accepted",
            "travel_reimbursement": False,
            "housing_accommodations": False,
            "location": "Old Nassau, Princeton",
            "housing_link": "https://example.org/housing",
            "dashboard_link": "http://testserver/dashboard",
            "start_date": "March 6, 2027",
            "end_date": "March 7, 2027",
            "due_date": "February 1, 2027",
            "housing_date": "February 20, 2027",
            "confirmation_first_deadline": "February 15, 2027",
            "confirmation_second_deadline": "February 28, 2027",
            "waitlist_deadline": "February 25, 2027",
        }
        waiting = rows[f"decision:{alan.pk}:waitlisted"]
        assert (waiting.state, waiting.attempts, waiting.last_error) == ("pending", 1, "450 try later")
        assert waiting.next_attempt_at == backing_off.next_attempt_at and waiting.queued_at is None
        assert rows[f"decision:{gone.pk}:rejected"].claimed_at == moment
        assert "decisionemail" not in {m._meta.model_name for m in new.get_models()}

        # Undone: back into the old table; an application deleted meanwhile loses its row.
        new.get_model("applications", "Application").objects.filter(pk=gone.pk).delete()
        old = models_at(migrate(BEFORE), BEFORE)
        DecisionEmail = old.get_model("applications", "DecisionEmail")
        back = {(row.application_id, row.status): row for row in DecisionEmail.objects.all()}
        assert set(back) == {(ada.pk, "accepted"), (alan.pk, "waitlisted")}
        assert (back[(ada.pk, "accepted")].state, back[(ada.pk, "accepted")].sent_at) == ("sent", sent.sent_at)
        assert back[(alan.pk, "waitlisted")].next_attempt_at == backing_off.next_attempt_at
        assert not old.get_model("mailings", "Delivery").objects.exists()
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
