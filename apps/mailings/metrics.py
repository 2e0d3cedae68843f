"""The outbox's figures for Prometheus (apps.core.metrics), computed when it scrapes.

- `portal_outbox_oldest_pending_seconds{kind}`: how long the oldest email still to send has been
  due (a batch email's row from its mailing's send time, any other from when it was recorded).
  Growing means nothing is sending: the worker, the broker or the mail server is down.
- `portal_outbox_failed{kind, cause}`: rows that will not be sent, by kind (`mailing` or the
  automated email's key) and cause: `error` (the mail server refused, or every attempt died)
  or `suppressed` (the address unsubscribed, complained or bounced: apps.mailings.suppression).

Two grouped queries per scrape, over indexed columns.
"""

from __future__ import annotations

from django.db.models import Case, Count, F, Min, Q, Value, When
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from .models import Delivery
from .outbox import State
from .suppression import NOT_SENT_PREFIX


def _kind():
    return Case(When(mailing__isnull=False, then=Value("mailing")), default=F("template_key"))


class OutboxCollector(Collector):
    def collect(self):
        now = timezone.now()
        oldest = GaugeMetricFamily(
            "portal_outbox_oldest_pending_seconds",
            "Age of the oldest due email not yet sent, by kind (0 when none is waiting).",
            labels=["kind"],
        )
        due = Greatest(F("created_at"), Coalesce(F("mailing__send_at"), F("created_at")))
        rows = (
            Delivery.objects.filter(state__in=(State.PENDING, State.SENDING))
            .filter(Q(mailing__isnull=True) | Q(mailing__send_at__lte=now))
            .annotate(kind=_kind(), due=due)
            .values("kind")
            .annotate(since=Min("due"))
            .order_by()
        )
        seen = {}
        for row in rows:
            seen[row["kind"]] = max((now - row["since"]).total_seconds(), 0.0)
        for kind in sorted(seen):
            oldest.add_metric([kind], seen[kind])
        if not seen:
            oldest.add_metric(["mailing"], 0.0)
        yield oldest

        failed = GaugeMetricFamily(
            "portal_outbox_failed", "Emails that will not be sent, by kind and cause.", labels=["kind", "cause"]
        )
        cause = Case(When(last_error__startswith=NOT_SENT_PREFIX, then=Value("suppressed")), default=Value("error"))
        counts = (
            Delivery.objects.filter(state=State.FAILED)
            .annotate(kind=_kind(), cause=cause)
            .values("kind", "cause")
            .annotate(n=Count("pk"))
            .order_by()
        )
        for row in sorted(counts, key=lambda r: (r["kind"], r["cause"])):
            failed.add_metric([row["kind"], row["cause"]], float(row["n"]))
        yield failed
