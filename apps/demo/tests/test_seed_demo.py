"""The operator command seed_demo: a living demo portal, idempotent, keeping an operator's cycle."""

from __future__ import annotations

import datetime
import io
from collections import Counter

import pytest
from django.core.files.storage import storages
from django.core.management import call_command

from apps.accounts.models import User
from apps.applications import validation
from apps.applications.models import Answer, Application, ApplicationStatus
from apps.applications.tests.applicant_data import resume_storage  # noqa: F401 - fixture
from apps.cycles.models import Question
from apps.cycles.selectors import current_cycle, question_set
from apps.demo.management.commands import seed_demo
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


def test_seeded_funnel_reads_like_a_cycle(seeded):
    """The admin panel's funnel narrows stage by stage, as a real cycle's does: every decision
    came after a scored review (seeded decisions without one read "Reviewed 0 -> Decided 34"),
    and the review to-dos have something in them. "Released" is the exception: the demo's
    cycle stays open for new visitors to apply, so its decisions are not released (0)."""
    admin = User.objects.get(email=seed_demo.ADMIN_EMAIL)
    home = signed_in_client(admin, seed_demo.ADMIN_PASSWORD).get("/api/admin/home").json()
    counts = [stage["count"] for stage in home["funnel"] if stage["key"] != "released"]
    assert counts == sorted(counts, reverse=True), home["funnel"]
    stages = {stage["key"]: stage["count"] for stage in home["funnel"]}
    assert stages["reviewed"] >= stages["decided"] > 0
    todos = {todo["key"]: todo["count"] for todo in home["todos"]}
    assert todos["unreviewed"] > 0 and todos["unassigned"] > 0


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
    assert "Applicants created: 0;" in output
    assert snapshot() == before


def test_seed_demo_keeps_an_operators_cycle_and_questions(db, resume_storage):  # noqa: F811
    """A cycle that is already configured and past opening is left alone."""
    run("set_cycle_status", "closed")
    cycle = current_cycle()
    from apps.cycles.services import cycle_update_config

    dates = dict.fromkeys(cycle.dates(), datetime.date(2031, 2, 1))
    dates["due"] = datetime.date(2031, 1, 1)
    cycle_update_config(cycle=cycle, dates=dates, location="Here", housing_link=cycle.housing_link)
    output = run("seed_demo")
    cycle = current_cycle()
    assert cycle.status == "closed" and cycle.due.isoformat() == "2031-01-01"
    assert "can only be seeded while it is open" in output
    assert not Application.objects.exists()
