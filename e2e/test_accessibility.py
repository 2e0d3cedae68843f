"""An automated accessibility audit of every page, plus keyboard journeys.

Each page is opened with the role that may see it, over realistic data (the seed_demo data set,
or an application brought to the needed status through the status machine), and in a cycle state
where it shows its main content. axe-core (frontend/node_modules/axe-core, a dev dependency) then
checks it against WCAG 2.0/2.1 A and AA; a violation of impact "serious" or "critical" fails the
test, and the failure lists each page's violations with their rule, targets and help.

Set A11Y_REPORT=<file> to append every violation (any impact) as JSON lines, for an audit report.
"""

from __future__ import annotations

import datetime
import json
import os
import re
from pathlib import Path

import pytest
from django.core import mail
from django.core.management import call_command
from django.utils import timezone

from apps.accounts.models import User, WhitelistRule
from apps.applications.models import Application
from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.test_status_machine import make_application
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from apps.demo.management.commands.seed_demo import ADMIN_EMAIL, ADMIN_PASSWORD, APPLICANT_PASSWORD, Command
from apps.mailings import audiences
from apps.mailings.services import mailing_create
from apps.reviews.services import assign
from conftest import PASSWORD, PortalClient, link_from_mail
from e2e.conftest import AXE, AXE_URL, expect, network_quiet, sign_in

WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
FAILING_IMPACTS = {"serious", "critical"}

# The admin pages, each with the heading that says its main content is there.
ADMIN_PAGES = [
    ("/admin", "Admin Panel"),
    ("/admin/users", "Applications"),
    ("/admin/users/{applicant}", "{applicant_name}"),
    ("/admin/stats", "Statistics"),
    ("/admin/administrators", "Administrators"),
    ("/admin/config", "Configuration"),
    ("/admin/resumebook", "Resume Book"),
    ("/admin/batch", "Batch Decisions"),
    ("/admin/demographics", "Demographics"),
    ("/admin/whitelist-emails", "Whitelist Emails"),
    ("/admin/assignapps", "Assign Applications for Review"),
    ("/admin/reviewapps", "Applications to Review"),
    ("/admin/reviewapps/0", "Review 1"),
    ("/admin/createapp", "Question Builder"),
    ("/admin/automated-emails", "Automated Emails"),
]
PHONE_ADMIN_PAGES = {"/admin", "/admin/users", "/admin/stats", "/admin/batch", "/admin/reviewapps/0"}


def audit(page) -> list[dict]:
    """Run axe over the whole document; every WCAG 2.x A/AA violation, any impact."""
    # A table dims to 0.6 while it refetches (after a decision, say): measured then, every
    # colour in it fails contrast. Audit it once it is back and its fade has ended.
    expect(page.locator('.org-table-wrap[aria-busy="true"], [aria-busy="true"] .org-table-wrap')).to_have_count(0)
    at_rest(page)
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # The pages' Content-Security-Policy refuses inline scripts (add_script_tag(path=…) is
        # one), so axe is served as a file from the page's own origin (the live server's).
        if not page.evaluate("navigator.onLine"):
            # A journey that took the browser offline: Playwright answers the request itself
            # (page.route: every later request of the page goes through Playwright).
            page.route(f"**{AXE_URL}", lambda route: route.fulfill(path=str(AXE), content_type="text/javascript"))
        page.add_script_tag(url=AXE_URL)
    return page.evaluate(
        """async (tags) => {
          // Selectors are built for the violations' nodes only: building them for every node
          // of every passing rule too was a sixth of this file's CPU (36.7 against 30.9 CPU-s
          // for its journeys, one run each), for results nothing here reads.
          const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
          return result.violations.map((v) => ({
            id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
            nodes: v.nodes.map((n) => ({target: n.target.join(' '), summary: n.failureSummary})),
          }));
        }""",
        WCAG_TAGS,
    )


def settle(page, heading: str | None = None):
    """Wait for the page's main content: its heading, no request in flight, no spinner."""
    if heading:
        expect(page.get_by_role("heading", name=heading).first).to_be_visible()
    else:
        expect(page.locator("#main h1, #main h2").first).to_be_visible()
    network_quiet(page)
    expect(page.locator("#main .spinner:visible")).to_have_count(0)
    at_rest(page)


