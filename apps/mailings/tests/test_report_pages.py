"""The automated emails page (/admin/automated-emails): admin-only, props carry the test address."""

import json
import re


def test_anonymous_visitor_is_sent_to_login(client, db):
    r = client.get("/admin/automated-emails")
    assert r.status_code == 302
    assert r["Location"] == "/login?next=%2Fadmin%2Fautomated-emails"


def test_student_is_sent_to_dashboard(student_client):
    r = student_client.get("/admin/automated-emails")
    assert r.status_code == 302
    assert r["Location"] == "/dashboard"


def test_admin_gets_the_island_with_their_own_address_for_test_sends(admin_client, organizer):
    r = admin_client.get("/admin/automated-emails")
    assert r.status_code == 200
    html = r.content.decode()
    match = re.search(r'<script id="admin-automated-emails-props" type="application/json">(.*?)</script>', html)
    assert match
    # The enabled languages, the default first: only English unless the operator enables more.
    assert json.loads(match.group(1)) == {"email": organizer.email, "languages": [{"code": "en", "name": "English"}]}
