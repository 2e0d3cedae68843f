"""Decision emails as rows of the one outbox table: what a release records, that the row says
what is true when it goes out, and that it keeps no link mailings would have to know about."""

from __future__ import annotations

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from apps.applications import status_machine
from apps.applications.tests.organizer_data import make_application
from apps.cycles.models import Cycle
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.decisions import release, tasks
from apps.mailings.models import Delivery, Mailing

pytestmark = pytest.mark.django_db


def release_without_hook() -> list[int]:
    Cycle.objects.filter(pk=current_cycle().pk).update(status=C.RELEASED)
    ids = release.release_prepare(cycle_id=current_cycle().pk)
    mail.outbox.clear()
    return ids


def test_a_release_records_one_keyed_automated_row_per_decided_applicant():
    ada = make_application("ada@princeton.edu", status="accepted", first="Ada")
    alan = make_application("alan@princeton.edu", status="waitlisted")
    make_application("undecided@princeton.edu", status="submitted")
    ids = release_without_hook()
    rows = {row.dedupe_key: row for row in Delivery.objects.filter(pk__in=ids)}
    assert set(rows) == {f"decision:{ada.pk}:accepted", f"decision:{alan.pk}:waitlisted"}
    row = rows[f"decision:{ada.pk}:accepted"]
    assert (row.mailing_id, row.email, row.template_key, row.state) == (
        None,
        "ada@princeton.edu",
        "decision_accepted",
        "pending",
    )
    assert row.context["first_name"] == "Ada" and row.context["status"] == "accepted"
    assert release.release_prepare(cycle_id=current_cycle().pk) == sorted(ids)  # nothing new
    assert Delivery.objects.count() == 2


def test_recording_a_release_takes_the_same_queries_for_ten_or_forty_applicants():
    """A fixed number of queries at any cohort size (bulk insert, no query per applicant; the
    travel grants the emails name are one read for the whole cohort)."""
    Cycle.objects.filter(pk=current_cycle().pk).update(status=C.RELEASED)
    counts = []
    for size in (10, 40):
        Delivery.objects.all().delete()
        for n in range(len(counts) * 10, size):
            make_application(f"p{n}@princeton.edu", status="accepted")
        with CaptureQueriesContext(connection) as queries:
            assert len(release.release_prepare(cycle_id=current_cycle().pk)) == size
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 9


def test_the_email_says_what_is_true_when_it_goes_out(organizer):
    """Travel granted after the row was recorded (same decision, so no new email): the email
    sent states it, and the row's context is brought up to date under the claim."""
    ada = make_application("ada@princeton.edu", status="accepted")
    [pk] = release_without_hook()
    assert Delivery.objects.get(pk=pk).context["travel_reimbursement"] is False
    status_machine.decide(application_id=ada.pk, status="accepted", actor=organizer, travel_reimbursement=True)
    assert mail.outbox == []  # the same decision: no new email
    assert tasks.send_decision_emails.delay([pk]).get() == 1
    assert "$100" in mail.outbox[0].body
    assert Delivery.objects.get(pk=pk).context["travel_reimbursement"] is True


def test_an_application_deleted_before_its_email_went_out_is_forgotten():
    """The row has no foreign key to cascade with: the send finds the application gone."""
    ada = make_application("ada@princeton.edu", status="accepted")
    [pk] = release_without_hook()
    ada.user.delete()
    assert tasks.send_decision_emails.delay([pk]).get() == 0
    assert mail.outbox == [] and not Delivery.objects.filter(pk=pk).exists()


def test_the_requeue_leaves_other_cycles_and_batch_emails_alone():
    make_application("ada@princeton.edu", status="accepted")
    [pk] = release_without_hook()
    mailing = Mailing.objects.create(subject="Hi", audience="custom", html="<p>Hi</p>", send_at=timezone.now())
    Delivery.objects.create(mailing=mailing, email="batch@princeton.edu")
    old = Cycle.objects.create(season="spring", year=2001, status=C.RELEASED)
    other = make_application("old@princeton.edu", status="accepted", cycle=old)
    Delivery.objects.create(
        email=other.email,
        template_key="decision_accepted",
        dedupe_key=release.dedupe_key(other.pk, "accepted"),
    )
    assert release.requeue_due() == [pk]


def test_a_release_again_forgets_the_unsent_email_of_a_changed_decision():
    ada = make_application("ada@princeton.edu", status="accepted")
    alan = make_application("alan@princeton.edu", status="accepted")
    release_without_hook()
    # Changed before any worker ran (raw updates: only the rows matter here).
    type(ada).objects.filter(pk=ada.pk).update(status="rejected")
    type(alan).objects.filter(pk=alan.pk).update(status="submitted")
    ids = release.release_prepare(cycle_id=current_cycle().pk)
    assert list(Delivery.objects.filter(pk__in=ids).values_list("dedupe_key", flat=True)) == [
        f"decision:{ada.pk}:rejected"
    ]
    assert not Delivery.objects.filter(dedupe_key__endswith=":accepted").exists()
