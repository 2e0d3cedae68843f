"""When PostgreSQL, the Redis cache or the Celery broker is down, the answer is a 503 that says
so (JSON `{"message"}` for the API, a designed page for pages), never a 500 or HTML.

Outages are real: the connection is pointed at a closed port (127.0.0.1:1), so every query,
cache call or publish fails the way it does in production. Nothing is mocked.
"""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from django.core import mail
from django.db import connections
from django.test import RequestFactory, override_settings

from apps.accounts.models import User
from apps.core.exceptions import NOT_QUEUED, SERVICE_UNAVAILABLE
from apps.core.pages import server_error
from config.celery_app import app as celery_app
from conftest import PASSWORD, PortalClient, signed_in_client

CLOSED_PORT = "1"
JSON = "application/json"
UNAVAILABLE = {"message": SERVICE_UNAVAILABLE}


@contextmanager
def database_down(alias: str = "default"):
    """Every new connection of `alias` goes to a closed port until the block ends."""
    connection = connections[alias]
    saved = {key: connection.settings_dict.get(key) for key in ("HOST", "PORT")}
    connection.close()
    connection.settings_dict.update(HOST="127.0.0.1", PORT=CLOSED_PORT)
    try:
        yield
    finally:
        connection.close()
        connection.settings_dict.update(saved)


def client_of(user=None) -> PortalClient:
    client = signed_in_client(user) if user is not None else PortalClient()
    client.raise_request_exception = False  # a 500 must show as a 500, not as a test crash
    return client


def assert_503_page(response) -> None:
    assert response.status_code == 503
    assert response["Content-Type"].startswith("text/html")
    assert response["Retry-After"] == "60"
    html = response.content.decode()
    assert "We&#x27;ll be right back." in html or "We'll be right back." in html
    assert str(SERVICE_UNAVAILABLE) in html
    assert 'class="navbar"' in html and 'class="footer"' in html  # the site's base template


# --- The database -------------------------------------------------------------------------


@pytest.mark.skipif(connections["default"].vendor != "postgresql", reason="points PostgreSQL at a closed port")
@pytest.mark.django_db(transaction=True)
def test_with_the_database_down_the_api_answers_503_json(student):
    signed_in = client_of(student)
    anonymous = client_of()
    with database_down():
        calls = [
            signed_in.get("/api/auth/user"),  # the session is read from the database
            signed_in.get("/api/applications/status"),
            anonymous.post("/api/auth/login", {"email": student.email, "password": PASSWORD}, content_type=JSON),
            anonymous.post(
                "/api/auth/register", {"email": "new@princeton.edu", "password": PASSWORD}, content_type=JSON
            ),
        ]
    for response in calls:
        assert response.status_code == 503, response.content
        assert response.json() == UNAVAILABLE
        assert response["Retry-After"] == "60"
    # And back up: the same session works again.
    assert signed_in.get("/api/auth/user").status_code == 200


@pytest.mark.skipif(connections["default"].vendor != "postgresql", reason="points PostgreSQL at a closed port")
@pytest.mark.django_db(transaction=True)
def test_with_the_database_down_pages_answer_the_designed_503_page(student):
    signed_in = client_of(student)
    anonymous = client_of()
    with database_down():
        pages = [signed_in.get("/dashboard"), anonymous.get("/login"), anonymous.get("/")]
    for response in pages:
        assert_503_page(response)


@pytest.mark.skipif(connections["default"].vendor != "postgresql", reason="points PostgreSQL at a closed port")
@pytest.mark.django_db(transaction=True)
def test_an_outage_raised_outside_any_view_reaches_the_500_handler_as_a_503():
    """Django's 500 handler runs inside its `except` block: a lost database raised by a
    middleware (the session save, say) is recognised there too, with no query of its own."""
    with database_down():
        try:
            User.objects.count()
        except Exception:  # noqa: BLE001 - the real OperationalError of a closed port
            page = server_error(RequestFactory().get("/dashboard"))
            api = server_error(RequestFactory().get("/api/auth/user"))
        else:
            pytest.fail("the database answered on a closed port")
    assert_503_page(page)
    assert api.status_code == 503
    assert api["Content-Type"] == JSON


def test_a_real_bug_on_an_api_path_is_still_a_500_but_in_json():
    try:
        raise RuntimeError("a bug, not an outage")
    except RuntimeError:
        api = server_error(RequestFactory().get("/api/auth/user"))
        page = server_error(RequestFactory().get("/dashboard"))
    assert api.status_code == 500
    assert api["Content-Type"] == JSON
    assert page.status_code == 500
    assert "Unexpected Application Error!" in page.content.decode()


# --- The Redis cache (rate limits) -------------------------------------------------------


