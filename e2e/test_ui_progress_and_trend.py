"""Long work shows its progress, and the reports show a trend, at 1440×900 and 390×844.

- The configuration page after a release: "N of M emails sent" moves by itself while a worker
  sends (the test marks the outbox rows sent behind the page's back), with no Refresh.
- Statistics: applications per day and in all, as a chart named by its summary.
- Demographics: the group's schools and countries, in the palette of distinct hues.
- Check-in: a search hit checked in earlier shows its time in the event's zone, named, on a
  browser set to another zone; only the confirmed get "Check in".
Each page passes axe. Screenshots: e2e/screenshots/progress-<page>-<desktop|phone>.png.
"""

from __future__ import annotations

import datetime
import uuid
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from apps.accounts.models import Role
from apps.applications import status_machine
from apps.applications.models import Answer, Application
from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.test_status_machine import make_application
from apps.checkin import checkins
from apps.checkin.models import CheckIn
from apps.cycles.models import CycleStatus as C
from apps.cycles.selectors import current_cycle
from apps.decisions import release
from apps.decisions.tests.test_release import cycle_set_status as release_through_the_door
from apps.mailings.models import Delivery
from conftest import make_user
from e2e.conftest import expect, network_quiet, shot, sign_in
from e2e.test_accessibility import FAILING_IMPACTS, at_rest, audit
from e2e.test_checkin import applicant, set_up_event, staff

DESKTOP_1440 = {"width": 1440, "height": 900}
SIZES = pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])


def open_page(new_page, phone: bool):
    page = new_page(phone=phone)
    if not phone:
        page.set_viewport_size(DESKTOP_1440)
    page.emulate_media(reduced_motion="reduce")
    return page


def assert_axe_clean(page, label: str):
    at_rest(page)
    serious = [v for v in audit(page) if v["impact"] in FAILING_IMPACTS]
    assert serious == [], f"{label}: {[(v['id'], [n['target'] for n in v['nodes']]) for v in serious]}"


def no_sideways_scroll(page):
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"


@SIZES
def test_the_release_counts_its_emails_by_itself(new_page, make_admin, phone):
    organizer = make_admin()
    for n, status in enumerate([S.ACCEPTED, S.ACCEPTED, S.ACCEPTED, S.REJECTED, S.WAITLISTED, S.ACCEPTED]):
        make_application(make_user(f"p{n}@princeton.edu"), status)
    release_through_the_door(cycle=current_cycle(), status=C.RELEASED)
    # A worker has sent two; four wait.
    rows = release.decision_rows()
    rows.update(state=Delivery.State.PENDING)
    first_two = list(rows.order_by("pk").values_list("pk", flat=True)[:2])
    Delivery.objects.filter(pk__in=first_two).update(state=Delivery.State.SENT)

    page = open_page(new_page, phone)
    sign_in(page, organizer, next="/admin/config")
    expect(page.get_by_role("heading", name="Configuration", level=1)).to_be_visible()
    network_quiet(page)
    shot(page, f"progress-config-{'phone' if phone else 'desktop'}")
    panel = page.get_by_role("region", name="Decision emails")
    expect(panel).to_contain_text("2 of 6 emails sent")
    bar = panel.get_by_role("progressbar", name="Sending the decision emails")
    expect(bar).to_have_attribute("aria-valuenow", "2")
    expect(panel.get_by_role("button")).to_have_count(0)  # no Refresh
    assert_axe_clean(page, "config, sending")

    # The worker goes on; the page follows without a reload.
    Delivery.objects.filter(pk__in=rows.values("pk")).update(state=Delivery.State.SENT)
    expect(panel).to_contain_text("6 of 6 emails sent")
    expect(panel.get_by_role("progressbar", name="Every decision email has been handled")).to_have_attribute(
        "aria-valuenow", "6"
    )
    no_sideways_scroll(page)
    shot(page, f"progress-config-done-{'phone' if phone else 'desktop'}")
    assert page.js_errors == []


def submissions_over_days():
    """Twelve submitted applications over five days (none on the third), from several schools
    and countries, answering the survey."""
    cycle = current_cycle()
    start = timezone.now() - datetime.timedelta(days=6)
    plan = [0, 0, 1, 1, 1, 1, 3, 3, 4, 4, 4, 4]
    schools = ["Princeton University", "Yale University", "Massachusetts Institute of Technology"]
    countries = ["United States", "Canada", "India", "Germany"]
    for i, day in enumerate(plan):
        user = make_user(f"trend{i:02d}@princeton.edu")
        application = Application.objects.create(
            cycle=cycle,
            user=user,
            email=user.email,
            first=f"T{i}",
            last="Trend",
            school=schools[i % 3] if i < 9 else schools[0],
            checkboxes=[True, True, False],
        )
        for question_id, value in {
            "country": countries[i % 4],
            "gender": ["Woman", "Man", "Non-binary"][i % 3],
            "age": str(18 + i % 5),
        }.items():
            Answer.objects.create(application=application, question_id=question_id, value=value)
        status_machine.transition(application_id=application.pk, to="submitted", actor=user)
        Application.objects.filter(pk=application.pk).update(submitted_at=start + datetime.timedelta(days=day, hours=2))


