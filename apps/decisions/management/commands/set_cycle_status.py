from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from apps.core.exceptions import ApplicationError
from apps.core.management.operator import OperatorCommand
from apps.cycles.models import CycleStatus
from apps.cycles.selectors import current_cycle
from apps.decisions import cycle_release


def _statuses() -> str:
    # The codes are what the operator types; each with its label, in the portal's language.
    return ", ".join(f"{status.value} ({status.label})" for status in CycleStatus)


class Command(OperatorCommand):
    help = gettext_lazy(
        "Move the current cycle to a status (e.g. open, closed, released), by the configuration page's rules: "
        "a release emails the decided applicants, and a release is undone only before anyone answered."
    )

    def add_arguments(self, parser):
        parser.add_argument("status", help=_("One of: %(statuses)s") % {"statuses": _statuses()})
        parser.add_argument(
            "--confirm-emails",
            type=int,
            default=None,
            help=_("A release that emails applicants: the number of emails it sends (the command says it)."),
        )
        parser.add_argument(
            "--confirm-unrelease",
            type=int,
            default=None,
            help=_("Moving a released cycle back: how many applicants' decisions are hidden (the command says it)."),
        )

    def handle(self, *args, status: str, confirm_emails=None, confirm_unrelease=None, **options):
        if status not in CycleStatus.values:
            raise CommandError(
                _("Unknown cycle status '%(status)s'. Use one of: %(statuses)s.")
                % {"status": status, "statuses": _statuses()}
            )
        before = current_cycle()
        try:
            cycle = cycle_release.change_status(
                cycle=before, status=status, confirm_emails=confirm_emails, confirm_unrelease=confirm_unrelease
            )
        except ApplicationError as refused:
            # The same refusal as the page's, with the option that carries the confirmation.
            hint = ""
            if "confirm_emails" in refused.errors:
                hint = " " + _("Run it again with %(option)s N.") % {"option": "--confirm-emails"}
            elif "confirm_unrelease" in refused.errors:
                hint = " " + _("Run it again with %(option)s N.") % {"option": "--confirm-unrelease"}
            raise CommandError(f"{refused.message}{hint}") from refused
        self.stdout.write(
            _("Cycle %(cycle)s: %(before)s -> %(after)s.")
            % {"cycle": cycle, "before": before.get_status_display(), "after": cycle.get_status_display()}
        )
