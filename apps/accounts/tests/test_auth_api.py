"""The /api/auth/* endpoints, each success and each failure of the API contract."""

from __future__ import annotations

import runpy
import time
from unittest import mock

import pytest
from django.core import mail
from django.test import Client

from apps.accounts.models import Role, User, WhitelistRule
from conftest import PASSWORD, PortalClient, link_from_mail, make_user, signed_in_client

pytestmark = pytest.mark.django_db

JSON = "application/json"


def post(client: Client, url: str, data: dict | None = None):
    return client.post(url, data if data is not None else {}, content_type=JSON)


# --- register ---------------------------------------------------------------------------


def test_register_queues_a_verification_mail_with_html_text_and_an_absolute_link(client):
    r = post(client, "/api/auth/register", {"email": "New.Student@Princeton.EDU", "password": PASSWORD})
    assert r.status_code == 201, r.json()
    assert r.json()["message"] == "Verification Email Sent. Check Spam folder if email is not visible."
    user = User.objects.get()
    assert user.email == "new.student@princeton.edu"
    assert user.role == Role.USER
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["new.student@princeton.edu"]
    assert "http://testserver/verify/" in message.body
    html = message.alternatives[0]
    assert html[1] == "text/html" and "http://testserver/verify/" in html[0]


@pytest.mark.parametrize(
    "email",
    ["someone@gmail.com", "bad address@mit.edu", "no-at-sign.edu", "x@y.com", "", "a@b.edu.com"],
)
def test_register_refuses_non_student_emails_with_the_spec_message(client, email):
    r = post(client, "/api/auth/register", {"email": email, "password": PASSWORD})
    assert r.status_code == 400, r.json()
    assert r.json()["message"] in (
        "Must be a student email assigned by a university",
        "email: This field may not be blank.",
    )
    assert not User.objects.exists()
    assert mail.outbox == []


@pytest.mark.parametrize("email", ["a@uni.ca", "b@iit.in", "c@unilag.ng", "d@ox.ac.uk", "e@polimi.it", "f@x.edu"])
def test_register_accepts_every_student_ending(client, email):
    r = post(client, "/api/auth/register", {"email": email, "password": PASSWORD})
    assert r.status_code == 201, r.json()


@pytest.mark.parametrize("password", ["short1!", "nodigits!!", "nospecial123", "1234567890"])
def test_register_refuses_weak_passwords(client, password):
    r = post(client, "/api/auth/register", {"email": "weak@princeton.edu", "password": password})
    assert r.status_code == 400
    assert r.json()["message"] == "Password must have at least 8 characters, 1 number, and 1 special character"
    assert not User.objects.exists()


@pytest.mark.parametrize("body", [{}, {"email": "a@b.edu"}, {"password": PASSWORD}, {"email": 5, "password": []}])
def test_register_answers_malformed_bodies_with_400(client, body):
    r = post(client, "/api/auth/register", body)
    assert r.status_code == 400
    assert "message" in r.json()


def test_register_with_non_json_body_is_400(client):
    r = client.post("/api/auth/register", "{not json", content_type=JSON)
    assert r.status_code == 400
    assert r.json()["message"]


def test_register_again_for_a_verified_account_is_409(client, student):
    r = post(client, "/api/auth/register", {"email": student.email.upper(), "password": PASSWORD})
    assert r.status_code == 409
    assert r.json()["message"] == "User with this email already exists"


def test_register_again_while_unverified_sends_a_fresh_link_and_keeps_the_first_password(client):
    """The contract change: a second registration must not set a stranger's password."""
    post(client, "/api/auth/register", {"email": "late@princeton.edu", "password": PASSWORD})
    r = post(client, "/api/auth/register", {"email": "late@princeton.edu", "password": "Another-pass-9"})
    assert r.status_code == 201
    assert User.objects.filter(email="late@princeton.edu").count() == 1
    assert len(mail.outbox) == 2
    token = link_from_mail(mail.outbox[1], "verify")
    assert client.get(f"/api/auth/verify/{token}").status_code == 200
    login = {"email": "late@princeton.edu", "password": "Another-pass-9"}
    assert post(client, "/api/auth/login", login).status_code == 401
    assert post(client, "/api/auth/login", {"email": "late@princeton.edu", "password": PASSWORD}).status_code == 200


def test_a_whitelisted_pattern_and_single_email_can_register(client):
    WhitelistRule.objects.create(kind="pattern", value=r".*@partner\.org")
    WhitelistRule.objects.create(kind="email", value="guest@gmail.com")
    assert post(client, "/api/auth/register", {"email": "x@partner.org", "password": PASSWORD}).status_code == 201
    assert post(client, "/api/auth/register", {"email": "Guest@gmail.com", "password": PASSWORD}).status_code == 201
    assert post(client, "/api/auth/register", {"email": "other@gmail.com", "password": PASSWORD}).status_code == 400