# Every finite CSS animation and transition of the page, awaited: colours are measured at rest
# (an entrance fade measured half-way fails contrast). Endless ones (a spinner, the loading
# page's cup) never finish and are left out.
_AT_REST = """async () => {
  if (document.fonts) await document.fonts.ready;
  const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
  await Promise.all(finite.map((a) => a.finished.catch(() => null)));
  return true;
}"""


def at_rest(page):
    """Wait until the fonts are loaded and every finite animation or transition has ended."""
    page.evaluate(_AT_REST)


class Audit:
    """Collects the violations of several pages and fails once, listing all of them."""

    def __init__(self):
        self.failures: dict[str, list[dict]] = {}

    def check(self, page, label: str):
        violations = audit(page)
        report = os.environ.get("A11Y_REPORT")
        if report:
            with Path(report).open("a", encoding="utf-8") as out:
                for v in violations:
                    row = {"page": label, "id": v["id"], "impact": v["impact"], "nodes": len(v["nodes"])}
                    out.write(json.dumps(row) + "\n")
        serious = [v for v in violations if v["impact"] in FAILING_IMPACTS]
        if serious:
            self.failures[label] = serious

    def assert_clean(self):
        if not self.failures:
            return
        lines = []
        for label, violations in self.failures.items():
            lines.append(f"{label}:")
            for v in violations:
                lines.append(f"  [{v['impact']}] {v['id']}: {v['help']} ({v['helpUrl']})")
                for node in v["nodes"][:8]:
                    summary = " ".join((node["summary"] or "").split())[:300]
                    lines.append(f"      {node['target']}  —  {summary}")
                if len(v["nodes"]) > 8:
                    lines.append(f"      … and {len(v['nodes']) - 8} more")
        raise AssertionError("Serious or critical accessibility violations:\n" + "\n".join(lines))


