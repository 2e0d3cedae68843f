"""`/api/travel/*`: the applicant's request, grant and receipts; the organizers' budget, grants,
receipt reviews and payout CSV. Receipt files stream through these views only."""

from __future__ import annotations

from decimal import Decimal

from django.http import FileResponse, StreamingHttpResponse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response

from apps.applications.models import ApplicationStatus as S
from apps.applications.selectors import own_application
from apps.core.api import AdminApiView, ApiView
from apps.core.exceptions import ApplicationError
from apps.core.schema import binary_response, error_responses
from apps.core.uploads import refuse_oversized_upload
from apps.cycles.selectors import current_cycle

from . import grants, payout, receipts, selectors
from .models import TravelGrant, TravelReceipt

ID = {"type": "integer", "minimum": 1, "maximum": 999_999_999_999_999_999}
APPLICATION_ID = OpenApiParameter("application_id", ID, OpenApiParameter.PATH)
RECEIPT_ID = OpenApiParameter("receipt_id", ID, OpenApiParameter.PATH)
MAX_AMOUNT = Decimal("99999999.99")


# An amount as text, two decimal places at most; the schema says exactly which text the field
# takes (a positive amount, or for the budget zero too), so a client can check it first.
POSITIVE_AMOUNT = r"^([1-9][0-9]{0,7}(\.[0-9]{1,2})?|0?\.(0[1-9]|[1-9][0-9]?))$"
AMOUNT = r"^(0|[1-9][0-9]{0,7})(\.[0-9]{1,2})?$"


@extend_schema_field({"type": "string", "pattern": POSITIVE_AMOUNT, "example": "250.00"})
class Money(serializers.DecimalField):
    def __init__(self, **kwargs):
        kwargs.setdefault("min_value", Decimal("0.01"))
        super().__init__(max_digits=10, decimal_places=2, max_value=MAX_AMOUNT, **kwargs)


@extend_schema_field({"type": "string", "pattern": AMOUNT, "example": "5000.00"})
class BudgetAmount(serializers.DecimalField):
    def __init__(self, **kwargs):
        super().__init__(max_digits=10, decimal_places=2, min_value=Decimal("0"), max_value=MAX_AMOUNT, **kwargs)


class CurrencyField(serializers.RegexField):
    def __init__(self, **kwargs):
        kwargs.setdefault("help_text", "A three-letter currency code (ISO 4217), such as USD or EUR.")
        super().__init__(
            r"^[A-Za-z]{3}$", error_messages={"invalid": _("Use a three-letter code such as USD.")}, **kwargs
        )

    def to_internal_value(self, data):
        return super().to_internal_value(data).upper()


# --- Shapes ---------------------------------------------------------------------------------


class TravelRequestSerializer(serializers.Serializer):
    amount = serializers.CharField(help_text="A decimal amount, two places.")
    currency = serializers.CharField()
    origin = serializers.CharField(help_text="The city they travel from.")
    country = serializers.CharField()


class TravelRequestInputSerializer(serializers.Serializer):
    amount = Money()
    currency = CurrencyField()
    origin = serializers.CharField(max_length=200)
    country = serializers.CharField(max_length=100)


class TravelReceiptSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    original_name = serializers.CharField(allow_blank=True)
    content_type = serializers.CharField()
    size = serializers.IntegerField()
    amount = serializers.CharField()
    uploaded_at = serializers.DateTimeField()
    status = serializers.ChoiceField(choices=TravelReceipt.Status.choices)
    reason = serializers.CharField(allow_blank=True)
    reviewed_at = serializers.DateTimeField(allow_null=True)


class OwnTravelGrantSerializer(serializers.Serializer):
    amount = serializers.CharField()
    status = serializers.ChoiceField(choices=TravelGrant.Status.choices)
    approved = serializers.CharField(help_text="The approved receipts' total, at most the grant.")
    receipts = TravelReceiptSerializer(many=True)


class AnsweredOriginSerializer(serializers.Serializer):
    origin = serializers.CharField(allow_blank=True, help_text="The application's answer on where they travel from.")
    country = serializers.CharField(allow_blank=True, help_text="The application's country answer.")


class OwnTravelSerializer(serializers.Serializer):
    request = TravelRequestSerializer(allow_null=True)
    answered = AnsweredOriginSerializer(
        allow_null=True, help_text="Before a request: what the application said, the form's first guess."
    )
    grant = OwnTravelGrantSerializer(allow_null=True)
    receipts_due = serializers.DateTimeField(allow_null=True)
    currency = serializers.CharField(allow_null=True, help_text="The budget's currency: grants are in it.")


