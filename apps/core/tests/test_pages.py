"""The server-side page guards, the navbar, the error pages and the development mail backend."""

from __future__ import annotations

import json
import logging
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.core.mail import EmailMultiAlternatives
from django.test import Client
from django.utils import timezone

from apps.core.mail import FileAndLogEmailBackend
from apps.core.tests.factories import UserFactory
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status

pytestmark = pytest.mark.django_db


def redirect_target(response) -> tuple[str, dict]:
    assert response.status_code == 302, response.status_code
    split = urlsplit(response["Location"])
    return split.path, parse_qs(split.query)


def page_props(response, page: str) -> dict:
    """The island's initial props, read back from its json_script tag."""
    html = response.content.decode()
    match = re.search(rf'<script id="{page}-props" type="application/json">(.*?)</script>', html, re.S)
    assert match, f"no props for {page}"
    return json.loads(match.group(1))


def nav_links(response) -> list[str]:
    """The visible labels of the navbar's links and buttons, in order."""
    html = response.content.decode()
    nav = re.search(r'<nav id="nav-links"[^>]*>(.*?)</nav>', html, re.S)
    assert nav, "no navbar links"
    return [label.strip() for label in re.findall(r"<(?:a|button)\b[^>]*>([^<]+)</(?:a|button)>", nav.group(1))]


# --- Public-only pages -------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/login", "/register"])
def test_public_only_pages_send_a_signed_in_user_to_the_dashboard(student_client, path):
    """/login and /register redirect a signed-in user to /dashboard."""
    assert redirect_target(student_client.get(path)) == ("/dashboard", {})


@pytest.mark.parametrize("path", ["/login", "/register"])
def test_public_only_pages_send_a_signed_in_organizer_to_the_admin_panel(admin_client, path):
    """/login and /register redirect a signed-in organizer to /admin, their home."""
    assert redirect_target(admin_client.get(path)) == ("/admin", {})


@pytest.mark.parametrize(
    ("path", "page"),
    [("/login", "login"), ("/register", "register")],
)
def test_public_only_pages_render_for_a_visitor(client, path, page):
    """A signed-out visitor gets the page's island."""
    response = client.get(path)
    assert response.status_code == 200
    assert f'id="{page}-root"' in response.content.decode()


@pytest.mark.parametrize(
    ("path", "page"),
    [
        ("/", "home"),
        ("/reset", "reset"),
        ("/reset/some-token", "reset-key"),
        ("/verify/some-token", "verify-key"),
        ("/loading", "loading"),
    ],
)
def test_public_pages_render_for_everyone(client, student_client, path, page):
    """Public pages answer 200 whether or not someone is signed in."""
    for c in (client, student_client):
        response = c.get(path)
        assert response.status_code == 200
        assert f'id="{page}-root"' in response.content.decode()


def test_token_pages_pass_the_token_to_their_island(client):
    """/verify/<token> and /reset/<token> hand the token to the page as a prop."""
    assert page_props(client.get("/verify/abc-123:XYZ"), "verify-key") == {"token": "abc-123:XYZ"}
    assert page_props(client.get("/reset/k-9"), "reset-key") == {"token": "k-9", "valid": False}


def test_loading_page_redirects_to_login_after_seven_seconds(client):
    """/loading tells its island to go to /login after 7000 ms."""
    assert page_props(client.get("/loading"), "loading") == {"redirectTo": "/login", "delayMs": 7000}


# --- Protected pages ---------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/dashboard", "/apply"])
def test_protected_pages_send_a_visitor_to_login_remembering_where_they_were(client, path):
    """/dashboard and /apply send a signed-out visitor to /login?next=<the page>."""
    assert redirect_target(client.get(path)) == ("/login", {"next": [path]})


def test_protected_page_keeps_its_query_string_in_next(client):
    """The remembered place includes the query string."""
    assert redirect_target(client.get("/dashboard?tab=status")) == ("/login", {"next": ["/dashboard?tab=status"]})


def test_dashboard_renders_for_a_signed_in_student(student_client, student):
    response = student_client.get("/dashboard")
    assert response.status_code == 200
    assert page_props(response, "dashboard")["email"] == student.email


# --- Admin pages -------------------------------------------------------------------------


def test_admin_panel_sends_a_student_to_the_dashboard(student_client):
    """A non-admin on /admin lands on /dashboard."""
    assert redirect_target(student_client.get("/admin")) == ("/dashboard", {})


def test_admin_panel_sends_a_visitor_to_login(client):
    """A signed-out visitor on /admin lands on /login?next=/admin."""
    assert redirect_target(client.get("/admin")) == ("/login", {"next": ["/admin"]})


