"""`/api/applications/cycle/*`: status, config and the current cycle, with every refusal, and
what switching the current cycle does to question sets, accounts and resumes."""

from __future__ import annotations

import pytest

from apps.applications.models import Application
from apps.applications.tests.applicant_data import pdf_upload, resume_storage  # noqa: F401 - fixture
from apps.cycles.models import DEFAULT_DATES, Cycle, Question, Section
from apps.cycles.questions import default_question_set
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_make_current, ensure_current_cycle, questions_dump, questions_replace
from apps.resumes.models import Resume
from apps.resumes.services import resume_upload

pytestmark = pytest.mark.django_db

STATUS = "/api/applications/cycle/status"
CONFIG = "/api/applications/cycle/config"
CURRENT = "/api/applications/cycle/current"

VALID_CONFIG = {
    "dates": {
        "start": "2026-10-10",
        "end": "2026-10-11",
        "housing": "2026-10-01",
        "confirmation_first_deadline": "2026-09-20",
        "confirmation_second_deadline": "2026-09-30",
        "due": "2026-09-01",
        "waitlist_deadline": "2026-09-25",
    },
    "status": "open",
    "location": "Friend Center, Princeton, NJ",
    "housing_link": "https://forms.example.edu/housing",
}


def post(client, url, data):
    return client.post(url, data, content_type="application/json")


def config(**changes) -> dict:
    data = {**VALID_CONFIG, "dates": dict(VALID_CONFIG["dates"])}
    data.update(changes)
    return data


# --- A fresh database ---------------------------------------------------------------------


def test_a_fresh_database_has_one_current_cycle_with_the_spec_defaults(student_client):
    assert Cycle.objects.filter(is_current=True).count() == 1
    r = student_client.get(CONFIG)
    assert r.status_code == 200
    assert r.json()["status"] == "not_open"
    assert r.json()["dates"] == {name: value.isoformat() for name, value in DEFAULT_DATES.items()}
    assert r.json()["dates"]["due"] == "2024-05-20"
    assert r.json()["dates"]["start"] == "2024-05-21"
    assert r.json()["location"] and r.json()["housing_link"].startswith("https://")


def test_a_fresh_database_has_the_default_question_set():
    assert questions_dump(current_cycle()) == default_question_set()


# --- GET status ---------------------------------------------------------------------------


def test_anyone_gets_the_status_as_a_json_string(client):
    r = client.get(STATUS)
    assert r.status_code == 200
    assert r.json() == "not_open"


def test_the_status_follows_the_configuration(admin_client, client):
    assert post(admin_client, CONFIG, config(status="closed")).status_code == 200
    assert client.get(STATUS).json() == "closed"


# --- GET / POST config --------------------------------------------------------------------


def test_anonymous_visitors_get_401_for_config_and_current(client):
    assert client.get(CONFIG).status_code == 401
    assert client.get(CURRENT).status_code == 401
    assert post(client, CONFIG, config()).status_code == 401
    assert post(client, CURRENT, {"year": 2030, "cycle": "fall"}).status_code == 401


def test_an_organizer_updates_the_whole_configuration(admin_client, student_client):
    r = post(admin_client, CONFIG, config())
    assert r.status_code == 200, r.json()
    assert r.json()["message"] == "Configuration updated successfully"
    fetched = student_client.get(CONFIG).json()
    # Beyond the contract's shape: the retention date, unset until an organizer sets it.
    assert fetched == {**VALID_CONFIG, "retention_date": None}


def test_a_student_gets_403_and_nothing_changes(student_client):
    r = post(student_client, CONFIG, config())
    assert r.status_code == 403
    assert current_cycle().status == "not_open"


def _without(field: str) -> dict:
    data = config()
    if field.startswith("dates."):
        del data["dates"][field.split(".", 1)[1]]
    else:
        del data[field]
    return data


@pytest.mark.parametrize(
    "field", ["status", "location", "housing_link", "dates", *[f"dates.{name}" for name in DEFAULT_DATES]]
)
def test_every_config_field_is_required(admin_client, field):
    r = post(admin_client, CONFIG, _without(field))
    assert r.status_code == 400, r.json()
    assert r.json()["message"]
    assert current_cycle().status == "not_open"


@pytest.mark.parametrize("value", ["2026-02-30", "10/10/2026", "tomorrow", "", 20261010, None])
def test_a_bad_date_is_refused(admin_client, value):
    data = config()
    data["dates"]["start"] = value
    r = post(admin_client, CONFIG, data)
    assert r.status_code == 400
    assert "dates.start" in r.json()["errors"]


@pytest.mark.parametrize("value", ["not a url", "javascript:alert(1)", "forms/housing", ""])
def test_a_bad_housing_link_is_refused(admin_client, value):
    r = post(admin_client, CONFIG, config(housing_link=value))
    assert r.status_code == 400
    assert "housing_link" in r.json()["errors"]


@pytest.mark.parametrize("value", ["opened", "OPEN", "", None, 3])
def test_an_unknown_status_is_refused(admin_client, value):
    r = post(admin_client, CONFIG, config(status=value))
    assert r.status_code == 400
    assert "status" in r.json()["errors"]


