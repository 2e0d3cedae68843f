from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from apps.core.management.operator import OperatorCommand
from apps.mailings.services import send_due_mailings


class Command(OperatorCommand):
    # Each email is still written in its recipient's language; only this summary is the operator's.
    help = gettext_lazy("Send every batch email that is due (what the periodic Celery task does), then exit.")

    def handle(self, *args, **options):
        report = send_due_mailings()
        self.stdout.write(
            _(
                "Mailings processed: %(mailings)d; sent %(sent)d, failed %(failed)d, to retry later "
                "%(retrying)d; finished: %(finished)d."
            )
            % {
                "mailings": len(report.mailings),
                "sent": report.sent,
                "failed": report.failed,
                "retrying": report.retrying,
                "finished": len(report.finished),
            }
        )
