"""Who downloaded which resume (apps.resumes' access log, shown on the organizer's applicant
page), the sponsors' resume book (consenting people only) and the consent switch."""

from __future__ import annotations

import io
import json
import re
import zipfile

import pytest

from apps.applications import status_machine
from apps.privacy.tests.privacy_data import new_applicant
from apps.resumes.models import ResumeAccess

BOOK = "/api/resume/download-all"
SWITCH = "/api/privacy/consents/sponsors"


def confirm(application) -> None:
    status_machine.transition(application_id=application.pk, to="confirmed")


def names(response) -> list[str]:
    assert response.status_code == 200
    return sorted(zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content))).namelist())


@pytest.fixture
def attendees(applicant):
    """Ada (consents to sponsors) and Bob (does not), both confirmed, both with a resume."""
    ada, ada_client, ada_app = applicant
    bob, bob_client, bob_app = new_applicant("bob@princeton.edu")
    confirm(ada_app)
    confirm(bob_app)
    return (ada, ada_client), (bob, bob_client)


def test_a_single_download_is_logged_with_who_when_and_how(applicant, admin_client, organizer):
    ada, _, _ = applicant
    assert admin_client.get("/api/resume/download/ada%40princeton.edu").status_code == 200
    entry = ResumeAccess.objects.get(owner=ada)
    assert (entry.accessed_by, entry.accessed_by_email, entry.how) == (organizer, organizer.email, "single")
    assert admin_client.get("/api/resume/download/nobody%40princeton.edu").status_code == 404
    assert ResumeAccess.objects.count() == 1


def test_the_organizers_book_holds_everyone_confirmed_and_logs_each_resume(attendees, admin_client):
    assert names(admin_client.get(BOOK)) == ["ada@princeton.edu.pdf", "bob@princeton.edu.pdf"]
    assert sorted(ResumeAccess.objects.values_list("owner__email", "how")) == [
        ("ada@princeton.edu", "book"),
        ("bob@princeton.edu", "book"),
    ]


def test_the_sponsors_book_holds_only_those_who_consent(attendees, admin_client):
    r = admin_client.get(BOOK, {"for": "sponsors"})
    assert r["Content-Disposition"].startswith('attachment; filename="resumes-sponsors-')
    assert names(r) == ["ada@princeton.edu.pdf"]
    assert list(ResumeAccess.objects.values_list("owner__email", "how")) == [("ada@princeton.edu", "sponsor_book")]


def test_withdrawing_the_consent_takes_one_out_of_the_next_sponsors_book(attendees, admin_client):
    (ada, ada_client), (bob, bob_client) = attendees
    assert ada_client.get(SWITCH).json() == {"share_resume_with_sponsors": True, "can_change": True}
    r = ada_client.put(SWITCH, {"share_resume_with_sponsors": False}, content_type="application/json")
    assert r.status_code == 200, r.json()
    r = bob_client.put(SWITCH, {"share_resume_with_sponsors": True}, content_type="application/json")
    assert r.status_code == 200
    assert names(admin_client.get(BOOK, {"for": "sponsors"})) == ["bob@princeton.edu.pdf"]
    bob_client.put(SWITCH, {"share_resume_with_sponsors": False}, content_type="application/json")
    r = admin_client.get(BOOK, {"for": "sponsors"})
    assert r.status_code == 404
    assert "agreed to share" in r.json()["message"]


def test_the_switch_needs_a_submitted_application_and_a_boolean(db, student_client, open_cycle):
    assert student_client.get(SWITCH).json() == {"share_resume_with_sponsors": False, "can_change": False}
    r = student_client.put(SWITCH, {"share_resume_with_sponsors": True}, content_type="application/json")
    assert r.status_code == 409
    r = student_client.put(SWITCH, {"share_resume_with_sponsors": "maybe"}, content_type="application/json")
    assert r.status_code == 400


def test_an_unknown_book_is_a_400_and_students_get_403(attendees, admin_client):
    (ada, ada_client), _ = attendees
    assert admin_client.get(BOOK, {"for": "everyone"}).status_code == 400
    assert ada_client.get(BOOK, {"for": "sponsors"}).status_code == 403
    assert not ResumeAccess.objects.exists()


def test_the_applicant_page_shows_the_log(attendees, admin_client):
    admin_client.get("/api/resume/download/ada%40princeton.edu")
    names(admin_client.get(BOOK, {"for": "sponsors"}))
    html = admin_client.get("/admin/users/ada%40princeton.edu").content.decode()
    found = re.search(r'id="admin-users-email-props" type="application/json">(.*?)</script>', html, re.S)
    props = json.loads(found[1])
    assert [(e["by"], e["how"]) for e in props["resumeAccess"]] == [
        ("grace@princeton.edu", "sponsor_book"),
        ("grace@princeton.edu", "single"),
    ]
    assert props["resumeAccess"][0]["how_label"] == "Sponsor resume book (zip)"


def test_the_dashboard_shows_the_sponsors_switch_as_the_privacy_api_reads_it(attendees):
    """Two reads of one consent: the privacy API's (consents.is_given) and the dashboard's
    props (its one compiled read, apps.applications.pages), after every change."""
    (_ada, ada_client), _ = attendees

    def on_dashboard() -> bool:
        html = ada_client.get("/dashboard").content.decode()
        props = json.loads(re.search(r'id="dashboard-props" type="application/json">(.*?)</script>', html, re.S)[1])
        return props["shareResumeWithSponsors"]

    assert on_dashboard() is ada_client.get(SWITCH).json()["share_resume_with_sponsors"] is True
    for value in (False, True, False):
        r = ada_client.put(SWITCH, {"share_resume_with_sponsors": value}, content_type="application/json")
        assert r.status_code == 200, r.json()
        assert on_dashboard() is ada_client.get(SWITCH).json()["share_resume_with_sponsors"] is value
