"""The export takes the one filter language of applications (the table's), and its JSON grammar
as a translation into it: the same rows either way, a 400 that says why on anything else."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.core.management import CommandError, call_command

from apps.applications.filters import Filters, select
from apps.applications.tests.organizer_data import make_application
from apps.cycles.selectors import current_cycle
from apps.reports.filters import translate

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(db):
    make_application("ada@princeton.edu", status="confirmed", school="Princeton University", teamcode="123456")
    make_application("bo@yale.edu", status="checked_in", school="Yale University")
    make_application("cy@yale.edu", status="accepted", school="Yale University", teamcode="123456")
    make_application("di@mit.edu", status="rejected", school="Massachusetts Institute of Technology")


def rows(response) -> list[str]:
    assert response.status_code == 200
    text = b"".join(response.streaming_content).decode()
    return sorted(row["email"] for row in csv.DictReader(io.StringIO(text)))


def test_the_grammar_translates_into_the_filter_language():
    assert translate('{"status": {"$in": ["accepted", "confirmed"], "$ne": "confirmed"}, "school": "Yale"}') == {
        "status__in": ["accepted", "confirmed"],
        "status__ne": ["confirmed"],
        "school__in": ["Yale"],
    }
    assert translate({"teamcode": None, "travel_reimbursement": True, "email": " ADA@x.edu"}) == {
        "teamcode__in": [None],
        "travel_reimbursement__in": ["true"],
        "email__in": ["ada@x.edu"],
    }


def test_the_same_rows_by_the_grammar_and_by_the_table_s_keys(admin_client, people):
    grammar = {"status": {"$in": ["confirmed", "checked_in"]}, "school": {"$ne": "Princeton University"}}
    by_grammar = rows(admin_client.get("/api/applications/export", {"filters": json.dumps(grammar)}))
    by_keys = rows(admin_client.get("/api/applications/export?selection=confirmed&host=false"))
    repeated = rows(
        admin_client.get(
            "/api/applications/export?status__in=confirmed&status__in=checked_in&school__ne=Princeton University"
        )
    )
    assert by_grammar == by_keys == repeated == ["bo@yale.edu"]
    # Both at once combine; no team is a null in the grammar.
    both = admin_client.get("/api/applications/export", {"filters": json.dumps({"teamcode": None}), "host": "false"})
    assert rows(both) == ["bo@yale.edu", "di@mit.edu"]
    assert rows(admin_client.get("/api/applications/export", {"school": "yale"})) == ["bo@yale.edu", "cy@yale.edu"]


def test_an_empty_in_list_exports_the_header_only_and_blank_text_is_a_value(admin_client, people):
    r = admin_client.get("/api/applications/export", {"filters": json.dumps({"status": {"$in": []}})})
    assert r.status_code == 200
    assert b"".join(r.streaming_content).decode().splitlines()[0].startswith("email,")
    assert rows(admin_client.get("/api/applications/export", {"filters": '{"status": {"$in": []}}'})) == []
    assert rows(admin_client.get("/api/applications/export", {"filters": '{"school": ""}'})) == []
    everyone = rows(admin_client.get("/api/applications/export", {"filters": '{"school": {"$ne": ""}}'}))
    assert len(everyone) == 4


@pytest.mark.parametrize(
    "params, key",
    [
        ({"selection": "everyone"}, "selection"),
        ({"host": "maybe"}, "host"),
        ({"status__in": "nope"}, "status__in"),
        ({"colour": "red"}, "colour"),
        ({"filters": json.dumps({"status": "accepted"}), "status__in": "accepted"}, "status__in"),
        ({"reviews_min": "-1"}, "reviews_min"),
    ],
)
def test_a_bad_filter_is_a_400_naming_it(admin_client, people, params, key):
    r = admin_client.get("/api/applications/export", params)
    assert r.status_code == 400, r
    body = r.json()
    assert key in body["errors"] and body["message"]


def test_the_table_takes_the_same_keys_and_lists(admin_client, people, django_assert_max_num_queries):
    filters = {"status__in": ["confirmed", "checked_in"], "teamcode__ne": [None]}
    with django_assert_max_num_queries(6):
        r = admin_client.get("/api/applications/all", {"filters": json.dumps(filters)})
    assert r.status_code == 200, r.json()
    assert [row["email"] for row in r.json()["applications"]] == ["ada@princeton.edu"]
    # One value may come alone, as an address gives it; a list holds strings only.
    one = admin_client.get("/api/applications/all", {"filters": json.dumps({"status__in": "confirmed"})})
    assert [row["email"] for row in one.json()["applications"]] == ["ada@princeton.edu"]
    bad = admin_client.get("/api/applications/all", {"filters": json.dumps({"status__in": [1]})})
    assert bad.status_code == 400 and "status__in" in bad.json()["errors"]
    assert admin_client.get("/api/applications/all", {"filters": '{"selection": "nope"}'}).status_code == 400


def test_filters_are_checked_before_they_are_used(people):
    with pytest.raises(Exception, match="Unknown filter"):
        Filters({"colour": "red"})
    assert list(select(current_cycle(), {"selection": "admitted", "host": "true"}).values_list("email", flat=True)) == [
        "ada@princeton.edu"
    ]
    # An empty list selects nothing; an absent key filters nothing.
    assert not select(current_cycle(), {"status__in": []}).exists()
    assert select(current_cycle(), {}).count() == 4


def test_the_command_takes_the_table_s_keys_and_refuses_bad_ones(people):
    out = io.StringIO()
    call_command("export_applications", "--where", "selection=confirmed", "--where", "host=false", stdout=out)
    assert [row["email"] for row in csv.DictReader(io.StringIO(out.getvalue()))] == ["bo@yale.edu"]
    with pytest.raises(CommandError, match="Unknown parameter"):
        call_command("export_applications", "--where", "colour=red", stdout=io.StringIO())
    with pytest.raises(CommandError, match="KEY=VALUE"):
        call_command("export_applications", "--where", "selection", stdout=io.StringIO())
