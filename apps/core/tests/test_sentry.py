"""Error reports to Sentry carry no personal data (apps.core.sentry).

The SDK runs for real (Django and Celery integrations, breadcrumbs, the request), with a
transport that keeps the events here instead of sending them: a signed-in student's request
holding names and answers fails, and the event that would leave is searched for them.
"""

from __future__ import annotations

import json
import logging

import pytest
import sentry_sdk
from django.http import HttpResponse
from django.urls import path
from sentry_sdk.transport import Transport

from apps.core import sentry
from config.urls import urlpatterns as portal_urlpatterns
from conftest import PASSWORD, PortalClient, make_user

logger = logging.getLogger("portal.test.sentry")

EMAIL = "ada.lovelace@princeton.edu"
ANSWER = "I want to build a loom that computes Bernoulli numbers"


def save_answers(request):
    data = json.loads(request.body)
    logger.info("Saving the answers of %s (%s %s)", request.user.email, data["first_name"], data["last_name"])
    answers = data["answers"]  # noqa: F841 - a local variable the SDK would otherwise send
    raise RuntimeError(f"Could not save the application of {request.user.email}")


def fine(request):
    return HttpResponse("ok")


urlpatterns = [path("sentry-test/save", save_answers), path("sentry-test/fine", fine), *portal_urlpatterns]


class Kept(Transport):
    events: list[dict] = []

    def capture_envelope(self, envelope) -> None:
        for item in envelope.items:
            if item.type in ("event", "transaction"):
                Kept.events.append(item.payload.json)


@pytest.fixture
def sentry_events():
    Kept.events = []
    sentry.init(
        "https://public@sentry.invalid/1",
        environment="test",
        traces_sample_rate=0.0,
        transport=Kept,
        default_integrations=True,
    )
    try:
        yield Kept.events
    finally:
        sentry_sdk.init()  # no DSN: the SDK sends nothing more
        sentry_sdk.get_client().close()


@pytest.mark.urls(__name__)
@pytest.mark.django_db
def test_a_failed_request_reaches_sentry_without_email_name_or_answers(sentry_events):
    make_user(EMAIL)
    # Signed in through the API, as a browser is: the cookies it sets (session, CSRF, device)
    # are among what must not reach Sentry.
    client = PortalClient()
    signed = client.post("/api/auth/login", {"email": EMAIL, "password": PASSWORD}, content_type="application/json")
    assert signed.status_code == 200, signed.json()
    client.raise_request_exception = False
    body = {"first_name": "Augusta", "last_name": "Byron", "answers": {"why": ANSWER}, "email": EMAIL}
    r = client.post(
        f"/sentry-test/save?email={EMAIL}&next=/dashboard",
        body,
        content_type="application/json",
        HTTP_X_REQUEST_ID="req-sentry",
    )
    assert r.status_code == 500
    sentry_sdk.flush()

    (event,) = [e for e in sentry_events if e.get("exception")]
    text = json.dumps(event)
    cookies = [client.cookies[name].value for name in ("sessionid", "csrftoken", "portal_device")]
    for personal in (EMAIL, "ada.lovelace", "Augusta", "Byron", ANSWER, "Bernoulli", *cookies):
        assert personal not in text, personal
    # What an engineer needs is still there.
    (exception,) = event["exception"]["values"]
    assert exception["type"] == "RuntimeError"
    assert exception["value"] == "Could not save the application of [email]"
    assert any(frame.get("function") == "save_answers" for frame in exception["stacktrace"]["frames"])
    assert all("vars" not in frame for frame in exception["stacktrace"]["frames"])
    # The route names the view (the URL and method come from the WSGI environ, which Django's
    # test client doesn't go through; the hand-made event below covers them).
    assert event["transaction"] == "/sentry-test/save"
    crumbs = [c.get("message") for c in event["breadcrumbs"]["values"]]
    assert "Saving the answers of %s (%s %s)" in crumbs


@pytest.mark.urls(__name__)
@pytest.mark.django_db
def test_a_logged_error_keeps_its_format_string_only(sentry_events):
    logger.error("Mail to %s failed: %s", EMAIL, "Welcome, Augusta")
    sentry_sdk.flush()
    (event,) = sentry_events
    assert event["logentry"] == {"message": "Mail to %s failed: %s"}
    assert EMAIL not in json.dumps(event) and "Augusta" not in json.dumps(event)


def test_the_scrubber_on_a_hand_made_event():
    event = {
        "user": {"id": 7, "email": EMAIL, "username": EMAIL, "ip_address": "10.1.2.3"},
        "request": {
            "url": f"https://portal.example.org/unsubscribe?t=signed-{EMAIL}",
            "method": "GET",
            "query_string": f"t=signed-{EMAIL}",
            "cookies": {"sessionid": "abc"},
            "data": {"answers": ANSWER},
            "headers": {"Cookie": "sessionid=abc", "Authorization": "Bearer x", "User-Agent": "Mozilla"},
        },
        "extra": {"application": {"first_name": "Augusta", "why": ANSWER, "status": "submitted"}},
        "contexts": {"runtime": {"version": "3.11"}},
        "breadcrumbs": {
            "values": [
                {
                    "category": "query",
                    "message": f"SELECT ... WHERE email = '{EMAIL}'",
                    "data": {"db.params": [EMAIL]},
                },
                {"category": "httplib", "data": {"url": f"https://api.example/x?to={EMAIL}", "method": "GET"}},
            ]
        },
    }
    scrubbed = sentry.scrub_event(event, {})
    text = json.dumps(scrubbed)
    assert EMAIL not in text and "10.1.2.3" not in text and "abc" not in text
    assert scrubbed["user"] == {"id": 7}
    assert scrubbed["request"] == {
        "method": "GET",
        "headers": {"User-Agent": "Mozilla"},
        "url": "https://portal.example.org/unsubscribe",
    }
    assert scrubbed["extra"]["application"]["first_name"] == sentry.FILTERED
    assert scrubbed["extra"]["application"]["status"] == "submitted"
    assert scrubbed["breadcrumbs"]["values"][0]["message"] == "SELECT ... WHERE email = '[email]'"
    assert scrubbed["breadcrumbs"]["values"][0]["data"] == {}
    assert scrubbed["breadcrumbs"]["values"][1]["data"] == {"method": "GET", "url": "https://api.example/x"}
