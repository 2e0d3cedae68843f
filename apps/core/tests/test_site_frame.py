"""The site's frame. Django's admin has one "Accounts" section and spells its two kinds of
deliveries apart, with a proper plural; every page (the admin's too) links the portal's favicon; the footer's year is
this year; an error page has no empty phone menu."""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders
from django.test import RequestFactory
from django.utils import timezone

from apps.accounts.models import User
from apps.core.pages import service_unavailable
from conftest import PortalClient

FAVICON = re.compile(r'<link rel="icon" href="[^"]*/img/favicon\.svg" type="image/svg\+xml">')


@pytest.fixture
def su_client(db):
    client = PortalClient()
    client.force_login(User.objects.create_superuser(email="root@princeton.edu", password="Coffee-Beans-42"))
    return client


def admin_sections(html: str) -> list[str]:
    return re.findall(r'<caption>\s*<a href="[^"]*" class="section"[^>]*>([^<]+)</a>', html)


def test_the_admin_index_has_one_accounts_section_and_spells_deliveries(su_client, settings):
    html = su_client.get(f"/{settings.DJANGO_ADMIN_URL}").content.decode()
    sections = admin_sections(html)
    assert sections.count("Accounts") == 1, sections
    assert "Email verification" in sections  # allauth's email addresses, named apart
    assert len(sections) == len(set(sections)), sections
    # Email deliveries (the outbox) and webhook deliveries are named apart, never "Deliverys".
    assert ">Email deliveries<" in html and ">Webhook deliveries<" in html and "eliverys" not in html


@pytest.mark.parametrize("path", ["", "login/", "accounts/user/", "mailings/delivery/"])
def test_admin_pages_link_the_portal_favicon(su_client, settings, path):
    client = su_client if path != "login/" else PortalClient()
    response = client.get(f"/{settings.DJANGO_ADMIN_URL}{path}")
    assert response.status_code == 200
    assert FAVICON.search(response.content.decode())


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/login", "/no-such-page"])
def test_portal_pages_link_the_favicon_and_say_this_year(client, path):
    html = client.get(path).content.decode()
    assert FAVICON.search(html)
    assert f"© {timezone.now().year}</p>" in html


def test_the_favicon_is_a_static_file():
    assert finders.find("img/favicon.svg")


def test_the_503_page_has_no_phone_menu_to_open_but_an_ordinary_page_does(client, db):
    unavailable = service_unavailable(RequestFactory().get("/dashboard")).content.decode()
    assert "data-nav-toggle" not in unavailable
    assert f"© {timezone.now().year}</p>" in unavailable
    assert "data-nav-toggle" in client.get("/login").content.decode()