class TravelReceiptInputSerializer(serializers.Serializer):
    file = serializers.FileField(help_text="A PDF or an image (PNG, JPEG, WebP) of at most 5 MB, checked by content.")
    amount = Money(help_text="What the receipt is for, in the grant's currency.")


class TravelOverviewGrantSerializer(serializers.Serializer):
    amount = serializers.CharField()
    status = serializers.ChoiceField(choices=TravelGrant.Status.choices)
    receipts = TravelReceiptSerializer(many=True)


class TravelOverviewPersonSerializer(serializers.Serializer):
    application_id = serializers.IntegerField()
    name = serializers.CharField(allow_blank=True)
    email = serializers.CharField()
    status = serializers.ChoiceField(choices=S.choices)
    request = TravelRequestSerializer(allow_null=True)
    grant = TravelOverviewGrantSerializer(allow_null=True)


class TravelOverviewSerializer(serializers.Serializer):
    budget = serializers.CharField()
    currency = serializers.CharField()
    granted = serializers.CharField()
    left = serializers.CharField()
    receipts_due = serializers.DateTimeField(allow_null=True)
    pending_receipts = serializers.IntegerField()
    people = TravelOverviewPersonSerializer(many=True)


class TravelBudgetInputSerializer(serializers.Serializer):
    amount = BudgetAmount()
    currency = CurrencyField()
    receipts_due = serializers.DateTimeField(allow_null=True)


class TravelGrantInputSerializer(serializers.Serializer):
    amount = Money()


class TravelGrantSerializer(serializers.Serializer):
    application_id = serializers.IntegerField()
    amount = serializers.CharField()
    status = serializers.ChoiceField(choices=TravelGrant.Status.choices)


class TravelBulkGrantInputSerializer(serializers.Serializer):
    by = serializers.ChoiceField(choices=["country", "origin"], help_text="Match the request's country or city.")
    value = serializers.CharField(max_length=200)
    amount = Money()


class TravelBulkGrantSerializer(serializers.Serializer):
    granted = serializers.IntegerField()
    application_ids = serializers.ListField(child=serializers.IntegerField())


class TravelReviewInputSerializer(serializers.Serializer):
    decision = serializers.ChoiceField(choices=["approve", "reject"])
    reason = serializers.CharField(max_length=500, required=False, allow_blank=True, default="")


# --- The applicant ------------------------------------------------------------------------------


def _own(request):
    return own_application(user=request.user, cycle=current_cycle())


@extend_schema(summary="Your travel request, grant and receipts", responses={200: OwnTravelSerializer})
class OwnTravelApi(ApiView):
    def get(self, request):
        return Response(OwnTravelSerializer(selectors.own(_own(request))).data)


class TravelRequestApi(ApiView):
    @extend_schema(
        summary="Ask for travel support (or change what you asked)",
        request=TravelRequestInputSerializer,
        responses={200: TravelRequestSerializer, **error_responses(404, 409)},
    )
    def put(self, request):
        data = self.validate(TravelRequestInputSerializer, request.data)
        grants.save_request(application=_own(request), **data)
        return Response(TravelRequestSerializer(selectors.request_of(_own(request))).data)

    @extend_schema(summary="Withdraw your travel request", request=None, responses={204: None})
    def delete(self, request):
        grants.withdraw_request(application=_own(request))
        return Response(status=204)


@extend_schema(
    summary="Upload a receipt for your travel grant",
    request={"multipart/form-data": TravelReceiptInputSerializer},
    responses={201: TravelReceiptSerializer, **error_responses(404, 409, 413)},
)
class ReceiptUploadApi(ApiView):
    parser_classes = [MultiPartParser]

    def post(self, request):
        refuse_oversized_upload(request, receipts.MAX_RECEIPT_BYTES, receipts.REJECTED_FILE, "file")
        amount = self.validate(TravelGrantInputSerializer, {"amount": request.data.get("amount")}, from_text=True)[
            "amount"
        ]
        made = receipts.upload(application=_own(request), upload=request.FILES.get("file"), amount=amount)
        return Response(TravelReceiptSerializer(selectors._receipt(made)).data, status=201)


@extend_schema(
    summary="Take back a receipt not reviewed yet",
    parameters=[RECEIPT_ID],
    request=None,
    responses={204: None, **error_responses(404, 409)},
)
class OwnReceiptApi(ApiView):
    def delete(self, request, receipt_id: int):
        receipts.delete_pending(application=_own(request), receipt_id=receipt_id)
        return Response(status=204)


