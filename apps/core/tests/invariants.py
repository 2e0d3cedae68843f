"""What must hold after every step of an event, whoever took it: the checks shared by the whole
event's rehearsal (test_event_rehearsal.py) and the status machine's stateful test
(apps/applications/tests/test_status_machine_stateful.py).

`Watch` keeps what the database and the sent mail looked like after the previous step, and
`Watch.check` compares the state after the next one with it:

- every status change has its history, chained from the old status to the new one, and the mail
  the portal promises for it, recorded in the outbox under the portal's own key and recorded
  during that step (the rule is `promised_mail`); an application that is new this step is judged
  only on its applicant's own moves (their first submit), what others did to it (a walk-in's road
  through the door) from the next step on;
- an organizer's bulk action (a batch decision, fill to capacity, a release or its undoing)
  leaves everyone who confirmed, checked in or declined where they were;
- every count an organizer sees agrees with the others and with the rows behind it
  (`check_counts`);
- every outbox mail went out exactly once: each row sent, each Message-ID in the sent mail once;
- every offer that expired has its email, each reminder of an offer went once, and the
  waitlist refill never offered a place beyond fill to capacity's target;
- a travel grant is told to its applicant from release on and never before, and the dashboard's
  "up to" names the amount the travel card shows (`check_travel_told`).

The identity scan of blind review is `identity_pattern` / `leaks`.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from types import SimpleNamespace

from django.core import mail
from django.db.models import Count, Exists, F, Max, OuterRef, Q

from apps.applications import received, selections, selectors, status_machine
from apps.applications.models import Application, ApplicationEvent
from apps.applications.models import ApplicationStatus as S
from apps.applications.pages import dashboard_props
from apps.applications.status_machine import DRAFTS, RELEASE_DECISIONS
from apps.checkin import tickets
from apps.checkin.models import CheckIn, Ticket
from apps.core.tests.test_pages import page_props
from apps.cycles.models import Cycle, CycleStatus
from apps.cycles.selectors import current_cycle
from apps.decisions import offers, release
from apps.mailings.models import Delivery
from apps.reports import statistics
from apps.reviews.admission import CAPACITY_COUNTS, target_admitted
from apps.reviews.models import AdmissionPlan
from apps.travel import selectors as travel_selectors
from apps.travel.models import TravelGrant

# An applicant's own answer or the door's check-in: no organizer's bulk action may move it.
ANSWERED = (S.CONFIRMED, S.CHECKED_IN, S.DECLINED)
TICKET = "ticket"
RECEIVED = "received"


def promised_mail(old: str, new: str, *, released: bool, by_applicant: bool) -> str | None:
    """The one email the portal sends for a status change, as the last part of its outbox key
    ("decision:<id>:<status>"), or TICKET for a ticket, RECEIVED for "we received your
    application"; None when it sends none. An offer that expired is told so. `by_applicant`:
    the applicant made the move.

    The applicant's own first submit is acknowledged (a walk-in, submitted by the door on the
    way to its check-in, is welcomed instead, and no one else submits a draft); a confirmation
    brings the ticket; a confirmed applicant who gives up the spot hears that it is given up; a
    decision is announced only once released (before, the release announces every decision
    then recorded). An applicant's other answers and the check-in send nothing.
    """
    if old in DRAFTS and new == S.SUBMITTED:
        return RECEIVED if by_applicant else None
    if new == S.CONFIRMED:
        return TICKET
    if old == S.CONFIRMED and new == S.DECLINED:
        return str(S.DECLINED)
    if new == S.EXPIRED:
        return str(S.EXPIRED)
    if new in RELEASE_DECISIONS and released:
        return str(new)
    return None


@dataclass
class Problems:
    found: list[str] = field(default_factory=list)

    def add(self, message: str) -> None:
        self.found.append(message)

    def __bool__(self) -> bool:
        return bool(self.found)


def _mail_keys_since(last_delivery: int) -> Counter:
    """(application id, kind) of each outbox row recorded after `last_delivery`."""
    rows = list(
        Delivery.objects.filter(pk__gt=last_delivery, mailing__isnull=True).values_list("pk", "dedupe_key", "email")
    )
    found: Counter = Counter()
    ticket_ids = [int(key.split(":")[1]) for _pk, key, _email in rows if key.startswith(tickets.KEY_PREFIX)]
    ticket_apps = dict(Ticket.objects.filter(pk__in=ticket_ids).values_list("pk", "application_id"))
    for _pk, key, _email in rows:
        if key.startswith(release.KEY_PREFIX):
            application_id, status = release.parse_key(key)
            found[(application_id, status)] += 1
        elif key.startswith(tickets.KEY_PREFIX):
            found[(ticket_apps.get(int(key.split(":")[1])), TICKET)] += 1
        elif key.startswith(received.KEY_PREFIX):
            found[(int(key.removeprefix(received.KEY_PREFIX)), RECEIVED)] += 1
        elif key.startswith(offers.REMINDER_PREFIX):
            continue  # promised by the clock, not a status change: check_reminders_once
        else:
            found[(None, key)] += 1
    return found


class Watch:
    """The cycle as it was after the last checked step. `check` after each step."""

    def __init__(self, cycle, organizer_client, *, counts: bool = True, preview: bool = True) -> None:
        self.cycle = cycle
        self.client = organizer_client
        self.counts = counts
        self.preview = preview
        self.steps: list[str] = []
        self._snapshot()

    def _snapshot(self) -> None:
        self.statuses = dict(Application.objects.filter(cycle=self.cycle).values_list("pk", "status"))
        self.last_event = ApplicationEvent.objects.aggregate(m=Max("pk"))["m"] or 0
        self.last_delivery = Delivery.objects.aggregate(m=Max("pk"))["m"] or 0
        self.mails_sent = len(mail.outbox)

    def use_cycle(self, cycle) -> None:
        """Follow another cycle (the next one, once it is current)."""
        self.cycle = cycle
        self._snapshot()

    def check(
        self,
        step: str,
        *,
        released: bool,
        release_step: bool = False,
        bulk: bool = False,
        reissued: Iterable[int] = (),
    ) -> None:
        """Every invariant, after `step`; `released` says whether the cycle's decisions were
        visible while the step ran, `release_step` that the step released them, `bulk` that it
        was an organizer's bulk action, `reissued` the applications whose tickets it reissued
        (each promises one ticket mail)."""
        problems = Problems()
        after = dict(Application.objects.filter(cycle=self.cycle).values_list("pk", "status"))
        self._check_history_and_mail(problems, after, released=released, release_step=release_step, reissued=reissued)
        check_door(problems, self.cycle)
        check_status_cache(problems, self.cycle)
        if bulk:
            for pk, status in self.statuses.items():
                if status in ANSWERED and after.get(pk) != status:
                    problems.add(f"application {pk} was {status} and a bulk action moved it to {after.get(pk)}")
        check_sent_once(problems)
        check_reminders_once(problems)
        check_expired_mail(problems, self.cycle)
        check_refill_capacity(problems, self.cycle, since_event=self.last_event)
        check_travel_told(problems, self.cycle)
        check_travel_promised(problems, self.cycle)
        if self.counts:
            check_counts(problems, self.client, self.cycle, preview=self.preview)
        self.steps.append(step)
        assert not problems, f"after step {step!r}:\n" + "\n".join(problems.found[:40])
        self._snapshot()

    def _check_history_and_mail(
        self, problems: Problems, after: dict, *, released: bool, release_step: bool, reissued: Iterable[int] = ()
    ) -> None:
        events: dict[int, list[tuple[str, str, bool]]] = {}
        for application_id, old, new, by_applicant in (
            ApplicationEvent.objects.filter(pk__gt=self.last_event, field="status", application__cycle=self.cycle)
            .order_by("pk")
            .annotate(by_applicant=Q(actor=F("application__user")))
            .values_list("application_id", "from_value", "to_value", "by_applicant")
        ):
            events.setdefault(application_id, []).append((old, new, bool(by_applicant)))
        expected: Counter = Counter()
        for pk, status in after.items():
            before = self.statuses.get(pk)
            moves = events.get(pk, [])
            if before is None:
                # New this step: no status to chain its history from, and what the door or an
                # organizer did to it (a walk-in's road) is judged from the next step on; what
                # its applicant did (the first submit) promised its mail now.
                moves = [move for move in moves if move[2]]
            elif status != before and not moves:
                problems.add(f"application {pk} moved {before} -> {status} with no history")
                continue
            elif moves:
                chain = [moves[0][0]] + [new for _old, new, _by in moves]
                linked = all(moves[i][1] == moves[i + 1][0] for i in range(len(moves) - 1))
                if chain[0] != before or chain[-1] != status or not linked:
                    problems.add(f"application {pk}: history {chain} does not lead from {before} to {status}")
            for old, new, by_applicant in moves:
                if kind := promised_mail(old, new, released=released, by_applicant=by_applicant):
                    expected[(pk, kind)] += 1
        for pk in reissued:
            expected[(pk, TICKET)] += 1
        if release_step:
            # A release announces each decision its applicant was not told last (a decision
            # mailed by an earlier release of the same decision is not sent twice), or was told
            # of and left since (declined the offer, say, which an organizer then made again).
            last_told: dict[int, tuple[str, object]] = {}
            for key, created in (
                release.decision_rows()
                .filter(pk__lte=self.last_delivery)
                .order_by("pk")
                .values_list("dedupe_key", "created_at")
            ):
                application_id, told = release.parse_key(key)
                last_told[application_id] = (told, created)
            moves = ApplicationEvent.objects.filter(application__cycle=self.cycle, field="status").values_list(
                "application_id", "from_value", "at"
            )
            left = {(pk, old) for pk, old, at in moves if pk in last_told and at >= last_told[pk][1]}
            for pk, status in after.items():
                told = last_told.get(pk, (None, None))[0]
                if status in RELEASE_DECISIONS and (told != status or (pk, str(status)) in left):
                    expected[(pk, str(status))] += 1
        if released or release_step:
            check_last_decision_mail(problems, self.cycle)
        found = _mail_keys_since(self.last_delivery)
        for key in sorted(set(expected) | set(found), key=str):
            if expected[key] != found[key]:
                pk, kind = key
                problems.add(
                    f"application {pk}: {expected[key]} '{kind}' mail(s) promised by this step, {found[key]} recorded"
                )


def check_travel_promised(problems: Problems, cycle) -> None:
    """Travel reimbursement is promised (the application's yes/no, which the decision emails,
    the dashboard and the export read) exactly where a travel grant stands: what is promised is
    what receipts go against and the payout pays. One query."""
    standing = Exists(TravelGrant.objects.filter(application=OuterRef("pk"), status=TravelGrant.Status.GRANTED))
    for pk, promised, granted in (
        Application.objects.filter(cycle=cycle)
        .annotate(granted=standing)
        .exclude(travel_reimbursement=F("granted"))
        .values_list("pk", "travel_reimbursement", "granted")
    ):
        problems.add(f"application {pk}: travel reimbursement {promised}, but a standing grant: {granted}")


def check_travel_told(problems: Problems, cycle) -> None:
    """Each travel grant of `cycle` shows on its applicant's travel card from release on and not
    before (grants go to people offered a spot: an early one would tell the decision the status
    still hides), and the dashboard's "we will reimburse your travel up to" names what the card
    shows: two reads of one amount."""
    cycle = type(cycle).objects.get(pk=cycle.pk)
    told = cycle.status not in status_machine.PRE_RELEASE
    current = current_cycle().pk == cycle.pk
    for grant in TravelGrant.objects.filter(application__cycle=cycle).select_related("application__user"):
        application = grant.application
        card = travel_selectors.own(application)
        if (card["grant"] is not None) != told:
            problems.add(
                f"application {application.pk}: its travel grant shows on its card {card['grant']!r} "
                f"while the cycle is {cycle.status}"
            )
        if not current or application.user is None:
            continue
        props = dashboard_props(application.user)
        standing = card["grant"] if card["grant"] and card["grant"]["status"] == TravelGrant.Status.GRANTED else None
        expected = (
            {"amount": standing["amount"], "currency": card["currency"]}
            if standing and props["travelReimbursement"]
            else None
        )
        if props["travelGrant"] != expected:
            problems.add(
                f"application {application.pk}: the dashboard says travel up to {props['travelGrant']}, "
                f"the travel card {expected}"
            )


def check_door(problems: Problems, cycle) -> None:
    """At the door: every check-in is of a person checked in, made with a ticket of theirs that
    was live then (a replaced ticket admits no one, even one scanned while it was being
    replaced), and no one holds two live tickets."""
    for pk, application_id, status, holder, voided_at, at in CheckIn.objects.filter(
        application__cycle=cycle
    ).values_list("pk", "application_id", "application__status", "ticket__application_id", "ticket__voided_at", "at"):
        if status != S.CHECKED_IN:
            problems.add(f"check-in {pk}: application {application_id} is {status}")
        if holder is not None and holder != application_id:
            problems.add(f"check-in {pk} of application {application_id} was made with application {holder}'s ticket")
        if voided_at is not None and voided_at <= at:
            problems.add(f"check-in {pk} of application {application_id} was made with a ticket voided before it")
    for application_id in (
        Ticket.objects.filter(application__cycle=cycle, voided_at__isnull=True)
        .values("application_id")
        .annotate(live=Count("pk"))
        .filter(live__gt=1)
        .values_list("application_id", flat=True)
    ):
        problems.add(f"application {application_id} holds more than one live ticket")


def check_status_cache(problems: Problems, cycle) -> None:
    """What each applicant's status call serves (the cached row, apps/applications/
    status_cache.py) is what the database holds: every writer of the row replaced the cached one.
    Reading it here also warms the cache, so the next step's writers meet warm entries."""
    cycle = type(cycle).objects.get(pk=cycle.pk)  # its status as it is now (a release moves it)
    for user_id, *row in Application.objects.filter(cycle=cycle).values_list(
        "user_id", "status", "travel_reimbursement", "housing_accommodations", "teamcode"
    ):
        served = selectors.applicant_status(user=SimpleNamespace(pk=user_id), cycle=cycle)
        held = status_machine.visible_status(selectors._StatusRow(*row), cycle.status)
        if served != held:
            problems.add(f"the status call of user {user_id} serves {served}, the database holds {held}")


