"""Browser journeys of the reporting pages: statistics and CSV export, the question
builder feeding /apply, batch emails scheduled and delivered, automated emails, demographics and
the resume book — plus screenshots of each at desktop and phone widths
(e2e/screenshots/reports-<page>-<desktop|phone>.png).

Test data goes through the real paths: accounts via make_user (register + verify), application
statuses through the status machine, resumes through the resume service, the send-due run
through its management command.
"""

from __future__ import annotations

import csv
import datetime
import io
import re
import zipfile
from unittest import mock
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.utils import timezone

from apps.applications import status_machine
from apps.applications.models import Answer, Application
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from apps.mailings.models import Mailing
from apps.resumes.services import resume_upload
from conftest import make_user
from e2e.conftest import element_shot, expect, shot, sign_in

HOST = "Princeton University"
PDF = (
    b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
    b"2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n"
    b"3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\n"
    b"trailer << /Root 1 0 R >>\n%%EOF\n"
)


@pytest.fixture(autouse=True)
def _private_resumes(settings, tmp_path):
    """Resumes of these journeys go to a temporary private folder, not the developer's var/."""
    settings.STORAGES = {
        **settings.STORAGES,
        "resumes": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": str(tmp_path / "resumes"), "base_url": None},
        },
    }


def applicant(email: str, status: str, *, school: str = HOST, first: str = "Test", answers: dict | None = None):
    """A real account with an application of the current cycle moved to `status` by the status machine."""
    user = make_user(email)
    application = Application.objects.create(
        cycle=current_cycle(),
        user=user,
        email=user.email,
        first=first,
        last="Applicant",
        school=school,
        checkboxes=[True, True, False],
    )
    for question_id, value in (answers or {}).items():
        Answer.objects.create(application=application, question_id=question_id, value=value)
    if status != "started":
        status_machine.transition(application_id=application.pk, to="submitted", actor=user)
        if status != "submitted":
            status_machine.transition(application_id=application.pk, to=status, actor=None)
    return application


def a_known_data_set():
    applicant("p1@princeton.edu", "submitted", first="Pia", answers={"age": "19", "first_hackathon": "yes"})
    applicant("p2@princeton.edu", "accepted", first="Pam", answers={"age": "21", "first_hackathon": "no"})
    applicant("p3@princeton.edu", "started", first="Pat")
    applicant("y1@yale.edu", "waitlist_accepted", school="Yale University", first="Yan", answers={"age": "19"})
    applicant("y2@yale.edu", "confirmed", school="Yale University", first="Yul", answers={"age": "20"})
    applicant("y3@yale.edu", "declined", school="Yale University", first="Yoko")


def no_horizontal_scroll(page):
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    if overflow > 0:
        wide = page.evaluate(
            """() => [...document.querySelectorAll('body *')]
              .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
              .slice(0, 5).map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`)"""
        )
        raise AssertionError(f"the page scrolls sideways by {overflow}px; too wide: {wide}")


