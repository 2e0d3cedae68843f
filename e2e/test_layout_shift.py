"""Nothing on a page moves once it is on the screen (no layout shift), on a phone.

- The footer waits for the island on every page, not only the dashboard (static/css/portal.css,
  "The footer waits"): under an island's loading spinner it showed in the first frame, a few
  lines down a phone's screen, and was pushed off it when the island drew the page. Hidden until
  then, it keeps its place and moves unseen, which is no layout shift. Each page is loaded with
  its scripts held back, so the first frame is the server's spinner whatever the machine's
  speed; then the scripts are let through.
- The pages whose numbers arrived after them and pushed what was drawn down (the admin panel's
  cycle numbers: 0.78 of layout shift; the statistics' trend: 0.19; the door's counts and
  checkpoints: 0.15; the demographics' list of questions: 0.13) now bring them with the page,
  or draw the late part below the rest.
"""

from __future__ import annotations

import pytest

from apps.demo.management.commands.seed_demo import ADMIN_EMAIL, ADMIN_PASSWORD
from e2e.conftest import expect, network_quiet, sign_in
from e2e.test_accessibility import seed_portal

# Layout shifts so far (buffered), and whether the footer was among what moved.
_SHIFTS = """() => new Promise((resolve) => {
  const shifts = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      shifts.push({
        value: entry.value,
        footer: entry.sources.some((s) => s.node && s.node.closest && s.node.closest("body > footer")),
      });
    }
  });
  observer.observe({ type: "layout-shift", buffered: true });
  // The buffered entries are delivered in a task of their own; none may come.
  setTimeout(() => { observer.disconnect(); resolve(shifts); }, 50);
})"""

PAGES = [("/login", None), ("/register", None), ("/admin/stats", "grace@princeton.edu")]


@pytest.mark.parametrize(("path", "who"), PAGES, ids=[p[0] for p in PAGES])
def test_the_footer_shows_with_the_island_not_under_its_spinner(new_page, make_admin, path, who):
    page = new_page(phone=True)
    if who:
        make_admin(who)
        sign_in(page, who)
    held: list = []
    released = False

    def hold(route):
        # Held until the first frame has been checked; the imports asked for after that go on.
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route("**/static/assets/*.js", hold)
    try:
        page.goto(path, wait_until="commit")
        page.wait_for_function("() => performance.getEntriesByName('first-contentful-paint').length > 0")
        # The first frame: the server's spinner, and no footer on the screen yet.
        expect(page.locator(".island > .island__loading")).to_be_visible()
        footer = page.locator("body > footer")
        assert footer.evaluate("e => getComputedStyle(e).visibility") == "hidden"
        assert footer.evaluate("e => e.getBoundingClientRect().height") > 0  # it keeps its place
        expect(page.locator("#main h1")).to_have_count(0)
        assert held, "no script was held: the page would have mounted before its first frame"
        released = True
        for route in held:
            route.continue_()
        # The island drew the page; the footer shows with it.
        expect(page.locator("#main h1").first).to_be_visible()
        expect(page.locator(".island > .island__loading")).to_have_count(0)
        expect(footer).to_be_visible()
        shifts = page.evaluate(_SHIFTS)
        assert [s for s in shifts if s["footer"]] == [], shifts
        assert page.js_errors == []
    finally:
        page.unroute_all()


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_the_organizers_pages_draw_their_numbers_without_moving(new_page, phone):
    """Over the demo data set (every status, submissions over days), with a checkpoint to pick
    and a capacity set; on a phone and on a laptop, where more of each page is on the screen."""
    from apps.checkin.models import Checkpoint
    from apps.cycles.selectors import current_cycle
    from apps.reviews.models import AdmissionPlan

    seed_portal()
    Checkpoint.objects.create(cycle=current_cycle(), name="Saturday lunch", kind="meal")
    # A capacity: the admin panel's "Spots filled" shows, between the numbers and the tools.
    AdmissionPlan.objects.create(cycle=current_cycle(), capacity=30, attendance_rate=0.8)
    page = new_page(phone=phone)
    sign_in(page, ADMIN_EMAIL, ADMIN_PASSWORD, next="/admin")
    # The API's answers are held until the island has drawn the page: the slow network where
    # whatever arrives late arrives after the first frames, whichever way the race goes here.
    held: list = []
    holding = True

    def hold(route):
        if holding:
            held.append(route)
        else:
            route.continue_()

    page.route("**/api/**", hold)
    moved = {}
    for path, late in [
        ("/admin", ".rv-capacity"),
        ("/admin/stats", ".trend-card__facts"),
        ("/checkin", "#checkin-station"),
        ("/admin/demographics", ".chart-grid"),
    ]:
        holding = True
        page.goto(path)
        expect(page.locator("#main h1").first).to_be_visible()
        page.wait_for_timeout(100)  # frames drawn with the page alone
        holding = False
        for route in held:
            route.continue_()
        held.clear()
        expect(page.locator(late)).to_be_visible()
        network_quiet(page)  # the trend's chart and anything else asked for after the page
        shifts = page.evaluate(_SHIFTS)
        # Late numbers pushed a page by 0.05 to 0.78; what may be left is the charts settling in
        # their own cards (0.0025 once on a laptop, under load): a hundredth is the line, a tenth
        # of what Chrome calls good.
        if sum(s["value"] for s in shifts) >= 0.01:
            moved[path] = shifts
    page.unroute_all()
    assert moved == {}
    assert page.js_errors == []


def test_without_scripts_a_page_says_it_needs_them_instead_of_turning_a_spinner(new_page):
    """The island never mounts where scripts don't run: the page says so, with its footer."""
    page = new_page(phone=True, javascript=False)
    page.goto("/login")
    expect(page.get_by_text("This page needs JavaScript.", exact=False)).to_be_visible()
    expect(page.locator(".island__loading")).to_be_hidden()
    expect(page.locator("body > footer")).to_be_visible()
