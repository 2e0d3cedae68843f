"""Travel requests and grants: the budget is never exceeded.

Every grant (one applicant, a bulk grant by country or by where from, a change of amount)
locks the cycle's budget row first (`select_for_update`), then sums what is granted and
writes. Two organizers granting at once take turns on that row, so the second sees the first's
grant in its sum; a grant that would pass the budget is refused with what is left, and changes
nothing. A bulk grant is all or nothing for the same reason.

The application's `travel_reimbursement` flag follows the grant (yes while a grant stands),
with a line in its history, so the callers that read the flag (decision emails, the applicant
table, the CSV export) keep working. The other way round too: a decision's "Travel
reimbursement: Yes" grants DEFAULT_GRANT (follow_decision), so what the acceptance email
promises is a grant that receipts are uploaded against and the payout pays.
"""

from __future__ import annotations

from decimal import Decimal

from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy

from apps.applications.models import Application, ApplicationEvent
from apps.applications.models import ApplicationStatus as S
from apps.applications.status_machine import PRE_RELEASE
from apps.core.exceptions import ApplicationError
from apps.cycles.models import Cycle

from .models import TravelBudget, TravelGrant, TravelRequest

# Who may be granted travel support: someone offered a spot or coming.
GRANTABLE = (S.ACCEPTED, S.WAITLIST_ACCEPTED, S.CONFIRMED, S.CHECKED_IN)
# Who may ask: anyone with an application of the cycle that is not closed against them.
ASKING_CLOSED = (S.REJECTED, S.DECLINED)
NOT_GRANTABLE = gettext_lazy("Travel support goes to applicants who were offered a spot.")
NO_REQUEST_NEEDED = gettext_lazy("No application of this cycle has that id.")
HAS_RECEIPTS = gettext_lazy("Receipts were uploaded for this grant: it can't be withdrawn.")
NO_APPLICATION = gettext_lazy("Apply first: travel support is asked for with an application.")
ASKING_CLOSED_MESSAGE = gettext_lazy("Your application is closed: travel support can no longer be asked for.")
NOBODY = gettext_lazy("Nobody without a grant asked for travel from there.")
NO_GRANT = gettext_lazy("This applicant has no travel grant.")
# What a decision's "Travel reimbursement: Yes" grants when no grant stands: the spec's "up to
# $100", in the budget's currency. The Travel page changes any one grant's amount afterwards.
DEFAULT_GRANT = Decimal("100.00")
OFFER_ONLY = gettext_lazy(
    "Travel reimbursement goes with an offer of a place: choose Accepted or Waitlist accepted, or leave it at No."
)


def told(cycle: Cycle) -> bool:
    """Whether the applicants of `cycle` may see their grants: only from release on. Grants go
    to people offered a spot, so before release a grant would tell its applicant the decision
    that their status still hides (status_machine.visible_status). The applicant's card, their
    receipts, their data export and the emails all ask this."""
    return cycle.status not in PRE_RELEASE


def over_budget(left: Decimal, currency: str) -> str:
    return gettext_lazy("This would exceed the travel budget: %(left)s %(currency)s is left.") % {
        "left": f"{left:.2f}",
        "currency": currency,
    }


# --- The budget ---------------------------------------------------------------------------


def budget_of(cycle: Cycle, *, lock: bool = False) -> TravelBudget:
    """The cycle's budget row (made on first use), locked for the caller's transaction if `lock`."""
    try:
        with transaction.atomic():
            TravelBudget.objects.get_or_create(cycle=cycle)
    except IntegrityError:
        pass  # made by a concurrent first use: it is there now
    rows = TravelBudget.objects.filter(cycle=cycle)
    return (rows.select_for_update() if lock else rows).get()


def granted_total(cycle: Cycle) -> Decimal:
    total = TravelGrant.objects.filter(application__cycle=cycle, status=TravelGrant.Status.GRANTED).aggregate(
        total=Sum("amount")
    )["total"]
    return total or Decimal("0")


def set_budget(*, cycle: Cycle, amount: Decimal | None, currency: str | None, receipts_due) -> TravelBudget:
    """Change the budget (never below what is granted already) and the receipts deadline."""
    with transaction.atomic():
        budget = budget_of(cycle, lock=True)
        if amount is not None:
            granted = granted_total(cycle)
            if amount < granted:
                message = gettext_lazy("%(granted)s %(currency)s is granted already: the budget can't be less.") % {
                    "granted": f"{granted:.2f}",
                    "currency": budget.currency,
                }
                raise ApplicationError(message, status=409, errors={"amount": [message]})
            budget.amount = amount
        if currency is not None:
            if currency != budget.currency and granted_total(cycle):
                message = gettext_lazy("Grants were made in the current currency: it can't change now.")
                raise ApplicationError(message, status=409, errors={"currency": [message]})
            budget.currency = currency
        budget.receipts_due = receipts_due
        budget.save()
    return budget


