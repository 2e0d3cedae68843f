"""The named selections of a cycle's applications: the one definition of every count an
organizer sees, and the one function that counts them.

Each page used to count with its own status list, and the lists drifted apart: the ranking's
fill to capacity called every decided application (rejected and waitlisted included) "already
accepted or confirmed", while the same page's capacity panel counted confirmed people only and
left out those who had since checked in. Now every count (the statistics, the capacity panel,
fill to capacity, the demographics groups, the check-in door, the resume book) names one of
the selections below, and the applications table, the CSV export and mail audiences select the
same rows by the same name (`selection` in apps/applications/filters.py), so a count and the
rows behind it cannot disagree.

A selection is a set of statuses, plus a condition on the reviews for the two review stages.
Its statuses are what the anonymised counts of deleted accounts and purged cycles (which keep
a status and nothing else) are matched by.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.conf import settings
from django.db.models import Count, Exists, IntegerField, OuterRef, Q, QuerySet, Sum, Value
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from .models import DRAFTS, AnonymisedApplicationCount, Application
from .models import ApplicationStatus as S

# Submitted means any status past a draft: awaiting a decision or decided.
PAST_DRAFT = tuple(s for s in S.values if s not in DRAFTS)
# Decided: every status an organizer's decision (or the applicant's answer to it) leads to.
DECIDED = tuple(s for s in PAST_DRAFT if s != S.SUBMITTED)
# The cycle statuses in which applicants see their decisions (the status machine's
# POST_RELEASE; named here by value, since the status machine reads this module's names).
_RELEASED_CYCLE = ("released", "confirmation_closed", "waitlist_closed", "second_confirmation_closed")


@dataclass(frozen=True)
class Selection:
    name: str
    label: str  # a lazy translation: text in the language it is shown in
    description: str
    statuses: tuple[str, ...]
    # A condition beyond the status (the review stages); None for a plain set of statuses.
    extra: Q | None = field(default=None, compare=False)

    @property
    def q(self) -> Q:
        condition = Q(status__in=self.statuses)
        return condition & self.extra if self.extra is not None else condition


# "Scored" is what the ranking and the table's review count mean: a review with every score,
# counted on the application's review summary (apps.reviews, read by its ORM name only, since
# applications may not import reviews).
_SCORED = Q(review_summary__reviews__gte=1)

_ALL = (
    Selection(
        "registered",
        _("Registered"),
        _("Every application of the cycle, from one never started to an attendee checked in."),
        tuple(S.values),
    ),
    Selection("started", _("Started"), _("A draft saved but not submitted."), (S.STARTED,)),
    Selection(
        "submitted",
        _("Submitted"),
        _("Every application past the draft stage: awaiting a decision or decided."),
        PAST_DRAFT,
    ),
    Selection("reviewed", _("Reviewed"), _("Submitted, with at least one scored review."), PAST_DRAFT, _SCORED),
    Selection(
        "awaiting_review",
        _("Awaiting review"),
        _("Awaiting a decision, with no scored review yet."),
        (S.SUBMITTED,),
        ~_SCORED,
    ),
    Selection("undecided", _("Awaiting a decision"), _("Submitted and not decided yet."), (S.SUBMITTED,)),
    Selection(
        "decided", _("Decided"), _("Given a decision: accepted, waitlisted or rejected, answered or not."), DECIDED
    ),
    # Decisions are released for a whole cycle at once: a decided application is released
    # while its cycle shows decisions.
    Selection(
        "released",
        _("Released"),
        _("Decided, in a cycle whose decisions are released to the applicants."),
        DECIDED,
        Q(cycle__status__in=_RELEASED_CYCLE),
    ),
    Selection(
        "accepted",
        _("Accepted"),
        _("Offered a place, in the first round or from the waitlist, and not answered yet."),
        (S.ACCEPTED, S.WAITLIST_ACCEPTED),
    ),
    Selection(
        "waitlisted",
        _("Waitlisted"),
        _("On the waitlist, whether or not they said they'd stay."),
        (S.WAITLISTED, S.WAITLIST_CONFIRMED),
    ),
    Selection("rejected", _("Rejected"), _("Not offered a place."), (S.REJECTED,)),
    # A checked-in applicant confirmed first: counting them out of "confirmed" would make the
    # confirmed count fall as people arrive at the event.
    Selection(
        "confirmed",
        _("Confirmed"),
        _("Said they will come, including those already checked in."),
        (S.CONFIRMED, S.CHECKED_IN),
    ),
    Selection("declined", _("Declined"), _("Said they can no longer come."), (S.DECLINED,)),
    Selection("expired", _("Expired"), _("Offered a place and did not answer by the offer's deadline."), (S.EXPIRED,)),
    Selection("checked_in", _("Checked in"), _("Checked in at the event."), (S.CHECKED_IN,)),
    Selection(
        "admitted",
        _("Admitted"),
        _("Holds a place: accepted, waitlist-accepted, confirmed or checked in."),
        (S.ACCEPTED, S.WAITLIST_ACCEPTED, S.CONFIRMED, S.CHECKED_IN),
    ),
)
SELECTIONS: dict[str, Selection] = {selection.name: selection for selection in _ALL}
NAMES = tuple(SELECTIONS)

# The event's spots are filled by the people who said they will come: the confirmed (checked-in
# people among them). The capacity panel and the admin pages say "spots filled" for this count.
SPOTS_FILLED = "confirmed"
# Fill to capacity admits until this many hold a place.
ADMITTED = "admitted"

STATUS_PREFIX = "status:"


def get(name: str) -> Selection:
    """The selection called `name`, or one application status as `status:<status>`."""
    if name.startswith(STATUS_PREFIX):
        status = name.removeprefix(STATUS_PREFIX)
        if status in S.values:
            label = S(status).label
            return Selection(name, label, format_lazy(_("Status {label}."), label=label), (status,))
    try:
        return SELECTIONS[name]
    except KeyError:
        raise LookupError(f"No selection '{name}'.") from None


def choices() -> list[tuple[str, str]]:
    return [(selection.name, selection.label) for selection in _ALL]


def q(name: str) -> Q:
    return get(name).q


def host_school() -> Q:
    """The statistics' "princeton": applications from the configured host school (exactly)."""
    return Q(school=settings.HOST_SCHOOL)


