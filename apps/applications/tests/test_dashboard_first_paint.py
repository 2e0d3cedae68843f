"""/dashboard's first paint: the headline, the status badge and the "Dashboard" card are in the
page's HTML, in its language, before any JavaScript runs (templates/dashboard.html).

The words come from apps/applications/data/dashboard_first_paint.json, which the Vitest test
frontend/src/features/dashboard/first-paint.test.tsx writes from state.ts's dashboardView and
the islands' catalogs (and fails on while it is stale): these tests read the same table, so
the two sides agree cell by cell, and check the page shows it."""

from __future__ import annotations

import re
from html import escape

import pytest
from django.conf import settings

from apps.applications.first_paint import dashboard_first_paint, table
from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.test_status_machine import make_application, set_cycle
from apps.core.tests.factories import UserFactory
from apps.cycles.models import CycleStatus as C
from conftest import signed_in_client

CELLS = [(cycle, status) for cycle in C.values for status in S.values]


def props(status: str, cycle: str, **more) -> dict:
    return {"status": status, "cycleStatus": cycle, "email": "ada@princeton.edu", "teamcode": None, **more}


def headline_in(html: str) -> str:
    match = re.search(r'<h1 id="dashboard-headline" class="dashboard__headline">(.*?)</h1>', html, re.S)
    assert match, "the dashboard's HTML must carry its headline"
    return match.group(1)


# --- The table the island's tests write, against the server's own statuses ----------------


def test_the_table_has_every_status_of_every_cycle_status_the_server_knows():
    """A status or cycle status added on the server fails here until state.ts knows it too."""
    data = table()
    assert set(data["headlines"]) == set(C.values)
    for cycle, row in data["headlines"].items():
        assert set(row) == set(S.values), cycle
    assert set(data["statusLabels"]) == set(S.values)


def test_the_table_has_the_words_of_every_shipped_language_but_english():
    assert set(table()["translations"]) == set(settings.SHIPPED_LANGUAGES) - {"en"}


@pytest.mark.parametrize(("cycle", "status"), CELLS)
def test_each_cell_shows_the_tables_headline_and_status_word(cycle, status):
    data = table()
    english = dashboard_first_paint(props(status, cycle), "en")
    assert english["headline"] == data["headlines"][cycle][status]
    assert english["status_label"] == data["statusLabels"][status]
    for language, words in data["translations"].items():
        shown = dashboard_first_paint(props(status, cycle), language)
        assert shown["headline"] == words[data["headlines"][cycle][status]]
        assert shown["status_label"] == words[data["statusLabels"][status]]


def test_a_regions_code_gets_its_languages_words_and_an_unknown_one_english():
    """As the island's catalog loader picks them (lib/i18n-load.ts)."""
    cell = props(S.ACCEPTED, C.RELEASED)
    assert dashboard_first_paint(cell, "es-mx")["headline"] == "¡Enhorabuena, te hemos admitido!"
    assert dashboard_first_paint(cell, "fr")["headline"] == "Congratulations, You Have Been Accepted!"


def test_a_status_the_table_lacks_keeps_the_plain_spinner():
    assert dashboard_first_paint(props("on_hold", C.RELEASED), "en") is None


# --- The page --------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("status", "cycle", "headline", "badge"),
    [
        (None, C.NOT_OPEN, "Applications Are Not Open Yet", "Unsubmitted"),
        (S.STARTED, C.OPEN, "Continue Your Application Now", "Started"),
        (S.SUBMITTED, C.CLOSED, "Your Application is Being Reviewed", "Submitted"),
        (S.ACCEPTED, C.RELEASED, "Congratulations, You Have Been Accepted!", "Accepted"),
        (S.WAITLISTED, C.RELEASED, "You Have Been Waitlisted", "Waitlisted"),
        (S.CONFIRMED, C.CONFIRMATION_CLOSED, "You're All Set!", "Confirmed"),
        (S.ACCEPTED, C.CONFIRMATION_CLOSED, "Unfortunately the Confirmation Date has Passed", "Accepted"),
    ],
)
def test_the_dashboards_html_carries_its_headline_and_status(student_client, student, status, cycle, headline, badge):
    if status is not None:
        make_application(student, status, teamcode="4815162")
    set_cycle(cycle)
    html = student_client.get("/dashboard").content.decode()
    assert headline_in(html) == escape(headline)
    assert f">{badge}</span>" in html
    assert '<h2 id="dashboard-info-title" class="dashboard__info-title">Dashboard</h2>' in html
    assert ("4815162" in html) is (status is not None)


@pytest.mark.django_db
def test_a_decision_stays_hidden_in_the_first_paint_too(student_client, student):
    make_application(student, S.REJECTED)
    set_cycle(C.CLOSED)
    html = student_client.get("/dashboard").content.decode()
    assert headline_in(html) == "Your Application is Being Reviewed"
    assert "rejected" not in html.lower()


@pytest.mark.django_db
def test_a_spanish_account_sees_its_first_paint_in_spanish(settings):
    settings.LANGUAGES = [("en", "English"), ("es", "Español")]
    ana = UserFactory(email="ana@princeton.edu", language="es")
    make_application(ana, S.ACCEPTED, teamcode="4815162")
    set_cycle(C.RELEASED)
    html = signed_in_client(ana).get("/dashboard").content.decode()
    assert '<html lang="es">' in html
    assert headline_in(html) == "¡Enhorabuena, te hemos admitido!"
    assert ">Admitida</span>" in html
    assert '<h2 id="dashboard-info-title" class="dashboard__info-title">Mi panel</h2>' in html
    assert "<dt>Tus datos</dt>" in html and "<dt>Estado</dt>" in html and "<dt>Código de equipo</dt>" in html


