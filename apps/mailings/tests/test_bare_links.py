"""A bare address an organizer types in a Markdown batch email is a link in the preview and the
sent mail (as mail programs show it), while a recipient's value that looks like one stays text
and nothing around an address can smuggle in HTML."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from apps.mailings import composer


class _Tags(HTMLParser):
    """Every element and attribute the HTML really holds (text that merely reads like markup is
    not one)."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs) -> None:
        self.tags.append((tag, dict(attrs)))


def tags(html: str) -> list[tuple[str, dict]]:
    parser = _Tags()
    parser.feed(html)
    return parser.tags


def links(html: str) -> list[tuple[str, str]]:
    return re.findall(r'<a href="([^"]*)"[^>]*>([^<]*)</a>', html)


@pytest.mark.parametrize(
    ("markdown", "expected"),
    [
        ("Slides: https://example.org/slides", [("https://example.org/slides", "https://example.org/slides")]),
        # Sentence punctuation stays outside the link; an address's own query and underscores stay in.
        (
            "See https://example.org/a_b?x=1&y=2.",
            [("https://example.org/a_b?x=1&amp;y=2", "https://example.org/a_b?x=1&amp;y=2")],
        ),
        ("(https://example.org/map)", [("https://example.org/map", "https://example.org/map")]),
        ("http://example.org:8080/x, then", [("http://example.org:8080/x", "http://example.org:8080/x")]),
        # Markdown's own links and autolinks are not linked twice.
        ("[the venue](https://example.org/venue)", [("https://example.org/venue", "the venue")]),
        ("<https://example.org>", [("https://example.org", "https://example.org")]),
        # Code is code; a host without a dot and a bare domain are left as text.
        ("`https://example.org`", []),
        ("http://localhost/x", []),
        ("example.org", []),
    ],
)
def test_bare_addresses_become_links(markdown, expected):
    assert links(composer.markdown_to_html(markdown)) == expected


@pytest.mark.parametrize(
    "hostile",
    [
        'https://example.org/"><script>alert(1)</script>',
        'https://example.org/x"onmouseover=alert(1)',
        "https://example.org/<img src=x onerror=alert(1)>",
        "javascript:alert(1)//https://example.org",
    ],
)
def test_nothing_around_an_address_becomes_markup(hostile):
    html = composer.markdown_to_html(hostile)
    found = tags(html)
    assert "script" not in [tag for tag, _ in found], html
    for tag, attrs in found:
        assert not [name for name in attrs if name.startswith("on")], (tag, attrs)
        if tag == "a":
            assert attrs["href"].startswith("https://example.org/"), attrs


@pytest.mark.django_db
def test_a_recipients_value_that_looks_like_an_address_stays_text():
    rendered = composer.check(
        subject="Hi",
        markdown="Hello {{ first_name }}, read https://example.org/guide",
        person={**composer.SAMPLE_PERSON, "first_name": "https://evil.example/phish"},
    )
    body = rendered.html
    assert ("https://example.org/guide", "https://example.org/guide") in links(body)
    assert "evil.example" in body
    assert not any("evil" in href for href, _ in links(body)), links(body)
