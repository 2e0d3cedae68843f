"""The layout holds for longer words: every main page at 390 px in a pseudo language.

Translations run longer than English (Spanish by a fifth to a third), and a layout tried only in
English meets them first on an applicant's phone. Here the live server speaks the pseudo language
of apps/core/tests/test_pseudo_locale.py (every marked string accented and about 30 % longer,
placeholders kept), compiled as `es` so that the islands load their catalogs too; each Spanish
catalog chunk the browser asks for is answered with the same transformation of its English keys.
So every word on the page, the server's and the islands', is pseudo and longer.

Each page is visited at 390 px once it has settled, and must not be wider than the screen: the
document doesn't scroll sideways, and no element reaches past the right edge unless it is inside
a box that scrolls sideways on purpose (the data table's). Nor may text be cut off by a box too
narrow for it, or a word stick out of its box. A screenshot of each is `pseudo-390-<page>` under
`make gallery`.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from urllib.parse import urlparse

import pytest
from django.utils import translation
from playwright.sync_api import Page

from apps.applications.models import Application
from apps.applications.models import ApplicationStatus as S
from apps.core.tests.test_pseudo_locale import pseudo, pseudo_catalogue
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from apps.demo.management.commands.seed_demo import (
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    APPLICANT_PASSWORD,
    NAMES,
    STATUSES,
    Command,
)
from e2e.conftest import ROOT, expect, shot
from e2e.test_accessibility import seed_portal, settle

pytestmark = pytest.mark.gallery

LOCALES = ROOT / "frontend" / "src" / "locales" / "es"
MANIFEST = ROOT / "frontend" / "dist" / "manifest.json"


@pytest.fixture(scope="module")
def pseudo_as_spanish(tmp_path_factory) -> Path:
    if shutil.which("msgfmt") is None:
        pytest.fail("GNU gettext (msgfmt) is needed: apt-get install gettext")
    return pseudo_catalogue(tmp_path_factory.mktemp("pseudo-es"), code="es")


@pytest.fixture(autouse=True)
def _served_in_pseudo(settings, pseudo_as_spanish):
    """The pseudo catalogue as the only Spanish there is, and Spanish as the only language."""
    settings.LOCALE_PATHS = [str(pseudo_as_spanish)]
    settings.LANGUAGES = [("es", "Español")]
    settings.LANGUAGE_CODE = "es"
    yield
    # The live server's requests activate their language in its thread; start the next from the default.
    translation.activate("en")


def pseudo_chunks() -> dict[str, str]:
    """The built Spanish catalog chunks (frontend/dist/manifest.json), by their URL's path, each
    as a module whose catalog gives every English key its pseudo text (a plural: each form)."""
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    chunks = {}
    for source, built in manifest.items():
        found = re.fullmatch(r"src/locales/es/([\w-]+)\.json", source)
        if not found:
            continue
        catalog = json.loads((LOCALES / f"{found.group(1)}.json").read_text(encoding="utf-8"))
        made = {
            key: {form: pseudo(key) for form in value} if isinstance(value, dict) else pseudo(key)
            for key, value in catalog.items()
        }
        chunks["/static/" + built["file"]] = "export default " + json.dumps(made, ensure_ascii=False) + ";\n"
    assert chunks, "no Spanish catalog chunk in frontend/dist/manifest.json"
    return chunks


def phone(new_page) -> Page:
    """A phone whose Spanish catalogs are the pseudo ones."""
    page = new_page(phone=True, locale="es-ES")
    # A full page at pixel density 2 (the builder's is long) takes a while to encode.
    page.set_default_timeout(30_000)
    chunks = pseudo_chunks()
    page.context.route(
        lambda url: urlparse(url).path in chunks,
        lambda route: route.fulfill(
            body=chunks[urlparse(route.request.url).path], content_type="text/javascript; charset=utf-8"
        ),
    )
    return page


def sign_in(page: Page, email: str, password: str) -> None:
    """Through the /login form, found by its fields (its words are pseudo)."""
    page.goto("/login")
    page.locator("input[name=email]").fill(email)
    page.locator("input[name=password]").fill(password)
    page.locator("#main button[type=submit]").click()
    page.wait_for_url(lambda url: urlparse(url).path != "/login")


# The elements reaching past the right edge of the screen, except inside a box that scrolls
# sideways (overflow-x auto or scroll: the data table's wrapper, a code block) or one clipped to
# nothing (.visually-hidden: read aloud, never seen). A box that clips (overflow hidden or clip) is
# not excused: what it hides at the screen's edge is cut off. And the text cut off inside a box
# too narrow for it: a clipping box whose content is wider than itself, unless it says what it
# hides in its title (the applications table's addresses do).
_TOO_WIDE = """() => {
  const width = window.innerWidth;
  const unseen = (s) => s.clip !== "auto" || s.clipPath !== "none" || s.visibility === "hidden";
  const excused = (el) => {
    for (let box = el; box && box !== document.body; box = box.parentElement) {
      const s = getComputedStyle(box);
      if (unseen(s) || (box !== el && ["auto", "scroll"].includes(s.overflowX))) return true;
    }
    return false;
  };
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "")
    + [...el.classList].map((c) => "." + c).join("");
  const text = (el) => (el.textContent || "").trim().replace(/\\s+/g, " ").slice(0, 60);
  const wide = [], cut = [], spill = [];
  for (const el of document.body.querySelectorAll("*")) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || excused(el)) continue;
    if (box.right > width + 1) wide.push(`${name(el)} right=${Math.round(box.right)} "${text(el)}"`);
    const s = getComputedStyle(el);
    const wider = el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1;
    if (["hidden", "clip"].includes(s.overflowX) && wider && text(el) && !el.title) {
      cut.push(`${name(el)} ${el.clientWidth}<${el.scrollWidth} "${text(el)}"`);
    }
    // A word longer than its box sticks out of it: over a neighbour, or past the card's edge.
    const words = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
    if (s.overflowX === "visible" && wider && words) {
      spill.push(`${name(el)} ${el.clientWidth}<${el.scrollWidth} "${text(el)}"`);
    }
  }
  const page = document.documentElement.scrollWidth;
  return {page, width, wide: wide.slice(0, 8), cut: cut.slice(0, 8), spill: spill.slice(0, 8)};
}"""


def check(page: Page, name: str, failures: dict[str, object]) -> None:
    """The settled page fits the phone's width; its screenshot is pseudo-390-<name>."""
    settle(page)
    expect(page.locator("canvas.confetti")).to_have_count(0, timeout=6000)
    found = page.evaluate(_TOO_WIDE)
    if found["page"] > found["width"] or found["wide"] or found["cut"] or found["spill"]:
        failures[name] = found
    shot(page, f"pseudo-390-{name}")