@pytest.mark.django_db
def test_one_h1_and_the_headline_is_announced_by_no_live_region(student_client, student):
    """React replaces the placeholder in one commit; until then the page has this one h1, and
    the spinner's status region, after it, says only "Loading…"."""
    make_application(student, S.ACCEPTED)
    set_cycle(C.RELEASED)
    html = student_client.get("/dashboard").content.decode()
    assert html.count("<h1") == 1
    main = re.search(r'<section class="card dashboard__main"[^>]*>(.*?)</section>', html, re.S)
    assert main and 'aria-busy="true"' in main.group(0)
    before, _, live = main.group(1).partition(' role="status">')
    assert "</h1>" in before
    assert re.sub(r"<[^>]+>|\s", "", live.split("</div>")[0]) == "Loading…"
    assert "aria-live" not in html.split('id="dashboard-root"')[1]


@pytest.mark.django_db
def test_the_first_paint_escapes_what_the_applicant_typed(settings):
    ada = UserFactory(email="ada+<b>x</b>@princeton.edu")
    # A team code is at most 8 characters (PostgreSQL holds the column to it; SQLite doesn't).
    make_application(ada, S.SUBMITTED, teamcode="<i>x</i>")
    set_cycle(C.OPEN)
    html = signed_in_client(ada).get("/dashboard").content.decode()
    placeholder = html.split('id="dashboard-root"')[1]
    assert "<i>x</i>" not in placeholder and "<b>x</b>" not in placeholder
    assert "&lt;i&gt;x&lt;/i&gt;" in placeholder
    assert "ada+&lt;b&gt;x&lt;/b&gt;@princeton.edu" in placeholder


@pytest.mark.django_db
def test_other_islands_keep_the_plain_spinner(client):
    html = client.get("/login").content.decode()
    root = re.search(r'<div id="login-root" class="island" data-props="login-props">(.*?)</div>\s*</main>', html, re.S)
    assert root, "the login page is an island"
    assert re.sub(r"\s", "", root.group(1)).startswith('<divclass="island__loading"role="status">')
    assert "<h1" not in root.group(1) and "dashboard" not in root.group(1)


@pytest.mark.django_db
def test_the_benchmarks_dashboard_without_its_island_draws_the_same_first_paint(student, rf):
    """The page-load benchmark's floor (benchmarks/urls.py, benchmarks/templates): the same view
    and first paint as /dashboard, with no island (no script, no preloads, no props), so that the
    figure it reports against the dashboard is the island's cost and nothing else."""
    from django.test import override_settings

    from apps.applications.pages import dashboard_page

    # As benchmarks/settings.py adds them: the benchmarks' templates after the portal's.
    templates = [
        {
            **settings.TEMPLATES[0],
            "DIRS": [*settings.TEMPLATES[0]["DIRS"], settings.BASE_DIR / "benchmarks" / "templates"],
        }
    ]

    make_application(student, S.ACCEPTED, teamcode="4815162")
    set_cycle(C.RELEASED)

    def draw(**kwargs) -> str:
        request = rf.get("/dashboard")
        request.user = student
        request.csp_nonce = "nonce"
        with override_settings(TEMPLATES=templates):
            return dashboard_page(request, **kwargs).content.decode()

    island, plain = draw(), draw(template="bench/dashboard-plain.html")
    first_paint = re.compile(r"<!-- first paint -->.*<!-- /first paint -->", re.S)
    assert first_paint.search(plain).group(0) == first_paint.search(island).group(0)
    assert headline_in(plain) == "Congratulations, You Have Been Accepted!"
    assert 'type="module"' in island and "modulepreload" in island and 'id="dashboard-props"' in island
    assert 'type="module"' not in plain and "preload" not in plain and 'id="dashboard-props"' not in plain


@pytest.mark.django_db
def test_the_benchmarks_dashboard_without_its_js_preloads_keeps_everything_else(student, rf):
    """The page-load benchmark's other variant (benchmarks/urls.py): the dashboard less the
    preloads of its script's imports, nothing else, so that what it reports against the
    dashboard (its first paint, its island's mount) is those preloads' worth."""
    from apps.applications.pages import dashboard_page
    from benchmarks.urls import dashboard_without_js_preloads

    make_application(student, S.ACCEPTED, teamcode="4815162")
    set_cycle(C.RELEASED)

    def draw(view) -> str:
        request = rf.get("/dashboard")
        request.user = student
        request.csp_nonce = "nonce"
        return view(request).content.decode()

    island, without = draw(dashboard_page), draw(dashboard_without_js_preloads)
    preloads = re.findall(r'<link [^>]*rel="modulepreload"[^>]*>\s*', island)
    assert preloads, "the dashboard preloads its script's imports"
    assert "modulepreload" not in without
    assert 'type="module"' in without and 'rel="preload"' in without and 'as="style"' in without

    # Nothing but the module preloads is gone (the CSRF token is masked anew on each draw).
    def unmasked(page: str) -> str:
        return re.sub(r'("csrfToken": "|name="csrfmiddlewaretoken" value=")[^"]+', r"\1…", page)

    assert unmasked(re.sub(r'<link [^>]*rel="modulepreload"[^>]*>\s*', "", island)) == unmasked(without)
    assert headline_in(without) == headline_in(island) == "Congratulations, You Have Been Accepted!"
