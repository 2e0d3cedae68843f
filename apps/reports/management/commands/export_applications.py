from django.core.management.base import CommandError
from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from apps.core.exceptions import ApplicationError
from apps.core.management.operator import OperatorCommand
from apps.cycles.selectors import current_cycle
from apps.reports.export import CsvExport
from apps.reports.filters import export_filters


class Command(OperatorCommand):
    # The CSV is data: its header and values are the same in every language; only the help and the
    # messages are the operator's.
    help = gettext_lazy(
        "Export the current cycle's applications as CSV (the same rows as the applications export API), "
        'optionally filtered, e.g. --filters \'{"status": {"$in": ["accepted", "confirmed"]}}\' '
        "or --where selection=confirmed --where host=true (the applications table's filters)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--filters", default="", help=_("A JSON object of field -> value, {$ne: v} or {$in: [..]}.")
        )
        parser.add_argument(
            "--where",
            action="append",
            default=[],
            metavar="KEY=VALUE",
            help=_(
                "One of the applications table's filters, as its address has it (repeat for more, "
                "or for each value of a list key such as status__in)."
            ),
        )
        parser.add_argument("--output", "-o", default="", help=_("A file to write (default: standard output)."))

    def handle(self, *args, filters: str, where: list[str], output: str, **options):
        params = QueryDict(mutable=True)
        if filters:
            params["filters"] = filters
        for item in where:
            key, sep, value = item.partition("=")
            if not sep:
                raise CommandError(_("--where takes KEY=VALUE, not '%(item)s'.") % {"item": item})
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
            self.stderr.write(_("Applications written to %(file)s: %(rows)d.") % {"file": output, "rows": export.rows})
        else:
            # Each piece ends at a line's end, so it decodes whole.
            for chunk in export:
                self.stdout.write(chunk.decode("utf-8"), ending="")
