"""The dashboard's headline against a plain Django page, in Chromium, cold and warm.

Against a running portal (make bench starts it: production settings under gunicorn, static
files collected and served by WhiteNoise), signed in as one applicant: the time from the start
of the navigation until the page's headline has text, read in the page itself
(`performance.now()` when a MutationObserver first sees it). The plain page is the portal's
404 page (a Django template in the same frame, no island); the dashboard's headline is drawn by
its island from the page's props; its headline is also in the first HTML (templates/
dashboard.html). Cold: a new browser context each time (empty cache, new connections); warm:
the same page loaded again in its context once the first load has settled (no request in
flight), so its hashed assets, the lazily loaded ones too, come from the cache. Reloading the
instant the headline shows would cut the first load's lazy chunks off mid-flight and time that.
The pages alternate, so a neighbour's load hits each alike. Each round loads both pages, and
its ratio is the dashboard's time over the plain page's: the median of the rounds' ratios is
reported (as for the HTTP rows), with the lowest and highest, since tens of milliseconds in a
browser vary from round to round about as much as the gap being measured. Each round also loads
the plain page a second time, as a page of its own ("plain again", the other side of the
dashboard): its ratio to the plain page is what noise alone does to a median of the rounds.
And each round loads the dashboard without its island (the same view and first paint, no
script, no preloads, no props: benchmarks/urls.py), which splits the gap in two: what the
page's data and larger document cost against the 404 page, and what the island adds to that.

The headline in the document is not yet the headline on the screen: the browser paints once the
page's render-blocking stylesheets are in (on both pages the frame's alone: the dashboard's island
only preloads its own, docs/performance.md "The first paint") and its layout is done, and after
any script that is ready to run first. So each load also records the page's first contentful
paint (the Paint Timing API), the frame the headline's HTML is drawn in, and the report gives
both. Paint times come in whole frames, so their ratios move in steps. And it records when the
document's first byte came (Navigation Timing's responseStart): what of a gap is the server's.
And on the pages with an island, when it mounted (React has replaced the server's first paint).

Each round also loads the dashboard without the island's JavaScript preloads, and the pages are
loaded once more over an emulated phone's network (PHONE_NETWORK, fewer rounds: each load takes
about a second): between the two, what those preloads cost the first paint on this machine's
loopback and what they save the island where there is a network to wait on.
"""

from __future__ import annotations

import statistics
from pathlib import Path

from e2e import chromium

CHROMIUM = "/usr/bin/chromium"
# (path, the headline's selector, the island's root or None): the root is what React replaces,
# first paint and spinner alike, when the island mounts.
PLAIN = ("/bench-no-such-page", "h1", None)
DASHBOARD = ("/dashboard", "#dashboard-headline", "#dashboard-root")
# The same view drawing the same first paint without the island (benchmarks/urls.py): no
# script, no preloads, no props. What lies between it and the dashboard is the island's cost.
WITHOUT_ISLAND = ("/bench/dashboard-plain", "#dashboard-headline", None)
# The dashboard without the island's JavaScript preloads (benchmarks/urls.py): its script and its
# stylesheets' preloads only, so the script's imports are asked for once the script has come.
# Against the dashboard it shows what those preloads cost the first paint and save the island.
WITHOUT_JS_PRELOADS = ("/bench/dashboard-without-js-preloads", "#dashboard-headline", "#dashboard-root")
# A slow phone's network, emulated by Chromium (the DevTools protocol's network conditions): 150
# ms added to each request's round trip, 1.6 Mbit/s down and 750 kbit/s up. On the loopback the
# browser, the server and its static files share this machine's two cores and no wire: there
# every request the island makes beside the frame's stylesheet costs CPU at the first paint's
# moment; on a network, time on the wire, which the browser's priorities spend on the
# stylesheet first. Both are measured, in the same run.
PHONE_NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}

# Runs before the page's own scripts: records when the selector first matches an element
# with text, when the island's root first holds neither the server's first paint nor its
# spinner (the island has mounted), and when the page first paints content.
_OBSERVE = """
(() => {
  const selector = %r, root = %r;
  const seen = () => {
    const element = document.querySelector(selector);
    if (window.__headlineAt === undefined && element && element.textContent.trim()) {
      window.__headlineAt = performance.now();
    }
    const island = root && document.querySelector(root);
    if (window.__mountedAt === undefined && island && island.firstElementChild
        && !island.querySelector('[data-first-paint], .island__loading')) window.__mountedAt = performance.now();
    return window.__headlineAt !== undefined && (!root || window.__mountedAt !== undefined);
  };
  if (!seen()) {
    const observer = new MutationObserver(() => { if (seen()) observer.disconnect(); });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') window.__paintAt = entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
})();
"""

_DONE = "() => window.__headlineAt !== undefined && window.__paintAt !== undefined"


