"""Browser journeys: a live Django server and Debian's Chromium, driven by Playwright's sync API.

Fixtures
  browser            one headless Chromium for the whole session (/usr/bin/chromium)
  page               a page in a context of its own at desktop size (1280x800), base URL = the live
                     server (a context an earlier test used, cleaned: see "kept for the next test")
  phone_page         the same at phone size (390x844, touch, mobile viewport)
  new_page(...)      a factory for more pages (e.g. a second user in the same test, a
                     browser in another language: new_page(locale="es-ES"), or one that runs no
                     script, to see what the server's HTML shows: new_page(javascript=False))
  shot(page, name)   writes e2e/screenshots/<name>.png (full page) and returns the path
  make_student(...)  a verified student in the DB (registered and verified through the real API)
  make_admin(...)    a verified admin
  sign_in(page, user_or_email, password=PASSWORD, next=None, form=False)  signs in (a session
                     handed to the browser; form=True: through the /login form) and waits for
                     `next`, else the person's home (/admin or /dashboard)
  mail_link(kind)    the /verify/<token> or /reset/<token> path taken from the latest sent mail

The live server runs with config.settings.test: mail goes to django.core.mail.outbox (locmem),
Celery runs eagerly, and on_commit hooks run for real (the live server's tests are transactional).
Static files, including the built Vite assets in frontend/dist, are served by the live server
through WhiteNoise's finders, so `npm run build` (or `make build`) must have run first.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402

from conftest import PASSWORD, make_user  # noqa: E402
from e2e import chromium  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
CHROMIUM = os.environ.get("E2E_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [*chromium.ARGS, *os.environ.get("E2E_CHROMIUM_ARGS", "").split()]
# axe-core, the accessibility audits' engine, as the live server serves it (see
# _assets_cached_as_in_production).
AXE = ROOT / "frontend" / "node_modules" / "axe-core" / "axe.min.js"
AXE_URL = "/static/__e2e__/axe.min.js"
# Screenshots are for people to look at (`make gallery`), not evidence a journey checks: encoding
# a full-page PNG costs Chromium more CPU than most steps of a journey, so `make test` leaves them out.
TAKE_SCREENSHOTS = os.environ.get("E2E_SCREENSHOTS", "") == "1"
# A phone's pixel density matters to a picture, not to the layout (CSS pixels are the same):
# at 2 Chromium rasterizes four times the pixels of every frame.
PHONE_SCALE = 2 if TAKE_SCREENSHOTS else 1
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

expect.set_options(timeout=10_000)

__all__ = ["PASSWORD", "expect"]


def pytest_collection_modifyitems(config, items):
    """Every test under e2e/ is a browser journey."""
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.e2e)


def pytest_sessionstart(session):
    if not (ROOT / "frontend" / "dist" / "manifest.json").exists():
        raise pytest.UsageError("frontend/dist/manifest.json is missing: run `make build` before the browser journeys.")


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing: the browser journeys need Debian's chromium")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        if lost := chromium.features_turned_back_on(browser):
            raise pytest.UsageError(
                f"Chromium was started with {sorted(lost)} disabled by an earlier --disable-features switch "
                "(Playwright's) and enabled again by the last one (ours, or E2E_CHROMIUM_ARGS'): add them to "
                "PLAYWRIGHT_DISABLED_FEATURES (e2e/chromium.py)."
            )
        yield browser
        browser.close()


# --- Content-Security-Policy: a journey fails on anything the policy refused ----------------
# Chromium reports a refused script, style, image, frame… twice: a console message ("Refused
# to …", or "… violates the following Content Security Policy directive …" in newer builds)
# and a `securitypolicyviolation` event in the page or frame. Both are collected for every
# context new_page makes, each line naming its page, and a journey whose pages collected any
# fails right after its body: a page that needs more than the policy allows is caught here,
# not in production.
_CSP_EVENTS = """
document.addEventListener("securitypolicyviolation", (e) => {
  window.__portalCspViolation(`${e.effectiveDirective} refused ${e.blockedURI || "inline"}`
    + ` (${e.sourceFile || "?"}:${e.lineNumber}) "${e.sample}"`);
}, true);
"""
_csp_watched: list = []


def watch_csp(context) -> None:
    """Collect the CSP violations of every page of `context` into context.csp_violations."""
    violations: list[str] = []
    context.csp_violations = violations

    def on_console(msg) -> None:
        if msg.text.startswith("Refused to") or "Content Security Policy directive" in msg.text:
            violations.append(f"{msg.page.url if msg.page else '?'}: {msg.text}")

    def on_event(source, text: str) -> None:
        violations.append(f"{source['frame'].url}: {text}")

    context.on("console", on_console)
    context.expose_binding("__portalCspViolation", on_event)
    context.add_init_script(_CSP_EVENTS)
    _csp_watched.append(context)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    _csp_watched.clear()  # before the fixtures make this test's pages


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    try:
        result = yield
        for context in _csp_watched:
            for open_page in context.pages:  # a round trip delivers the events still in flight
                try:
                    open_page.evaluate("0")
                except Exception:  # noqa: BLE001 - a page mid-navigation or closed has nothing to add
                    pass
        refused = [line for context in _csp_watched for line in context.csp_violations]
        if refused:
            pytest.fail("Content-Security-Policy violations:\n" + "\n".join(refused), pytrace=False)
        return result
    finally:
        _csp_watched.clear()


@pytest.fixture(scope="session", autouse=True)
def _assets_cached_as_in_production() -> Iterator[None]:
    """The live server's static files carry the Cache-Control production gives them
    (apps/core/static.py: a year, immutable, for the hashed build assets). Django's test handler
    sends none, so a kept browser context revalidated every script and stylesheet on every page
    load, a request to the live server each.

    It also serves axe-core (AXE_URL) for the accessibility audits, from the page's own origin
    as the pages' Content-Security-Policy wants. The audits had Playwright answer that request
    (page.route), which routes every later request of the page through Playwright (a round
    trip each) and added one more handler at each audit of the same page."""
    from django.contrib.staticfiles.handlers import StaticFilesHandlerMixin
    from django.http import FileResponse

    from apps.core.static import ONE_YEAR, add_headers

    original = StaticFilesHandlerMixin.serve

    def serve(self, request):
        if request.path == AXE_URL:
            # Not a hashed build asset, but as fixed for the run as one (package-lock.json's axe).
            response = FileResponse(AXE.open("rb"), content_type="text/javascript")
            response["Cache-Control"] = f"public, max-age={ONE_YEAR}, immutable"
            return response
        response = original(self, request)
        headers: dict[str, str] = {}
        add_headers(headers, "", request.path)
        for name, value in headers.items():
            response[name] = value
        return response

    StaticFilesHandlerMixin.serve = serve
    yield
    StaticFilesHandlerMixin.serve = original


# --- Browser contexts, kept for the next test ------------------------------------------------
# A new context costs Chromium about 0.35 s of CPU more than a navigation (its own renderer
# process, profile and network context: 0.46 against 0.10 s for a trivial page, measured here),
# and the journeys open some 700 of them. So a context a test is done with is cleaned and kept
# for the next test that asks for the same size and language: its cookies, storage of every
# kind (local, session, IndexedDB, caches, service workers), permissions, routes, offline
# switch, viewport, media emulation and timeouts are put back as a new context has them, and
# its page is left on about:blank. A context that holds anything that
# can't be put back is closed instead: more than one page, a closed page, a listener the test
# added, Playwright's fake clock. Only the HTTP cache is shared, as between visits in a real
# browser: the built assets are fetched once per worker.
_IDLE_CONTEXTS: dict[tuple[bool, str], list] = {}
_BLANK = "/static/manifest.json"  # a static file: no template, no database


def _listener_counts(page: Page) -> dict[str, int]:
    emitter = page._impl_obj  # playwright's page is a pyee emitter underneath
    return {event: len(emitter.listeners(event)) for event in emitter.event_names()}


def open_context(browser: Browser, base_url: str, phone: bool, locale: str, *, javascript: bool = True):
    """A context on the live server at phone or desktop size in `locale`, watched for CSP
    violations, with one page whose JavaScript errors go to its `js_errors`. The journeys' pages
    and the door's camera browsers both start here. javascript=False: the pages run no script
    of their own (the page as its HTML alone draws it)."""
    options = {
        "base_url": base_url,
        "locale": locale,
        "timezone_id": "America/New_York",
        "java_script_enabled": javascript,
    }
    if phone:
        options |= {"viewport": PHONE, "device_scale_factor": PHONE_SCALE, "is_mobile": True, "has_touch": True}
    else:
        options |= {"viewport": DESKTOP}
    context = browser.new_context(**options)
    watch_csp(context)
    context.set_default_timeout(10_000)
    page = context.new_page()
    # The test's own list: read at each error, so a kept page reports to the test that has it.
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    # The page's requests in flight, for network_quiet().
    page.in_flight = set()
    page.on("request", lambda request: page.in_flight.add(request))
    page.on("requestfinished", lambda request: page.in_flight.discard(request))
    page.on("requestfailed", lambda request: page.in_flight.discard(request))
    context.portal_listeners = _listener_counts(page)
    return context


def network_quiet(page: Page, quiet_ms: int = 100) -> None:
    """Wait until the page has had no request in flight for `quiet_ms`.

    Playwright's wait_for_load_state("networkidle") waits for 500 ms without a request, whatever
    the page does: half a second per page audited. The page's own requests are counted instead
    (open_context), and a tenth of that suffices for a fetch that starts when another ends.
    """
    deadline = time.monotonic() + 10
    quiet_since = None
    while True:
        if page.in_flight:
            quiet_since = None
        elif quiet_since is None:
            quiet_since = time.monotonic()
        elif time.monotonic() - quiet_since >= quiet_ms / 1000:
            return
        if time.monotonic() > deadline:
            pending = ", ".join(sorted(r.url for r in page.in_flight))
            raise AssertionError(f"requests still in flight after 10 s: {pending}")
        page.wait_for_timeout(20)  # Playwright delivers the page's events while it waits


def _put_back(context, base_url: str, phone: bool) -> bool:
    """Clean `context` for another test; False if it can't be (then it is to be closed)."""
    try:
        if len(context.pages) != 1 or context.pages[0].is_closed():
            return False
        page = context.pages[0]
        if _listener_counts(page) != context.portal_listeners:
            return False
        page.unroute_all(behavior="ignoreErrors")
        context.unroute_all(behavior="ignoreErrors")
        context.set_offline(False)
        context.clear_permissions()
        page.goto(base_url + _BLANK, timeout=3_000)
        if page.evaluate("typeof globalThis.__pwClock !== 'undefined'"):
            return False
        page.evaluate("localStorage.clear(); sessionStorage.clear()")
        cdp = context.new_cdp_session(page)
        try:
            cdp.send("Storage.clearDataForOrigin", {"origin": base_url, "storageTypes": "all"})
        finally:
            cdp.detach()
        page.goto("about:blank")
        context.clear_cookies()
        page.set_viewport_size(PHONE if phone else DESKTOP)
        page.emulate_media(media="null", color_scheme="null", reduced_motion="null", forced_colors="null")
        context.set_default_timeout(10_000)
        page.set_default_timeout(10_000)
        context.csp_violations.clear()
        return True
    except Exception:  # noqa: BLE001 - a context in any doubtful state is closed, never reused
        return False


