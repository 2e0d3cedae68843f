"""apps/privacy sits on top: it reads and writes the domain apps' data (accounts, applications,
cycles, decisions' keys, resumes, mailings, check-in, travel) through their modules, and nothing
but config imports it, so a new privacy rule never reaches into the apps it acts on."""

from apps.core.tests.test_app_dependencies import app_graph

ALLOWED = {"accounts", "applications", "cycles", "decisions", "resumes", "mailings", "checkin", "travel", "core"}


def test_no_app_imports_privacy():
    importers = {place for (source, target), places in app_graph().items() if target == "privacy" for place in places}
    assert not importers, f"apps/privacy is imported by: {sorted(importers)}"


def test_privacy_imports_only_the_apps_it_acts_on():
    targets = {target for (source, target) in app_graph() if source == "privacy"}
    assert targets <= ALLOWED, f"privacy imports {sorted(targets - ALLOWED)}"