def check_last_decision_mail(problems: Problems, cycle) -> None:
    """Once decisions are visible, the last decision email of each applicant awaiting one of
    them names the decision they have now: their inbox never contradicts their dashboard."""
    last: dict[int, tuple[int, str]] = {}
    for pk, key in release.decision_rows().values_list("pk", "dedupe_key"):
        application_id, status = release.parse_key(key)
        if application_id not in last or last[application_id][0] < pk:
            last[application_id] = (pk, status)
    for pk, status in Application.objects.filter(cycle=cycle, status__in=RELEASE_DECISIONS).values_list("pk", "status"):
        mailed = last.get(pk, (None, None))[1]
        if mailed != status:
            problems.add(f"application {pk} is {status}, and the last decision email it got says {mailed}")


def check_sent_once(problems: Problems) -> None:
    """Every outbox row is sent (the tests run Celery's tasks at once), and the sent mail holds
    each Message-ID once: the outbox row's, once."""
    ids = Counter(message.extra_headers.get("Message-ID") for message in mail.outbox)
    for message_id, n in ids.items():
        if message_id is not None and n > 1:
            problems.add(f"{n} messages sent with Message-ID {message_id}")
    for row in Delivery.objects.filter(mailing__isnull=True).exclude(email__endswith="@deleted.invalid"):
        if row.state != Delivery.State.SENT:
            problems.add(f"outbox row {row.dedupe_key} is {row.state}: {row.last_error}")
        elif ids[row.message_id()] != 1:
            problems.add(f"outbox row {row.dedupe_key} went out {ids[row.message_id()]} times")


