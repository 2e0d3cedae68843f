"""Browser journeys of privacy: from the dashboard's "Your data" card, a
student downloads their data, then deletes the account (typing its email in the dialog), and the
resume file is really gone from the storage. Screenshots of the card and the dialog at desktop
and phone size."""

from __future__ import annotations

import io
import json
import re
import zipfile

from apps.accounts.models import User
from apps.applications import status_machine
from apps.applications.models import AnonymisedApplicationCount, Application
from apps.applications.services import application_submit
from apps.applications.tests.applicant_data import PDF_BYTES, body, pdf_upload
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from apps.resumes.models import Resume, ResumeAccess
from apps.resumes.services import resume_storage, resume_upload
from e2e.conftest import expect, items_per_row, shot, sign_in
from e2e.test_accessibility import FAILING_IMPACTS, audit


def an_applicant(make_student, email: str = "ada@princeton.edu"):
    """A student who uploaded a resume and submitted, sharing the resume with sponsors."""
    cycle_set_status(cycle=current_cycle(), status="open")
    user = make_student(email)
    resume_upload(user=user, upload=pdf_upload())
    application_submit(user=user, data=body(share_resume_with_sponsors=True))
    return user


def serious(violations: list[dict]) -> list[dict]:
    return [v for v in violations if v["impact"] in FAILING_IMPACTS]


def test_a_student_downloads_their_data_then_deletes_the_account(page, make_student):
    user = an_applicant(make_student)
    path = Resume.objects.get(user=user).path
    assert resume_storage().exists(path)

    sign_in(page, user)
    card = page.get_by_role("region", name="Your data")
    expect(card).to_be_visible()
    expect(card.get_by_role("checkbox", name="Share my resume with sponsors")).to_be_checked()
    shot(page, "privacy-dashboard-desktop")
    # Its four items in one row on a laptop, two rows of two on a narrower screen: never one
    # left alone on a row (three columns left "Delete my account" by itself), nor the travel
    # request's Country above it.
    items = card.locator(".privacy-panel__item")
    travel = page.get_by_role("form", name="Travel support request").locator(".field")
    assert items_per_row(items) == [4] and items_per_row(travel) == [4]
    page.set_viewport_size({"width": 900, "height": 900})
    assert items_per_row(items) == [2, 2] and items_per_row(travel) == [2, 2]
    card.scroll_into_view_if_needed()
    shot(page, "privacy-dashboard-tablet", full_page=False)
    page.set_viewport_size({"width": 1280, "height": 800})

    # Download my data: a zip of data.json and the resume.
    with page.expect_download() as info:
        card.get_by_role("link", name="Download my data").click()
    download = info.value
    assert download.suggested_filename.startswith("my-data-") and download.suggested_filename.endswith(".zip")
    archive = zipfile.ZipFile(io.BytesIO(open(download.path(), "rb").read()))
    assert sorted(archive.namelist()) == ["data.json", "resume.pdf"]
    assert archive.read("resume.pdf") == PDF_BYTES
    data = json.loads(archive.read("data.json"))
    assert data["account"]["email"] == "ada@princeton.edu"
    assert data["applications"][0]["status"] == "submitted"

    # Delete my account: the dialog takes focus, waits for the right address, Escape cancels.
    card.get_by_role("button", name="Delete my account").click()
    dialog = page.get_by_role("alertdialog", name="Delete your account?")
    expect(dialog).to_be_visible()
    field = dialog.get_by_label("Type your email address to confirm")
    expect(field).to_be_focused()
    confirm = dialog.get_by_role("button", name="Delete my account")
    field.fill("ada@princeton.ed")
    expect(confirm).to_be_disabled()
    assert serious(audit(page)) == []
    shot(page, "privacy-delete-dialog-desktop", full_page=False)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(card.get_by_role("button", name="Delete my account")).to_be_focused()
    assert User.objects.filter(pk=user.pk).exists()

    card.get_by_role("button", name="Delete my account").click()
    field.fill("ADA@princeton.edu")
    expect(confirm).to_be_enabled()
    with page.expect_navigation():
        confirm.click()
    page.wait_for_url("**/account-deleted")
    expect(page.get_by_role("heading", name="Your account is deleted")).to_be_visible()

    assert not User.objects.filter(email="ada@princeton.edu").exists()
    assert not Application.objects.filter(email="ada@princeton.edu").exists()
    assert not Resume.objects.filter(path=path).exists()
    assert not resume_storage().exists(path)  # through django-storages' API: the file is gone
    assert AnonymisedApplicationCount.objects.get().count == 1
    # Signed out: the dashboard asks to sign in, and the old password no longer works.
    page.goto("/dashboard")
    page.wait_for_url("**/login?next=%2Fdashboard")
    assert page.js_errors == []


