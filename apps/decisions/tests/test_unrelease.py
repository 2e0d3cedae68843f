"""Moving a released cycle back before `released` (to not_open, open or closed).

Once any applicant has answered an offer (confirmed, waitlist-confirmed, declined) or checked
in, it is refused with a 409 and nothing changes: a confirmed student with a ticket once saw
"Submitted – Being Reviewed" after an organizer saved the configuration with status Closed,
and their ticket was gone. Before that, the save must carry `confirm_unrelease`, the number of
applicants whose decision disappears from their dashboards (GET unrelease-preview), and each of
their histories records the decision hidden (as the release recorded it shown).
"""

from __future__ import annotations

import pytest
from django.core import mail

from apps.applications import status_machine as sm
from apps.applications.models import ApplicationEvent
from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.test_status_machine import make_application
from apps.checkin.models import Ticket
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle, cycle_config
from apps.decisions import cycle_release
from conftest import make_user, signed_in_client

pytestmark = pytest.mark.django_db

JSON = "application/json"
CONFIG = "/api/applications/cycle/config"
PREVIEW = "/api/applications/cycle/unrelease-preview"


@pytest.fixture
def released(db):
    """Two accepted, one rejected, one waitlisted, one undecided; the cycle released."""
    made = {}
    for name, status in [("acc1", S.ACCEPTED), ("acc2", S.ACCEPTED), ("rej", S.REJECTED), ("wait", S.WAITLISTED)]:
        made[name] = make_application(make_user(f"{name}@princeton.edu"), status)
    made["sub"] = make_application(make_user("sub@princeton.edu"), S.SUBMITTED)
    cycle_release.change_status(cycle=current_cycle(), status=C.RELEASED, confirm_emails=4)
    mail.outbox.clear()
    return made


def save(client, status=C.CLOSED, **extra):
    body = {**cycle_config(current_cycle()), "status": status, **extra}
    return client.post(CONFIG, body, content_type=JSON)


def visibility_rows(application, to_value):
    return ApplicationEvent.objects.filter(
        application=application, field=cycle_release.VISIBLE_FIELD, to_value=to_value
    ).count()


def test_the_preview_counts_the_decisions_that_would_disappear(admin_client, released):
    r = admin_client.get(PREVIEW)
    assert r.status_code == 200, r.json()
    assert r.json() == {
        "total": 4,
        "counts": [
            {"status": "accepted", "label": "Accepted", "count": 2},
            {"status": "waitlisted", "label": "Waitlisted", "count": 1},
            {"status": "rejected", "label": "Rejected", "count": 1},
            {"status": "waitlist_accepted", "label": "Waitlist accepted", "count": 0},
        ],
        "answered": 0,
    }


@pytest.mark.parametrize("target", [C.CLOSED, C.OPEN, C.NOT_OPEN])
def test_without_the_count_nothing_changes_and_the_409_says_how_many(admin_client, released, target):
    r = save(admin_client, target, location="Elsewhere")
    assert r.status_code == 409, r.json()
    assert r.json()["message"].startswith("Moving the cycle back before release hides decisions: 4 applicants'")
    assert "confirm_unrelease" in r.json()["errors"]
    cycle = current_cycle()
    assert cycle.status == C.RELEASED and cycle.location != "Elsewhere"
    assert save(admin_client, target, confirm_unrelease=3).status_code == 409  # a stale count too


def test_with_the_count_the_decisions_are_hidden_and_recorded(admin_client, organizer, released):
    r = save(admin_client, confirm_unrelease=4)
    assert r.status_code == 200, r.json()
    assert current_cycle().status == C.CLOSED
    for name in ("acc1", "acc2", "rej", "wait"):
        application = released[name]
        assert visibility_rows(application, "True") == 1  # the release
        assert visibility_rows(application, "False") == 1  # and its undoing
        row = ApplicationEvent.objects.filter(application=application, to_value="False").get()
        assert row.actor_id == organizer.pk and row.from_value == "True"
    assert visibility_rows(released["sub"], "False") == 0
    # Hidden again: the applicant sees "submitted".
    client = signed_in_client(released["acc1"].user)
    assert client.get("/api/applications/status").json()["status"] == S.SUBMITTED
    assert mail.outbox == []
    # The history shows both, in words.
    history = admin_client.get("/api/applications/acc1@princeton.edu/history").json()
    shown = [(h["field"], h["label"], h["from"], h["to"]) for h in history if h["field"] == "decision_visible"]
    assert shown == [
        ("decision_visible", "Decision shown to the applicant", "True", "False"),
        ("decision_visible", "Decision shown to the applicant", "False", "True"),
    ]