def test_a_blank_location_is_refused(admin_client):
    assert post(admin_client, CONFIG, config(location="")).status_code == 400


@pytest.mark.parametrize("raw", ["{", "[]", '"open"'])
def test_a_malformed_config_body_is_a_400(admin_client, raw):
    assert admin_client.post(CONFIG, raw, content_type="application/json").status_code == 400


def test_get_config_takes_a_constant_number_of_queries(student_client, django_assert_max_num_queries):
    with django_assert_max_num_queries(3):
        assert student_client.get(CONFIG).status_code == 200


# --- GET / POST current -------------------------------------------------------------------


def test_signed_in_users_get_the_current_cycle(student_client):
    cycle = current_cycle()
    assert student_client.get(CURRENT).json() == {"year": cycle.year, "cycle": cycle.season}


def test_a_student_cannot_switch_the_cycle(student_client):
    before = current_cycle().pk
    assert post(student_client, CURRENT, {"year": 2030, "cycle": "fall"}).status_code == 403
    assert current_cycle().pk == before


@pytest.mark.parametrize(
    "data",
    [
        {"year": 2030, "cycle": "summer"},
        {"year": 2030},
        {"cycle": "fall"},
        {"year": "next", "cycle": "fall"},
        {"year": 1999, "cycle": "fall"},
        {"year": 10**12, "cycle": "fall"},
    ],
)
def test_switching_needs_a_year_and_fall_or_spring(admin_client, data):
    before = current_cycle().pk
    assert post(admin_client, CURRENT, data).status_code == 400
    assert current_cycle().pk == before


def test_switching_to_a_new_cycle_creates_it_with_a_copy_of_the_question_set(admin_client, student_client):
    old = current_cycle()
    edited = default_question_set()
    edited[0]["questions"][0]["question_text"] = "Your age on the first day?"
    questions_replace(old, edited)

    r = post(admin_client, CURRENT, {"year": 2031, "cycle": "spring"})
    assert r.status_code == 200, r.json()
    assert r.json() == {"year": 2031, "cycle": "spring"}
    new = current_cycle()
    assert (new.season, new.year) == ("spring", 2031) and new.pk != old.pk
    assert Cycle.objects.filter(is_current=True).count() == 1
    assert student_client.get(CURRENT).json() == {"year": 2031, "cycle": "spring"}
    # The copy is the new cycle's own: editing it leaves the old cycle's set alone.
    assert questions_dump(new) == edited
    assert not Section.objects.filter(cycle=new).filter(pk__in=Section.objects.filter(cycle=old)).exists()
    questions_replace(new, default_question_set())
    assert questions_dump(old) == edited
    # A new cycle starts with the spec's default configuration.
    assert new.status == "not_open" and new.due == DEFAULT_DATES["due"]


def test_switching_keeps_accounts_and_resumes_and_starts_a_fresh_season(
    admin_client,
    student,
    student_client,
    resume_storage,  # noqa: F811
):
    resume_upload(user=student, upload=pdf_upload())
    Application.objects.create(cycle=current_cycle(), user=student, email=student.email, first="Ada")
    assert post(admin_client, CURRENT, {"year": 2032, "cycle": "fall"}).status_code == 200
    # The same session still works, the resume is still on file, and there's no application yet.
    assert student_client.get("/api/resume/submitted").json() == {"submitted": True}
    assert student_client.get("/api/applications/status").json()["status"] == "unsubmitted"
    assert Resume.objects.filter(user=student).exists()
    assert Application.objects.filter(user=student).count() == 1


def test_switching_back_to_an_existing_cycle_keeps_its_own_set(admin_client):
    old = current_cycle()
    post(admin_client, CURRENT, {"year": 2033, "cycle": "fall"})
    small = default_question_set()[:1]
    questions_replace(current_cycle(), small)
    r = post(admin_client, CURRENT, {"year": old.year, "cycle": old.season})
    assert r.status_code == 200
    assert current_cycle().pk == old.pk
    assert questions_dump(old) == default_question_set()


def test_switching_to_the_current_cycle_changes_nothing(admin_client):
    cycle = current_cycle()
    count = Question.objects.count()
    r = post(admin_client, CURRENT, {"year": cycle.year, "cycle": cycle.season})
    assert r.status_code == 200
    assert current_cycle().pk == cycle.pk
    assert Question.objects.count() == count


def test_a_new_cycle_gets_the_default_set_when_the_previous_one_has_none():
    old = current_cycle()
    Section.objects.filter(cycle=old).delete()
    new = cycle_make_current(season="fall", year=2034)
    assert questions_dump(new) == default_question_set()


def test_a_recreated_current_cycle_gets_the_default_set():
    """If every cycle was deleted (a flushed database), ensure_current_cycle (seeding, test
    setup) brings the current cycle back with the default question set."""
    Cycle.objects.all().delete()
    cycle = ensure_current_cycle()
    assert cycle.is_current
    assert current_cycle().pk == cycle.pk
    assert questions_dump(cycle) == default_question_set()