def test_admin_panel_lists_the_spec_cards_for_an_admin(admin_client):
    """The Admin Panel links to the nine tools the spec lists."""
    response = admin_client.get("/admin")
    assert response.status_code == 200
    cards = {card["title"]: card["href"] for card in page_props(response, "admin")["cards"]}
    expected = {
        "Applications": "/admin/users",
        "Statistics": "/admin/stats",
        "Batch Decisions": "/admin/batch",
        "Admin Users": "/admin/administrators",
        "Configuration": "/admin/config",
        "Resume Book": "/admin/resumebook",
        "Assign Applications": "/admin/assignapps",
        "Review Applications": "/admin/reviewapps",
        "Whitelist Emails": "/admin/whitelist-emails",
    }
    assert expected.items() <= cards.items()


def test_a_promotion_opens_the_admin_panel_at_once(student, student_client):
    """The role is read on every request: a student promoted mid-session can open /admin."""
    assert student_client.get("/admin").status_code == 302
    student.role = "admin"
    student.save(update_fields=["role"])
    assert student_client.get("/admin").status_code == 200


# --- The login page's `next` -------------------------------------------------------------


@pytest.mark.parametrize(
    ("next_value", "expected"),
    [
        ("/admin", "/admin"),
        ("/admin/users?page=2", "/admin/users?page=2"),
        ("//evil.com", ""),
        ("//evil.com/x", ""),
        ("https://evil.com/x", ""),
        ("http://testserver/admin", ""),
        ("/\\evil.com", ""),
        ("javascript:alert(1)", ""),
        ("admin", ""),
        ("", ""),
    ],
)
def test_login_page_honours_only_same_site_paths_for_next(client, next_value, expected):
    """The login island goes to `next` only when it is a path on this site; otherwise it gets no
    `next` and picks the landing by role (an organizer's /admin, a student's /dashboard)."""
    response = client.get("/login", {"next": next_value})
    assert page_props(response, "login") == {"next": expected, "providers": [], "social_error": None}


def test_login_page_without_next_leaves_the_landing_to_the_role(client):
    assert page_props(client.get("/login"), "login") == {"next": "", "providers": [], "social_error": None}


