from django.core.management.base import BaseCommand

from apps.mailings.services import send_due_mailings


class Command(BaseCommand):
    help = "Send every batch email that is due (what the periodic Celery task does), then exit."

    def handle(self, *args, **options):
        report = send_due_mailings()
        self.stdout.write(
            f"Mailings processed: {len(report.mailings)}; sent {report.sent}, failed {report.failed}, "
            f"to retry later {report.retrying}; finished: {len(report.finished)}."
        )
