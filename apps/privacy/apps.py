from django.apps import AppConfig


class PrivacyConfig(AppConfig):
    """A person's rights over their data and the portal's retention: the data export, account
    deletion (with anonymised counts left for the statistics) and the purge of a cycle's
    personal data after its retention date (`purge_cycle_data`, and Celery beat daily).

    No models of its own: what it writes and reads belongs to the apps it acts on (consent
    records and anonymised counts to applications, which the reports read; the resume access
    log to resumes; delivery rows to mailings). It depends on those apps, and nothing but
    config imports it."""

    name = "apps.privacy"
    label = "privacy"