# --- Error pages -------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/no-such-page", "/admin/nothing-here/at/all", "/static-ish/x.png", "/verify"])
def test_unknown_paths_get_the_404_page(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert "Oops! You've reached a 404 Error." in response.content.decode()
    assert response["Content-Type"].startswith("text/html")


def test_the_404_page_has_the_navbar_of_the_visitor(student_client):
    """A signed-in user still sees their navbar on the 404 page."""
    response = student_client.get("/no-such-page")
    assert response.status_code == 404
    assert "Dashboard" in nav_links(response)


@pytest.mark.parametrize("method", ["get", "post", "delete"])
def test_unknown_api_paths_answer_json_404(client, method):
    response = getattr(client, method)("/api/no/such/endpoint")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["message"]


@pytest.mark.urls("apps.core.tests.failing_urls")
def test_an_unexpected_failure_renders_the_500_page(db):
    """An exception in a view renders 'Unexpected Application Error!' with a short message."""
    client = Client(raise_request_exception=False)
    response = client.get("/fail-on-purpose")
    assert response.status_code == 500
    html = response.content.decode()
    assert "Unexpected Application Error!" in html
    assert "Something went wrong" in html
    assert "RuntimeError" not in html and "on purpose" not in html


def test_the_500_page_renders_without_a_database(django_assert_num_queries):
    """The 500 handler itself touches no database (the failure may be the database)."""
    from django.test import RequestFactory

    from apps.core.pages import server_error

    with django_assert_num_queries(0):
        response = server_error(RequestFactory().get("/x"))
    assert response.status_code == 500
    assert "Unexpected Application Error!" in response.content.decode()


# --- Navbar ------------------------------------------------------------------------------


def test_navbar_for_a_visitor_shows_register_and_login(client):
    assert nav_links(client.get("/")) == ["Register", "Login"]


def test_navbar_for_a_student_shows_dashboard_and_logout(student_client):
    """No Admin for a student, and no Apply while the cycle is not open."""
    assert nav_links(student_client.get("/")) == ["Dashboard", "Logout"]


def test_navbar_for_an_admin_shows_admin(admin_client):
    assert nav_links(admin_client.get("/")) == ["Admin", "Dashboard", "Logout"]


@pytest.mark.parametrize(("role", "link"), [("volunteer", "Check-in"), ("reviewer", "Reviews")])
def test_navbar_for_staff_shows_their_one_page(role, link):
    from apps.core.tests.factories import UserFactory
    from conftest import signed_in_client

    person = UserFactory(email=f"{role}@princeton.edu", role=role)
    assert nav_links(signed_in_client(person).get("/dashboard")) == [link, "Dashboard", "Logout"]


@pytest.mark.parametrize("status", ["not_open", "closed", "released", "confirmation_closed"])
def test_navbar_hides_apply_unless_the_cycle_is_open(student_client, status):
    cycle_set_status(cycle=current_cycle(), status=status)
    assert "Apply" not in nav_links(student_client.get("/"))


def test_navbar_shows_apply_while_the_cycle_is_open(student_client, admin_client):
    cycle_set_status(cycle=current_cycle(), status="open")
    assert nav_links(student_client.get("/")) == ["Apply", "Dashboard", "Logout"]
    assert nav_links(admin_client.get("/")) == ["Admin", "Apply", "Dashboard", "Logout"]


def test_navbar_apply_is_for_signed_in_users_only(client):
    cycle_set_status(cycle=current_cycle(), status="open")
    assert nav_links(client.get("/")) == ["Register", "Login"]


def test_navbar_logout_is_a_post_form_with_a_csrf_token(student_client):
    html = student_client.get("/").content.decode()
    assert re.search(
        r'<form method="post" action="/logout"[^>]*>\s*<input type="hidden" name="csrfmiddlewaretoken"', html
    )


def test_logout_page_signs_out_and_goes_to_login(student_client):
    response = student_client.post("/logout")
    assert redirect_target(response) == ("/login", {})
    assert redirect_target(student_client.get("/dashboard"))[0] == "/login"


def test_logout_page_refuses_get(student_client):
    """Signing out changes state, so a link (GET) can't do it."""
    assert student_client.get("/logout").status_code == 405
    assert student_client.get("/dashboard").status_code == 200


def test_navbar_has_the_home_link_menu_toggle_and_trust_badge(client, settings):
    settings.EVENT_SITE_URL = "https://hack.example.edu/"
    settings.TRUST_BADGE_URL = "https://mlh.example/badge"
    html = client.get("/login").content.decode()
    assert 'class="navbar__brand" href="/"' in html
    assert "data-nav-toggle" in html and 'aria-controls="nav-links"' in html
    assert 'class="trust-badge" href="https://mlh.example/badge"' in html


@pytest.mark.parametrize(
    ("today", "season"),
    [("2026-06-30", 2026), ("2026-07-01", 2027), ("2026-12-02", 2027), ("2027-01-15", 2027)],
)
def test_the_trust_badge_shows_the_mlh_season_of_the_date(today, season, settings):
    """MLH's seasons run July to June, named by the year they end in: the badge said "2025"
    into the 2027 season."""
    import datetime

    from apps.core.badge import trust_badge_season

    settings.TRUST_BADGE_SEASON = 0
    assert trust_badge_season(datetime.date.fromisoformat(today)) == season


def test_the_trust_badge_season_can_be_pinned_and_is_on_every_page(client, settings):
    settings.TRUST_BADGE_SEASON = 2031
    html = client.get("/login").content.decode()
    assert 'aria-label="Major League Hacking 2031 Hackathon Season"' in html
    assert ">2031 SEASON</text>" in html


@pytest.mark.parametrize(
    "role, home",
    [("user", "/dashboard"), ("admin", "/admin"), ("reviewer", "/admin/reviewapps"), ("volunteer", "/checkin")],
)
def test_the_logo_goes_to_the_signed_in_persons_home_not_the_event_site(client, settings, role, home):
    settings.EVENT_SITE_URL = "https://hack.example.edu/"
    client.force_login(UserFactory(email=f"{role}@princeton.edu", role=role))
    for path in ("/dashboard", "/admin", "/admin/reviewapps", "/checkin"):
        html = client.get(path, follow=True).content.decode()
        assert f'class="navbar__brand" href="{home}"' in html, (role, path)
        assert 'class="navbar__brand" href="https://hack.example.edu/"' not in html


def test_the_login_page_welcomes_to_the_portal_by_its_one_name(client):
    html = client.get("/login").content.decode()
    found = re.search(r'<script id="portal-config" type="application/json">(.*?)</script>', html, re.S)
    config = json.loads(found.group(1))
    assert config["event"]["themedName"] == config["event"]["name"] == "HackPortal"


def test_footer_lists_the_spec_links_and_this_years_credit(client):
    html = client.get("/").content.decode()
    footer = re.search(r'<footer class="footer">(.*?)</footer>', html, re.S).group(1)
    labels = re.findall(r"<a [^>]*>([^<]+)</a>", footer)
    assert labels == ["Email us", "Instagram", "Facebook", "X", "Club site", "Code of Conduct", "Report Bugs"]
    # A fixed year goes stale every January: the footer says the current year.
    assert f"© {timezone.now().year}" in footer


# --- CSRF cookie -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path", ["/", "/login", "/register", "/reset", "/reset/t", "/verify/t", "/loading", "/no-such-page"]
)
def test_every_page_sets_the_csrf_cookie_for_a_visitor(path):
    response = Client().get(path)
    assert response.status_code in (200, 404)
    assert response.cookies["csrftoken"].value


