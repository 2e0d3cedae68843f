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
        export = reports.CsvExport(cycle=current_cycle(), filters=query)
        if output:
            with open(output, "wb") as handle:
                for chunk in export:
                    handle.write(chunk)
            self.stderr.write(f"{export.rows} applications written to {output}.")
        else:
            # Each piece ends at a line's end, so it decodes whole.
            for chunk in export:
                self.stdout.write(chunk.decode("utf-8"), ending="")
