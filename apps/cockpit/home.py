"""The admin home: where the cycle stands (its status and next deadline), the funnel of its
applicants, and what needs doing next, each linking to the page that does it.

Every funnel number is a named selection of apps/applications/selections.py (the first,
registered accounts, counts people before they have an application), and carries the table's
query string that lists the same rows: the home, the table, the export and the mail audience
`filter` read one definition, so a number and the rows behind its link cannot disagree.

The whole answer takes a constant number of queries, whatever the cycle's size.
"""

from __future__ import annotations

import datetime
from urllib.parse import urlencode

from django.db.models import Count, Exists, IntegerField, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from apps.applications import selections
from apps.applications.models import Application, ApplicationEvent, ApplicationStatus
from apps.cycles.models import Cycle, CycleStatus
from apps.decisions.release import release_counts
from apps.mailings import outbox
from apps.mailings.models import Delivery
from apps.reviews.models import AdmissionPlan, Assignment, RankingState, ReviewStatus

TABLE = "/admin/users"

# The funnel, each stage a selection: (key, selection). Stages are cumulative: everyone
# counted at a stage is counted at the one before it. The first is every application of the
# cycle (the selection `registered`: an application exists from its first saved draft on).
# Each stage is named by its selection's label, as the table's filter that its number opens:
# named "Started" here, it counted 51 where the table's "Started" (drafts) counted 6.
FUNNEL = (
    ("started", "registered"),
    ("submitted", "submitted"),
    ("reviewed", "reviewed"),
    ("decided", "decided"),
    ("released", "released"),
    ("confirmed", "confirmed"),
    ("checked_in", "checked_in"),
)
# Beside the funnel: the ones who left it, and the ones waiting to get in.
BESIDE = (
    ("declined", "declined"),
    ("waitlist", "waitlisted"),
)

# Every selection the home counts: the funnel's and beside it.
COUNTED = tuple(selection for _key, selection in (*FUNNEL, *BESIDE))

# The cycle's dates, in the order the work meets them, with what each one ends or starts.
DEADLINES = (
    ("due", _("Applications close")),
    ("confirmation_first_deadline", _("First confirmation deadline")),
    ("waitlist_deadline", _("Waitlist deadline")),
    ("confirmation_second_deadline", _("Second confirmation deadline")),
    ("start", _("The event starts")),
    ("end", _("The event ends")),
)
# The cycle status that ends each date's window: once the cycle is there (or past it: the
# statuses are declared in the order a cycle moves through them), the date is behind the
# organizers even if its day is still ahead. A release closes the applications at once, so the
# panel must not go on counting down to "Applications close". The event's own dates end no window.
ENDED_BY = {
    "due": CycleStatus.CLOSED,
    "confirmation_first_deadline": CycleStatus.CONFIRMATION_CLOSED,
    "waitlist_deadline": CycleStatus.WAITLIST_CLOSED,
    "confirmation_second_deadline": CycleStatus.SECOND_CONFIRMATION_CLOSED,
}
_STAGE = {status: index for index, status in enumerate(CycleStatus)}
# A date closes its window when the day starts (the status machine refuses from that day on).
# An outbox row still waiting this long after it was due is stuck: the worker isn't sending.
STUCK_AFTER = datetime.timedelta(minutes=15)


def table_query(selection: str) -> str:
    """The table's query string that lists the rows of `selection`."""
    return urlencode({"selection": selection})


def _stage(key: str, selection: str, counts: dict) -> dict:
    query = table_query(selection)
    return {
        "key": key,
        "label": selections.get(selection).label,
        "count": counts[selection],
        "selection": selection,
        "query": query,
        "href": f"{TABLE}?{query}",
    }


def next_deadline(cycle: Cycle, now: datetime.datetime | None = None) -> dict | None:
    """The first of the cycle's dates still ahead: `{"name", "label", "date", "at"}`, `at` the
    moment it takes effect (the start of its day, UTC), or None once every date has passed. A
    date whose window the cycle's status has already closed (ENDED_BY) is not ahead."""
    now = now or timezone.now()
    stage = _STAGE.get(cycle.status, 0)
    for name, label in DEADLINES:
        if name in ENDED_BY and stage >= _STAGE[ENDED_BY[name]]:
            continue
        day: datetime.date = getattr(cycle, name)
        at = datetime.datetime.combine(day, datetime.time(0, 0), tzinfo=datetime.UTC)
        if at > now:
            return {"name": name, "label": label, "date": day.isoformat(), "at": at.isoformat()}
    return None


def _count_of(rows: QuerySet) -> Coalesce:
    """How many rows `rows` holds, as a subquery of a select (grouped by a constant: one group,
    or none and 0)."""
    counted = rows.order_by().annotate(one=Value(1)).values("one").annotate(n=Count("pk")).values("n")
    return Coalesce(Subquery(counted, output_field=IntegerField()), 0)


def _numbers(cycle: Cycle, **counts: QuerySet) -> dict[str, int]:
    """Each count of `counts` in one statement. Each is a subquery of its own, filtered by
    EXISTS, so PostgreSQL joins the other table once (a semi or anti join) rather than probing
    it for every row: at 50,000 applications an aggregate with an EXISTS per row took ~50 ms of
    the admin panel's time."""
    return (
        Cycle.objects.filter(pk=cycle.pk).annotate(**{k: _count_of(v) for k, v in counts.items()}).values(*counts).get()
    )


def _accounts(cycle: Cycle) -> dict[str, int]:
    accounts = selections.registered_accounts()
    started = Application.objects.filter(cycle=cycle, user=OuterRef("pk"))
    return _numbers(cycle, registered=accounts, never_started=accounts.exclude(Exists(started)))