@contextmanager
def cache_down():
    """The cache pointed at a closed port; override_settings gives a fresh cache handler."""
    closed = {
        "default": {
            "BACKEND": "apps.core.cache.SharedClientRedisCache",
            "LOCATION": f"redis://127.0.0.1:{CLOSED_PORT}/0",
        }
    }
    with override_settings(CACHES=closed):
        yield


@pytest.mark.django_db
def test_with_the_cache_down_register_login_and_reset_answer_503_json(student):
    client = client_of()
    with cache_down():
        calls = {
            "register": client.post(
                "/api/auth/register", {"email": "new@princeton.edu", "password": PASSWORD}, content_type=JSON
            ),
            "login": client.post("/api/auth/login", {"email": student.email, "password": PASSWORD}, content_type=JSON),
            "reset": client.post("/api/auth/reset_password", {"email": student.email}, content_type=JSON),
        }
    for name, response in calls.items():
        assert response.status_code == 503, (name, response.content)
        assert response.json() == UNAVAILABLE, name
    # Back up, the same calls work.
    r = client.post("/api/auth/login", {"email": student.email, "password": PASSWORD}, content_type=JSON)
    assert r.status_code == 200


# --- The Celery broker -------------------------------------------------------------------


@contextmanager
def broker_down():
    """The portal's Celery app publishing (not eager) to a closed port.

    The app caches its connection and producer pools on first use (eager mode uses them
    too): the block gets pools of its own for the closed port, and the app's are put back.
    """
    saved_conf = {"task_always_eager": celery_app.conf.task_always_eager, "broker_url": celery_app.conf.broker_url}
    saved_pools = (celery_app._pool, celery_app.amqp._producer_pool)
    celery_app._pool, celery_app.amqp._producer_pool = None, None
    celery_app.conf.task_always_eager = False
    celery_app.conf.broker_url = f"redis://127.0.0.1:{CLOSED_PORT}/0"
    try:
        yield
    finally:
        # The closed port's pools hold no connection (none could open): dropping them is enough,
        # and closing them would leave closed pools in kombu's registry for the next user.
        celery_app._pool, celery_app.amqp._producer_pool = saved_pools
        celery_app.conf.update(saved_conf)


@pytest.mark.django_db(transaction=True)
def test_with_the_broker_down_a_registration_is_kept_and_the_link_can_be_sent_again(caplog):
    """The verification mail is queued after commit. With the broker down the account is
    committed but no mail leaves: the answer says so (503, try again) instead of a 500, the
    failure is logged, and registering again sends the link."""
    client = client_of()
    body = {"email": "new@princeton.edu", "password": PASSWORD}
    with broker_down():
        r = client.post("/api/auth/register", body, content_type=JSON)
    assert r.status_code == 503, r.content
    assert r.json() == {"message": NOT_QUEUED}
    assert User.objects.filter(email="new@princeton.edu").exists()  # nothing lost
    assert mail.outbox == []
    assert any(record.levelname == "ERROR" and str(NOT_QUEUED) in record.getMessage() for record in caplog.records)

    r = client.post("/api/auth/register", body, content_type=JSON)
    assert r.status_code == 201, r.content
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["new@princeton.edu"]


@contextmanager
def silent_redis():
    """A Redis address that accepts connections and never answers (a hung server or a black-holed
    route), with the cache options of the real settings: the timeouts there are what is tested."""
    import socket
    import threading

    from django.conf import settings

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                accepted.append(server.accept()[0])  # keep it open, say nothing
            except TimeoutError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    options = settings.CACHES["default"].get("OPTIONS", {})
    silent = {
        "default": {
            "BACKEND": "apps.core.cache.SharedClientRedisCache",
            "LOCATION": f"redis://127.0.0.1:{server.getsockname()[1]}/0",
            "OPTIONS": options,
        }
    }
    try:
        with override_settings(CACHES=silent):
            yield
    finally:
        stop.set()
        thread.join()
        for conn in accepted:
            conn.close()
        server.close()


@pytest.mark.skipif(
    "Redis" not in __import__("django.conf").conf.settings.CACHES["default"]["BACKEND"],
    reason="the Redis cache's own timeouts are tested (CI runs with REDIS_URL)",
)
@pytest.mark.django_db
def test_a_redis_that_never_answers_is_a_quick_503_not_a_hung_request(student):
    import time

    client = client_of()
    with silent_redis():
        started = time.monotonic()
        r = client.post("/api/auth/login", {"email": student.email, "password": PASSWORD}, content_type=JSON)
        took = time.monotonic() - started
    assert r.status_code == 503, r.content
    assert r.json() == UNAVAILABLE
    # redis-py's own default would hold it about 5 s; the settings' 2 s timeouts, about 2 s.
    assert took < 4, f"a silent Redis held the request for {took:.1f} s"
