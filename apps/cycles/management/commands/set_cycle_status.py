from django.core.management.base import BaseCommand, CommandError

from apps.cycles.models import CycleStatus
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status


class Command(BaseCommand):
    help = "Move the current cycle to a status (e.g. open, closed, released), as the configuration page does."

    def add_arguments(self, parser):
        parser.add_argument("status", help=f"One of: {', '.join(CycleStatus.values)}")

    def handle(self, *args, status: str, **options):
        if status not in CycleStatus.values:
            raise CommandError(f"Unknown cycle status '{status}'. Use one of: {', '.join(CycleStatus.values)}.")
        before = current_cycle()
        cycle = cycle_set_status(cycle=before, status=status)
        self.stdout.write(f"Cycle {cycle}: {before.status} -> {cycle.status}.")
