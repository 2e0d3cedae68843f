"""The school and country lists: one file each, read once, served publicly and cacheably,
and the same lists the server's validation checks against."""

from __future__ import annotations

import gzip
import json

import pytest

from apps.applications import selectors


def test_the_school_file_holds_every_verified_school_and_college_not_present():
    names = selectors.school_names()
    assert "Princeton University" in names
    assert names[-1] == "College Not Present"
    # The 12,717 names of the verified list (apps/applications/data), then the extra option.
    assert len(names) == len(set(names)) == 12_718
    assert {"Acadia University", "Akkamahadevi Women's University, Vijayapura"} <= set(names)


def test_the_country_file_holds_about_195_names_including_the_three_the_spec_names():
    names = selectors.country_names()
    assert 190 <= len(names) <= 200
    assert {"Palestine State", "Vatican City", "Taiwan"} <= set(names)
    assert len(names) == len(set(names))


def test_the_lists_are_read_once_per_process():
    assert selectors.school_names() is selectors.school_names()
    assert selectors.school_names.cache_info().hits >= 1


@pytest.mark.django_db
@pytest.mark.parametrize("kind, loader", [("schools", selectors.school_names), ("countries", selectors.country_names)])
def test_anyone_gets_the_list_with_cache_headers(client, kind, loader):
    r = client.get(f"/api/applications/{kind}")
    assert r.status_code == 200
    assert r["Content-Type"] == "application/json"
    assert json.loads(r.content) == list(loader())
    assert "max-age=86400" in r["Cache-Control"] and "public" in r["Cache-Control"]
    assert r["ETag"].startswith('"')


@pytest.mark.django_db
def test_a_matching_etag_gets_304_without_a_body(client):
    etag = client.get("/api/applications/schools")["ETag"]
    r = client.get("/api/applications/schools", HTTP_IF_NONE_MATCH=etag)
    assert r.status_code == 304
    assert r.content == b""
    assert client.get("/api/applications/schools", HTTP_IF_NONE_MATCH='"stale"').status_code == 200


@pytest.mark.django_db
def test_clients_that_accept_gzip_get_the_list_compressed(client):
    r = client.get("/api/applications/schools", HTTP_ACCEPT_ENCODING="gzip, deflate")
    assert r["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in r["Vary"]
    assert json.loads(gzip.decompress(r.content))[-1] == "College Not Present"
    assert len(r.content) < 200_000


@pytest.mark.django_db
def test_serving_the_list_needs_no_database_query(client, django_assert_max_num_queries):
    client.get("/api/applications/countries")
    with django_assert_max_num_queries(0):
        assert client.get("/api/applications/countries").status_code == 200


@pytest.mark.django_db
def test_the_lists_are_read_only(client):
    assert client.post("/api/applications/schools", {}, content_type="application/json").status_code in (403, 405)