# --- The applicant's request ------------------------------------------------------------------


def save_request(*, application: Application | None, amount: Decimal, currency: str, origin: str, country: str):
    if application is None:
        raise ApplicationError(NO_APPLICATION, status=404)
    if application.status in ASKING_CLOSED:
        raise ApplicationError(ASKING_CLOSED_MESSAGE, status=409)
    request, _ = TravelRequest.objects.update_or_create(
        application=application,
        defaults={
            "amount": amount,
            "currency": currency.upper(),
            "origin": " ".join(origin.split()),
            "country": " ".join(country.split()),
            "updated_at": timezone.now(),
        },
    )
    return request


def withdraw_request(*, application: Application | None) -> None:
    if application is not None:
        TravelRequest.objects.filter(application=application).delete()


# --- Grants -------------------------------------------------------------------------------------


def _flag(application_ids: list[int], value: bool, actor) -> None:
    """The yes/no that older callers read, with its history line (what the status machine
    writes for a decision's flags)."""
    changed = list(
        Application.objects.filter(pk__in=application_ids)
        .exclude(travel_reimbursement=value)
        .values_list("pk", flat=True)
    )
    if not changed:
        return
    Application.objects.filter(pk__in=changed).update(travel_reimbursement=value, updated_at=timezone.now())
    ApplicationEvent.objects.bulk_create(
        [
            ApplicationEvent(
                application_id=pk,
                actor_id=getattr(actor, "pk", None),
                field="travel_reimbursement",
                from_value=str(not value),
                to_value=str(value),
            )
            for pk in changed
        ]
    )


def _left(budget: TravelBudget, cycle: Cycle) -> Decimal:
    return budget.amount - granted_total(cycle)


def grant(*, cycle: Cycle, application_id: int, amount: Decimal, actor) -> TravelGrant:
    """Grant `amount` to one applicant (or change their grant), within the budget."""
    with transaction.atomic():
        budget = budget_of(cycle, lock=True)
        application = Application.objects.filter(pk=application_id, cycle=cycle).first()
        if application is None:
            raise ApplicationError(NO_REQUEST_NEEDED, status=404, errors={"application_id": [NO_REQUEST_NEEDED]})
        if application.status not in GRANTABLE:
            raise ApplicationError(NOT_GRANTABLE, status=409, errors={"application_id": [NOT_GRANTABLE]})
        existing = TravelGrant.objects.filter(application=application).first()
        standing = existing.amount if existing and existing.status == TravelGrant.Status.GRANTED else Decimal("0")
        left = _left(budget, cycle) + standing
        if amount > left:
            message = over_budget(left, budget.currency)
            raise ApplicationError(message, status=409, errors={"amount": [message]})
        if existing is None:
            existing = TravelGrant(application=application)
        existing.amount = amount
        existing.status = TravelGrant.Status.GRANTED
        existing.lapsed_at = None
        existing.granted_by = actor
        existing.granted_at = timezone.now()
        existing.save()
        _flag([application.pk], True, actor)
    return existing


def withdraw(*, cycle: Cycle, application_id: int, actor) -> None:
    """Take a grant back (a mistake, a cancelled trip): only before any receipt came in."""
    with transaction.atomic():
        budget_of(cycle, lock=True)
        existing = TravelGrant.objects.filter(application_id=application_id, application__cycle=cycle).first()
        if existing is None:
            raise ApplicationError(NO_GRANT, status=404)
        if existing.receipts.exists():
            raise ApplicationError(HAS_RECEIPTS, status=409)
        existing.delete()
        _flag([application_id], False, actor)


def decision_changes_grants(*, cycle: Cycle, application_ids, travel: bool | None) -> bool:
    """Whether a decision's travel answer on `application_ids` may change grants: yes always
    may; no only where a grant stands (one query); no answer never."""
    if travel is None:
        return False
    if travel:
        return True
    return TravelGrant.objects.filter(
        application_id__in=list(application_ids), application__cycle=cycle, status=TravelGrant.Status.GRANTED
    ).exists()


