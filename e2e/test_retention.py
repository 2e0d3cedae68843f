"""Browser journey of retention: an organizer sets the cycle's retention date on the
configuration page and moves on to a new cycle; the operator's `purge_cycle_data` dry run says
what would go and changes nothing, the real run removes the people's data and resume files, and
the pages show what stays: the statistics still count the purged cycle, the former applicant's
dashboard and data export hold nothing of it, and the resume is gone from the storage."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from django.core.management import CommandError, call_command

from apps.applications import status_machine
from apps.applications.models import Application
from apps.applications.services import application_submit
from apps.applications.tests.applicant_data import body, pdf_upload
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from apps.resumes.models import Resume
from apps.resumes.services import resume_storage, resume_upload
from e2e.conftest import expect, shot, sign_in


def purge(*args: str) -> str:
    out = io.StringIO()
    call_command("purge_cycle_data", *args, stdout=out)
    return out.getvalue()


def test_purge_dry_run_then_real_run(new_page, make_admin, make_student):
    organizer = make_admin()
    cycle_set_status(cycle=current_cycle(), status="open")
    ada = make_student("ada@princeton.edu")
    resume_upload(user=ada, upload=pdf_upload())
    application = application_submit(user=ada, data=body())
    status_machine.transition(application_id=application.pk, to="accepted")
    path = Resume.objects.get(user=ada).path
    old = current_cycle()
    label = f"{old.season}-{old.year}"

    page = new_page()
    sign_in(page, organizer, next="/admin/config")
    # The retention date: after the event's end (2024-05-22 by default), refused otherwise.
    retention = page.get_by_label("Data retention date (optional)")
    retention.fill("2024-05-01")
    page.get_by_role("button", name="Save Configuration").click()
    expect(page.get_by_text("The retention date must come after the event's end date")).to_be_visible()
    retention.fill("2024-06-01")
    page.get_by_role("button", name="Save Configuration").click()
    expect(page.get_by_text("Configuration updated successfully")).to_be_visible()
    old.refresh_from_db()
    assert old.retention_date.isoformat() == "2024-06-01"
    shot(page, "retention-config-desktop")

    # Still current: the purge is refused, even as a dry run.
    with pytest.raises(CommandError, match="is the current cycle"):
        purge(label, "--dry-run")

    # A new season: the old cycle is no longer current.
    cycle_form = page.get_by_role("form", name="Current cycle")
    cycle_form.get_by_label("Year").fill(str(old.year + 1))
    cycle_form.get_by_role("button", name="Save Cycle").click()
    expect(cycle_form.get_by_text("Configuration updated successfully")).to_be_visible()
    assert current_cycle() != old

    dry = purge(label, "--dry-run")
    assert "Dry run: nothing changed" in dry and "applications: 1" in dry and path in dry
    assert Application.objects.filter(cycle=old).count() == 1 and resume_storage().exists(path)

    done = purge(label)
    assert done.startswith(f"Removed from {label}:") and "resume files: 1" in done
    assert not Application.objects.filter(cycle=old).exists()
    assert not resume_storage().exists(path)

    # The statistics of the purged cycle still count Ada's application (anonymised): switch back.
    page.goto("/admin/config")
    cycle_form.get_by_label("Year").fill(str(old.year))
    cycle_form.get_by_role("button", name="Save Cycle").click()
    expect(cycle_form.get_by_text("Configuration updated successfully")).to_be_visible()
    assert current_cycle() == old
    page.goto("/admin/stats")
    expect(page.get_by_role("button", name="Submitted applications · All schools: 1. Download CSV")).to_be_visible()
    expect(page.get_by_role("button", name=f"Accepted · {ada_school()}: 1. Download CSV")).to_be_visible()
    # …but no one's row is left to list.
    page.goto("/admin/users")
    expect(page.get_by_text("ada@princeton.edu")).to_have_count(0)
    shot(page, "retention-users-after-purge-desktop")

    # Ada keeps her account; her export holds nothing of the purged cycle.
    student = new_page()
    sign_in(student, ada)
    expect(student.get_by_role("region", name="Your data")).to_be_visible()
    with student.expect_download() as info:
        student.get_by_role("link", name="Download my data").click()
    archive = zipfile.ZipFile(io.BytesIO(open(info.value.path(), "rb").read()))
    assert archive.namelist() == ["data.json"]
    data = json.loads(archive.read("data.json"))
    assert data["applications"] == [] and data["resume"] is None
    assert page.js_errors == [] and student.js_errors == []


def ada_school() -> str:
    from django.conf import settings

    return settings.HOST_SCHOOL