def check_reminders_once(problems: Problems) -> None:
    """Each reminder of an offer (its hours before the deadline) is recorded once, and an
    offer gets no more reminders than there are."""
    per_offer: Counter = Counter()
    for key in offers.reminder_rows().values_list("dedupe_key", flat=True):
        application_id, _hours, stamp = offers.parse_reminder_key(key)
        per_offer[(application_id, stamp)] += 1
    for (application_id, _stamp), n in per_offer.items():
        if n > len(offers.REMINDER_HOURS):
            problems.add(f"application {application_id}: {n} reminders for one offer")


def check_expired_mail(problems: Problems, cycle) -> None:
    """Every expired offer of the cycle has its expiry email in the outbox (sent: check_sent_once)."""
    expired = set(Application.objects.filter(cycle=cycle, status=S.EXPIRED).values_list("pk", flat=True))
    if not expired:
        return
    mailed = {
        release.parse_key(key)[0]
        for key in release.decision_rows().values_list("dedupe_key", flat=True)
        if release.parse_key(key)[1] == S.EXPIRED
    }
    for pk in sorted(expired - mailed):
        problems.add(f"application {pk} expired with no email")


def check_refill_capacity(problems: Problems, cycle, *, since_event: int) -> None:
    """A step in which the waitlist refill offered places leaves no more people holding one
    than fill to capacity's target (an organizer may decide past it; the refill never does)."""
    if not ApplicationEvent.objects.filter(pk__gt=since_event, source="waitlist", application__cycle=cycle).exists():
        return
    plan = AdmissionPlan.objects.filter(cycle=cycle).first()
    admitted = selections.count(cycle, [selections.ADMITTED])[selections.ADMITTED]
    if plan is None:
        problems.add("the waitlist refill offered places with no capacity set")
    elif admitted > target_admitted(plan.capacity, plan.attendance_rate):
        problems.add(f"the waitlist refill left {admitted} holding a place, over the target")