def _take(context):
    """A kept context, as the next test gets it: its cookies cleared once more, since the
    browser's own request for /favicon.ico (the blank document above names no icon) can answer
    after the clean-up with the 404 page's CSRF cookie."""
    context.clear_cookies()
    return context


@pytest.fixture
def new_page(browser: Browser, live_server) -> Iterator[Callable[..., Page]]:
    """Factory: new_page(phone=False, locale="en-US", javascript=True) -> a Page in a context of
    its own (own cookies and storage) on the live server. `locale` is the browser's language: its
    Accept-Language and Intl's. The context may be one an earlier test used, cleaned (above); one
    without JavaScript is the test's alone, closed after it (few journeys ask for one)."""
    taken: list[tuple[tuple[bool, str], object]] = []

    def factory(*, phone: bool = False, locale: str = "en-US", javascript: bool = True) -> Page:
        key = (phone, locale)
        idle = _IDLE_CONTEXTS.setdefault(key, [])
        if not javascript:
            context = open_context(browser, live_server.url, phone, locale, javascript=False)
            context.portal_keep = False
        else:
            context = _take(idle.pop()) if idle else open_context(browser, live_server.url, phone, locale)
        if context not in _csp_watched:
            _csp_watched.append(context)
        taken.append((key, context))
        page = context.pages[0]
        page.js_errors = []  # type: ignore[attr-defined]
        page.base_url = live_server.url  # type: ignore[attr-defined]
        return page

    yield factory
    for key, context in taken:
        if getattr(context, "portal_keep", True) and _put_back(context, live_server.url, phone=key[0]):
            _IDLE_CONTEXTS[key].append(context)
        else:
            try:
                context.close()
            except Exception:  # noqa: BLE001 - already closed by the test
                pass