def follow_decision(
    *,
    cycle: Cycle,
    application_ids,
    travel: bool | None,
    actor,
    dry_run: bool = False,
    budget: TravelBudget | None = None,
) -> None:
    """A decision's travel yes/no (single or batch) on `application_ids`, kept by the grants, in
    the decision's own transaction: a refusal here undoes the decision too.

    Yes (with an offer of a place: the caller checks) grants DEFAULT_GRANT (in the budget's
    currency) to each of them who has no standing grant: all within the budget, or none (a 409
    that says what is left). Before, the flag alone made the acceptance email promise "up to
    $100" that nothing tracked: no receipts could be uploaded against it and the payout left
    it out. `budget`: the cycle's budget row when the caller has locked it already (before the
    applications' rows, the order every grant takes). No withdraws each
    standing grant, refused once receipts came in for it. `dry_run` checks without writing."""
    ids = list(application_ids)
    if travel is None or not ids:
        return
    with transaction.atomic():
        budget = budget or budget_of(cycle, lock=True)
        if not travel:
            standing = TravelGrant.objects.filter(
                application_id__in=ids, application__cycle=cycle, status=TravelGrant.Status.GRANTED
            )
            if standing.filter(receipts__isnull=False).exists():
                raise ApplicationError(HAS_RECEIPTS, status=409, errors={"travel_reimbursement": [HAS_RECEIPTS]})
            if not dry_run:
                standing.delete()
            return
        # Decided on an offer (the caller's check: apps/decisions/travel.py), or about to be in a
        # dry run: GRANTABLE, whatever the row says before the move.
        wanting = list(
            Application.objects.filter(pk__in=ids, cycle=cycle)
            .exclude(travel_grant__status=TravelGrant.Status.GRANTED)
            .values_list("pk", flat=True)
        )
        if not wanting:
            return
        left = _left(budget, cycle)
        needed = DEFAULT_GRANT * len(wanting)
        if needed > left:
            message = gettext_lazy(
                "Travel reimbursement grants %(amount)s %(currency)s to each of %(count)s: %(needed)s in all. "
                "%(why)s Raise the budget on the Travel page first."
            ) % {
                "amount": f"{DEFAULT_GRANT:.2f}",
                "currency": budget.currency,
                "count": len(wanting),
                "needed": f"{needed:.2f}",
                "why": over_budget(left, budget.currency),
            }
            raise ApplicationError(message, status=409, errors={"travel_reimbursement": [message]})
        if dry_run:
            return
        now = timezone.now()
        # A lapsed grant is granted again; the others are new.
        lapsed = TravelGrant.objects.filter(application_id__in=wanting)
        again = set(lapsed.values_list("application_id", flat=True))
        lapsed.update(
            amount=DEFAULT_GRANT,
            status=TravelGrant.Status.GRANTED,
            lapsed_at=None,
            granted_by=actor if getattr(actor, "pk", None) else None,
            granted_at=now,
        )
        TravelGrant.objects.bulk_create(
            [
                TravelGrant(
                    application_id=pk,
                    amount=DEFAULT_GRANT,
                    granted_by=actor if getattr(actor, "pk", None) else None,
                    granted_at=now,
                )
                for pk in wanting
                if pk not in again
            ]
        )


def bulk_candidates(cycle: Cycle, *, by: str, value: str):
    """The requests of `cycle` from `value` (country or where from, any case) whose applicant may
    be granted and has no grant yet."""
    field = "country" if by == "country" else "origin"
    return (
        TravelRequest.objects.annotate(place=Lower(field))
        .filter(
            application__cycle=cycle,
            application__status__in=GRANTABLE,
            place=" ".join(value.split()).lower(),
            application__travel_grant__isnull=True,
        )
        .order_by("application_id")
    )


def grant_bulk(*, cycle: Cycle, by: str, value: str, amount: Decimal, actor) -> list[int]:
    """Grant `amount` to each applicant from `value` who asked and has no grant yet: all or none."""
    with transaction.atomic():
        budget = budget_of(cycle, lock=True)
        ids = list(bulk_candidates(cycle, by=by, value=value).values_list("application_id", flat=True))
        if not ids:
            raise ApplicationError(NOBODY, status=409, errors={"value": [NOBODY]})
        left = _left(budget, cycle)
        needed = amount * len(ids)
        if needed > left:
            message = gettext_lazy("%(count)s grants of %(amount)s need %(needed)s: %(why)s") % {
                "count": len(ids),
                "amount": f"{amount:.2f}",
                "needed": f"{needed:.2f}",
                "why": over_budget(left, budget.currency),
            }
            raise ApplicationError(message, status=409, errors={"amount": [message]})
        now = timezone.now()
        TravelGrant.objects.bulk_create(
            [TravelGrant(application_id=pk, amount=amount, granted_by=actor, granted_at=now) for pk in ids]
        )
        _flag(ids, True, actor)
    return ids
