"""Retention: a cycle's retention date (configuration), and the purge after it
(`purge_cycle_data`, the daily beat task): what goes, what stays, what is refused."""

from __future__ import annotations

import datetime
import io

import pytest
from django.core.management import CommandError, call_command
from django.test import TestCase
from django.utils import timezone

from apps.applications.models import Answer, Application, ApplicationEvent, ConsentRecord
from apps.cycles.models import Cycle
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_make_current, cycle_set_status
from apps.mailings.models import Delivery, Mailing
from apps.privacy import retention, tasks
from apps.privacy.tests.privacy_data import apply, assert_demographics_kept, file_exists, new_applicant, resume_path
from apps.reports import demographics as demographics_report
from apps.reports import statistics
from apps.resumes.models import Resume, ResumeAccess

CONFIG = "/api/applications/cycle/config"
PAST = datetime.date(2024, 6, 1)  # after the default event end (2024-05-22)


@pytest.fixture
def past_cycle(db, resume_storage, open_cycle):
    """Two applicants of a cycle that is no longer current, its retention date passed: Ada
    (accepted) applied only then; Bob applied again in the new current cycle."""
    ada, _, ada_app = new_applicant("ada@princeton.edu", status="accepted")
    bob, bob_client, _ = new_applicant("bob@princeton.edu")
    ResumeAccess.objects.create(
        owner=ada, path=resume_path(ada), accessed_by_email="grace@princeton.edu", at=ada_app.created_at, how="single"
    )
    old = current_cycle()
    Cycle.objects.filter(pk=old.pk).update(retention_date=PAST)
    new = cycle_make_current(season="spring", year=2031)
    cycle_set_status(cycle=new, status="open")
    apply(bob_client)
    old.refresh_from_db()
    return old, ada, bob


def command(*args) -> str:
    """Run the command; its after-commit work (the files' removal) runs as on a real commit
    (the test's transaction never commits)."""
    out = io.StringIO()
    with TestCase.captureOnCommitCallbacks(execute=True):
        call_command("purge_cycle_data", *args, stdout=out)
    return out.getvalue()


def label(cycle) -> str:
    return f"{cycle.season}-{cycle.year}"


def test_a_dry_run_says_what_would_go_and_changes_nothing(past_cycle):
    old, ada, bob = past_cycle
    ada_file, bob_file = resume_path(ada), resume_path(bob)
    output = command(label(old), "--dry-run")
    assert "Dry run: nothing changed. Would remove" in output
    assert "applications: 2" in output
    assert "resume files: 1" in output  # Ada's only: Bob applied again, his resume is the new cycle's
    assert f"ada@princeton.edu: {ada_file}" in output and bob_file not in output
    assert "resume access log entries: 1" in output
    assert Application.objects.filter(cycle=old).count() == 2
    assert file_exists(ada_file) and Resume.objects.filter(user=ada).exists()
    old.refresh_from_db()
    assert old.purged_at is None


def test_the_purge_removes_the_personal_data_and_keeps_the_counts(past_cycle):
    old, ada, bob = past_cycle
    ada_file, bob_file = resume_path(ada), resume_path(bob)
    stats = statistics.application_stats(cycle=old)
    demographics = demographics_report.demographics(cycle=old, group="applied")
    ids = list(Application.objects.filter(cycle=old).values_list("pk", flat=True))

    output = command(label(old))
    assert output.startswith(f"Removed from {label(old)}:")
    assert not Application.objects.filter(cycle=old).exists()
    for model in (Answer, ApplicationEvent, ConsentRecord):
        assert not model.objects.filter(application_id__in=ids).exists()
    assert not file_exists(ada_file) and not Resume.objects.filter(user=ada).exists()
    assert not ResumeAccess.objects.filter(owner=ada).exists()
    # Bob's resume and his new application stay; both accounts stay.
    assert file_exists(bob_file) and Application.objects.filter(user=bob, cycle=current_cycle()).exists()
    assert {ada.pk, bob.pk} <= set(type(ada).objects.values_list("pk", flat=True))
    # The statistics and demographics of the purged cycle count the same (but school and country).
    assert statistics.application_stats(cycle=old) == stats
    assert_demographics_kept(demographics, demographics_report.demographics(cycle=old, group="applied"))
    old.refresh_from_db()
    assert old.purged_at is not None


