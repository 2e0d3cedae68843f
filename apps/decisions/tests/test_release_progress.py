"""GET cycle/release-progress: "N of M sent" of the release's emails, read from the outbox, so
the page can poll it until nothing is pending."""

from __future__ import annotations

import pytest
from django.core import mail

from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.test_status_machine import make_application
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.decisions import release
from apps.mailings.models import Delivery
from conftest import make_user

from .test_release import cycle_set_status

pytestmark = pytest.mark.django_db
URL = "/api/applications/cycle/release-progress"


@pytest.fixture
def decided(db):
    for n, status in enumerate([S.ACCEPTED, S.ACCEPTED, S.REJECTED, S.WAITLISTED, S.SUBMITTED]):
        make_application(make_user(f"p{n}@princeton.edu"), status)
    mail.outbox.clear()


def test_nothing_is_recorded_before_release(admin_client, decided):
    assert admin_client.get(URL).json() == {"total": 0, "sent": 0, "failed": 0, "pending": 0}


def test_the_release_is_counted_as_its_emails_go_out(
    admin_client, decided, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        cycle_set_status(cycle=current_cycle(), status=C.RELEASED)
    with django_assert_max_num_queries(4):  # session, user, cycle, then the one count
        body = admin_client.get(URL).json()
    assert body == {"total": 4, "sent": 4, "failed": 0, "pending": 0}
    # As a worker meets them: every row waiting, then one sent and one given up on.
    rows = release.decision_rows()
    rows.update(state=Delivery.State.PENDING)
    assert admin_client.get(URL).json() == {"total": 4, "sent": 0, "failed": 0, "pending": 4}
    first, second = rows.order_by("pk")[:2]
    Delivery.objects.filter(pk=first.pk).update(state=Delivery.State.SENT)
    Delivery.objects.filter(pk=second.pk).update(state=Delivery.State.FAILED)
    assert admin_client.get(URL).json() == {"total": 4, "sent": 1, "failed": 1, "pending": 2}


def test_organizers_only(client, student_client):
    assert client.get(URL).status_code == 401
    assert student_client.get(URL).status_code == 403