# --- verify -----------------------------------------------------------------------------


def test_an_unverified_account_cannot_sign_in_until_the_link_is_opened(client):
    post(client, "/api/auth/register", {"email": "v@princeton.edu", "password": PASSWORD})
    r = post(client, "/api/auth/login", {"email": "v@princeton.edu", "password": PASSWORD})
    assert r.status_code == 403  # the right password: told to verify, not that it was wrong
    assert r.json()["message"].startswith("Please verify your email address first")
    token = link_from_mail(mail.outbox[0], "verify")
    r = client.get(f"/api/auth/verify/{token}")
    assert r.status_code == 200, r.json()
    assert post(client, "/api/auth/login", {"email": "v@princeton.edu", "password": PASSWORD}).status_code == 200


def test_verifying_and_signing_in_leave_no_django_message_behind_for_the_admin_to_show(client):
    """No page of the portal shows Django's messages: allauth's "You have confirmed ..." and
    "Successfully signed in as ..." would only ride along in a cookie until the Django admin
    showed them out of context."""
    post(client, "/api/auth/register", {"email": "m@princeton.edu", "password": PASSWORD})
    verified = client.get(f"/api/auth/verify/{link_from_mail(mail.outbox[0], 'verify')}")
    signed_in = post(client, "/api/auth/login", {"email": "m@princeton.edu", "password": PASSWORD})
    assert verified.status_code == 200 and signed_in.status_code == 200
    assert "messages" not in verified.cookies and "messages" not in signed_in.cookies
    assert "_messages" not in client.session


@pytest.mark.parametrize("token", ["garbage", "MQ:1tFake:abcdef", "%00", "a" * 300])
def test_verify_refuses_invalid_tokens(client, token):
    r = client.get(f"/api/auth/verify/{token}")
    assert r.status_code in (400, 404)
    assert "message" in r.json()


def test_verify_refuses_a_tampered_token(client):
    post(client, "/api/auth/register", {"email": "t@princeton.edu", "password": PASSWORD})
    token = link_from_mail(mail.outbox[0], "verify")
    tampered = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    assert client.get(f"/api/auth/verify/{tampered}").status_code == 400


def test_verify_link_expires_after_one_hour(client):
    post(client, "/api/auth/register", {"email": "slow@princeton.edu", "password": PASSWORD})
    token = link_from_mail(mail.outbox[0], "verify")
    later = time.time() + 3600 + 5
    with mock.patch("django.core.signing.time.time", return_value=later):
        assert client.get(f"/api/auth/verify/{token}").status_code == 400
    fine = time.time() + 3500
    with mock.patch("django.core.signing.time.time", return_value=fine):
        assert client.get(f"/api/auth/verify/{token}").status_code == 200


# --- login / logout / user / refresh ----------------------------------------------------


def test_login_returns_the_user_and_starts_a_session(client, student):
    r = post(client, "/api/auth/login", {"email": "ADA@princeton.edu", "password": PASSWORD})
    assert r.status_code == 200, r.json()
    assert r.json() == {"user": {"email": "ada@princeton.edu", "role": "user"}}
    assert client.get("/api/auth/user").json() == {"email": "ada@princeton.edu", "role": "user"}


@pytest.mark.parametrize(
    "email,password",
    [("ada@princeton.edu", "Wrong-pass-1"), ("nobody@princeton.edu", PASSWORD)],
)
def test_login_failures_share_one_message(client, student, email, password):
    r = post(client, "/api/auth/login", {"email": email, "password": password})
    assert r.status_code == 401
    assert r.json() == {"message": "Invalid credentials."}


def test_login_malformed_is_400(client):
    assert post(client, "/api/auth/login", {"email": "x@y.edu"}).status_code == 400


def test_login_is_rate_limited_per_address(client, student):
    for _ in range(5):
        assert post(client, "/api/auth/login", {"email": student.email, "password": "Wrong-pass-1"}).status_code == 401
    r = post(client, "/api/auth/login", {"email": student.email, "password": PASSWORD})
    assert r.status_code == 429
    assert r.json()["message"]


def test_a_superuser_can_sign_in_at_once_and_is_an_admin(client):
    User.objects.create_superuser(email="Boss@Princeton.edu", password=PASSWORD)
    r = post(client, "/api/auth/login", {"email": "boss@princeton.edu", "password": PASSWORD})
    assert r.status_code == 200, r.json()
    assert r.json()["user"] == {"email": "boss@princeton.edu", "role": "admin"}


