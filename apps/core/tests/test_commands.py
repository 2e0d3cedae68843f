"""Operator commands: seed_demo, send_due_mailings, set_cycle_status, export_applications,
load_questions and dump_questions."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter

import pytest
from django.core import mail
from django.core.files.storage import storages
from django.core.management import call_command
from django.core.management.base import CommandError

from apps.accounts.models import User
from apps.applications import validation
from apps.applications.models import Answer, Application, ApplicationStatus, Question
from apps.applications.selectors import question_set
from apps.applications.tests.applicant_data import resume_storage  # noqa: F401 - fixture
from apps.applications.tests.organizer_data import make_application
from apps.core.management.commands import seed_demo
from apps.cycles.selectors import current_cycle
from apps.mailings.models import Mailing
from apps.resumes.models import Resume
from conftest import signed_in_client


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def snapshot() -> dict:
    return {
        "users": sorted(User.objects.values_list("email", "password", "role")),
        "applications": sorted(
            Application.objects.values_list("email", "status", "first", "school", "teamcode", "updated_at")
        ),
        "answers": Answer.objects.count(),
        "resumes": sorted(Resume.objects.values_list("user__email", "path", "size")),
        "questions": Question.objects.count(),
        "cycle": current_cycle().dates() | {"status": current_cycle().status},
    }


# --- seed_demo ---------------------------------------------------------------------------


@pytest.fixture
def seeded(db, resume_storage):  # noqa: F811 - the fixture imported above
    output = run("seed_demo")
    return output


def test_seed_demo_makes_a_living_portal(seeded, client):
    """An admin whose printed credentials work, an open cycle with future dates, ~50
    applicants across every status, each with a stored PDF resume."""
    assert seed_demo.ADMIN_EMAIL in seeded and seed_demo.ADMIN_PASSWORD in seeded
    admin = User.objects.get(email=seed_demo.ADMIN_EMAIL)
    assert admin.is_admin
    signed_in = signed_in_client(admin, seed_demo.ADMIN_PASSWORD)
    assert signed_in.get("/api/applications/stats").status_code == 200

    cycle = current_cycle()
    assert cycle.status == "open"
    assert cycle.due > cycle.created_at.date() and cycle.start > cycle.due and cycle.end >= cycle.start

    applications = Application.objects.filter(cycle=cycle)
    assert 45 <= applications.count() <= 60
    statuses = Counter(applications.values_list("status", flat=True))
    assert set(statuses) == set(ApplicationStatus.values) - {"unsubmitted"}
    # Registered students without an application are "unsubmitted".
    assert User.objects.filter(applications__isnull=True, role="user").count() >= 1

    schools = Counter(applications.values_list("school", flat=True))
    assert schools["Princeton University"] >= 5 and len(schools) >= 8

    storage = storages["resumes"]
    resumes = Resume.objects.filter(user__applications__cycle=cycle)
    assert resumes.count() == applications.count()
    for resume in resumes[:5]:
        with storage.open(resume.path, "rb") as handle:
            content = handle.read()
        assert content.startswith(b"%PDF-") and content.rstrip().endswith(b"%%EOF")


def test_seeded_applications_pass_the_real_validation(seeded):
    """Every submitted applicant answers every question that applies, validly."""
    cycle = current_cycle()
    sections = question_set(cycle)
    submitted = Application.objects.filter(cycle=cycle).exclude(status="started")
    for application in submitted:
        answers = dict(application.answers.values_list("question_id", "value"))
        body = {
            "first": application.first,
            "last": application.last,
            "school": application.school,
            "sections": [
                {
                    "section_name": s["section_name"],
                    "answers": [
                        {"question_id": q["question_id"], "answer": answers.get(q["question_id"], "")}
                        for q in s["questions"]
                    ],
                }
                for s in sections
            ],
            "checkboxes": application.checkboxes,
            "teamcode": application.teamcode,
        }
        parsed = validation.parse_application(body, sections)
        assert not parsed.errors, (application.email, parsed.errors)
        active = validation.active_sections(sections, parsed.answers)
        for section in active:
            for question in section["questions"]:
                if question["question_type"] not in ("resume", "list"):
                    assert answers.get(question["question_id"]), (application.email, question["question_id"])


def test_seeded_answers_vary(seeded):
    ages = set(Answer.objects.filter(question_id="age").values_list("value", flat=True))
    majors = set(Answer.objects.filter(question_id="major").values_list("value", flat=True))
    assert len(ages) >= 4 and len(majors) >= 4


def test_seed_demo_twice_changes_nothing(seeded):
    before = snapshot()
    output = run("seed_demo")
    assert "0 created" in output
    assert snapshot() == before


def test_seed_demo_keeps_an_operators_cycle_and_questions(db, resume_storage):  # noqa: F811
    """A cycle that is already configured and past opening is left alone."""
    run("set_cycle_status", "closed")
    cycle = current_cycle()
    from apps.cycles.services import cycle_update_config

    dates = {name: value for name, value in cycle.dates().items()}
    dates["due"] = "2031-01-01"
    cycle_update_config(cycle=cycle, dates=dates, status="closed", location="Here", housing_link=cycle.housing_link)
    output = run("seed_demo")
    cycle = current_cycle()
    assert cycle.status == "closed" and cycle.due.isoformat() == "2031-01-01"
    assert "can only be seeded while it is open" in output
    assert not Application.objects.exists()


# --- set_cycle_status --------------------------------------------------------------------


def test_set_cycle_status_moves_the_current_cycle(db):
    assert "not_open -> open" in run("set_cycle_status", "open")
    assert current_cycle().status == "open"


def test_set_cycle_status_to_released_queues_decision_emails(db):
    """It goes through cycle_set_status, so a release announces decisions like the page does."""
    make_application("ada@princeton.edu", status="accepted")
    mail.outbox.clear()
    from django.test import TestCase

    with TestCase.captureOnCommitCallbacks(execute=True):
        run("set_cycle_status", "released")
    assert [m.to for m in mail.outbox] == [["ada@princeton.edu"]]


def test_set_cycle_status_refuses_an_unknown_status(db):
    with pytest.raises(CommandError, match="Unknown cycle status 'party'"):
        run("set_cycle_status", "party")
    assert current_cycle().status == "not_open"


# --- export_applications -------------------------------------------------------------------


@pytest.fixture
def three(db):
    make_application("ada@princeton.edu", status="accepted", answers={"age": "19", "major": "=1+1"})
    make_application("bo@yale.edu", status="confirmed", school="Yale University", answers={"age": "22"})
    make_application("cy@princeton.edu", status="started")


def test_export_applications_writes_the_endpoints_csv(three, admin_client):
    output = run("export_applications")
    rows = list(csv.DictReader(io.StringIO(output)))
    assert sorted(r["email"] for r in rows) == ["ada@princeton.edu", "bo@yale.edu", "cy@princeton.edu"]
    endpoint = b"".join(admin_client.get("/api/applications/export").streaming_content).decode()
    assert output == endpoint
    assert rows[0]["major"] == "'=1+1"  # neutralised here too


def test_export_applications_filters_and_output_file(three, tmp_path):
    target = tmp_path / "accepted.csv"
    call_command(
        "export_applications",
        "--filters",
        json.dumps({"status": {"$in": ["accepted", "confirmed"]}, "school": {"$ne": "Yale University"}}),
        "--output",
        str(target),
        stdout=io.StringIO(),
        stderr=io.StringIO(),
    )
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8"))))
    assert [r["email"] for r in rows] == ["ada@princeton.edu"]


def test_export_applications_refuses_bad_filters(three):
    with pytest.raises(CommandError, match="Unknown filter field 'password'"):
        run("export_applications", "--filters", '{"password": "x"}')
    with pytest.raises(CommandError, match="JSON object"):
        run("export_applications", "--filters", "{not json")


# --- load_questions / dump_questions ----------------------------------------------------


def test_dump_then_load_round_trips_the_question_set(db, tmp_path):
    dumped = json.loads(run("dump_questions"))
    assert dumped == question_set(current_cycle())
    assert {q["question_type"] for s in dumped for q in s["questions"]} >= {"numeric", "multiselect", "resume"}

    dumped[0]["questions"].append(
        {"question_id": "pronouns", "question_text": "Your pronouns?", "question_type": "short_answer", "options": []}
    )
    source = tmp_path / "questions.json"
    source.write_text(json.dumps(dumped), encoding="utf-8")
    assert "Loaded" in run("load_questions", str(source))
    assert json.loads(run("dump_questions")) == dumped
    assert Question.objects.filter(cycle=current_cycle(), question_id="pronouns").exists()


def test_dump_questions_to_a_file(db, tmp_path):
    target = tmp_path / "set.json"
    call_command("dump_questions", "--output", str(target), stdout=io.StringIO(), stderr=io.StringIO())
    assert json.loads(target.read_text(encoding="utf-8")) == question_set(current_cycle())


def test_load_questions_keeps_the_set_when_the_file_is_bad(db, tmp_path):
    before = question_set(current_cycle())
    missing = tmp_path / "nope.json"
    with pytest.raises(CommandError, match="Can't read"):
        run("load_questions", str(missing))
    broken = tmp_path / "broken.json"
    broken.write_text("[{", encoding="utf-8")
    with pytest.raises(CommandError, match="not valid JSON"):
        run("load_questions", str(broken))
    invalid = tmp_path / "invalid.json"
    invalid.write_text(json.dumps([{"section_name": "", "conditional_on": None, "questions": []}]), encoding="utf-8")
    with pytest.raises(CommandError, match="not valid"):
        run("load_questions", str(invalid))
    assert question_set(current_cycle()) == before


# --- send_due_mailings ------------------------------------------------------------------


def test_send_due_mailings_sends_what_is_due_and_exits(db):
    from django.utils import timezone

    from apps.mailings.models import Delivery

    mailing = Mailing.objects.create(subject="Hi", audience="custom", html="<p>Hi</p>", send_at=timezone.now())
    Delivery.objects.create(mailing=mailing, email="ada@princeton.edu")
    mail.outbox.clear()
    output = run("send_due_mailings")
    assert "sent 1" in output
    assert [m.to for m in mail.outbox] == [["ada@princeton.edu"]]
    assert run("send_due_mailings").count("sent 0") == 1
