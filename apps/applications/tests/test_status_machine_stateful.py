"""The status machine under random sequences of what organizers, applicants, the cycle and the
door do, through the API, with the invariants of the whole event's rehearsal
(apps/core/tests/invariants.py) checked after every action:

- organizers: decide one, decide a batch (with or without Override), release, undo the release,
  move the cycle to any status (confirming the counts its dialog shows);
- applicants: submit, confirm, stay on the waitlist, decline or give up the spot;
- the cycle and the door: move the event's start date before or after today, scan a ticket;
- the clock: an applicant's offer passes its deadline and the deadline task runs (the offer
  expires, a spot frees), and the organizer turns the waitlist refill on or off.

Each example runs in a transaction rolled back at its end, so it starts from the same cycle.
"""

from __future__ import annotations

import datetime
import uuid

import pytest
from django.core import mail
from django.db import transaction
from django.test import TestCase
from django.utils import timezone
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from apps.accounts.models import Role
from apps.applications.models import Application
from apps.applications.models import ApplicationStatus as S
from apps.applications.status_machine import BATCH_DECISIONS, DECISIONS, OFFERS, POST_RELEASE
from apps.applications.tests.applicant_data import body, resume_storage, upload_resume  # noqa: F401
from apps.checkin.models import Ticket
from apps.core.tests.factories import OrganizerFactory, UserFactory
from apps.core.tests.invariants import Problems, Watch, check_counts
from apps.cycles.models import Cycle, CycleStatus
from apps.cycles.selectors import current_cycle
from apps.decisions import tasks as decision_tasks
from apps.decisions.cycle_release import is_release
from apps.reviews.models import AdmissionPlan
from conftest import PortalClient

JSON = "application/json"
APPLICANTS = 3


def client_of(user) -> PortalClient:
    client = PortalClient()
    client.force_login(user)
    return client