def _reviewing(cycle: Cycle) -> dict[str, int]:
    """Applications awaiting a decision with no reviewer, and those with a review assigned and
    not done, in one query."""
    any_assignment = Assignment.objects.filter(application=OuterRef("pk"))
    open_assignment = any_assignment.filter(status=ReviewStatus.TO_REVIEW)
    of_cycle = Application.objects.filter(cycle=cycle)
    return _numbers(
        cycle,
        unassigned=of_cycle.filter(selections.q("undecided")).exclude(Exists(any_assignment)),
        unreviewed=of_cycle.filter(status__in=selections.PAST_DRAFT).filter(Exists(open_assignment)),
    )


def _mail(now: datetime.datetime) -> dict[str, int]:
    """Outbox rows that failed for good, and rows stuck: due this long ago and still not sent,
    or held by a worker whose claim went stale."""
    due_long_ago = now - STUCK_AFTER
    stuck = Q(state=Delivery.State.PENDING) & (
        Q(next_attempt_at__lte=due_long_ago) | Q(next_attempt_at__isnull=True, created_at__lte=due_long_ago)
    )
    stuck &= Q(mailing__isnull=True) | Q(mailing__send_at__lte=due_long_ago)
    stuck |= Q(state=Delivery.State.SENDING, claimed_at__lt=now - outbox.STALE_AFTER)
    # Rows of a mailing that was cancelled are never sent; they aren't stuck.
    live = Delivery.objects.exclude(mailing__status="cancelled")
    return live.aggregate(
        failed=Count("pk", filter=Q(state=Delivery.State.FAILED)),
        stuck=Count("pk", filter=stuck),
    )


def _freed_since_fill(cycle: Cycle) -> int:
    """Spots given up (declined) since the last fill to capacity: what a new fill could offer
    again. 0 before any fill."""
    plan = AdmissionPlan.objects.filter(cycle=cycle).values_list("updated_at", flat=True).first()
    if plan is None:
        return 0
    gave_up = ApplicationEvent.objects.filter(
        application=OuterRef("pk"), field="status", to_value=ApplicationStatus.DECLINED, at__gt=plan
    )
    return Application.objects.filter(cycle=cycle, status=ApplicationStatus.DECLINED).filter(Exists(gave_up)).count()


def _ranking_stale(cycle: Cycle) -> bool:
    state = RankingState.objects.filter(cycle=cycle).values("changed_at", "refreshed_at").first()
    return state is not None and (state["refreshed_at"] is None or state["changed_at"] > state["refreshed_at"])


def _todo(key: str, label: str, count: int, href: str) -> dict:
    return {"key": key, "label": label, "count": count, "href": href, "done": count == 0}


def admin_home(cycle: Cycle, now: datetime.datetime | None = None, counts: selections.Counts | None = None) -> dict:
    """The home's numbers. `counts`: the COUNTED selections' counts, when the caller took them
    with others in the same statement (the /admin page, with the capacity panel's)."""
    now = now or timezone.now()
    counts = counts if counts is not None else selections.count(cycle, COUNTED)
    accounts = _accounts(cycle)
    freed = _freed_since_fill(cycle)
    reviewing = _reviewing(cycle)
    mail = _mail(now)
    unreleased = sum(row["count"] for row in release_counts(cycle_id=cycle.pk))
    # Reviews close with the applications (the cycle past `open`): from then on, a ranking
    # older than the last review is what a decision would be made from.
    reviews_closed = cycle.status != CycleStatus.OPEN and cycle.status != CycleStatus.NOT_OPEN
    stale = reviews_closed and _ranking_stale(cycle)
    return {
        "cycle": {
            "id": cycle.pk,
            "name": str(cycle),
            "status": cycle.status,
            "status_label": str(CycleStatus(cycle.status).label),
        },
        "next_deadline": next_deadline(cycle, now),
        "now": now.isoformat(),
        "registered": {
            "key": "registered",
            "label": _("Registered"),
            "count": accounts["registered"],
            "never_started": accounts["never_started"],
            # Accounts, not applications: the table lists applications, so the link is to
            # write to the ones who never started.
            "href": "/admin/batch?audience=never_started",
        },
        "funnel": [_stage(key, selection, counts) for key, selection in FUNNEL],
        "beside": [_stage(key, selection, counts) for key, selection in BESIDE],
        "todos": [
            _todo(
                "unassigned",
                ngettext(
                    "application submitted without a reviewer",
                    "applications submitted without a reviewer",
                    reviewing["unassigned"],
                ),
                reviewing["unassigned"],
                "/admin/assignapps",
            ),
            _todo(
                "unreviewed",
                ngettext(
                    "application assigned but not reviewed",
                    "applications assigned but not reviewed",
                    reviewing["unreviewed"],
                ),
                reviewing["unreviewed"],
                "/admin/assignapps",
            ),
            _todo(
                "unreleased",
                ngettext("decision not released yet", "decisions not released yet", unreleased),
                unreleased,
                "/admin/config",
            ),
            _todo(
                "mail_failed",
                ngettext("email failed", "emails failed", mail["failed"]),
                mail["failed"],
                "/admin/batch",
            ),
            _todo(
                "mail_stuck",
                ngettext(
                    "email waiting more than %(minutes)s minutes",
                    "emails waiting more than %(minutes)s minutes",
                    mail["stuck"],
                )
                % {"minutes": STUCK_AFTER.seconds // 60},
                mail["stuck"],
                "/admin/batch",
            ),
            _todo(
                "ranking_stale",
                gettext("Reviews closed, but the ranking is older than the last review"),
                int(stale),
                "/admin/ranking",
            ),
            _todo(
                "spots_freed",
                ngettext("spot freed since the last fill", "spots freed since the last fill", freed),
                freed,
                "/admin/ranking",
            ),
        ],
    }
