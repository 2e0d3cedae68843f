"""A refused entry names its field: the pages then show 'Invalid Entry' with
the reason. A 400 about something else (an expired reset link) names none."""

from __future__ import annotations

import pytest
from django.core import mail

from apps.accounts.services import INVALID_RESET, RESET_MALFORMED
from conftest import link_from_mail

JSON = "application/json"
STUDENT = "Must be a student email assigned by a university"
WEAK = "Password must have at least 8 characters, 1 number, and 1 special character"


def post(client, url, body):
    return client.post(url, body, content_type=JSON)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"email": "ada@gmail.com", "password": "Coffee-Beans-42"}, "email", STUDENT),
        ({"email": "ada@princeton.edu", "password": "weak"}, "password", WEAK),
    ],
)
def test_register_names_the_refused_field(client, body, field, message):
    r = post(client, "/api/auth/register", body)
    assert r.status_code == 400
    assert r.json() == {"message": message, "errors": {field: [message]}}


@pytest.mark.django_db
@pytest.mark.parametrize("body", [{"email": "not-an-email"}, {"email": 12}, {}])
def test_a_reset_request_for_no_address_names_the_email(client, body):
    r = post(client, "/api/auth/reset_password", body)
    assert r.status_code == 400
    assert r.json() == {"message": RESET_MALFORMED, "errors": {"email": [RESET_MALFORMED]}}


def test_a_new_password_refused_by_the_rule_names_the_password_but_a_bad_link_names_nothing(client, student):
    mail.outbox.clear()
    post(client, "/api/auth/reset_password", {"email": student.email})
    key = link_from_mail(mail.outbox[0], "reset")
    weak = post(client, f"/api/auth/reset_password/{key}", {"password": "weak"})
    assert weak.status_code == 400
    assert weak.json() == {"message": WEAK, "errors": {"password": [WEAK]}}

    bad_link = post(client, "/api/auth/reset_password/nope-nope", {"password": "Brand-new-7"})
    assert bad_link.status_code == 400
    # (and says which refusal it is, in English, for the page to offer a new link)
    assert bad_link.json() == {"message": INVALID_RESET, "code": "invalid_reset_link"}