def test_user_is_401_when_signed_out(client):
    r = client.get("/api/auth/user")
    assert r.status_code == 401
    assert "csrftoken" in r.cookies


def test_logout_ends_the_session(student_client):
    assert post(student_client, "/api/auth/logout").status_code == 200
    assert student_client.get("/api/auth/user").status_code == 401


def test_token_refresh_needs_a_session(client, student_client):
    assert post(client, "/api/auth/token/refresh").status_code == 401
    assert post(student_client, "/api/auth/token/refresh").status_code == 200


def test_unsafe_calls_need_the_csrf_token():
    c = PortalClient(enforce_csrf_checks=True)
    r = c.post("/api/auth/login", {"email": "a@b.edu", "password": "x"}, content_type=JSON)
    assert r.status_code == 403
    assert "CSRF" in r.json()["message"]
    c.get("/api/auth/user")
    token = c.cookies["csrftoken"].value
    r = c.post(
        "/api/auth/login", {"email": "a@b.edu", "password": "x"}, content_type=JSON, headers={"X-CSRFToken": token}
    )
    assert r.status_code == 401


# --- password reset ---------------------------------------------------------------------


def test_reset_request_says_the_same_thing_whether_or_not_the_account_exists(client, student):
    mail.outbox.clear()
    known = post(client, "/api/auth/reset_password", {"email": student.email})
    unknown = post(client, "/api/auth/reset_password", {"email": "ghost@princeton.edu"})
    assert known.status_code == unknown.status_code == 200
    assert known.json() == unknown.json()
    assert len(mail.outbox) == 1 and mail.outbox[0].to == [student.email]
    assert "http://testserver/reset/" in mail.outbox[0].body
    assert "http://testserver/reset/" in mail.outbox[0].alternatives[0][0]


def test_reset_mail_is_capped_per_address_like_verification_mail_and_the_answer_never_changes(client, student):
    """Five requests for one address (the most the request limit lets through in 5 minutes):
    three mails, and the same 200 each time, for a known address as for an unknown one. Another
    address still gets its mail."""
    mail.outbox.clear()
    known = [post(client, "/api/auth/reset_password", {"email": student.email}) for _ in range(5)]
    unknown = [post(client, "/api/auth/reset_password", {"email": "ghost@princeton.edu"}) for _ in range(5)]
    assert {r.status_code for r in known + unknown} == {200}
    assert len({str(r.json()) for r in known + unknown}) == 1
    assert [m.to for m in mail.outbox] == [[student.email]] * 3
    other = make_user("grace@princeton.edu")
    assert post(client, "/api/auth/reset_password", {"email": other.email}).status_code == 200
    assert mail.outbox[-1].to == [other.email]


def test_the_reset_mail_cap_defaults_to_three_an_hour_and_follows_its_variable(monkeypatch, settings):
    base = settings.BASE_DIR / "config" / "settings" / "base.py"
    monkeypatch.delenv("RATE_LIMIT_RESET_PASSWORD_MAIL", raising=False)
    assert runpy.run_path(str(base))["ACCOUNT_RATE_LIMITS"]["reset_password_mail"] == "3/h/key"
    monkeypatch.setenv("RATE_LIMIT_RESET_PASSWORD_MAIL", "2/h/key")
    assert runpy.run_path(str(base))["ACCOUNT_RATE_LIMITS"]["reset_password_mail"] == "2/h/key"


@pytest.mark.parametrize("body", [{"email": "not-an-email"}, {}, {"email": 12}])
def test_reset_request_malformed_is_400(client, body):
    r = post(client, "/api/auth/reset_password", body)
    assert r.status_code == 400
    assert r.json()["message"] == "Must be a valid email address"


def test_reset_confirm_sets_the_password_once_and_ends_old_sessions(client, student):
    old_session = signed_in_client(student)
    mail.outbox.clear()
    post(client, "/api/auth/reset_password", {"email": student.email})
    key = link_from_mail(mail.outbox[0], "reset")

    weak = post(client, f"/api/auth/reset_password/{key}", {"password": "weak"})
    assert weak.status_code == 400  # a refused attempt does not use the token up
    r = post(client, f"/api/auth/reset_password/{key}", {"password": "Brand-new-7"})
    assert r.status_code == 200, r.json()
    assert r.json()["message"]
    again = post(client, f"/api/auth/reset_password/{key}", {"password": "Brand-new-8"})
    assert again.status_code == 400
    assert old_session.get("/api/auth/user").status_code == 401
    assert post(client, "/api/auth/login", {"email": student.email, "password": "Brand-new-7"}).status_code == 200