@pytest.mark.parametrize("path", ["/", "/dashboard", "/reset", "/no-such-page"])
def test_every_page_sets_the_csrf_cookie_for_a_signed_in_user(student, path):
    from conftest import signed_in_client

    c = signed_in_client(student)
    c.cookies.pop("csrftoken", None)
    response = c.get(path)
    assert response.cookies["csrftoken"].value


def test_admin_panel_sets_the_csrf_cookie(admin_client):
    admin_client.cookies.pop("csrftoken", None)
    assert admin_client.get("/admin").cookies["csrftoken"].value


def test_page_config_carries_the_csrf_token_and_user(student_client, student):
    html = student_client.get("/").content.decode()
    config = json.loads(re.search(r'<script id="portal-config" type="application/json">(.*?)</script>', html).group(1))
    assert config["csrfToken"]
    assert config["user"] == {"email": student.email, "role": "user"}
    assert config["cycleStatus"] == "not_open"


def test_page_config_carries_the_extra_student_domains(client, settings):
    """The pages' email check accepts the same extra domains as the server's rule."""
    settings.EXTRA_STUDENT_DOMAINS = ["Princeton.ORG", " ", "hack.example"]
    html = client.get("/register").content.decode()
    config = json.loads(re.search(r'<script id="portal-config" type="application/json">(.*?)</script>', html).group(1))
    assert config["studentDomains"] == ["princeton.org", "hack.example"]


# --- Development mail backend ------------------------------------------------------------


def test_file_and_log_backend_writes_an_eml_and_logs_the_links(settings, tmp_path, caplog):
    """Every message becomes an .eml file under MAIL_DIR and one log line listing its links."""
    settings.MAIL_DIR = tmp_path / "mail"
    message = EmailMultiAlternatives(
        subject="Verify your email",
        body="Open http://127.0.0.1:8000/verify/abc-123 to finish.",
        to=["ada@princeton.edu"],
    )
    message.attach_alternative(
        '<p><a href="http://127.0.0.1:8000/verify/abc-123">Verify</a> or <a href="https://example.org/help">help</a></p>',
        "text/html",
    )
    with caplog.at_level(logging.INFO, logger="portal.mail"):
        assert FileAndLogEmailBackend().send_messages([message]) == 1

    files = list((tmp_path / "mail").glob("*.eml"))
    assert len(files) == 1
    raw = files[0].read_text()
    assert "Subject: Verify your email" in raw and "ada@princeton.edu" in raw

    lines = [r.getMessage() for r in caplog.records if r.name == "portal.mail"]
    assert len(lines) == 1
    assert "ada@princeton.edu" in lines[0] and "Verify your email" in lines[0] and str(files[0]) in lines[0]
    # Each link once, in order, even though the verify link is in both the text and the HTML.
    assert lines[0].endswith("links: http://127.0.0.1:8000/verify/abc-123 https://example.org/help")


def test_file_and_log_backend_writes_one_file_per_message(settings, tmp_path, caplog):
    settings.MAIL_DIR = tmp_path
    messages = [EmailMultiAlternatives(subject=f"n{i}", body="no links here", to=["a@b.edu"]) for i in range(3)]
    with caplog.at_level(logging.INFO, logger="portal.mail"):
        assert FileAndLogEmailBackend().send_messages(messages) == 3
    assert len(list(tmp_path.glob("*.eml"))) == 3
    assert all("links:" not in r.getMessage() for r in caplog.records if r.name == "portal.mail")


def test_registration_mail_reaches_the_file_backend(settings, tmp_path, client):
    """Under `make run` the verification mail lands in MAIL_DIR with its /verify/ link."""
    settings.EMAIL_BACKEND = "apps.core.mail.FileAndLogEmailBackend"
    settings.MAIL_DIR = tmp_path
    response = client.post(
        "/api/auth/register",
        {"email": "new@princeton.edu", "password": "Coffee-Beans-42"},
        content_type="application/json",
    )
    assert response.status_code == 201, response.json()
    files = list(tmp_path.glob("*.eml"))
    assert len(files) == 1
    assert "/verify/" in files[0].read_text()
