from django.core.management.base import BaseCommand, CommandError

from apps.core.exceptions import ApplicationError
from apps.cycles.models import CycleStatus
from apps.cycles.selectors import current_cycle
from apps.decisions import cycle_release


class Command(BaseCommand):
    help = (
        "Move the current cycle to a status (e.g. open, closed, released), by the configuration page's rules: "
        "a release emails the decided applicants, and a release is undone only before anyone answered."
    )

    def add_arguments(self, parser):
        parser.add_argument("status", help=f"One of: {', '.join(CycleStatus.values)}")
        parser.add_argument(
            "--confirm-emails",
            type=int,
            default=None,
            help="A release that emails applicants: the number of emails it sends (the command says it).",
        )
        parser.add_argument(
            "--confirm-unrelease",
            type=int,
            default=None,
            help="Moving a released cycle back: how many applicants' decisions are hidden (the command says it).",
        )

    def handle(self, *args, status: str, confirm_emails=None, confirm_unrelease=None, **options):
        if status not in CycleStatus.values:
            raise CommandError(f"Unknown cycle status '{status}'. Use one of: {', '.join(CycleStatus.values)}.")
        before = current_cycle()
        try:
            cycle = cycle_release.change_status(
                cycle=before, status=status, confirm_emails=confirm_emails, confirm_unrelease=confirm_unrelease
            )
        except ApplicationError as refused:
            # The same refusal as the page's, with the option that carries the confirmation.
            hint = ""
            if "confirm_emails" in refused.errors:
                hint = " Run it again with --confirm-emails N."
            elif "confirm_unrelease" in refused.errors:
                hint = " Run it again with --confirm-unrelease N."
            raise CommandError(f"{refused.message}{hint}") from refused
        self.stdout.write(f"Cycle {cycle}: {before.status} -> {cycle.status}.")
