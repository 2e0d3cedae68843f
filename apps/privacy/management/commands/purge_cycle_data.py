"""`manage.py purge_cycle_data <cycle> [--dry-run]`: purge a past cycle's personal data after its
retention date (what goes and what stays: apps/privacy/retention.py)."""

from __future__ import annotations

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from apps.core.exceptions import ApplicationError
from apps.core.management.operator import OperatorCommand
from apps.privacy import retention


class Command(OperatorCommand):
    help = gettext_lazy(
        "Purge a cycle's personal data (applications, answers, history, consents, and the resumes and mail of"
        " people with nothing newer) after its retention date, keeping anonymised counts for the statistics."
        " Refuses the current cycle and a cycle before its retention date."
    )

    def add_arguments(self, parser):
        parser.add_argument("cycle", help=_("The cycle, e.g. fall-2025 (season-year)."))
        parser.add_argument("--dry-run", action="store_true", help=_("Only say what would go; change nothing."))

    def handle(self, *args, cycle: str, dry_run: bool, **options):
        try:
            found = retention.find_cycle(cycle)
            report = retention.purge_cycle(cycle=found, dry_run=dry_run)
        except ApplicationError as refused:
            raise CommandError(refused.message) from refused
        for line in report.lines():
            self.stdout.write(line)