def csv_rows(download) -> list[dict]:
    with open(download.path(), encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def test_statistics_cards_count_and_download_their_csv(new_page, make_admin):
    """The 14 cards (the 12 of the spec, 2 of check-in) show the counts; a card downloads exactly its
    applications as CSV."""
    organizer = make_admin()
    a_known_data_set()
    page = new_page()
    sign_in(page, organizer, next="/admin/stats")
    expect(page.get_by_role("heading", name="Statistics", level=1)).to_be_visible()
    expect(page.get_by_role("button", name=re.compile(r"Download CSV$"))).to_have_count(18)
    expect(page.get_by_role("button", name="Submitted applications · All schools: 5. Download CSV")).to_be_visible()
    expect(page.get_by_role("button", name=f"Submitted applications · {HOST}: 2. Download CSV")).to_be_visible()
    expect(page.get_by_role("button", name="Started, not submitted · All schools: 1. Download CSV")).to_be_visible()
    expect(page.get_by_role("button", name="Accepted · Other schools: 1. Download CSV")).to_be_visible()
    expect(page.get_by_role("button", name=f"Accepted · {HOST}: 1. Download CSV")).to_be_visible()

    with page.expect_download() as info:
        page.get_by_role("button", name="Accepted · Other schools: 1. Download CSV").click()
    download = info.value
    # Named after the card, its columns named for people (the question text, not the keys).
    assert download.suggested_filename.startswith("accepted-other-schools-")
    rows = csv_rows(download)
    assert [(r["Email"], r["Status"]) for r in rows] == [("y1@yale.edu", "waitlist_accepted")]
    expect(page.get_by_text("Downloaded Accepted · Other schools as CSV.")).to_be_visible()

    with page.expect_download() as info:
        page.get_by_role("button", name=f"Submitted applications · {HOST}: 2. Download CSV").click()
    assert sorted(r["Email"] for r in csv_rows(info.value)) == ["p1@princeton.edu", "p2@princeton.edu"]
    assert page.js_errors == []
    shot(page, "reports-stats-desktop")

    # A card's rows in the table: the same filter, the same number.
    page.get_by_role("link", name=f"Show in table: Submitted applications · {HOST}").click()
    expect(page).to_have_url(re.compile(r"/admin/users\?selection=submitted&host=true$"))
    expect(page.get_by_text("Page 1 of 1 (Total: 2)")).to_be_visible()
    expect(page.get_by_label("Group")).to_have_value("submitted")
    expect(page.get_by_label("Scope")).to_have_value("true")

    phone = new_page(phone=True)
    sign_in(phone, organizer, next="/admin/stats")
    expect(phone.get_by_role("button", name=re.compile(r"Download CSV$"))).to_have_count(18)
    # Each group's total across the row, its two parts side by side under it: none alone.
    for group in phone.locator(".stat-grid").all():
        total, host, other = (item.bounding_box() for item in group.locator(":scope > li").all())
        grid = group.bounding_box()
        assert abs(total["width"] - grid["width"]) < 1, (total, grid)
        assert host["y"] == other["y"] > total["y"], (total, host, other)
        assert abs(host["width"] - other["width"]) < 1 and host["x"] < other["x"]
    # A card far down the page: its confirmation shows on the screen, not at the page's top.
    last = phone.get_by_role("button", name=re.compile(r"^Checked in · Other schools: .*Download CSV$"))
    with phone.expect_download():
        last.click()
    notice = phone.get_by_text("Downloaded Checked in · Other schools as CSV.")
    expect(notice).to_be_in_viewport()
    expect(last).to_be_in_viewport()  # where it was: the page didn't jump to the notice
    shot(phone, "reports-stats-phone")
    no_horizontal_scroll(phone)


def test_a_question_built_in_the_builder_appears_on_apply(new_page, make_admin, make_student):
    """Add a multiple-choice question, confirm; a student sees it on /apply at once."""
    organizer = make_admin()
    cycle_set_status(cycle=current_cycle(), status="open")
    page = new_page()
    sign_in(page, organizer, next="/admin/createapp")
    expect(page.get_by_role("heading", name="Question Builder")).to_be_visible()
    first_section = page.locator(".builder-section").first
    section_name = first_section.get_by_label("Section name").input_value()
    before = first_section.locator(".builder-question").count()

    # The spec's message for a question without text, and nothing saved.
    page.get_by_role("button", name=f"Add question to {section_name}").click()
    page.get_by_role("button", name="Confirm Questions").click()
    expect(page.get_by_text("Error: Question is missing information and cannot be submitted yet.")).to_be_visible()

    added = first_section.locator(".builder-question").nth(before)
    added.get_by_label("Question text").fill("Which editor do you swear by?")
    added.get_by_label("Type").select_option("multiple_choice")
    added.get_by_label("Option 1", exact=True).fill("Vim")
    added.get_by_role("button", name="Add option").click()
    added.get_by_label("Option 2", exact=True).fill("Emacs")
    page.get_by_role("button", name="Confirm Questions").click()
    expect(page.get_by_text("Questions saved. The application form uses them now.")).to_be_visible()
    expect(added.get_by_text("which_editor_do_you_swear_by")).to_be_visible()
    added.scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, 200)")
    shot(page, "reports-builder-desktop", full_page=False)

    phone = new_page(phone=True)
    sign_in(phone, organizer, next="/admin/createapp")
    expect(phone.get_by_role("button", name="Confirm Questions")).to_be_visible()
    shot(phone, "reports-builder-phone", full_page=False)
    no_horizontal_scroll(phone)

    student = make_student("ada@princeton.edu")
    applicant_page = new_page()
    sign_in(applicant_page, student, next="/apply")
    editor = applicant_page.get_by_label("Which editor do you swear by?")
    expect(editor).to_be_visible()
    editor.select_option("Emacs")
    expect(editor).to_have_value("Emacs")


