"""The status machine: history of every change, decisions, the applicant windows, visibility.

The windows are written out here from the API contract (confirm, confirm-waitlist, decline)
rather than read from the module under test, so a wrong table in the code fails these tests.
"""

from __future__ import annotations

import itertools

import pytest

from apps.applications import status_machine as sm
from apps.applications.models import Application, ApplicationEvent
from apps.applications.models import ApplicationStatus as S
from apps.core.exceptions import ApplicationError
from apps.core.tests.factories import ApplicationFactory
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from conftest import make_user

pytestmark = pytest.mark.django_db

ALL_STATUSES = list(S.values)
ALL_CYCLE_STATUSES = list(C.values)

# The contract's windows: {action: {application status: cycle statuses where it is allowed}}.
CONTRACT_WINDOWS = {
    "confirm": {
        "accepted": {"released"},
        "waitlist_accepted": {"released", "confirmation_closed", "waitlist_closed"},
    },
    "confirm_waitlist": {"waitlisted": {"released", "confirmation_closed"}},
    "decline": {
        "accepted": {"released"},
        "waitlist_accepted": {"released", "confirmation_closed", "waitlist_closed"},
        "waitlisted": {"released", "confirmation_closed"},
    },
}
TARGET = {"confirm": "confirmed", "confirm_waitlist": "waitlist_confirmed", "decline": "declined"}


def make_application(user=None, status: str = S.SUBMITTED, *, travel=False, housing=False, cycle=None, **fields):
    """An application of the current cycle brought to `status` through the status machine."""
    user = user or make_user(f"applicant{Application.objects.count() + 1}@princeton.edu")
    if cycle is not None:
        fields["cycle"] = cycle
    return ApplicationFactory(user=user, status=status, travel=travel, housing=housing, **fields)


def set_cycle(status: str):
    return cycle_set_status(cycle=current_cycle(), status=status)


# --- transition and history --------------------------------------------------------------


def test_transition_records_who_when_from_and_to():
    """Every change is in the history with its actor, time and both values."""
    organizer = make_user("grace@princeton.edu", admin=True)
    application = make_application()
    sm.transition(application_id=application.pk, to=S.ACCEPTED, actor=organizer, travel_reimbursement=True)
    events = list(application.events.order_by("pk").values_list("field", "from_value", "to_value", "actor__email"))
    assert events[-2:] == [
        ("status", "submitted", "accepted", "grace@princeton.edu"),
        ("travel_reimbursement", "False", "True", "grace@princeton.edu"),
    ]
    assert all(e.at is not None for e in application.events.all())


def test_transition_records_nothing_when_nothing_changes():
    application = make_application(status=S.ACCEPTED)
    before = application.events.count()
    sm.transition(application_id=application.pk, to=S.ACCEPTED, travel_reimbursement=False)
    assert application.events.count() == before


def test_transition_refuses_an_unknown_status():
    application = make_application()
    with pytest.raises(ApplicationError) as info:
        sm.transition(application_id=application.pk, to="promoted")
    assert info.value.status == 400


def test_transition_of_a_missing_application_is_a_404_not_a_crash():
    with pytest.raises(ApplicationError) as info:
        sm.transition(application_id=999999, to=S.ACCEPTED)
    assert info.value.status == 404


def test_first_submission_stamps_submitted_at():
    application = make_application(status=S.STARTED)
    assert application.submitted_at is None
    sm.transition(application_id=application.pk, to=S.SUBMITTED)
    application.refresh_from_db()
    assert application.submitted_at is not None


# --- decide ------------------------------------------------------------------------------


@pytest.mark.parametrize(("start", "decision"), list(itertools.product(sm.DECISIONS, sm.DECISIONS)))
def test_an_organizer_moves_freely_between_decisions(start, decision):
    """A decision can be revised: there is no restriction on moves between decisions."""
    organizer = make_user("grace@princeton.edu", admin=True)
    application = make_application(status=start)
    result = sm.decide(application_id=application.pk, status=decision, actor=organizer)
    assert result.status == decision
    application.refresh_from_db()
    assert application.status == decision


@pytest.mark.parametrize("start", [S.CONFIRMED, S.DECLINED, S.WAITLIST_CONFIRMED])
def test_an_organizer_may_overrule_an_applicants_answer(start):
    """With an explicit override (without it, confirmed and declined are refused:
    apps/decisions/tests/test_override.py)."""
    organizer = make_user("grace@princeton.edu", admin=True)
    application = make_application(status=start)
    sm.decide(application_id=application.pk, status=S.REJECTED, actor=organizer, override=True)
    application.refresh_from_db()
    assert application.status == S.REJECTED


@pytest.mark.parametrize("draft", [S.UNSUBMITTED, S.STARTED])
def test_a_draft_cannot_be_decided_on(draft):
    organizer = make_user("grace@princeton.edu", admin=True)
    application = make_application(status=draft)
    with pytest.raises(ApplicationError) as info:
        sm.decide(application_id=application.pk, status=S.ACCEPTED, actor=organizer)
    assert info.value.status == 409
    application.refresh_from_db()
    assert application.status == draft


@pytest.mark.parametrize("status", [S.CONFIRMED, S.DECLINED, S.WAITLIST_CONFIRMED, S.STARTED, "bogus"])
def test_decide_refuses_what_is_not_a_decision(status):
    organizer = make_user("grace@princeton.edu", admin=True)
    application = make_application()
    with pytest.raises(ApplicationError) as info:
        sm.decide(application_id=application.pk, status=status, actor=organizer)
    assert info.value.status == 400
    application.refresh_from_db()
    assert application.status == S.SUBMITTED


