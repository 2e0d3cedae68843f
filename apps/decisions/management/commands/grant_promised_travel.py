"""Grants for the applications promised travel reimbursement before a decision's "Yes" became a
grant (apps/decisions/travel.py): their flag alone promised it, and nothing tracked it."""

from django.core.management.base import CommandError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from apps.applications.models import Application
from apps.core.exceptions import ApplicationError
from apps.core.management.operator import OperatorCommand
from apps.cycles.selectors import current_cycle
from apps.travel import grants
from apps.travel.models import TravelGrant


class Command(OperatorCommand):
    help = gettext_lazy(
        "Grant the default travel support to each applicant of the current cycle who was offered a place "
        "and promised travel reimbursement without a grant (decisions made before it became a grant), "
        "within the travel budget: all of them or none."
    )

    def add_arguments(self, parser):
        parser.add_argument("--dry-run", action="store_true", help=_("Say what would be granted; grant nothing."))

    def handle(self, *args, dry_run: bool = False, **options):
        cycle = current_cycle()
        promised = Application.objects.filter(cycle=cycle, travel_reimbursement=True).exclude(
            travel_grant__status=TravelGrant.Status.GRANTED
        )
        offered = list(promised.filter(status__in=grants.GRANTABLE).values_list("pk", flat=True))
        others = promised.exclude(status__in=grants.GRANTABLE).count()
        if others:
            self.stdout.write(
                _("%(count)s promised travel without an offer of a place: a decision on an offer grants it.")
                % {"count": others}
            )
        if not offered:
            self.stdout.write(_("Every applicant offered a place and promised travel has a grant."))
            return
        try:
            with transaction.atomic():
                grants.follow_decision(cycle=cycle, application_ids=offered, travel=True, actor=None, dry_run=dry_run)
        except ApplicationError as refused:
            raise CommandError(str(refused.message)) from refused
        budget = grants.budget_of(cycle)
        values = {"count": len(offered), "amount": f"{grants.DEFAULT_GRANT:.2f}", "currency": budget.currency}
        if dry_run:
            self.stdout.write(_("Would grant %(amount)s %(currency)s to each of %(count)s.") % values)
        else:
            self.stdout.write(_("Granted %(amount)s %(currency)s to each of %(count)s.") % values)