def test_a_scheduled_mailing_is_delivered_once_when_due_and_a_scheduled_one_can_be_cancelled(
    new_page, make_admin, tmp_path
):
    """Schedule an HTML email a minute or two ahead from /admin/batch; it leaves when due, once each."""
    organizer = make_admin()
    template = tmp_path / "welcome.html"
    template.write_text("<h1>Doors open at 9</h1><p>See you there.</p>", encoding="utf-8")
    page = new_page()
    sign_in(page, organizer, next="/admin/batch")
    section = page.get_by_role("region", name="Batch emails")
    expect(section).to_be_visible()
    expect(section.get_by_text("No mailings yet. Scheduled emails will show here.")).to_be_visible()

    # A minute or two ahead, in the browser's zone (the page's context runs in America/New_York).
    # The field holds whole minutes, so "now + 2 min" cut to its minute is 60 to 120 s away: cut
    # from "now + 1 min", it could be under a second away and already past when the form reached
    # the server (a time in the past means "now"), as it was once on a loaded machine.
    ahead = page.evaluate(
        """() => {
          const d = new Date(Date.now() + 120_000);
          const p = (n) => String(n).padStart(2, "0");
          const day = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
          return `${day}T${p(d.getHours())}:${p(d.getMinutes())}`;
        }"""
    )
    section.get_by_label("Subject").fill("Doors open at 9")
    section.get_by_label("Audience").select_option("custom")
    section.get_by_label("Custom recipients").fill("Ada <ada@princeton.edu>, grace@yale.edu and ada@princeton.edu")
    section.get_by_role("radio", name="Upload HTML").check()
    section.get_by_label("HTML file").set_input_files(str(template))
    section.get_by_label("Send at").fill(ahead)
    section.get_by_role("button", name="Schedule").click()
    expect(section.get_by_text(re.compile(r"to 2 recipients\."))).to_be_visible()
    row = section.get_by_role("row").filter(has_text="Doors open at 9")
    expect(row.get_by_text("Scheduled")).to_be_visible()

    # The browser's local time reached the server as the same instant.
    mailing = Mailing.objects.get(subject="Doors open at 9")
    assert mailing.send_at == datetime.datetime.fromisoformat(ahead).replace(tzinfo=ZoneInfo("America/New_York"))
    assert mailing.send_at > timezone.now() - datetime.timedelta(seconds=60)

    # Not yet due: nothing leaves.
    call_command("send_due_mailings")
    assert [m for m in mail.outbox if m.subject == "Doors open at 9"] == []

    # The time passes (the application's clock moves past send_at): each recipient gets it once.
    later = mailing.send_at + datetime.timedelta(seconds=5)
    with mock.patch("django.utils.timezone.now", return_value=later):
        call_command("send_due_mailings")
        call_command("send_due_mailings")
    sent = [m for m in mail.outbox if m.subject == "Doors open at 9"]
    assert sorted(to for m in sent for to in m.to) == ["ada@princeton.edu", "grace@yale.edu"]
    assert "Doors open at 9" in sent[0].alternatives[0][0]

    # No Refresh: a mailing due within minutes is followed every few seconds.
    expect(row.get_by_text("Sent", exact=True)).to_be_visible()
    expect(row.get_by_role("cell", name="2", exact=True).first).to_be_visible()
    expect(row.get_by_role("button", name=re.compile("^Cancel"))).to_have_count(0)

    # A second one, far ahead, is cancelled before it starts.
    section.get_by_label("Subject").fill("Next year")
    section.get_by_label("Audience").select_option("custom")
    section.get_by_label("Custom recipients").fill("ada@princeton.edu")
    section.get_by_role("radio", name="Upload HTML").check()
    section.get_by_label("HTML file").set_input_files(str(template))
    section.get_by_label("Send at").fill("2099-01-01T09:00")
    section.get_by_role("button", name="Schedule").click()
    expect(section.get_by_text(re.compile(r"to 1 recipient\."))).to_be_visible()
    section.get_by_role("button", name="Cancel “Next year”").click()
    expect(section.get_by_text("Cancelled “Next year”.")).to_be_visible()
    expect(section.get_by_role("row").filter(has_text="Next year").get_by_text("Cancelled")).to_be_visible()
    assert Mailing.objects.get(subject="Next year").status == "cancelled"
    assert page.js_errors == []
    element_shot(section, "reports-batch-emails-desktop")

    phone = new_page(phone=True)
    sign_in(phone, organizer, next="/admin/batch")
    phone_section = phone.get_by_role("region", name="Batch emails")
    expect(phone_section.get_by_role("row").filter(has_text="Next year")).to_be_visible()
    no_horizontal_scroll(phone)
    phone_section.scroll_into_view_if_needed()
    element_shot(phone_section, "reports-batch-emails-phone")