# --- Counts -------------------------------------------------------------------------------


def table_total(client, filters: dict) -> int:
    response = client.get("/api/applications/all", {"filters": json.dumps(filters), "per_page": 1})
    assert response.status_code == 200, response.content
    return response.json()["total"]


def export_statuses(client) -> Counter:
    """How many rows of each status the CSV export of the whole cycle holds."""
    response = client.get("/api/applications/export")
    assert response.status_code == 200
    text = b"".join(response.streaming_content).decode()
    return Counter(row["status"] for row in csv.DictReader(io.StringIO(text)))


def check_counts(problems: Problems, client, cycle, *, preview: bool = True) -> None:
    """The selections' counts against the table's filter total, the statistics (and the rows
    their cards select), the ranking's capacity panel, fill to capacity's preview and the CSV
    export."""
    counts = selections.count(cycle, selections.NAMES)
    per_status = selections.count(cycle, [f"status:{s}" for s in S.values])
    exported = export_statuses(client)
    for status in S.values:
        if exported[status] != per_status[f"status:{status}"]:
            problems.add(f"CSV export: {exported[status]} {status}, selections {per_status[f'status:{status}']}")
    for name in selections.NAMES:
        selection = selections.get(name)
        total = table_total(client, {"selection": name})
        if total != counts[name]:
            problems.add(f"table total for {name}: {total}, selections {counts[name]}")
        if selection.extra is None and sum(exported[s] for s in selection.statuses) != counts[name]:
            problems.add(f"CSV rows for {name} disagree with selections {counts[name]}")
    stats = client.get("/api/applications/stats").json()
    for key, value in stats.items():
        if (total := table_total(client, statistics.card_filters(key))) != value:
            problems.add(f"statistics {key}: {value}, its card's rows {total}")
    if stats["total_applications"] != counts["submitted"]:
        problems.add(f"statistics total {stats['total_applications']}, submitted {counts['submitted']}")
    # The statistics page and the admin panel bring their numbers with the page (no shift when
    # they arrive): the same as their API calls answer, and the panel's funnel the selections'.
    if page_props(client.get("/admin/stats"), "admin-stats")["stats"] != stats:
        problems.add("the statistics page's counts differ from GET applications/stats")
    home = client.get("/api/admin/home").json()
    panel = page_props(client.get("/admin"), "admin")
    if {**panel["home"], "now": None} != {**home, "now": None}:
        problems.add("the admin panel's numbers differ from GET admin/home")
    # Once the applications are closed (by hand or by a release), the panel's next date is not
    # their closing, whatever the day: the home page tells applicants they are closed.
    status = Cycle.objects.values_list("status", flat=True).get(pk=cycle.pk)
    deadline = home["next_deadline"]
    if deadline and deadline["name"] == "due" and status not in (CycleStatus.NOT_OPEN, CycleStatus.OPEN):
        problems.add(f"admin panel: next 'Applications close' while the cycle is {status}")
    # The panel's "decisions not released yet" is what the release would send: the preview the
    # organizer confirms on the settings page.
    unreleased = next(todo["count"] for todo in home["todos"] if todo["key"] == "unreleased")
    release_preview = client.get("/api/applications/cycle/release-preview").json()["total"]
    if unreleased != release_preview:
        problems.add(f"admin panel: {unreleased} decisions not released, the release's preview {release_preview}")
    stages = [*home["funnel"], *home["beside"]]
    named = selections.count(cycle, sorted({stage["selection"] for stage in stages}))
    # One word, one number: each stage is named as the table's filter its link opens.
    filters = dict(selections.choices())
    for stage in stages:
        if stage["count"] != named[stage["selection"]]:
            problems.add(f"admin panel {stage['key']}: {stage['count']}, selections {named[stage['selection']]}")
        if stage["label"] != str(filters[stage["selection"]]):
            problems.add(
                f"admin panel names {stage['label']!r} what the table's filter calls {filters[stage['selection']]!r}"
            )
    capacity = client.get("/api/reviews/capacity").json()
    # The panel counts its funnel and its "Spots filled" in one statement, the API each apart.
    if panel["capacity"] != capacity:
        problems.add("the admin panel's spots filled differ from GET reviews/capacity")
    for name in CAPACITY_COUNTS:
        if capacity[name] != counts[name]:
            problems.add(f"capacity panel {name}: {capacity[name]}, selections {counts[name]}")
    if capacity["spots_filled"] != counts[selections.SPOTS_FILLED]:
        problems.add(f"capacity panel spots filled {capacity['spots_filled']}, confirmed {counts['confirmed']}")
    if preview:
        body = {"capacity": 1, "attendance_rate": 1, "waitlist_size": 0, "dry_run": True}
        fill = client.post("/api/reviews/fill-to-capacity", body, content_type="application/json").json()
        if fill["counts"]["already_admitted"] != counts[selections.ADMITTED]:
            problems.add(
                f"fill to capacity: {fill['counts']['already_admitted']} admitted, selections {counts['admitted']}"
            )


# --- Blind review ---------------------------------------------------------------------------


def identity_pattern(words: Iterable[str]) -> re.Pattern:
    """One pattern for every word that names an applicant (lower case)."""
    return re.compile("|".join(re.escape(w.lower()) for w in sorted(set(words), key=len, reverse=True)))


def leaks(body: bytes | str, pattern: re.Pattern) -> set[str]:
    text = body.decode("utf-8", "replace") if isinstance(body, bytes) else body
    return set(pattern.findall(text.lower()))
