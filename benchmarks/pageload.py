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
"""

from __future__ import annotations

import statistics
from pathlib import Path

from e2e import chromium

CHROMIUM = "/usr/bin/chromium"
PLAIN = ("/bench-no-such-page", "h1")
DASHBOARD = ("/dashboard", "#dashboard-headline")
# The same view drawing the same first paint without the island (benchmarks/urls.py): no
# script, no preloads, no props. What lies between it and the dashboard is the island's cost.
WITHOUT_ISLAND = ("/bench/dashboard-plain", "#dashboard-headline")

# Runs before the page's own scripts: records when the selector first matches an element
# with text, and when the page first paints content.
_OBSERVE = """
(() => {
  const selector = %r;
  const seen = () => {
    const element = document.querySelector(selector);
    if (element && element.textContent.trim()) { window.__headlineAt = performance.now(); return true; }
    return false;
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


def _load(context, base: str, path: str, selector: str, page=None) -> tuple[float, float, float, object]:
    """Milliseconds to the headline in the document, to the first contentful paint and to the
    document's first byte, and the page: opened anew in `context`, or `page` reloaded."""
    if page is None:
        page = context.new_page()
        page.add_init_script(_OBSERVE % selector)
        page.goto(base + path)
    else:
        page.reload()
    page.wait_for_function("() => window.__headlineAt !== undefined && window.__paintAt !== undefined", timeout=30_000)
    headline, paint, first_byte = page.evaluate(
        "[window.__headlineAt, window.__paintAt, performance.getEntriesByType('navigation')[0].responseStart]"
    )
    return headline, paint, first_byte, page


def measure(port: int, session_cookie: str, *, rounds: int = 9) -> dict:
    """Median milliseconds to the headline in the document and to the first contentful paint,
    per page, cold and warm."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        return {"skipped": f"{CHROMIUM} is missing"}
    name, _, value = session_cookie.partition("=")
    base = f"http://127.0.0.1:{port}"
    modes = ("cold", "warm", "cold paint", "warm paint", "cold first byte", "warm first byte")
    pages = ("plain", "dashboard", "plain again", "without island")
    times: dict[str, list[float]] = {f"{page} {mode}": [] for page in pages for mode in modes}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=chromium.ARGS, headless=True)
        try:
            if lost := chromium.features_turned_back_on(browser):
                return {"skipped": f"e2e/chromium.py's switches turn {sorted(lost)} back on: update its list"}
            for round_number in range(rounds + 1):
                order = [
                    ("plain", PLAIN),
                    ("dashboard", DASHBOARD),
                    ("plain again", PLAIN),
                    ("without island", WITHOUT_ISLAND),
                ]
                for label, (path, selector) in order if round_number % 2 == 0 else order[::-1]:
                    context = browser.new_context(viewport={"width": 390, "height": 844})
                    context.add_cookies([{"name": name, "value": value, "url": base}])
                    cold, cold_paint, cold_byte, page = _load(context, base, path, selector)
                    page.wait_for_load_state("networkidle")
                    warm, warm_paint, warm_byte, _ = _load(context, base, path, selector, page)
                    context.close()
                    if round_number:  # the first round warms the server's processes
                        moments = (cold, warm, cold_paint, warm_paint, cold_byte, warm_byte)
                        for mode, moment in zip(modes, moments, strict=True):
                            times[f"{label} {mode}"].append(moment)
        finally:
            browser.close()
    medians = {key: statistics.median(values) for key, values in times.items()}

    def ratios_of(page: str, floor: str = "plain") -> dict[str, list[float]]:
        return {
            mode: [d / p for d, p in zip(times[f"{page} {mode}"], times[f"{floor} {mode}"], strict=True)]
            for mode in modes
        }

    ratios, control = ratios_of("dashboard"), ratios_of("plain again")
    island = ratios_of("dashboard", "without island")
    return {
        "ms": medians,
        "all": times,
        "rounds": ratios,
        "control": {mode: statistics.median(values) for mode, values in control.items()},
        "control rounds": control,
        # The dashboard against itself without its island, and that page against the 404 page.
        "island": {mode: statistics.median(values) for mode, values in island.items()},
        "data": {mode: statistics.median(values) for mode, values in ratios_of("without island").items()},
        **{mode: statistics.median(values) for mode, values in ratios.items()},
    }