@pytest.mark.parametrize("answer", [S.CONFIRMED, S.WAITLIST_CONFIRMED, S.DECLINED, S.CHECKED_IN])
def test_once_anyone_answered_it_is_refused_and_nothing_changes(admin_client, released, answer):
    """The student who confirmed, got a ticket and was checked in keeps all of it."""
    application = released["wait" if answer == S.WAITLIST_CONFIRMED else "acc1"]
    action = {
        S.CONFIRMED: sm.CONFIRM,
        S.WAITLIST_CONFIRMED: sm.CONFIRM_WAITLIST,
        S.DECLINED: sm.DECLINE,
        S.CHECKED_IN: sm.CONFIRM,
    }[answer]
    sm.applicant_act(application_id=application.pk, action=action)
    if answer == S.CHECKED_IN:
        sm.transition(application_id=application.pk, to=S.CHECKED_IN, rule=sm.CHECK_IN_RULE)
    tickets_before = list(Ticket.objects.values_list("pk", "voided_at"))
    preview = admin_client.get(PREVIEW).json()
    assert preview["answered"] == 1
    r = save(admin_client, confirm_unrelease=preview["total"], location="Elsewhere")
    assert r.status_code == 409, r.json()
    assert r.json()["message"].startswith("1 applicant has already answered an offer or checked in")
    assert r.json()["errors"] == {"status": [cycle_release.ANSWERED_FIELD_ERROR]}
    cycle = current_cycle()
    assert cycle.status == C.RELEASED and cycle.location != "Elsewhere"
    assert list(Ticket.objects.values_list("pk", "voided_at")) == tickets_before
    assert ApplicationEvent.objects.filter(to_value="False", field="decision_visible").count() == 0
    application.refresh_from_db()
    assert application.status == answer


def test_moves_after_release_need_no_confirmation(admin_client, released):
    """Between the statuses after release nothing is hidden."""
    assert save(admin_client, C.CONFIRMATION_CLOSED).status_code == 200
    assert save(admin_client, C.WAITLIST_CLOSED).status_code == 200


def test_nothing_decided_needs_no_confirmation(admin_client, db):
    cycle_release.change_status(cycle=current_cycle(), status=C.RELEASED)
    assert save(admin_client).status_code == 200
    assert current_cycle().status == C.CLOSED


def test_the_release_records_each_decision_shown_in_constant_statements(organizer, django_assert_max_num_queries):
    for i in range(12):
        make_application(make_user(f"p{i}@princeton.edu"), S.ACCEPTED)
    cycle = current_cycle()
    # Savepoints, the lock, the preview (the decisions, their last emails, the moves back), the
    # ids, one INSERT of the history, the status' save: a fixed number, not one per row.
    with django_assert_max_num_queries(12):
        cycle_release.change_status(cycle=cycle, status=C.RELEASED, confirm_emails=12, actor=organizer)
    assert ApplicationEvent.objects.filter(field="decision_visible", to_value="True").count() == 12
    with django_assert_max_num_queries(12):
        cycle_release.change_status(cycle=cycle, status=C.CLOSED, confirm_unrelease=12, actor=organizer)
    assert ApplicationEvent.objects.filter(field="decision_visible", to_value="False").count() == 12


def test_the_preview_and_the_undoing_are_for_organizers_only(client, student_client, released):
    assert client.get(PREVIEW).status_code == 401
    assert student_client.get(PREVIEW).status_code == 403
    assert save(student_client, confirm_unrelease=4).status_code == 403
    volunteer = make_user("vol@princeton.edu")
    volunteer.role = "volunteer"
    volunteer.save(update_fields=["role"])
    assert save(signed_in_client(volunteer), confirm_unrelease=4).status_code == 403
    assert current_cycle().status == C.RELEASED
