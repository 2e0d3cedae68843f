"""The door's times are in the event's time zone (EVENT_TIME_ZONE, UTC by default), and every
answer that carries a time names the zone."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from apps.accounts.models import Role
from apps.checkin.models import CheckIn

from .helpers import applicant, scan, staff_client, ticket_for, token

pytestmark = pytest.mark.django_db

# 15:30 UTC on a winter day: 10:30 in New York (EST, UTC-5).
MOMENT = datetime.datetime(2026, 1, 15, 15, 30, tzinfo=datetime.UTC)


@pytest.fixture
def checked_in():
    ada = applicant("ada@princeton.edu", first="Ada", last="Lovelace")
    volunteer = staff_client(Role.VOLUNTEER, email="sam@princeton.edu")
    ticket = ticket_for(ada)
    assert scan(volunteer, token(ticket)).status_code == 200
    CheckIn.objects.filter(application=ada).update(at=MOMENT)
    return ada, ticket


def test_times_are_written_in_the_event_zone_and_name_it(checked_in, settings):
    settings.EVENT_TIME_ZONE = "America/New_York"
    ada, ticket = checked_in
    organizer = staff_client(Role.ADMIN)
    again = scan(organizer, token(ticket))
    assert again.status_code == 409
    body = again.json()
    # The message reads the door's clock, with the zone's abbreviation.
    assert body["message"].startswith("Already checked in at 10:30 EST")
    assert body["person"]["time_zone"] == "America/New_York"
    assert datetime.datetime.fromisoformat(body["person"]["checked_in_at"]).utcoffset() == datetime.timedelta(hours=-5)
    found = organizer.get("/api/checkin/search", {"q": "Ada"}).json()["results"][0]
    assert found["time_zone"] == "America/New_York"
    assert found["checked_in_at"].startswith("2026-01-15T10:30:00") and found["checked_in_at"].endswith("-05:00")
    assert datetime.datetime.fromisoformat(found["checked_in_at"]) == MOMENT
    assert organizer.get("/api/checkin/stats").json()["time_zone"] == "America/New_York"


def test_the_default_zone_is_utc(checked_in):
    organizer = staff_client(Role.ADMIN)
    found = organizer.get("/api/checkin/search", {"q": "Ada"}).json()["results"][0]
    assert found["time_zone"] == "UTC"
    assert datetime.datetime.fromisoformat(found["checked_in_at"].replace("Z", "+00:00")) == MOMENT
    assert timezone.get_current_timezone_name() == "UTC"


def test_a_misspelt_zone_stops_the_start():
    import subprocess
    import sys

    code = "import django, os; os.environ['DJANGO_SETTINGS_MODULE']='config.settings.test'; django.setup()"
    env = {"EVENT_TIME_ZONE": "Mars/Olympus_Mons", "PATH": "/usr/bin:/bin"}
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "EVENT_TIME_ZONE" in result.stderr