def test_an_automated_email_is_edited_previewed_saved_and_sent_as_a_test(new_page, make_admin):
    """Edit the verification email, see the server's preview, save it, and send a test to yourself."""
    organizer = make_admin()
    mail.outbox = []
    page = new_page()
    sign_in(page, organizer, next="/admin/automated-emails")
    expect(page.get_by_role("heading", name="Automated Emails")).to_be_visible()
    nav = page.get_by_role("navigation", name="Automated emails")
    for name in ("Email verification", "Password reset", "Decision: accepted", "Decision: rejected"):
        expect(nav.get_by_role("button", name=name, exact=True)).to_be_visible()
    nav.get_by_role("button", name="Decision: accepted", exact=True).click()
    subject = page.get_by_label("Subject")
    subject.fill("Welcome aboard, {{ first_name }}!")
    frame = page.frame_locator("iframe.preview-frame")
    expect(page.locator(".preview-subject")).to_contain_text("Welcome aboard, ")
    expect(page.locator(".preview-subject")).not_to_contain_text("{{")
    expect(frame.locator("body")).not_to_be_empty()
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Saved. The next emails of this kind use this version.")).to_be_visible()
    expect(page.get_by_text("Customized", exact=True)).to_be_visible()
    page.get_by_role("button", name="Send test to me").click()
    expect(page.get_by_text(f"A test email was sent to {organizer.email}.")).to_be_visible()
    assert any(m.to == [organizer.email] and m.subject.startswith("[Test] Welcome aboard, ") for m in mail.outbox)

    # A placeholder that does not exist is refused by the server's preview.
    subject.fill("Hi {{ no_such_thing }}")
    expect(page.get_by_role("alert").filter(has_text="no_such_thing")).to_be_visible()
    subject.fill("Welcome aboard, {{ first_name }}!")
    expect(page.get_by_role("alert").filter(has_text="no_such_thing")).to_have_count(0)
    assert page.js_errors == []
    shot(page, "reports-automated-emails-desktop")

    phone = new_page(phone=True)
    sign_in(phone, organizer, next="/admin/automated-emails")
    expect(phone.get_by_role("button", name="Send test to me")).to_be_visible()
    expect(phone.locator("iframe.preview-frame")).to_be_visible()
    shot(phone, "reports-automated-emails-phone")
    no_horizontal_scroll(phone)