def registered_accounts() -> QuerySet:
    """The applicant accounts that could apply: active, role `user`, address verified (an
    account whose verification mail went unanswered has not really registered). Organizers,
    reviewers and volunteers are not counted."""
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    from apps.accounts.models import Role

    verified = EmailAddress.objects.filter(user=OuterRef("pk"), verified=True)
    return get_user_model().objects.filter(role=Role.USER, is_active=True).filter(Exists(verified))


def never_started_accounts(cycle) -> QuerySet:
    """Registered accounts (`registered_accounts`) with no application in `cycle`: the mail
    audience `never_started`, and what the admin home counts between registered and started."""
    started = Application.objects.filter(cycle=cycle, user=OuterRef("pk"))
    return registered_accounts().filter(~Exists(started))


def queryset(cycle, name: str) -> QuerySet:
    return Application.objects.filter(cycle=cycle).filter(q(name))


class Counts(dict):
    """name → how many applications of the cycle it selects; with `by_host`, also per school
    (`host(name)`, `other(name)`)."""

    def __init__(self, totals: dict[str, int], hosts: dict[str, int] | None = None) -> None:
        super().__init__(totals)
        self._hosts = hosts or {}

    def host(self, name: str) -> int:
        return self._hosts[name]

    def other(self, name: str) -> int:
        return self[name] - self._hosts[name]


def count(cycle, names: Iterable[str], *, by_host: bool = False, anonymised: bool = False) -> Counts:
    """How many applications of `cycle` each selection of `names` holds, in one query.

    One conditional COUNT per selection (and per selection at the host school, `by_host`) over
    the cycle's applications. `anonymised` adds what is left of deleted accounts and purged
    cycles (apps.privacy: a status and whether at the host school, nothing else) in the same
    statement (UNION ALL); those have no row in the table or the export, so only the
    statistics, which promise to keep counting them, ask for them. A selection with a review
    condition counts no anonymised application (nothing of their reviews is kept).
    """
    chosen = [get(name) for name in dict.fromkeys(names)]
    columns: list[tuple[str, Selection, bool]] = [(f"c{i}", s, False) for i, s in enumerate(chosen)]
    if by_host:
        columns += [(f"h{i}", s, True) for i, s in enumerate(chosen)]
    if not columns:
        return Counts({})
    host = host_school()
    live = Application.objects.filter(cycle=cycle).values("cycle").order_by()
    live = live.annotate(**{key: Count("pk", filter=s.q & host if at_host else s.q) for key, s, at_host in columns})
    if anonymised:
        gone = AnonymisedApplicationCount.objects.filter(cycle=cycle).values("cycle").order_by()
        gone = gone.annotate(
            **{
                key: (
                    Value(0, output_field=IntegerField())
                    if s.extra is not None
                    else Sum("count", filter=Q(status__in=s.statuses) & (Q(host_school=True) if at_host else Q()))
                )
                for key, s, at_host in columns
            }
        )
        rows = list(
            live.values_list(*[key for key, _s, _h in columns]).union(
                gone.values_list(*[key for key, _s, _h in columns]), all=True
            )
        )
    else:
        rows = list(live.values_list(*[key for key, _s, _h in columns]))
    sums = [sum(row[i] or 0 for row in rows) for i in range(len(columns))]
    totals = {s.name: sums[i] for i, (_key, s, at_host) in enumerate(columns) if not at_host}
    hosts = {s.name: sums[i] for i, (_key, s, at_host) in enumerate(columns) if at_host}
    return Counts(totals, hosts if by_host else None)