def person(status: str) -> dict:
    """The first demo applicant whose application ends in `status` (seed_demo)."""
    return Command._person(next(i for i in range(len(NAMES)) if STATUSES[i] == status))


def test_every_main_page_fits_a_phone_in_a_longer_language(new_page):
    seed_portal()  # the demo data set, the cycle open
    failures: dict[str, object] = {}

    page = phone(new_page)
    page.goto("/login")
    check(page, "login", failures)
    # The islands speak the pseudo language too: no English catalog text on the sign-in form.
    expect(page.locator("#main button[type=submit]")).to_contain_text("⟦")
    page.goto("/register")
    check(page, "register", failures)
    page.context.close()

    def applicant(status: str, *pages: tuple[str, str, str]) -> None:
        """Signed in as a demo applicant in `status`: each (path, name, what must show)."""
        page = phone(new_page)
        sign_in(page, person(status)["email"], APPLICANT_PASSWORD)
        for path, name, showing in pages:
            page.goto(path)
            expect(page.locator(showing).first).to_be_visible()
            check(page, name, failures)
        assert page.js_errors == [], page.js_errors
        page.context.close()

    applicant(S.STARTED, ("/apply", "apply-draft", "#main form"), ("/dashboard", "dashboard-started", "#main h1"))
    applicant(S.SUBMITTED, ("/dashboard", "dashboard-submitted", "#main h1"))

    cycle_set_status(cycle=current_cycle(), status=C.RELEASED)
    # The offer with the RSVP form, the ticket, the waitlist's answer, a refusal.
    applicant(S.ACCEPTED, ("/dashboard", "dashboard-accepted", "#main .rsvp-form"))
    applicant(S.CONFIRMED, ("/dashboard", "dashboard-confirmed", "#main .ticket"))
    applicant(S.WAITLISTED, ("/dashboard", "dashboard-waitlisted", "#main h1"))
    applicant(S.REJECTED, ("/dashboard", "dashboard-rejected", "#main h1"))

    page = phone(new_page)
    sign_in(page, ADMIN_EMAIL, ADMIN_PASSWORD)
    someone = Application.objects.filter(cycle=current_cycle(), status=S.SUBMITTED).order_by("email").first()
    for path, name in [
        ("/admin", "admin-home"),
        ("/admin/users", "applications"),
        (f"/admin/users/{someone.email}", "applicant"),
        ("/admin/stats", "statistics"),
        ("/admin/config", "configuration"),
        ("/admin/batch", "batch"),
        ("/admin/createapp", "builder"),
        ("/admin/reviewapps/0", "review"),
        ("/admin/ranking", "ranking"),
        ("/checkin", "checkin"),
    ]:
        page.goto(path)
        check(page, name, failures)
    # The phone's menu, open: the organizer's has the most links.
    page.goto("/admin")
    page.locator("[data-nav-toggle]").click()
    expect(page.locator("#nav-links")).to_be_visible()
    check(page, "menu", failures)
    assert page.js_errors == [], page.js_errors

    assert not failures, "wider than a 390 px phone in the pseudo language:\n" + "\n".join(
        f"{name}: {found}" for name, found in failures.items()
    )
