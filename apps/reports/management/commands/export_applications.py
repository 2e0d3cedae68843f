from django.core.management.base import BaseCommand, CommandError

from apps.core.exceptions import ApplicationError
from apps.cycles.selectors import current_cycle
from apps.reports import reports


class Command(BaseCommand):
    help = (
        "Export the current cycle's applications as CSV (the same rows as GET /api/applications/export), "
        'optionally filtered, e.g. --filters \'{"status": {"$in": ["accepted", "confirmed"]}}\'.'
    )

    def add_arguments(self, parser):
        parser.add_argument("--filters", default="", help="A JSON object of field -> value, {$ne: v} or {$in: [..]}")
        parser.add_argument("--output", "-o", default="", help="A file to write (default: standard output)")

    def handle(self, *args, filters: str, output: str, **options):
        try:
            query = reports.parse_filters(filters)
        except ApplicationError as exc:
            raise CommandError(exc.message) from exc
        lines = reports.csv_lines(reports.export_rows(cycle=current_cycle(), filters=query))
        count = -1  # the header is not an application
        if output:
            with open(output, "w", encoding="utf-8", newline="") as handle:
                for line in lines:
                    handle.write(line)
                    count += 1
            self.stderr.write(f"{count} applications written to {output}.")
        else:
            for line in lines:
                self.stdout.write(line, ending="")