@pytest.fixture
def page(new_page) -> Page:
    return new_page()


@pytest.fixture
def phone_page(new_page) -> Page:
    return new_page(phone=True)


def shot(page: Page, name: str, *, full_page: bool = True) -> Path:
    """Save a screenshot as e2e/screenshots/<name>.png, after fonts and images have settled."""
    path = SCREENSHOTS / f"{name}.png"
    page.wait_for_load_state("load")
    page.evaluate("document.fonts ? document.fonts.ready.then(() => true) : true")
    if TAKE_SCREENSHOTS:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path), full_page=full_page, animations="disabled")
    return path


def element_shot(locator, name: str, **options) -> Path:
    """Save one element's screenshot as e2e/screenshots/<name>.png (under `make gallery`)."""
    path = SCREENSHOTS / f"{name}.png"
    if TAKE_SCREENSHOTS:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        locator.screenshot(path=str(path), animations="disabled", **options)
    return path


def items_per_row(items) -> list[int]:
    """How many of a locator's elements sit on each row, top to bottom: a layout's check that no
    item is left alone on a row of its own."""
    tops = items.evaluate_all("els => els.map(e => Math.round(e.getBoundingClientRect().top))")
    return [tops.count(top) for top in sorted(set(tops))]


@pytest.fixture(name="shot")
def shot_fixture() -> Callable[..., Path]:
    return shot