def test_demographics_charts_follow_the_group_toggle(new_page, make_admin):
    """Charts count real answers; the toggle switches between applied, accepted and confirmed."""
    organizer = make_admin()
    a_known_data_set()
    page = new_page()
    # The charts skip their entry animation for people who ask for less motion: the screenshots
    # then show them finished without a guess at how long the animation takes.
    page.emulate_media(reduced_motion="reduce")
    sign_in(page, organizer, next="/admin/demographics")
    expect(page.get_by_role("heading", name="Demographics", level=1)).to_be_visible()
    nav = page.get_by_role("navigation", name="Survey questions")
    expect(nav.get_by_role("link").first).to_be_visible()
    age = page.get_by_role("table", name=re.compile("^How old"))
    expect(age.get_by_role("row", name="19 2")).to_be_attached()
    expect(page.locator(".recharts-surface").first).to_be_visible()
    page.get_by_role("button", name="Confirmed").click()
    expect(page.get_by_role("button", name="Confirmed")).to_have_attribute("aria-pressed", "true")
    expect(age.get_by_role("row", name="20 1")).to_be_attached()
    expect(age.get_by_role("row", name="19 2")).to_have_count(0)
    expect(page).to_have_url(re.compile(r"group=confirmed"))
    page.get_by_role("button", name="Applied").click()
    expect(age.get_by_role("row", name="19 2")).to_be_attached()
    assert page.js_errors == []
    shot(page, "reports-demographics-desktop")

    phone = new_page(phone=True)
    phone.emulate_media(reduced_motion="reduce")
    sign_in(phone, organizer, next="/admin/demographics")
    expect(phone.locator(".recharts-surface").first).to_be_visible()
    shot(phone, "reports-demographics-phone")
    no_horizontal_scroll(phone)


def test_the_resume_book_downloads_one_resume_and_the_confirmed_attendees_zip(new_page, make_admin):
    """One PDF by email (or the spec's error), and a zip with every confirmed attendee's resume."""
    organizer = make_admin()
    confirmed = applicant("y2@yale.edu", "confirmed", school="Yale University")
    accepted = applicant("p2@princeton.edu", "accepted")
    for app in (confirmed, accepted):
        resume_upload(user=app.user, upload=SimpleUploadedFile("cv.pdf", PDF, content_type="application/pdf"))
    page = new_page()
    sign_in(page, organizer, next="/admin/resumebook")
    expect(page.get_by_role("heading", name="Resume Book")).to_be_visible()

    email = page.get_by_label("Applicant email")
    email.fill("not-an-email")
    email.blur()
    expect(page.get_by_text("Enter a valid email address")).to_be_visible()
    expect(page.get_by_role("button", name="Download resume")).to_be_disabled()

    email.fill("nobody@princeton.edu")
    page.get_by_role("button", name="Download resume").click()
    expect(page.get_by_text("No resume has been uploaded for this email address.")).to_be_visible()

    email.fill("P2@Princeton.edu")
    with page.expect_download() as info:
        page.get_by_role("button", name="Download resume").click()
    assert info.value.suggested_filename == "p2@princeton.edu.pdf"
    assert open(info.value.path(), "rb").read() == PDF
    expect(page.get_by_text("Resume downloaded successfully")).to_be_visible()

    with page.expect_download() as info:
        page.get_by_role("button", name="Download all resumes").click()
    assert info.value.suggested_filename.endswith(".zip")
    with zipfile.ZipFile(io.BytesIO(open(info.value.path(), "rb").read())) as archive:
        assert archive.namelist() == ["y2@yale.edu.pdf"]
    expect(page.get_by_text("All resumes downloaded successfully")).to_be_visible()
    assert page.js_errors == []
    shot(page, "reports-resumebook-desktop")

    phone = new_page(phone=True)
    sign_in(phone, organizer, next="/admin/resumebook")
    expect(phone.get_by_role("button", name="Download all resumes")).to_be_visible()
    shot(phone, "reports-resumebook-phone")
    no_horizontal_scroll(phone)