@pytest.mark.parametrize("key", ["nope", "1-abc", "zz-zz", "-"])
def test_reset_confirm_refuses_bad_tokens(client, student, key):
    r = post(client, f"/api/auth/reset_password/{key}", {"password": "Brand-new-7"})
    assert r.status_code == 400
    assert r.json()["message"]


def test_reset_token_expires_after_one_hour(client, student):
    mail.outbox.clear()
    post(client, "/api/auth/reset_password", {"email": student.email})
    key = link_from_mail(mail.outbox[0], "reset")
    from datetime import datetime, timedelta

    later = datetime.now() + timedelta(hours=1, minutes=1)
    with mock.patch("django.contrib.auth.tokens.PasswordResetTokenGenerator._now", return_value=later):
        r = post(client, f"/api/auth/reset_password/{key}", {"password": "Brand-new-7"})
    assert r.status_code == 400


# --- roles ------------------------------------------------------------------------------


def test_promote_demote_and_admins(admin_client, student):
    r = post(admin_client, "/api/auth/promote", {"email": student.email})
    assert r.status_code == 200, r.json()
    assert set(admin_client.get("/api/auth/admins").json()) == {"ada@princeton.edu", "grace@princeton.edu"}
    # The role is read on every request: the promoted user is an admin at once.
    promoted = signed_in_client(student)
    assert promoted.get("/api/auth/admins").status_code == 200
    r = post(admin_client, "/api/auth/demote", {"email": student.email})
    assert r.status_code == 200
    assert promoted.get("/api/auth/admins").status_code == 403


def test_promote_and_demote_unknown_users_are_404(admin_client):
    r = post(admin_client, "/api/auth/promote", {"email": "ghost@princeton.edu"})
    assert r.status_code == 404
    assert r.json()["message"] == "No account uses this email address."
    assert post(admin_client, "/api/auth/demote", {"email": "ghost@princeton.edu"}).status_code == 404


def test_the_last_admin_cannot_be_demoted(admin_client, organizer):
    r = post(admin_client, "/api/auth/demote", {"email": organizer.email})
    assert r.status_code == 409
    organizer.refresh_from_db()
    assert organizer.role == Role.ADMIN


@pytest.mark.parametrize(
    "method,url,body",
    [
        ("post", "/api/auth/promote", {"email": "ada@princeton.edu"}),
        ("post", "/api/auth/demote", {"email": "ada@princeton.edu"}),
        ("get", "/api/auth/admins", None),
        ("get", "/api/auth/whitelist/exceptions", None),
        ("delete", "/api/auth/whitelist/exceptions/1", None),
        ("post", "/api/applications/whitelistemail/a@gmail.com", {}),
        ("post", "/api/applications/whitelistpattern/.*@x.org", {}),
    ],
)
def test_admin_calls_refuse_students_with_403_and_strangers_with_401(student_client, client, method, url, body):
    call = getattr(student_client, method)
    r = call(url, body, content_type=JSON) if body is not None else call(url)
    assert r.status_code == 403, r.content
    call = getattr(client, method)
    r = call(url, body, content_type=JSON) if body is not None else call(url)
    assert r.status_code == 401, r.content


# --- whitelist --------------------------------------------------------------------------


def test_whitelist_management_and_who_sees_what(admin_client, client):
    r = post(admin_client, "/api/applications/whitelistemail/Guest%40Gmail.com")
    assert r.status_code == 201, r.json()
    r = post(admin_client, "/api/applications/whitelistpattern/.*%40partner%5C.org")
    assert r.status_code == 201, r.json()
    pattern_id = r.json()["id"]

    assert client.get("/api/auth/whitelist").json() == [r".*@partner\.org"]
    listed = admin_client.get("/api/auth/whitelist/exceptions").json()
    assert {(e["kind"], e["value"]) for e in listed} == {("email", "guest@gmail.com"), ("pattern", r".*@partner\.org")}

    assert admin_client.delete(f"/api/auth/whitelist/exceptions/{pattern_id}").status_code == 204
    assert client.get("/api/auth/whitelist").json() == []
    assert admin_client.delete(f"/api/auth/whitelist/exceptions/{pattern_id}").status_code == 404


def test_an_invalid_pattern_is_400(admin_client):
    r = post(admin_client, "/api/applications/whitelistpattern/%5Bunclosed")
    assert r.status_code == 400
    assert "regular expression" in r.json()["message"]
    assert not WhitelistRule.objects.exists()


def test_make_user_helper_really_verifies(db):
    user = make_user("helper@princeton.edu")
    assert signed_in_client(user).get("/api/auth/user").status_code == 200