# --- The organizers -------------------------------------------------------------------------------


@extend_schema(summary="The travel budget, requests, grants and receipts", responses={200: TravelOverviewSerializer})
class OverviewApi(AdminApiView):
    def get(self, request):
        return Response(TravelOverviewSerializer(selectors.overview(current_cycle())).data)


@extend_schema(
    summary="Set the travel budget and the receipts deadline",
    request=TravelBudgetInputSerializer,
    responses={200: TravelOverviewSerializer, **error_responses(409)},
)
class BudgetApi(AdminApiView):
    def put(self, request):
        data = self.validate(TravelBudgetInputSerializer, request.data)
        cycle = current_cycle()
        grants.set_budget(cycle=cycle, **data)
        return Response(TravelOverviewSerializer(selectors.overview(cycle)).data)


class GrantApi(AdminApiView):
    @extend_schema(
        summary="Grant an applicant travel support (or change the amount), within the budget",
        parameters=[APPLICATION_ID],
        request=TravelGrantInputSerializer,
        responses={200: TravelGrantSerializer, **error_responses(404, 409)},
    )
    def put(self, request, application_id: int):
        data = self.validate(TravelGrantInputSerializer, request.data)
        made = grants.grant(
            cycle=current_cycle(), application_id=application_id, amount=data["amount"], actor=request.user
        )
        return Response(
            TravelGrantSerializer(
                {"application_id": application_id, "amount": selectors.money(made.amount), "status": made.status}
            ).data
        )

    @extend_schema(
        summary="Withdraw a grant that has no receipts",
        parameters=[APPLICATION_ID],
        request=None,
        responses={204: None, **error_responses(404, 409)},
    )
    def delete(self, request, application_id: int):
        grants.withdraw(cycle=current_cycle(), application_id=application_id, actor=request.user)
        return Response(status=204)


@extend_schema(
    summary="Grant the same amount to everyone from a country or a city who asked (all or none)",
    request=TravelBulkGrantInputSerializer,
    responses={200: TravelBulkGrantSerializer, **error_responses(409)},
)
class BulkGrantApi(AdminApiView):
    def post(self, request):
        data = self.validate(TravelBulkGrantInputSerializer, request.data)
        ids = grants.grant_bulk(cycle=current_cycle(), actor=request.user, **data)
        return Response(TravelBulkGrantSerializer({"granted": len(ids), "application_ids": ids}).data)


@extend_schema(
    summary="Approve or reject a receipt (a rejection says why); the applicant is emailed",
    parameters=[RECEIPT_ID],
    request=TravelReviewInputSerializer,
    responses={200: TravelReceiptSerializer, **error_responses(404, 409)},
)
class ReceiptReviewApi(AdminApiView):
    def post(self, request, receipt_id: int):
        data = self.validate(TravelReviewInputSerializer, request.data)
        done = receipts.review(
            cycle=current_cycle(),
            receipt_id=receipt_id,
            approve=data["decision"] == "approve",
            reason=data["reason"],
            actor=request.user,
        )
        return Response(TravelReceiptSerializer(selectors._receipt(done)).data)


@extend_schema(
    summary="A receipt's file",
    parameters=[RECEIPT_ID],
    responses={
        **binary_response("application/pdf", "The receipt (a PDF or an image)"),
        **binary_response("image/png", "The receipt"),
        **binary_response("image/jpeg", "The receipt"),
        **binary_response("image/webp", "The receipt"),
        **error_responses(404),
    },
)
class ReceiptFileApi(AdminApiView):
    def get(self, request, receipt_id: int):
        receipt = TravelReceipt.objects.filter(pk=receipt_id, grant__application__cycle=current_cycle()).first()
        if receipt is None:
            raise ApplicationError(receipts.NO_RECEIPT, status=404)
        extension = receipt.path.rsplit(".", 1)[-1]
        return FileResponse(
            receipts.open_file(receipt),
            as_attachment=True,
            filename=f"receipt-{receipt.pk}.{extension}",
            content_type=receipt.content_type,
        )


@extend_schema(
    summary="The payout CSV: approved amounts per applicant",
    responses={**binary_response("text/csv", "travel-payout.csv"), **error_responses(403)},
)
class PayoutCsvApi(AdminApiView):
    def get(self, request):
        cycle = current_cycle()
        currency = grants.budget_of(cycle).currency
        response = StreamingHttpResponse(payout.lines(cycle, currency), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="travel-payout.csv"'
        response["Cache-Control"] = "no-store"
        return response
