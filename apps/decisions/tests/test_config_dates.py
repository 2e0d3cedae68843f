"""POST cycle/config keeps the dates in order: due ≤ start ≤ end; confirmation_first_deadline ≤
confirmation_second_deadline ≤ end; confirmation_first_deadline, waitlist_deadline and housing
≤ end. A 400 names each field out of order as `dates.<name>` (what the configuration form maps
to its field) and saves nothing."""

from __future__ import annotations

import datetime

import pytest

from apps.cycles.models import DEFAULT_DATES
from apps.cycles.selectors import current_cycle, cycle_config
from apps.cycles.services import dates_check

pytestmark = pytest.mark.django_db

JSON = "application/json"
CONFIG = "/api/applications/cycle/config"
GOOD = {
    "due": "2026-02-01",
    "housing": "2026-02-10",
    "confirmation_first_deadline": "2026-02-15",
    "waitlist_deadline": "2026-02-20",
    "confirmation_second_deadline": "2026-02-25",
    "start": "2026-03-07",
    "end": "2026-03-08",
}


def save(client, **dates):
    body = {**cycle_config(current_cycle()), "dates": {**GOOD, **dates}}
    return client.post(CONFIG, body, content_type=JSON)


def test_dates_in_order_are_saved(admin_client):
    r = save(admin_client)
    assert r.status_code == 200, r.json()
    assert current_cycle().dates() == GOOD


@pytest.mark.parametrize(
    ("changed", "field"),
    [
        ({"due": "2026-03-08"}, "dates.due"),
        ({"end": "2026-03-06"}, "dates.end"),
        ({"confirmation_first_deadline": "2026-02-26"}, "dates.confirmation_second_deadline"),
        ({"confirmation_second_deadline": "2026-03-09"}, "dates.confirmation_second_deadline"),
        ({"waitlist_deadline": "2026-03-09"}, "dates.waitlist_deadline"),
        ({"housing": "2026-03-09"}, "dates.housing"),
    ],
)
def test_a_date_out_of_order_is_a_400_at_its_field(admin_client, changed, field):
    r = save(admin_client, location="Elsewhere", **changed)
    assert r.status_code == 400, r.json()
    body = r.json()
    assert body["message"] == "The dates are out of order."
    assert list(body["errors"]) == [field]
    assert body["errors"][field][0].startswith("Must be on or ")
    assert current_cycle().location != "Elsewhere"


def test_the_message_names_the_other_date(admin_client):
    r = save(admin_client, end="2026-03-01")
    assert r.json()["errors"] == {"dates.end": ["Must be on or after the event's start (March 7, 2026)."]}


def test_an_end_typed_before_the_start_flags_every_deadline_after_it(admin_client):
    """The end mistyped (before the start, before the deadlines): every date it puts out of order
    is named in the one answer, the first confirmation deadline and the housing form's included,
    not only the deadlines whose own pair broke."""
    r = save(
        admin_client,
        start="2026-12-20",
        end="2026-12-10",
        confirmation_first_deadline="2027-01-09",
        confirmation_second_deadline="2027-01-12",
        waitlist_deadline="2027-01-10",
        housing="2027-01-06",
    )
    assert r.status_code == 400
    end = ["Must be on or before the event's end (December 10, 2026)."]
    assert r.json()["errors"] == {
        "dates.end": ["Must be on or after the event's start (December 20, 2026)."],
        "dates.confirmation_first_deadline": end,
        "dates.confirmation_second_deadline": end,
        "dates.waitlist_deadline": end,
        "dates.housing": end,
    }


def test_equal_dates_are_in_order(admin_client):
    same = dict.fromkeys(GOOD, "2026-03-07")
    assert save(admin_client, **same).status_code == 200


def test_the_defaults_and_a_fresh_install_are_in_order(admin_client):
    """A cycle never configured can be saved as it is (its other fields edited) without touching
    the dates: the defaults keep the rule."""
    assert dates_check(DEFAULT_DATES) == {}
    body = {**cycle_config(current_cycle()), "location": "Friend Center"}
    r = admin_client.post(CONFIG, body, content_type=JSON)
    assert r.status_code == 200, r.json()


def test_stored_dates_out_of_order_are_named_and_fixable_in_one_save(admin_client):
    """A cycle saved before the rule with its dates out of order: the save names the field, and
    the same save with the field fixed goes through (nothing else blocks it)."""
    cycle = current_cycle()
    cycle.start = datetime.date(2030, 1, 1)  # after the default end
    cycle.save()
    body = cycle_config(current_cycle())
    r = admin_client.post(CONFIG, {**body, "location": "Friend Center"}, content_type=JSON)
    assert r.status_code == 400 and "dates.end" in r.json()["errors"]
    fixed = {**body, "location": "Friend Center", "dates": {**body["dates"], "end": "2030-01-02"}}
    fixed["dates"].update(confirmation_second_deadline="2030-01-01", waitlist_deadline="2030-01-01")
    assert admin_client.post(CONFIG, fixed, content_type=JSON).status_code == 200
    assert current_cycle().location == "Friend Center"