@pytest.fixture
def make_student(transactional_db) -> Callable[..., object]:
    """make_student(email="ada@princeton.edu", password=PASSWORD) -> a verified student."""

    def factory(email: str = "ada@princeton.edu", password: str = PASSWORD):
        return make_user(email, password)

    return factory


@pytest.fixture
def make_admin(transactional_db) -> Callable[..., object]:
    """make_admin(email="grace@princeton.edu", password=PASSWORD) -> a verified admin."""

    def factory(email: str = "grace@princeton.edu", password: str = PASSWORD):
        return make_user(email, password, admin=True)

    return factory


def _home_of(email: str) -> str:
    """Where a sign-in without `next` lands: an organizer's /admin, anyone else's /dashboard."""
    from apps.accounts.models import User

    user = User.objects.filter(email=email.strip().lower()).first()
    return "/admin" if user is not None and user.is_admin else "/dashboard"


def sign_in(
    page: Page,
    user,
    password: str = PASSWORD,
    *,
    next: str | None = None,
    expect_path: str | None = None,
    form: bool = False,
):
    """Sign `user` in and open `next`, else the person's home (/admin for an organizer,
    /dashboard for a student); wait until the browser is at `expect_path`, else that page.

    By default the browser is handed a signed-in session, made as Django's test client makes one
    (`force_login`, after checking the password), and opens the page: the page's own guard then
    sends the person where the sign-in form would have (a student asking for /checkin lands on
    /dashboard). Loading the login page and its island for every person of every journey was
    about a fifth of the journeys' browser work, and the form is what a few journeys check, not
    the rest. `form=True` signs in through the /login form, for the journeys about signing in."""
    email = user if isinstance(user, str) else user.email
    target = expect_path or next or _home_of(email)
    if form:
        page.goto("/login" + (f"?next={next}" if next else ""))
        page.get_by_label("Email").fill(email)
        page.get_by_label("Password", exact=True).fill(password)
        page.get_by_role("button", name=re.compile(r"^(Login|Log in|Sign in)$", re.I)).click()
    else:
        from django.conf import settings
        from django.test import Client

        from apps.accounts.models import User
        from apps.core.pages import home_for

        account = User.objects.get(email=email.strip().lower())
        assert account.check_password(password), f"{email} has another password: that sign-in would be refused"
        client = Client()
        client.force_login(account)
        session = client.cookies[settings.SESSION_COOKIE_NAME].value
        page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": page.base_url}])
        page.goto(next or home_for(account))
    page.wait_for_url(re.compile(rf"^[^?#]*{re.escape(target)}(\?.*)?$"))
    return page


@pytest.fixture(name="sign_in")
def sign_in_fixture() -> Callable[..., Page]:
    return sign_in


def mail_link(kind: str, index: int = -1) -> str:
    """The path /<kind>/<token> from a sent mail (default: the latest), for page.goto()."""
    from django.core import mail

    assert mail.outbox, "no mail was sent"
    body = mail.outbox[index].body
    match = re.search(rf"https?://[^\s\"'<>]+/{kind}/([^\s\"'<>]+)", body)
    assert match, f"no /{kind}/ link in: {body}"
    return f"/{kind}/{match.group(1)}"


@pytest.fixture(name="mail_link")
def mail_link_fixture() -> Callable[..., str]:
    return mail_link


@pytest.fixture(autouse=True)
def _empty_outbox(transactional_db):
    from django.core import mail

    mail.outbox = []
    yield
