"""The shared extractor of email addresses from pasted text (batch, assign, mailings)."""

from __future__ import annotations

import time

import pytest

from apps.core.emails import extract_emails, is_email, parse_email_input


def test_addresses_are_found_in_any_separator_lower_cased_and_unique_in_order():
    text = (
        'Ada <ADA@Princeton.edu>, bob@mit.edu; carol@yale.edu\n"dave@utoronto.ca"\tmailto:eve@iitb.ac.in '
        "ada@princeton.edu (again)  frank.o'neil@ox.ac.uk grace+hack@unibo.it."
    )
    assert extract_emails(text) == [
        "ada@princeton.edu",
        "bob@mit.edu",
        "carol@yale.edu",
        "dave@utoronto.ca",
        "eve@iitb.ac.in",
        "grace+hack@unibo.it",
    ]


def test_quoted_lists_work():
    assert extract_emails("['ada@princeton.edu', 'bob@mit.edu']") == ["ada@princeton.edu", "bob@mit.edu"]


@pytest.mark.parametrize(
    "text",
    [
        "broken@",
        "@nope.edu",
        "x@y@z.edu",
        "a@b",
        "a@b.c",
        "a@b.edu.x",
        "a@-b.edu",
        "a!b@c.edu",
        "o'neil@ox.ac.uk",
        "no addresses at all",
        "",
    ],
)
def test_malformed_addresses_yield_nothing(text):
    assert extract_emails(text) == []


def test_non_text_yields_nothing():
    assert extract_emails(None) == []
    assert extract_emails(42) == []


def test_is_email_is_a_whole_match():
    assert is_email(" ada@princeton.edu ")
    assert not is_email("ada@princeton.edu bob@mit.edu")
    assert not is_email("Ada <ada@princeton.edu>")


def test_list_input_keeps_good_entries_and_reports_the_rest():
    assert parse_email_input(["Ada@Princeton.edu", "not one", "", "ada@princeton.edu", 7]) == (
        ["ada@princeton.edu"],
        ["not one", "7"],
    )


def test_text_input_reports_nothing_as_malformed():
    assert parse_email_input("ada@princeton.edu, junk") == (["ada@princeton.edu"], [])


@pytest.mark.parametrize(
    "text", ["a@" + "a" * 200_000, "a" * 200_000, "a@b." * 50_000, "a@" + "a-" * 100_000, "." * 200_000]
)
def test_hostile_text_is_handled_quickly(text):
    start = time.perf_counter()
    extract_emails(text)
    assert time.perf_counter() - start < 2


@pytest.mark.parametrize(
    ("text", "invalid"),
    [
        ("ada@princeton.edu, bo@yale.edu", []),
        # Names and words around the addresses are not meant as addresses.
        ("Ada Lovelace <ada@princeton.edu>; Bo (bo@yale.edu)", []),
        ("ada@princeton bo@yale.edu @mit.edu cy@@x.edu", ["ada@princeton", "@mit.edu", "cy@@x.edu"]),
        ("typo@x, typo@x", ["typo@x"]),
    ],
)
def test_pieces_meant_as_addresses_and_not_one_are_reported(text, invalid):
    from apps.core.emails import invalid_tokens, parse_email_input

    assert invalid_tokens(text) == invalid
    assert parse_email_input(text)[1] == invalid
