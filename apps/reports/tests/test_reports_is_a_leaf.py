"""The reports app sits on top of the domain apps: it reads applications, cycles, resumes and
core, and no app's code imports it (only config/urls.py mounts it). Were another app to import
reports, moving the reports out of applications would have bought nothing but a new circle."""

from apps.core.tests.test_app_dependencies import app_graph

ALLOWED = {"applications", "cycles", "resumes", "core"}


def test_no_app_imports_reports():
    """No module outside apps/reports (tests aside) imports it."""
    importers = {place for (source, target), places in app_graph().items() if target == "reports" for place in places}
    assert not importers, f"apps/reports is imported by: {sorted(importers)}"


def test_reports_reads_only_the_apps_it_reports_on():
    """Its own imports stay within applications, cycles, resumes and core."""
    targets = {target for (source, target) in app_graph() if source == "reports"}
    assert targets <= ALLOWED, f"reports imports {sorted(targets - ALLOWED)}"
