"""POST `batch-status` under `/api/applications/`: one decision for every address found in the
pasted text. A thin view over batch.py; the addresses field and the result's shape are the ones
every batch of addresses uses (apps.applications.organizer_api)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.response import Response

from apps.applications import status_machine
from apps.applications.organizer_api import BatchResultSerializer, EmailsInputField
from apps.core.api import AdminApiView

from . import batch


class BatchStatusApi(AdminApiView):
    """POST `batch-status`: one decision for every address found in the pasted text."""

    @extend_schema_serializer(component_name="BatchStatusInput")
    class InputSerializer(serializers.Serializer):
        emails = EmailsInputField()
        status = serializers.ChoiceField(choices=[(s.value, s.label) for s in status_machine.BATCH_DECISIONS])
        travel_reimbursement = serializers.BooleanField(required=False, allow_null=True, default=None)
        housing_accommodations = serializers.BooleanField(required=False, allow_null=True, default=None)

    @extend_schema(
        summary="One decision for every address in the pasted text or list",
        request=InputSerializer,
        responses={200: BatchResultSerializer},
    )
    def post(self, request):
        data = self.validate(self.InputSerializer, request.data)
        return Response(
            batch.batch_decide(
                actor=request.user,
                emails=data["emails"],
                status=data["status"],
                travel_reimbursement=data["travel_reimbursement"],
                housing_accommodations=data["housing_accommodations"],
            )
        )
