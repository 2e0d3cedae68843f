"""A release says how many applicants of each decision it will email, and
sends nothing until the organizer confirms that number.

GET cycle/release-preview counts the decision emails a release would queue now (per
decision); POST cycle/config with status `released` must carry that total as `confirm_emails`.
Without it (an old page, a script) or with a stale number (someone decided meanwhile), the
save is refused with a 409 whose message states the counts, and nothing changes.
"""

from __future__ import annotations

import pytest
from django.core import mail

from apps.applications import status_machine as sm
from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.test_status_machine import make_application
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle, cycle_config
from conftest import make_user

pytestmark = pytest.mark.django_db

JSON = "application/json"
PREVIEW = "/api/applications/cycle/release-preview"
CONFIG = "/api/applications/cycle/config"


@pytest.fixture
def decided(db):
    """Two accepted, one rejected, one waitlisted, one undecided and one draft."""
    made = {}
    for name, status in [
        ("acc1", S.ACCEPTED),
        ("acc2", S.ACCEPTED),
        ("rej", S.REJECTED),
        ("wait", S.WAITLISTED),
        ("sub", S.SUBMITTED),
        ("draft", S.STARTED),
    ]:
        made[name] = make_application(make_user(f"{name}@princeton.edu"), status)
    mail.outbox.clear()
    return made


def save(client, status=C.RELEASED, **extra):
    body = {**cycle_config(current_cycle()), "status": status, **extra}
    return client.post(CONFIG, body, content_type=JSON)


def test_the_preview_counts_each_decision_that_would_be_emailed(admin_client, decided):
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
    }


def test_a_release_without_the_count_is_refused_and_sends_nothing(admin_client, decided):
    """The old page's one select and one Save: now a 409 that says what it would have sent."""
    r = save(admin_client, location="Somewhere Else")
    assert r.status_code == 409, r.json()
    assert r.json()["message"].startswith("Releasing now emails 4 applicants (2 Accepted, 1 Waitlisted, 1 Rejected).")
    assert "confirm_emails" in r.json()["errors"]
    cycle = current_cycle()
    assert cycle.status != C.RELEASED and cycle.location != "Somewhere Else"
    assert mail.outbox == []


def test_a_stale_count_is_refused(admin_client, organizer, decided):
    """Confirmed 4, but another organizer accepted one more meanwhile: 5 would go out."""
    shown = admin_client.get(PREVIEW).json()["total"]
    sm.decide(application_id=decided["sub"].pk, status=S.ACCEPTED, actor=organizer)
    r = save(admin_client, confirm_emails=shown)
    assert r.status_code == 409 and "emails 5 applicants (3 Accepted" in r.json()["message"]
    assert mail.outbox == []


def test_the_confirmed_count_releases(admin_client, decided):
    total = admin_client.get(PREVIEW).json()["total"]
    r = save(admin_client, confirm_emails=total)
    assert r.status_code == 200, r.json()
    assert current_cycle().status == C.RELEASED
    assert sorted(m.to[0] for m in mail.outbox) == sorted(decided[n].email for n in ("acc1", "acc2", "rej", "wait"))
    # Sent: a second release would email nobody, so saving again needs no confirmation.
    assert admin_client.get(PREVIEW).json()["total"] == 0
    assert save(admin_client, location="Friend Center").status_code == 200
    assert len(mail.outbox) == 4


def test_a_decision_changed_after_release_counts_again(admin_client, organizer, decided):
    assert save(admin_client, confirm_emails=4).status_code == 200
    save(admin_client, status=C.CONFIRMATION_CLOSED)
    sm.decide(application_id=decided["rej"].pk, status=S.WAITLISTED, actor=organizer)
    counts = {c["status"]: c["count"] for c in admin_client.get(PREVIEW).json()["counts"]}
    assert counts == {"accepted": 0, "waitlisted": 1, "rejected": 0, "waitlist_accepted": 0}


def test_other_statuses_and_empty_releases_need_no_confirmation(admin_client, db):
    assert save(admin_client, status=C.CLOSED).status_code == 200
    assert save(admin_client).status_code == 200  # nobody decided: nothing to send
    assert current_cycle().status == C.RELEASED


def test_the_preview_is_for_organizers_only(client, student_client):
    assert client.get(PREVIEW).status_code == 401
    assert student_client.get(PREVIEW).status_code == 403


def test_the_preview_takes_a_constant_number_of_queries(admin_client, decided, django_assert_max_num_queries):
    for i in range(10):
        make_application(make_user(f"more{i}@princeton.edu"), S.ACCEPTED)
    with django_assert_max_num_queries(4):
        assert admin_client.get(PREVIEW).json()["total"] == 14