def _load(context, base: str, target: tuple, network: dict | None, page=None) -> tuple[tuple, object]:
    """Milliseconds to the headline in the document, to the first contentful paint, to the
    document's first byte and to the island's mount (None without an island), and the page:
    opened anew in `context`, or `page` reloaded."""
    path, selector, root = target
    if page is None:
        page = context.new_page()
        page.add_init_script(_OBSERVE % (selector, root or ""))
        if network is not None:
            devtools = context.new_cdp_session(page)
            devtools.send("Network.enable")
            devtools.send("Network.emulateNetworkConditions", network)
        page.goto(base + path)
    else:
        page.reload()
    page.wait_for_function(_DONE + (" && window.__mountedAt !== undefined" if root else ""), timeout=60_000)
    moments = page.evaluate(
        "[window.__headlineAt, window.__paintAt, performance.getEntriesByType('navigation')[0].responseStart,"
        " window.__mountedAt ?? null]"
    )
    return tuple(moments), page


MODES = (
    *("cold", "warm", "cold paint", "warm paint"),
    *("cold first byte", "warm first byte", "cold mounted", "warm mounted"),
)


def _rounds(port: int, session_cookie: str, pages: dict[str, tuple], rounds: int, network: dict | None) -> dict:
    """Each page loaded cold then warm in a new context, `rounds` times (plus a first round
    that warms the server's processes), every other round in reverse order: the milliseconds
    per "page mode"."""
    from playwright.sync_api import sync_playwright

    name, _, value = session_cookie.partition("=")
    base = f"http://127.0.0.1:{port}"
    times: dict[str, list[float]] = {
        f"{page} {mode}": [] for page, target in pages.items() for mode in MODES if target[2] or "mounted" not in mode
    }
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=chromium.ARGS, headless=True)
        try:
            if lost := chromium.features_turned_back_on(browser):
                return {"skipped": f"e2e/chromium.py's switches turn {sorted(lost)} back on: update its list"}
            order = list(pages.items())
            for round_number in range(rounds + 1):
                for label, target in order if round_number % 2 == 0 else order[::-1]:
                    context = browser.new_context(viewport={"width": 390, "height": 844})
                    context.add_cookies([{"name": name, "value": value, "url": base}])
                    cold, page = _load(context, base, target, network)
                    page.wait_for_load_state("networkidle")
                    warm, _ = _load(context, base, target, network, page)
                    context.close()
                    if round_number:  # the first round warms the server's processes
                        # MODES pairs each moment's cold and warm: (cold, warm, cold paint, …).
                        for index, (at_cold, at_warm) in enumerate(zip(cold, warm, strict=True)):
                            for mode, moment in ((MODES[2 * index], at_cold), (MODES[2 * index + 1], at_warm)):
                                if f"{label} {mode}" in times:  # no mount without an island
                                    times[f"{label} {mode}"].append(moment)
        finally:
            browser.close()
    return times


def _ratios(times: dict, page: str, floor: str, modes=MODES[:6]) -> dict[str, list[float]]:
    return {
        mode: [d / p for d, p in zip(times[f"{page} {mode}"], times[f"{floor} {mode}"], strict=True)] for mode in modes
    }


def _medians(ratios: dict[str, list[float]]) -> dict[str, float]:
    return {mode: statistics.median(values) for mode, values in ratios.items()}


def _summary(times: dict) -> dict:
    """The medians, and the dashboard's ratios to the 404 page and to itself without its
    JavaScript preloads: what both measures report."""
    ratios = _ratios(times, "dashboard", "plain")
    return {
        "ms": {key: statistics.median(values) for key, values in times.items()},
        "all": times,
        "rounds": ratios,
        # The dashboard without its JavaScript preloads against the 404 page (its paint), and
        # against the dashboard (its mount).
        "without js preloads": _medians(_ratios(times, "without js preloads", "plain")),
        "js preloads mounted": _medians(
            _ratios(times, "without js preloads", "dashboard", ("cold mounted", "warm mounted"))
        ),
        **_medians(ratios),
    }


def measure(port: int, session_cookie: str, *, rounds: int = 9) -> dict:
    """On the loopback: median milliseconds to the headline in the document, to the first
    contentful paint and to the island's mount, per page, cold and warm."""
    if not Path(CHROMIUM).exists():
        return {"skipped": f"{CHROMIUM} is missing"}
    pages = {
        "plain": PLAIN,
        "dashboard": DASHBOARD,
        "plain again": PLAIN,
        "without island": WITHOUT_ISLAND,
        "without js preloads": WITHOUT_JS_PRELOADS,
    }
    times = _rounds(port, session_cookie, pages, rounds, None)
    if "skipped" in times:
        return times
    control = _ratios(times, "plain again", "plain")
    return {
        **_summary(times),
        "control": _medians(control),
        "control rounds": control,
        # The dashboard against itself without its island, and that page against the 404 page.
        "island": _medians(_ratios(times, "dashboard", "without island")),
        "data": _medians(_ratios(times, "without island", "plain")),
    }


def measure_phone(port: int, session_cookie: str, *, rounds: int = 11) -> dict:
    """The same over an emulated phone's network (PHONE_NETWORK): the dashboard and the
    dashboard without its JavaScript preloads against the 404 page."""
    if not Path(CHROMIUM).exists():
        return {"skipped": f"{CHROMIUM} is missing"}
    pages = {"plain": PLAIN, "dashboard": DASHBOARD, "without js preloads": WITHOUT_JS_PRELOADS}
    times = _rounds(port, session_cookie, pages, rounds, PHONE_NETWORK)
    return times if "skipped" in times else _summary(times)
