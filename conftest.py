"""Fixtures shared by every test: verified users (built by factories), signed-in clients, a clean cache."""

from __future__ import annotations

import gc
import re

import pytest
from celery._state import _set_task_join_will_block
from django.core.cache import cache
from django.test import Client, TestCase

PASSWORD = "Coffee-Beans-42"


def pytest_collection_modifyitems(config, items):
    """The tests marked `long` first, the rest in their order. xdist deals each worker a
    contiguous share of the collection, and a worker that runs dry takes the back half of
    another's queue, never a test already running: a long test dealt late ran alone at the end.
    The event rehearsal (three minutes on PostgreSQL) started late in CI's PostgreSQL run and
    ended it 90 s after the other worker had finished."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


@pytest.fixture(autouse=True)
def _joins_allowed():
    """A Celery worker started in-process (celery.contrib.testing's start_worker) marks the
    whole process as "inside a worker", where `result.get()` refuses to block, and can leave the
    mark behind after it stops: the next test in that xdist worker that runs a task with
    `.apply().get()` then failed by the order the tests happened to be dealt in."""
    _set_task_join_will_block(False)
    yield


@pytest.fixture(autouse=True)
def _portal_celery_app():
    """Every test starts with the portal's Celery app as the process's current and default app.

    start_worker makes its own app current and default (celery.contrib.testing's
    setup_app_for_worker) and leaves it so. The next tests in that xdist worker then queued
    their tasks by name (`apps.core.tasks.delay`, through `current_app`) to the broker test's
    app, whose eager mode is off: the tasks went to a queue nobody reads. The event rehearsal
    failed that way when it was dealt after such a test: a refill that never ran, "received"
    emails that never left."""
    use_portal_celery_app()
    yield


def use_portal_celery_app() -> None:
    from config.celery_app import app

    app.set_current()
    app.set_default()


@pytest.fixture(scope="session", autouse=True)
def _flush_makes_no_permission_rows(django_db_setup):
    """A transactional test (the journeys, the concurrency tests) ends with Django's flush, which
    then sends post_migrate as a migrate would: django.contrib.auth re-created every model's
    permission rows after every such test (40 empty transactional tests took 5.9 s with them,
    4.8 s without). The portal grants no
    Django permission (organizers are superusers, the API has its own roles), so after the test
    database is built with them, later flushes leave them out."""
    from django.contrib.auth.management import create_permissions
    from django.db.models.signals import post_migrate

    post_migrate.disconnect(create_permissions, dispatch_uid="django.contrib.auth.management.create_permissions")
    yield


@pytest.fixture(scope="session", autouse=True)
def _long_lived_objects_out_of_the_collector(django_db_setup):
    """Django, the apps, the migration graph and the test database's setup leave a few hundred
    thousand objects that live as long as the worker. Each of Python's full collections walked
    them all again; frozen (moved to the collector's permanent generation once, after a
    collection, so only live objects are frozen), they are skipped. Measured on the no-500 and
    conformance sweeps' organizer and reviewer tests in one process: 21.7-22.4 s as it was,
    19.4-20.4 s frozen, with the thresholds left alone (raising them changed nothing more); the
    whole suite with the journeys (3 workers, SQLite): 538 s before, 466 s after. Reference
    counting still frees a frozen object that nothing points to."""
    gc.collect()
    gc.freeze()
    yield


@pytest.fixture(autouse=True)
def _clean_cache():
    """Rate limits and cached lists live in the cache (Redis in CI): start every test empty."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _current_cycle(request):
    """Every database test starts with a current cycle, as a migrated database has one.

    A transactional test flushes every table when it ends, the migration-made cycle with
    them; `current_cycle()` only reads (it refuses with a 503 when there is none), so the
    setup puts one back, the way seeding does (`ensure_current_cycle`).
    """
    if request.node.get_closest_marker("django_db") or {"db", "transactional_db"} & set(request.fixturenames):
        request.getfixturevalue("_django_db_helper")
        from apps.cycles.services import ensure_current_cycle

        ensure_current_cycle()
    yield


class PortalClient(Client):
    """A test client whose requests run their on-commit side effects before returning.

    Tests run inside a transaction that never commits, so `transaction.on_commit` hooks would
    never fire; the contract promises that a request's mail is in the outbox when it returns.
    """

    def request(self, **request):
        with TestCase.captureOnCommitCallbacks(execute=True):
            return super().request(**request)


@pytest.fixture
def client() -> Client:
    return PortalClient()


def link_from_mail(message, kind: str) -> str:
    """The /verify/<token> or /reset/<token> link of a sent mail."""
    match = re.search(rf"https?://[^\s\"'<>]+/{kind}/([^\s\"'<>]+)", message.body)
    assert match, f"no /{kind}/ link in: {message.body}"
    return match.group(1)


def make_user(email: str, password: str = PASSWORD, *, admin: bool = False):
    """A verified account (an organizer with admin=True), built by the factory in the database.

    What a student has after registering and opening the verification link; the HTTP round
    trip itself is tested where it is the subject (apps/accounts/tests/test_auth_api.py and the
    registration journey in e2e/test_accounts.py), not repeated as every test's setup.
    """
    from apps.core.tests.factories import OrganizerFactory, UserFactory

    return (OrganizerFactory if admin else UserFactory)(email=email, password=password)


def signed_in_client(user, password: str = PASSWORD) -> Client:
    """A test client signed in as `user`, after checking that `password` is theirs.

    The session is made as Django's test client makes one (`force_login`: the same login(), so
    the sign-in receivers run), not through POST /api/auth/login: that request, with its rate
    limits, lockout bookkeeping and allauth's flow, was a fifth of a typical API test's time, and
    the sign-in itself is tested where it is the subject (apps/accounts/tests/test_auth_api.py,
    test_login_lockout.py, the sign-in journeys)."""
    from apps.accounts.models import User

    account = User.objects.get(pk=user.pk)
    assert account.check_password(password), f"{account.email} has another password: that sign-in would be refused"
    assert account.is_active, f"{account.email} is inactive: that sign-in would be refused"
    from allauth.account.models import EmailAddress

    verified = EmailAddress.objects.filter(user=account, verified=True).exists()
    assert verified, f"{account.email} was never verified: that sign-in would be refused"
    c = PortalClient()
    c.force_login(account)
    return c


@pytest.fixture
def student(db):
    return make_user("ada@princeton.edu")


@pytest.fixture
def organizer(db):
    return make_user("grace@princeton.edu", admin=True)


@pytest.fixture
def student_client(student) -> Client:
    return signed_in_client(student)


@pytest.fixture
def admin_client(organizer) -> Client:
    return signed_in_client(organizer)
