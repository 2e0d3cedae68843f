"""The question builder page (/admin/createapp): server-side guards and props. It lives with the
question set it edits, in the cycle's configuration."""

import json
import re

import pytest

URL, PAGE = "/admin/createapp", "admin-createapp"


def island_props(response) -> dict:
    match = re.search(rf'<script id="{PAGE}-props" type="application/json">(.*?)</script>', response.content.decode())
    assert match, f"no props for {PAGE}"
    return json.loads(match.group(1))


def test_anonymous_visitor_is_sent_to_login_with_next(client, db):
    r = client.get(URL)
    assert r.status_code == 302
    assert r["Location"] == "/login?next=%2Fadmin%2Fcreateapp"


def test_student_is_sent_to_dashboard(student_client):
    r = student_client.get(URL)
    assert r.status_code == 302
    assert r["Location"] == "/dashboard"


def test_admin_gets_the_island(admin_client):
    r = admin_client.get(URL)
    assert r.status_code == 200
    assert f'id="{PAGE}-root"' in r.content.decode()
    assert isinstance(island_props(r), dict)


@pytest.mark.parametrize("method", ["post", "put", "delete"])
def test_the_page_only_answers_safe_methods(admin_client, method):
    assert getattr(admin_client, method)(URL).status_code == 405


def test_builder_page_carries_the_cycle_and_its_status(admin_client):
    props = island_props(admin_client.get(URL))
    assert props["cycleStatus"] == "not_open"
    assert props["cycle"]


def test_with_spanish_enabled_the_builder_is_told_the_languages_to_translate_into(admin_client, settings):
    settings.LANGUAGES = [("en", "English"), ("es", "Español")]
    props = island_props(admin_client.get(URL))
    assert props["languages"] == [{"code": "es", "name": "Español"}]
    assert props["defaultLanguage"] == {"code": "en", "name": "English"}


def test_with_one_language_there_is_nothing_to_translate_into(admin_client):
    assert island_props(admin_client.get(URL))["languages"] == []
