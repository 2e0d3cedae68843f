from django.apps import AppConfig


class ReportsConfig(AppConfig):
    """The organizers' reports over the applications: statistics, the CSV export (page, API and
    `export_applications`), demographics and the resume book. No models of its own; it reads
    applications, cycles and resumes, and nothing but config/urls.py imports it."""

    name = "apps.reports"
    label = "reports"

    def ready(self) -> None:
        # The receivers that replace the statistics' cache version on every change they count.
        from . import statistics  # noqa: F401