def test_the_purged_applications_decision_emails_lose_their_address_and_later_mail_stays(past_cycle):
    """Bob applied again: his decision email of the purged cycle is stripped, a batch email to
    him stays (it may be about the later cycle). Everything sent to Ada is stripped."""
    old, ada, bob = past_cycle
    bob_old = Application.objects.get(cycle=old, user=bob)
    ada_old = Application.objects.get(cycle=old, user=ada)
    now = timezone.now()
    for application, status in ((ada_old, "accepted"), (bob_old, "rejected")):
        Delivery.objects.create(
            email=application.email,
            template_key=f"decision_{status}",
            context={"first_name": "Someone"},
            dedupe_key=f"decision:{application.pk}:{status}",
            state="sent",
            sent_at=now,
        )
    mailing = Mailing.objects.create(subject="Hi", audience="custom", html="<p>Hi</p>", send_at=now, status="sent")
    Delivery.objects.create(mailing=mailing, email=bob.email, state="sent", sent_at=now)

    # Both decision emails and both "we received your application" emails of the purged
    # applications (they name the application: Bob's later cycle keeps his own).
    assert "mail records (cancelled or anonymised): 4" in command(label(old), "--dry-run")
    assert "mail records (cancelled or anonymised): 4" in command(label(old))
    bob_later = Application.objects.exclude(cycle=old).get(user=bob)
    kept = Delivery.objects.filter(email__in=[ada.email, bob.email])
    assert sorted(kept.values_list("mailing", "dedupe_key"), key=str) == sorted(
        [(mailing.pk, None), (None, f"received:{bob_later.pk}")], key=str
    )
    stripped = Delivery.objects.filter(mailing__isnull=True).exclude(dedupe_key=f"received:{bob_later.pk}")
    assert all(row.email.endswith("@deleted.invalid") and row.context == {} for row in stripped)
    assert stripped.count() == 4


def test_the_current_cycle_is_refused_even_for_a_dry_run(db, open_cycle):
    cycle = current_cycle()
    Cycle.objects.filter(pk=cycle.pk).update(retention_date=PAST)
    for extra in ([], ["--dry-run"]):
        with pytest.raises(CommandError, match="is the current cycle: its data is still in use"):
            command(label(cycle), *extra)


def test_before_the_retention_date_or_without_one_nothing_is_purged(past_cycle):
    old, ada, _ = past_cycle
    Cycle.objects.filter(pk=old.pk).update(retention_date=datetime.date(2999, 1, 1))
    with pytest.raises(CommandError, match="kept until its retention date, 2999-01-01"):
        command(label(old))
    Cycle.objects.filter(pk=old.pk).update(retention_date=None)
    with pytest.raises(CommandError, match="has no retention date"):
        command(label(old), "--dry-run")
    assert Application.objects.filter(cycle=old).count() == 2


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name, message",
    [("fall-1999", "There is no Fall 1999 cycle"), ("summer-2025", "is not a cycle name"), ("", "is not a cycle")],
)
def test_an_unknown_or_malformed_cycle_name_says_which_cycles_there_are(name, message):
    with pytest.raises(CommandError, match=message) as refused:
        command(name)
    assert label(current_cycle()) in str(refused.value)


@pytest.mark.django_db
def test_cycle_names_are_read_in_any_usual_form():
    cycle = current_cycle()
    season, year = cycle.season, cycle.year
    for name in (f"{season}-{year}", f"{season.upper()} {year}", f"{year}_{season}", f" {season}{year} "):
        assert retention.find_cycle(name) == cycle


def test_the_daily_task_purges_expired_cycles_once(past_cycle):
    old, ada, _ = past_cycle
    later = Cycle.objects.create(season="fall", year=2030, retention_date=datetime.date(2999, 1, 1))
    result = tasks.purge_expired_cycles.delay().get()
    assert result == [{"cycle": label(old), "applications": 2, "resume_files": 1}]
    assert not Application.objects.filter(cycle=old).exists()
    later.refresh_from_db()
    assert later.purged_at is None
    assert tasks.purge_expired_cycles.delay().get() == []  # stamped: not purged again


# --- The retention date on the configuration ------------------------------------------------


def config(**overrides) -> dict:
    data = {
        "dates": {
            "start": "2026-11-01",
            "end": "2026-11-02",
            "housing": "2026-10-20",
            "confirmation_first_deadline": "2026-10-25",
            "confirmation_second_deadline": "2026-10-28",
            "due": "2026-10-15",
            "waitlist_deadline": "2026-10-30",
        },
        "status": "open",
        "location": "Princeton",
        "housing_link": "https://example.org/housing",
    }
    data.update(overrides)
    return data


def post(client, data):
    return client.post(CONFIG, data, content_type="application/json")


def test_an_organizer_sets_and_clears_the_retention_date(admin_client):
    r = post(admin_client, config(retention_date="2027-05-01"))
    assert r.status_code == 200, r.json()
    assert r.json()["retention_date"] == "2027-05-01"
    # Left out (an older client): kept.
    assert post(admin_client, config()).json()["retention_date"] == "2027-05-01"
    assert post(admin_client, config(retention_date=None)).json()["retention_date"] is None
    assert current_cycle().retention_date is None


@pytest.mark.parametrize("bad", ["2026-11-02", "2020-01-01", "tomorrow", 5])
def test_a_retention_date_before_the_end_or_malformed_is_refused(admin_client, bad):
    r = post(admin_client, config(retention_date=bad))
    assert r.status_code == 400
    assert "retention_date" in r.json()["errors"]
    assert current_cycle().retention_date is None


def test_a_student_cannot_set_it(student_client):
    assert post(student_client, config(retention_date="2027-05-01")).status_code == 403