def test_batch_choices_exclude_no_decision():
    organizer = make_user("grace@princeton.edu", admin=True)
    application = make_application(status=S.ACCEPTED)
    with pytest.raises(ApplicationError):
        sm.decide(application_id=application.pk, status=S.SUBMITTED, actor=organizer, choices=sm.BATCH_DECISIONS)


def test_a_decision_is_in_the_history_with_travel_and_housing():
    organizer = make_user("grace@princeton.edu", admin=True)
    application = make_application()
    sm.decide(
        application_id=application.pk,
        status=S.ACCEPTED,
        actor=organizer,
        travel_reimbursement=True,
        housing_accommodations=True,
    )
    sm.decide(application_id=application.pk, status=S.WAITLISTED, actor=organizer, travel_reimbursement=False)
    rows = list(
        ApplicationEvent.objects.filter(application=application, actor=organizer)
        .order_by("pk")
        .values_list("field", "from_value", "to_value")
    )
    assert rows == [
        ("status", "submitted", "accepted"),
        ("travel_reimbursement", "False", "True"),
        ("housing_accommodations", "False", "True"),
        ("status", "accepted", "waitlisted"),
        ("travel_reimbursement", "True", "False"),
    ]
    application.refresh_from_db()
    # Housing was not part of the second decision, so it stays as it was.
    assert application.housing_accommodations is True


# --- applicant windows -------------------------------------------------------------------

WINDOW_CASES = list(itertools.product(sorted(CONTRACT_WINDOWS), ALL_STATUSES, ALL_CYCLE_STATUSES))


@pytest.mark.parametrize(("action", "status", "cycle_status"), WINDOW_CASES)
def test_applicant_windows_follow_the_contract(action, status, cycle_status):
    """Every action × application status × cycle status: allowed exactly in the contract's windows."""
    application = make_application(status=status)
    set_cycle(cycle_status)
    allowed = cycle_status in CONTRACT_WINDOWS[action].get(status, set())
    events_before = application.events.count()
    if allowed:
        result = sm.applicant_act(application_id=application.pk, action=action)
        assert result.status == TARGET[action]
        event = application.events.first()
        assert (event.field, event.from_value, event.to_value) == ("status", status, TARGET[action])
        assert event.actor_id == application.user_id
    else:
        with pytest.raises(ApplicationError) as info:
            sm.applicant_act(application_id=application.pk, action=action)
        assert info.value.status == 409
        assert info.value.message
        application.refresh_from_db()
        assert application.status == status
        assert application.events.count() == events_before


@pytest.mark.parametrize("cycle_status", [C.NOT_OPEN, C.OPEN, C.CLOSED])
def test_a_refusal_before_release_does_not_reveal_the_decision(cycle_status):
    """Before release an accepted applicant gets the same answer as one with no offer."""
    accepted = make_application(status=S.ACCEPTED)
    submitted = make_application(status=S.SUBMITTED)
    set_cycle(cycle_status)
    messages = []
    for application in (accepted, submitted):
        with pytest.raises(ApplicationError) as info:
            sm.applicant_act(application_id=application.pk, action="confirm")
        messages.append(info.value.message)
    assert messages[0] == messages[1]


def test_a_closed_window_says_so():
    application = make_application(status=S.ACCEPTED)
    set_cycle(C.CONFIRMATION_CLOSED)
    with pytest.raises(ApplicationError) as info:
        sm.applicant_act(application_id=application.pk, action="confirm")
    assert "closed" in info.value.message


# --- visible_status ----------------------------------------------------------------------


@pytest.mark.parametrize(("status", "cycle_status"), list(itertools.product(ALL_STATUSES, ALL_CYCLE_STATUSES)))
def test_decisions_stay_hidden_until_release(status, cycle_status):
    application = make_application(status=status, travel=True, housing=True, teamcode="123456")
    seen = sm.visible_status(application, cycle_status)
    before_release = cycle_status in ("not_open", "open", "closed")
    decided = status not in ("unsubmitted", "started", "submitted")
    assert seen["status"] == ("submitted" if before_release and decided else status)
    expected_extras = (status not in ("unsubmitted", "started", "submitted")) and not before_release
    assert seen["travel_reimbursement"] is expected_extras
    assert seen["housing_accommodations"] is expected_extras
    assert seen["teamcode"] == "123456"


def test_no_application_shows_as_unsubmitted():
    assert sm.visible_status(None, "released") == {
        "status": "unsubmitted",
        "travel_reimbursement": False,
        "housing_accommodations": False,
        "teamcode": None,
    }


@pytest.mark.django_db(transaction=True)
def test_moving_a_caller_locked_row_needs_the_callers_transaction():
    """`transition(locked=...)` skips the re-read only because the caller holds the row lock until
    commit; called outside a transaction there is no such lock, so it refuses to run."""
    from apps.applications.status_machine import transition
    from apps.core.tests.factories import ApplicationFactory

    application = ApplicationFactory(status=S.SUBMITTED)
    with pytest.raises(RuntimeError):
        transition(locked=application, to=S.ACCEPTED, savepoint=False)
    application.refresh_from_db()
    assert application.status == S.SUBMITTED
