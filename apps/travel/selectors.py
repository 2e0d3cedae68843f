"""What the pages and exports read of travel support."""

from __future__ import annotations

from decimal import Decimal

from django.db.models import Count, Q, Sum

from apps.applications.models import Answer, Application
from apps.cycles.models import QuestionType
from apps.cycles.selectors import question_set

from . import grants
from .models import COUNTRY_MAX, ORIGIN_MAX, TravelGrant, TravelReceipt, TravelRequest


def money(value: Decimal | None) -> str:
    return f"{(value or Decimal('0')):.2f}"


def _receipt(receipt: TravelReceipt) -> dict:
    return {
        "id": receipt.pk,
        "original_name": receipt.original_name,
        "content_type": receipt.content_type,
        "size": receipt.size,
        "amount": money(receipt.amount),
        "uploaded_at": receipt.uploaded_at,
        "status": receipt.status,
        "reason": receipt.reason,
        "reviewed_at": receipt.reviewed_at,
    }


def _request(request: TravelRequest | None) -> dict | None:
    """A travel request as every reader shows it: the applicant, the organizers' overview and
    the privacy export."""
    if request is None:
        return None
    return {
        "amount": money(request.amount),
        "currency": request.currency,
        "origin": request.origin,
        "country": request.country,
    }


def request_of(application: Application | None) -> dict | None:
    return _request(TravelRequest.objects.filter(application=application).first() if application is not None else None)


# The application's question on where they travel from (the default set's, by its id).
ORIGIN_QUESTION = "travel_from"


def answered_origin(application: Application) -> dict:
    """Where the application said they travel from, the request form's first guess, so a student
    isn't asked twice: the origin question's answer and the first country question's (where they
    live), each "" when the set has no such question or it went unanswered. One query."""
    country_questions = [
        q["question_id"]
        for section in question_set(application.cycle)
        for q in section["questions"]
        if q["question_type"] == QuestionType.COUNTRY
    ]
    answers = dict(
        Answer.objects.filter(
            application=application, question_id__in=[ORIGIN_QUESTION, *country_questions[:1]]
        ).values_list("question_id", "value")
    )
    return {
        "origin": answers.get(ORIGIN_QUESTION, "")[:ORIGIN_MAX],
        "country": answers.get(country_questions[0], "")[:COUNTRY_MAX] if country_questions else "",
    }


def own(application: Application | None) -> dict:
    """The applicant's side: their request, their grant with its receipts, the deadline, and
    (before they ask) what their application already said of where they travel from."""
    if application is None:
        return {"request": None, "grant": None, "receipts_due": None, "currency": None, "answered": None}
    budget = grants.budget_of(application.cycle)
    grant = TravelGrant.objects.filter(application=application).first() if grants.told(application.cycle) else None
    approved = Decimal("0")
    receipts = []
    if grant is not None:
        receipts = [_receipt(r) for r in grant.receipts.all()]
        approved = sum((Decimal(r["amount"]) for r in receipts if r["status"] == "approved"), Decimal("0"))
    request = request_of(application)
    return {
        "request": request,
        "answered": answered_origin(application) if request is None else None,
        "grant": None
        if grant is None
        else {
            "amount": money(grant.amount),
            "status": grant.status,
            "approved": money(min(approved, grant.amount)),
            "receipts": receipts,
        },
        "receipts_due": budget.receipts_due,
        "currency": budget.currency,
    }


def told_grants(cycle, application_ids=None) -> dict[int, tuple[Decimal, str]]:
    """{application id: (amount, currency)} of the standing grants of `cycle` (of
    `application_ids` only, when given) that their applicants may see (grants.told): what the
    decision emails say they will be reimbursed up to. One query."""
    if not grants.told(cycle):
        return {}
    rows = TravelGrant.objects.filter(application__cycle=cycle, status=TravelGrant.Status.GRANTED)
    if application_ids is not None:
        rows = rows.filter(application_id__in=list(application_ids))
    return {
        pk: (amount, currency)
        for pk, amount, currency in rows.values_list(
            "application_id", "amount", "application__cycle__travel_budget__currency"
        )
    }


def overview(cycle) -> dict:
    """The organizers' page: the budget, and every applicant who asked or was granted."""
    budget = grants.budget_of(cycle)
    granted = grants.granted_total(cycle)
    applications = (
        Application.objects.filter(cycle=cycle)
        .filter(Q(travel_request__isnull=False) | Q(travel_grant__isnull=False))
        .select_related("travel_request", "travel_grant")
        .order_by("last", "first", "pk")
    )
    receipts = {}
    for receipt in TravelReceipt.objects.filter(grant__application__cycle=cycle).order_by("uploaded_at", "pk"):
        receipts.setdefault(receipt.grant_id, []).append(_receipt(receipt))
    rows = []
    for application in applications:
        request = getattr(application, "travel_request", None)
        grant = getattr(application, "travel_grant", None)
        rows.append(
            {
                "application_id": application.pk,
                "name": f"{application.first} {application.last}".strip(),
                "email": application.email,
                "status": application.status,
                "request": _request(request),
                "grant": None
                if grant is None
                else {"amount": money(grant.amount), "status": grant.status, "receipts": receipts.get(grant.pk, [])},
            }
        )
    return {
        "budget": money(budget.amount),
        "currency": budget.currency,
        "granted": money(granted),
        "left": money(budget.amount - granted),
        "receipts_due": budget.receipts_due,
        "pending_receipts": TravelReceipt.objects.filter(
            grant__application__cycle=cycle, status=TravelReceipt.Status.PENDING
        ).count(),
        "people": rows,
    }


def payout_rows(cycle):
    """One row per grant with an approved receipt: the approved total, capped at the grant."""
    return (
        TravelGrant.objects.filter(application__cycle=cycle)
        .annotate(
            approved=Sum("receipts__amount", filter=Q(receipts__status=TravelReceipt.Status.APPROVED)),
            approved_receipts=Count("receipts", filter=Q(receipts__status=TravelReceipt.Status.APPROVED)),
        )
        .filter(approved_receipts__gt=0)
        .select_related("application", "application__travel_request")
        .order_by("application__last", "application__first", "pk")
    )


def export_for(user) -> list[dict]:
    """The privacy export's part: each application's request, grant and receipts, in three
    queries whatever the person stored (no storage names: the files stay private)."""
    requests = {
        r.application_id: r for r in TravelRequest.objects.filter(application__user=user).select_related("application")
    }
    grants_by_application = {
        g.application_id: g
        for g in TravelGrant.objects.filter(application__user=user)
        .select_related("application__cycle__travel_budget")
        .prefetch_related("receipts")
        if grants.told(g.application.cycle)
    }
    out = []
    for application_id in sorted(set(requests) | set(grants_by_application)):
        request = requests.get(application_id)
        grant = grants_by_application.get(application_id)
        application = (grant or request).application
        budget = getattr(application.cycle, "travel_budget", None) if grant else None
        out.append(
            {
                "application_id": application_id,
                "request": _request(request),
                "grant": None
                if grant is None
                else {
                    "amount": money(grant.amount),
                    "currency": budget.currency if budget else None,
                    "status": grant.status,
                    "granted_at": grant.granted_at.isoformat(),
                    "receipts": [
                        {
                            **_receipt(r),
                            "uploaded_at": r.uploaded_at.isoformat(),
                            "reviewed_at": r.reviewed_at.isoformat() if r.reviewed_at else None,
                        }
                        for r in grant.receipts.all()
                    ],
                },
            }
        )
    return out
