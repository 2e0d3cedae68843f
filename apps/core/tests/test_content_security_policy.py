"""The Content-Security-Policy every environment answers with (django-csp, config/settings/base.py).

The browser journeys (e2e/conftest.py) fail on any violation; these tests pin the policy itself
and keep inline script out of the templates, where a journey might not look.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def directives(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    parsed = {}
    for part in header.split(";"):
        name, *values = part.split()
        parsed[name] = values
    return parsed


@pytest.mark.django_db
def test_pages_answer_under_the_strict_policy(client):
    """A page's policy: everything from the portal's own origin, no inline script or <style>
    without the page's nonce, no plugins, no framing, no foreign form targets or base URL."""
    response = client.get("/login")
    assert response.status_code == 200
    policy = directives(response)
    nonce = re.search(r"'nonce-([^']+)'", response["Content-Security-Policy"]).group(1)
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'", f"'nonce-{nonce}'"]
    assert policy["style-src"] == ["'self'", f"'nonce-{nonce}'"]
    assert policy["style-src-attr"] == ["'unsafe-inline'"]
    assert policy["img-src"] == ["'self'", "data:"]
    assert policy["connect-src"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["base-uri"] == ["'self'"]
    assert policy["form-action"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert "'unsafe-eval'" not in response["Content-Security-Policy"]


@pytest.mark.django_db
def test_island_pages_hand_their_nonce_to_the_scripts_styles(client):
    """island.html carries the response's nonce (for react-select's emotion <style> tags) in a
    meta's nonce attribute, and every response gets a fresh one."""
    first, second = client.get("/login"), client.get("/login")
    nonces = []
    for response in (first, second):
        header_nonce = re.search(r"'nonce-([^']+)'", response["Content-Security-Policy"]).group(1)
        meta = re.search(r'<meta property="csp-nonce" nonce="([^"]+)">', response.content.decode())
        assert meta and meta.group(1) == header_nonce
        nonces.append(header_nonce)
    assert nonces[0] != nonces[1]


@pytest.mark.django_db
def test_the_error_page_and_the_api_answer_under_the_policy_too(client):
    """The 404 page and a JSON answer carry the header (framing them is refused as well)."""
    for path in ("/no-such-page", "/api/no-such-endpoint"):
        response = client.get(path)
        assert response.status_code == 404
        assert directives(response)["frame-ancestors"] == ["'none'"]


@pytest.mark.django_db
def test_rendered_pages_hold_no_inline_script(client):
    """Every <script> a page sends either loads a file or is a JSON data block, and no element
    has an on…= handler: the policy would refuse them."""
    html = client.get("/login").content.decode()
    scripts = re.findall(r"<script\b[^>]*>", html)
    assert scripts
    for tag in scripts:
        assert "src=" in tag or 'type="application/json"' in tag, tag
    assert not re.search(r"<[^>]+\son[a-z]+\s*=", html)


def test_templates_hold_no_inline_script_or_event_handler():
    """The page templates (not the e-mails) have no inline <script> body and no on…= attribute."""
    for template in (ROOT / "templates").glob("*.html"):
        text = template.read_text()
        for tag in re.findall(r"<script\b[^>]*>", text):
            assert "src=" in tag, f"{template.name}: {tag}"
        assert not re.search(r"<[^>]+\son[a-z]+\s*=", text), template.name