class EventMachine(RuleBasedStateMachine):
    """A cycle with a few applicants, an organizer and a volunteer."""

    def __init__(self) -> None:
        super().__init__()
        self._atomic = transaction.atomic()
        self._atomic.__enter__()
        mail.outbox.clear()
        self.cycle = current_cycle()
        self.admin = client_of(OrganizerFactory(email="host@princeton.edu"))
        self.door = client_of(UserFactory(email="door@princeton.edu", role=Role.VOLUNTEER))
        self.users = [UserFactory(email=f"applicant{i}@school.edu") for i in range(APPLICANTS)]
        self.clients = [client_of(u) for u in self.users]
        self.start_passed = False
        for client in self.clients:
            assert upload_resume(client).status_code == 201
        assert self._config(CycleStatus.OPEN).status_code == 200
        # Two have applied already, so the short runs reach decisions, releases and answers.
        for i, client in enumerate(self.clients[:2]):
            submitted = client.post("/api/applications/application", body(first=f"Applicant{i}"), content_type=JSON)
            assert submitted.status_code == 200, submitted.json()
        self.watch = Watch(self.cycle, self.admin, counts=False)

    def teardown(self) -> None:
        transaction.set_rollback(True)
        self._atomic.__exit__(None, None, None)

    # --- Helpers ---------------------------------------------------------------------------

    def _config(self, status: str, **extra):
        today = timezone.now().date()
        start = today - datetime.timedelta(days=1) if self.start_passed else today + datetime.timedelta(days=10)
        days = datetime.timedelta
        dates = {
            "due": start - days(3),
            "confirmation_first_deadline": start - days(2),
            "confirmation_second_deadline": start - days(1),
            "waitlist_deadline": start,
            "housing": start - days(2),
            "start": start,
            "end": start + days(2),
        }
        body_ = {
            "dates": {k: v.isoformat() for k, v in dates.items()},
            "status": status,
            "location": "Friend Center",
            "housing_link": "https://example.edu/housing",
            **extra,
        }
        return self.admin.post("/api/applications/cycle/config", body_, content_type=JSON)

    def _cycle_status(self) -> str:
        self.cycle.refresh_from_db()
        return self.cycle.status

    def _step(self, name: str, action, *, bulk: bool = False, release_step: bool = False) -> None:
        """Run `action` (one or more requests), then check every invariant."""
        released = self._cycle_status() in POST_RELEASE
        response = action()
        assert response.status_code < 500, response.content
        self.watch.check(name, released=released, bulk=bulk, release_step=release_step)

    # --- Organizers -------------------------------------------------------------------------

    @rule(who=st.integers(0, APPLICANTS - 1), status=st.sampled_from(DECISIONS), override=st.booleans())
    def decide(self, who, status, override):
        email = self.users[who].email
        body_ = {"status": status, "override": override}
        self._step(
            f"decide {who} {status}",
            lambda: self.admin.post(f"/api/applications/status/{email}", body_, content_type=JSON),
        )

    @rule(
        who=st.sets(st.integers(0, APPLICANTS - 1), min_size=1),
        status=st.sampled_from(BATCH_DECISIONS),
        override=st.booleans(),
    )
    def batch_decide(self, who, status, override):
        emails = [self.users[i].email for i in sorted(who)]
        body_ = {"emails": emails, "status": status, "override": override}
        self._step(
            f"batch {sorted(who)} {status}{' override' if override else ''}",
            lambda: self.admin.post("/api/applications/batch-status", body_, content_type=JSON),
            bulk=not override,
        )

    @rule(status=st.sampled_from(CycleStatus.values))
    def change_cycle_status(self, status):
        """Any move the configuration page allows, confirmed with the counts it shows."""
        old = self._cycle_status()
        release = self.admin.get("/api/applications/cycle/release-preview").json()["total"]
        unrelease = self.admin.get("/api/applications/cycle/unrelease-preview").json()["total"]
        self._step(
            f"cycle {old} -> {status}",
            lambda: self._config(status, confirm_emails=release, confirm_unrelease=unrelease),
            bulk=True,
            release_step=is_release(old, status),
        )

    @rule()
    def release(self):
        self.change_cycle_status(CycleStatus.RELEASED)

    @rule()
    def unrelease(self):
        self.change_cycle_status(CycleStatus.CLOSED)

    # --- Applicants -------------------------------------------------------------------------

    @rule(who=st.integers(0, APPLICANTS - 1), team=st.booleans())
    def submit(self, who, team):
        data = body(first=f"Applicant{who}", teamcode="123456" if team else None)
        self._step(
            f"submit {who}",
            lambda: self.clients[who].post("/api/applications/application", data, content_type=JSON),
        )

    @rule(who=st.integers(0, APPLICANTS - 1), action=st.sampled_from(["confirm", "confirm-waitlist", "decline"]))
    def answer(self, who, action):
        self._step(f"{action} {who}", lambda: self.clients[who].post(f"/api/applications/{action}"))

    # --- The cycle's dates and the door -----------------------------------------------------

    @rule(passed=st.booleans())
    def event_start(self, passed):
        self.start_passed = passed
        status = self._cycle_status()
        self._step(f"start {'passed' if passed else 'ahead'}", lambda: self._config(status), bulk=True)

    @rule(who=st.integers(0, APPLICANTS - 1))
    def scan_ticket(self, who):
        ticket = self.clients[who].get("/api/checkin/ticket")
        if ticket.status_code != 200:
            return
        token = ticket.json()["token"]
        self._step(
            f"scan {who}",
            lambda: self.door.post(
                "/api/checkin/scan", {"token": token, "scan_id": str(uuid.uuid4())}, content_type=JSON
            ),
        )

    # --- The clock and the waitlist refill --------------------------------------------------------

    @rule(who=st.integers(0, APPLICANTS - 1))
    def deadline_passes(self, who):
        """The applicant's offer (if they hold one) was made two days ago, offers stay open one
        day, and the deadline task runs as Celery beat would."""
        Cycle.objects.filter(pk=self.cycle.pk).update(offer_days=1)
        Application.objects.filter(cycle=self.cycle, user=self.users[who], status__in=OFFERS).update(
            offered_at=timezone.now() - datetime.timedelta(days=2)
        )

        def run():
            with TestCase.captureOnCommitCallbacks(execute=True):
                decision_tasks.expire_offers()
            return self.admin.get("/api/reviews/waitlist-refill")

        self._step(f"deadline passes {who}", run)

    @rule(on=st.booleans())
    def waitlist_refill(self, on):
        """The refill needs a capacity: two places, everyone expected to come."""
        AdmissionPlan.objects.get_or_create(cycle=self.cycle, defaults={"capacity": 2, "attendance_rate": 1.0})
        self._step(
            f"waitlist refill {'on' if on else 'off'}",
            lambda: self.admin.post("/api/reviews/waitlist-refill", {"enabled": on}, content_type=JSON),
        )

    # --- What holds throughout ----------------------------------------------------------------

    @invariant()
    def counts_agree(self):
        # The history, mail and bulk-action checks run after each action (`_step`), which
        # knows what the action was; the counts are checked here, after every step whatever it.
        # Every count is a function of the cycle's status and its applications' statuses: when
        # neither changed (a refused action), the last check still stands.
        statuses = Application.objects.filter(cycle=self.cycle).order_by("pk").values_list("status", flat=True)
        state = (self._cycle_status(), tuple(statuses))
        if state == getattr(self, "_counted", None):
            return
        problems = Problems()
        check_counts(problems, self.admin, self.cycle)
        assert not problems, problems.found
        self._counted = state

    @invariant()
    def tickets_follow_the_status(self):
        holders = set(
            Application.objects.filter(cycle=self.cycle, status__in=(S.CONFIRMED, S.CHECKED_IN)).values_list(
                "pk", flat=True
            )
        )
        live = set(
            Ticket.objects.filter(application__cycle=self.cycle, voided_at__isnull=True).values_list(
                "application_id", flat=True
            )
        )
        assert live == holders


@pytest.mark.long
@pytest.mark.django_db
def test_random_sequences_of_actions_keep_the_invariants(resume_storage):  # noqa: F811
    run_state_machine_as_test(
        EventMachine,
        settings=settings(
            max_examples=10,
            stateful_step_count=12,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
        ),
    )
