from django.core.management.base import BaseCommand, CommandError
from django.http import QueryDict

from apps.core.exceptions import ApplicationError
from apps.cycles.selectors import current_cycle
from apps.reports.export import CsvExport
from apps.reports.filters import export_filters


class Command(BaseCommand):
    help = (
        "Export the current cycle's applications as CSV (the same rows as GET /api/applications/export), "
        'optionally filtered, e.g. --filters \'{"status": {"$in": ["accepted", "confirmed"]}}\' '
        "or --where selection=confirmed --where host=true (the applications table's filters)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--filters", default="", help="A JSON object of field -> value, {$ne: v} or {$in: [..]}")
        parser.add_argument(
            "--where",
            action="append",
            default=[],
            metavar="KEY=VALUE",
            help="One of the applications table's filters, as its address has it (repeat for more, "
            "or for each value of a list key such as status__in)",
        )
        parser.add_argument("--output", "-o", default="", help="A file to write (default: standard output)")

    def handle(self, *args, filters: str, where: list[str], output: str, **options):
        params = QueryDict(mutable=True)
        if filters:
            params["filters"] = filters
        for item in where:
            key, sep, value = item.partition("=")
            if not sep:
                raise CommandError(f"--where takes KEY=VALUE, not '{item}'.")
            params.appendlist(key.strip(), value)
        try:
            query = export_filters(params)
        except ApplicationError as exc:
            raise CommandError(exc.message) from exc
        export = CsvExport(cycle=current_cycle(), filters=query)
        if output:
            with open(output, "wb") as handle:
                for chunk in export:
                    handle.write(chunk)
            self.stderr.write(f"{export.rows} applications written to {output}.")
        else:
            # Each piece ends at a line's end, so it decodes whole.
            for chunk in export:
                self.stdout.write(chunk.decode("utf-8"), ending="")