def seed_portal():
    """The demo data set (an admin, an open cycle, ~50 applicants in every status, the admin's
    reviews and review queue), plus the records a few admin pages list: review assignments (the
    demo's own, or these), a whitelist rule and a scheduled mailing."""
    call_command("seed_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115
    admin = User.objects.get(email=ADMIN_EMAIL)
    applicant = Command._person(6)  # submitted, in a team of three
    submitted = Application.objects.filter(cycle=current_cycle(), status=S.SUBMITTED).order_by("email")
    for application in submitted[:3]:
        assign(reviewer=admin, application_id=application.pk)  # the demo may have: kept as it is
    WhitelistRule.objects.create(kind=WhitelistRule.Kind.PATTERN, value=r".*@judges\.example\.org")
    mailing_create(
        subject="Doors open at 9",
        audience=audiences.custom("maya.chen@princeton.edu"),
        html_file=_html_upload("<h1>Doors open at 9</h1><p>See you there.</p>"),
        send_at=timezone.now() + datetime.timedelta(days=2),
        actor=admin,
    )
    return applicant


def _html_upload(html: str):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("mailing.html", html.encode(), content_type="text/html")


def test_the_audit_reports_every_node_of_a_violation(page):
    """The audit itself: a page given two unlabelled inputs and an image without a text
    alternative reports both rules, each with every node. The audit asks axe for its violations
    only (`resultTypes`), and an axe given another list there reports one node a rule: this
    proves every failing node is still listed, as the reports above name them."""
    page.goto(page.base_url + "/login")
    settle(page)
    page.evaluate(
        """() => {
          const main = document.querySelector('#main');
          for (const id of ['canary-one', 'canary-two']) {
            const input = document.createElement('input');
            input.id = id;
            main.append(input);
          }
          const image = document.createElement('img');
          image.id = 'canary-image';
          image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
          main.append(image);
        }"""
    )
    found = {v["id"]: sorted(node["target"] for node in v["nodes"]) for v in audit(page)}
    assert found.get("label") == ["#canary-one", "#canary-two"], found
    assert found.get("image-alt") == ["#canary-image"], found


@pytest.mark.long
def test_the_public_and_account_pages_have_no_serious_violations(new_page, make_student):
    """/, /login, /register, /reset, /account-deleted, /reset/<token>, /verify/<token>, /loading and the 404,
    anonymous."""
    make_student()
    audit_log = Audit()
    for phone in (False, True):
        page = new_page(phone=phone)
        width = "phone" if phone else "desktop"
        for path in ["/", "/login", "/register", "/reset", "/account-deleted"]:
            page.goto(path)
            settle(page)
            audit_log.check(page, f"{path} ({width})")
        page.goto("/not-a-page-at-all")
        settle(page)
        audit_log.check(page, f"404 ({width})")

    page = new_page()
    # A real reset link, requested through the form.
    page.goto("/reset")
    page.get_by_label("Email").fill("ada@princeton.edu")
    page.get_by_role("button", name=re.compile("reset|send", re.I)).click()
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    # The answer has arrived (so the mail is in the outbox) once the confirmation shows; the
    # heading is there before the click already.
    expect(page.get_by_role("status").filter(has_text=re.compile(r"\w"))).to_be_visible()
    network_quiet(page)
    assert mail.outbox, "the reset form sent no mail"
    page.goto("/reset/" + link_from_mail(mail.outbox[-1], "reset"))
    settle(page)
    expect(page.get_by_label("New password", exact=True)).to_be_visible()
    audit_log.check(page, "/reset/<token>")

    # A real verification link, from a registration through the API.
    before = len(mail.outbox)
    r = PortalClient().post(
        "/api/auth/register", {"email": "lin@princeton.edu", "password": PASSWORD}, content_type="application/json"
    )
    assert r.status_code == 201, r.json()
    page.goto("/verify/" + link_from_mail(mail.outbox[before], "verify"))
    settle(page)
    audit_log.check(page, "/verify/<token>")

    page.goto("/loading")
    expect(page.locator("#main")).to_be_visible()
    at_rest(page)
    audit_log.check(page, "/loading")
    audit_log.assert_clean()


@pytest.mark.long
def test_every_admin_page_has_no_serious_violations(new_page):
    """Every /admin page over the demo data set, signed in as its admin; key pages at 390px too."""
    applicant = seed_portal()
    audit_log = Audit()
    page = new_page()
    sign_in(page, ADMIN_EMAIL, ADMIN_PASSWORD, next="/admin")
    phone = new_page(phone=True)
    sign_in(phone, ADMIN_EMAIL, ADMIN_PASSWORD, next="/admin")
    name = f"{applicant['first']} {applicant['last']}"
    for template, heading in ADMIN_PAGES:
        path = template.format(applicant=applicant["email"])
        heading = heading.format(applicant_name=name)
        targets = [(page, "desktop")] + ([(phone, "phone")] if template in PHONE_ADMIN_PAGES else [])
        for tab, width in targets:
            tab.goto(path)
            settle(tab, heading)
            audit_log.check(tab, f"{template} ({width})")
    assert page.js_errors == [] and phone.js_errors == []
    audit_log.assert_clean()


def test_the_apply_page_has_no_serious_violations(new_page):
    """/apply in an open cycle, for a returning applicant with a draft (from the demo data set)."""
    seed_portal()
    drafter = Command._person(0)  # "started": a saved draft
    audit_log = Audit()
    for phone in (False, True):
        page = new_page(phone=phone)
        sign_in(page, drafter["email"], APPLICANT_PASSWORD, next="/apply")
        settle(page)
        expect(page.get_by_label("First name")).to_have_value(drafter["first"])
        audit_log.check(page, f"/apply ({'phone' if phone else 'desktop'})")
    audit_log.assert_clean()


DASHBOARD_STATES = [
    ("not-open", S.UNSUBMITTED, C.NOT_OPEN, {}),
    ("open-started", S.STARTED, C.OPEN, {}),
    ("open-submitted", S.SUBMITTED, C.OPEN, {"teamcode": "123456"}),
    ("closed-reviewing", S.SUBMITTED, C.CLOSED, {}),
    ("released-accepted", S.ACCEPTED, C.RELEASED, {"travel": True, "housing": True}),
    ("released-waitlisted", S.WAITLISTED, C.RELEASED, {}),
    ("released-rejected", S.REJECTED, C.RELEASED, {}),
    ("confirmed", S.CONFIRMED, C.CONFIRMATION_CLOSED, {"travel": True}),
    ("declined", S.DECLINED, C.RELEASED, {}),
    ("passed", S.ACCEPTED, C.CONFIRMATION_CLOSED, {}),
]


@pytest.mark.long
def test_the_dashboard_in_each_state_has_no_serious_violations(new_page, make_student):
    """/dashboard for an applicant in each status, the cycle in the state that shows it."""
    cycle = current_cycle()
    for field, value in {
        "due": "2025-01-15",
        "start": "2025-03-07",
        "end": "2025-03-09",
        "housing": "2025-02-14",
        "confirmation_first_deadline": "2025-02-01",
        "confirmation_second_deadline": "2025-02-20",
        "waitlist_deadline": "2025-02-10",
    }.items():
        setattr(cycle, field, value)
    cycle.location = "Friend Center, Princeton, NJ"
    cycle.housing_link = "https://forms.example.org/housing"
    cycle.save()
    audit_log = Audit()
    for index, (name, status, cycle_status, fields) in enumerate(DASHBOARD_STATES):
        email = f"applicant{index}@princeton.edu"
        make_application(make_student(email), status, **fields)
        cycle_set_status(cycle=current_cycle(), status=cycle_status)
        widths = (False, True) if name == "released-accepted" else (False,)
        for phone in widths:
            page = new_page(phone=phone)
            sign_in(page, email)
            settle(page)
            # Confetti is decoration; wait until it is gone so it doesn't cover the text measured.
            expect(page.locator("canvas.confetti")).to_have_count(0, timeout=6000)
            audit_log.check(page, f"/dashboard {name} ({'phone' if phone else 'desktop'})")
            page.context.close()
    audit_log.assert_clean()


def test_login_by_keyboard_alone(page, make_student):
    """The skip link comes first and jumps to the content; Tab reaches the form; Enter submits."""
    make_student()
    page.goto("/login")
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to content")
    expect(skip).to_be_focused()
    expect(skip).to_be_visible()
    page.keyboard.press("Enter")
    # The fragment lands after the key press returns: wait for it rather than read it at once.
    expect(page).to_have_url(re.compile(r"#main$"))

    email = page.get_by_label("Email")
    for _ in range(15):
        page.keyboard.press("Tab")
        if email.evaluate("el => el === document.activeElement"):
            break
    expect(email).to_be_focused()
    page.keyboard.type("ada@princeton.edu")
    page.keyboard.press("Tab")
    expect(page.get_by_label("Password", exact=True)).to_be_focused()
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/dashboard$"))
    expect(page.get_by_role("heading", level=1)).to_be_visible()


def test_the_phone_menu_opens_and_is_walked_by_keyboard(phone_page, make_student):
    """At 390px: Tab to the menu button, Enter opens it, Tab walks its links, Escape closes it."""
    make_student()
    page = phone_page
    sign_in(page, "ada@princeton.edu")
    toggle = page.get_by_role("button", name="Menu")
    for _ in range(6):
        page.keyboard.press("Tab")
        if toggle.evaluate("el => el === document.activeElement"):
            break
    expect(toggle).to_be_focused()
    page.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    nav = page.get_by_role("navigation", name="Main")
    page.keyboard.press("Tab")
    expect(nav.get_by_role("link").first).to_be_focused()
    visited = []
    for _ in range(6):
        visited.append(page.evaluate("document.activeElement.textContent.trim()"))
        if visited[-1] == "Logout":
            break
        page.keyboard.press("Tab")
    assert "Dashboard" in visited and visited[-1] == "Logout", visited
    page.keyboard.press("Escape")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(toggle).to_be_focused()
    expect(nav.get_by_role("link", name="Dashboard")).to_be_hidden()
