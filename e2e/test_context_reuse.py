"""The journeys keep a finished test's browser context for the next (e2e/conftest.py): what a
test leaves behind must not reach the next one. Each test here dirties a context the way a
journey can, hands it back, and checks that it comes back as a new context is, or is refused."""

from __future__ import annotations

from e2e.conftest import _BLANK, DESKTOP, _put_back, _take, open_context


def fresh(browser, live_server):
    context = open_context(browser, live_server.url, False, "en-US")
    page = context.pages[0]
    page.js_errors = []
    page.goto(live_server.url + _BLANK)
    return context, page


def test_a_context_handed_back_has_nothing_of_the_test_before(browser, live_server):
    context, page = fresh(browser, live_server)
    try:
        context.add_cookies([{"name": "sessionid", "value": "someone", "url": live_server.url}])
        page.evaluate(
            """() => new Promise((done) => {
                 localStorage.setItem('queue', '[1]');
                 sessionStorage.setItem('draft', 'x');
                 const open = indexedDB.open('scans', 1);
                 open.onupgradeneeded = () => open.result.createObjectStore('s');
                 open.onsuccess = () => { open.result.close(); done(); };
               })"""
        )
        page.route("**/api/**", lambda route: route.abort())
        context.set_offline(True)
        page.set_viewport_size({"width": 500, "height": 500})
        page.emulate_media(reduced_motion="reduce")
        page.set_default_timeout(1_000)

        assert _put_back(context, live_server.url, phone=False)
        _take(context)

        assert context.cookies() == []
        assert page.url == "about:blank"
        page.goto(live_server.url + _BLANK)
        assert page.evaluate("localStorage.length + sessionStorage.length") == 0
        assert page.evaluate("indexedDB.databases().then((all) => all.map((d) => d.name))") == []
        assert page.evaluate("navigator.onLine") is True
        assert page.viewport_size == DESKTOP
        assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches") is False
        # The route is gone: the API answers (a 4xx for a visitor, not an aborted request).
        assert page.evaluate("fetch('/api/applications/status').then((r) => r.status)") in (401, 403)
    finally:
        context.close()


def test_a_context_holding_what_cant_be_undone_is_not_kept(browser, live_server):
    listened, page = fresh(browser, live_server)
    page.on("request", lambda request: None)
    assert not _put_back(listened, live_server.url, phone=False)
    listened.close()

    clocked, page = fresh(browser, live_server)
    page.clock.install()
    assert not _put_back(clocked, live_server.url, phone=False)
    clocked.close()

    two_pages, page = fresh(browser, live_server)
    two_pages.new_page()
    assert not _put_back(two_pages, live_server.url, phone=False)
    two_pages.close()

    closed, page = fresh(browser, live_server)
    page.close()
    assert not _put_back(closed, live_server.url, phone=False)
    closed.close()