def test_the_card_and_dialog_on_a_phone(phone_page, make_student):
    user = an_applicant(make_student, "lin@princeton.edu")
    sign_in(phone_page, user)
    card = phone_page.get_by_role("region", name="Your data")
    card.scroll_into_view_if_needed()
    expect(card.get_by_role("link", name="Download my data")).to_be_visible()
    shot(phone_page, "privacy-dashboard-phone")
    # Withdrawing the sponsors' consent takes effect at once.
    card.get_by_role("checkbox", name="Share my resume with sponsors").uncheck()
    expect(card.get_by_role("status")).to_contain_text("out of the sponsors' resume book")
    card.get_by_role("button", name="Delete my account").click()
    dialog = phone_page.get_by_role("alertdialog", name="Delete your account?")
    expect(dialog).to_be_visible()
    dialog.get_by_label("Type your email address to confirm").fill("lin@princeton.edu")
    shot(phone_page, "privacy-delete-dialog-phone", full_page=False)
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    assert User.objects.filter(pk=user.pk).exists()
    assert phone_page.js_errors == []


def test_the_sponsor_book_and_who_downloaded_the_resume(new_page, make_admin, make_student):
    """An organizer downloads the sponsors' resume book (only Ada agreed) and Bob's resume; each
    applicant's page then says who downloaded their resume, when and how."""
    organizer = make_admin()
    ada = an_applicant(make_student, "ada@princeton.edu")
    bob = make_student("bob@princeton.edu")
    resume_upload(user=bob, upload=pdf_upload())
    application_submit(user=bob, data=body())
    for application in Application.objects.all():
        status_machine.transition(application_id=application.pk, to="confirmed")

    page = new_page()
    sign_in(page, organizer, next="/admin/resumebook")
    with page.expect_download() as info:
        page.get_by_role("button", name="Download the sponsor resume book").click()
    archive = zipfile.ZipFile(io.BytesIO(open(info.value.path(), "rb").read()))
    assert archive.namelist() == ["ada@princeton.edu.pdf"]
    expect(page.get_by_text("Sponsor resume book downloaded successfully")).to_be_visible()
    page.get_by_label("Applicant email").fill("bob@princeton.edu")
    with page.expect_download():
        page.get_by_role("button", name="Download resume").click()
    shot(page, "privacy-resume-book-desktop")

    page.goto("/admin/users/ada%40princeton.edu")
    log = page.get_by_role("region", name="Resume downloads")
    expect(log.get_by_role("row")).to_have_count(2)  # the header and one download
    expect(log).to_contain_text("Sponsor resume book (zip)")
    expect(log).to_contain_text(organizer.email)
    log.scroll_into_view_if_needed()
    shot(page, "privacy-resume-log-desktop", full_page=False)
    page.goto("/admin/users/bob%40princeton.edu")
    expect(page.get_by_role("region", name="Resume downloads")).to_contain_text("Single download")
    assert {(a.owner_id, a.how) for a in ResumeAccess.objects.all()} == {(ada.pk, "sponsor_book"), (bob.pk, "single")}
    assert page.js_errors == []


def test_the_apply_form_asks_the_consents_with_their_versioned_texts(page, make_student):
    cycle_set_status(cycle=current_cycle(), status="open")
    user = make_student("ada@princeton.edu")
    sign_in(page, user, next="/apply")
    conduct = page.get_by_role("group", name="Code of conduct")
    expect(conduct.get_by_role("checkbox")).to_have_count(3)
    expect(conduct.get_by_role("link", name="MLH Code of Conduct")).to_be_visible()
    sharing = page.get_by_role("group", name="Sharing your resume")
    share = sharing.get_by_role("checkbox", name=re.compile("Share my resume with the event's sponsors"))
    expect(share).not_to_be_checked()
    sharing.scroll_into_view_if_needed()
    shot(page, "privacy-apply-consents-desktop", full_page=False)