@SIZES
def test_statistics_show_the_trend_over_time(new_page, make_admin, phone):
    organizer = make_admin()
    submissions_over_days()
    page = open_page(new_page, phone)
    sign_in(page, organizer, next="/admin/stats")
    expect(page.get_by_role("heading", name="Statistics", level=1)).to_be_visible()
    network_quiet(page)
    trend = page.get_by_role("region", name="Applications over time")
    figure = trend.get_by_role("img", name="Applications over time: 12 submitted", exact=False)
    expect(figure).to_be_visible()
    expect(figure).to_have_attribute("aria-label", "Applications over time: 12 submitted " + figure_span())
    expect(trend.locator(".recharts-wrapper")).to_be_visible()  # the lazily loaded chart drew
    expect(trend).to_contain_text("Submitted in all")
    expect(trend).to_contain_text("12")
    # Five days in the table, the empty one included; a bar for each day with submissions, and
    # a line for the running total.
    expect(trend.get_by_role("table", name="Applications submitted per day").locator("tbody tr")).to_have_count(5)
    expect(trend.locator(".recharts-bar-rectangle")).to_have_count(4)
    expect(trend.locator(".recharts-line-curve")).to_have_count(1)
    no_sideways_scroll(page)
    assert_axe_clean(page, "statistics")
    shot(page, f"progress-stats-{'phone' if phone else 'desktop'}")
    assert page.js_errors == []


def figure_span() -> str:
    # The first submission's day, as submissions_over_days dates it (two hours into it: late in
    # the evening that is already the next day in UTC, the event's zone here).
    first = (timezone.now() - datetime.timedelta(days=6, hours=-2)).astimezone(datetime.UTC)
    last = first + datetime.timedelta(days=4)
    fmt = lambda d: f"{d:%b} {d.day}"  # noqa: E731
    busiest = fmt(first + datetime.timedelta(days=1))  # the first of the two days with four
    return f"from {fmt(first)} to {fmt(last)}, busiest on {busiest} with 4."


@SIZES
def test_demographics_chart_schools_and_countries_in_distinct_hues(new_page, make_admin, phone):
    organizer = make_admin()
    submissions_over_days()
    page = open_page(new_page, phone)
    sign_in(page, organizer, next="/admin/demographics")
    expect(page.get_by_role("heading", name="Demographics", level=1)).to_be_visible()
    school = page.locator("section.chart-card").filter(has=page.get_by_role("heading", name="School", exact=True))
    expect(school.get_by_role("img", name="Bar chart of School: Princeton University 6, ", exact=False)).to_be_visible()
    country = page.locator("section.chart-card").filter(
        has=page.get_by_role("heading", name="Which country do you currently live in?")
    )
    expect(country.get_by_role("img", name="Bar chart of Which country", exact=False)).to_be_visible()
    expect(page.locator(".recharts-surface").first).to_be_visible()
    # The gender pie's slices: one colour each, of distinct hues (no longer shades of one red).
    gender = page.locator("section.chart-card").filter(has=page.get_by_role("heading", name="What is your gender?"))
    # Each chart draws when its own card mounts: the first chart drawn says nothing of the pie's
    # slices (read right after it, they were once none, on a loaded machine).
    expect(gender.locator(".recharts-pie-sector path")).to_have_count(3)
    fills = gender.locator(".recharts-pie-sector path").evaluate_all("els => els.map((e) => e.getAttribute('fill'))")
    assert len(set(fills)) == 3, fills
    assert not all(int(f[1:3], 16) > max(int(f[3:5], 16), int(f[5:7], 16)) for f in fills), f"all red: {fills}"
    no_sideways_scroll(page)
    assert_axe_clean(page, "demographics")
    shot(page, f"progress-demographics-{'phone' if phone else 'desktop'}")
    assert page.js_errors == []


@SIZES
def test_check_in_writes_times_in_the_events_zone_and_names_it(new_page, settings, phone):
    # The browser runs in America/New_York; the event is on the west coast.
    settings.EVENT_TIME_ZONE = "America/Los_Angeles"
    set_up_event()
    organizer = staff("grace@princeton.edu", Role.ADMIN)
    bob = applicant("bob@yale.edu", S.CONFIRMED, "Bob", "Moses")
    applicant("bobby@mit.edu", S.CONFIRMED, "Bobby", "Tables")
    applicant("bobbie@mit.edu", S.WAITLISTED, "Bobbie", "Waits")
    checkins.check_in_application(application_id=bob.pk, scan_id=uuid.uuid4(), user=organizer)
    at = CheckIn.objects.get(application=bob).at
    page = open_page(new_page, phone)
    sign_in(page, organizer, next="/checkin")
    expect(page.get_by_text("times in America/Los_Angeles")).to_be_visible()
    page.get_by_label("Name or email").fill("bob")
    hits = page.get_by_role("list", name="Search results")
    expect(hits).to_contain_text("bobbie@mit.edu")
    moment = timezone.localtime(at, ZoneInfo("America/Los_Angeles"))
    expect(hits.get_by_text(f"In at {moment:%H:%M %Z}", exact=True)).to_be_visible()
    # Only the confirmed one not yet in gets the button; the others say why.
    expect(hits.get_by_role("button", name="Check in Bobby Tables")).to_be_visible()
    expect(hits.get_by_role("button", name="Check in Bob Moses")).to_have_count(0)
    expect(hits.get_by_role("button", name="Check in Bobbie Waits")).to_have_count(0)
    expect(hits).to_contain_text("Not confirmed: on the waitlist.")
    no_sideways_scroll(page)
    assert_axe_clean(page, "check-in search")
    shot(page, f"progress-checkin-{'phone' if phone else 'desktop'}")
    assert page.js_errors == []
