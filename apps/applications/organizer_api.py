"""The organizers' application calls under `/api/applications/`: the table, one applicant
(read, edit, history), teammates and batch decisions. Thin views over `organizer.py`."""

from __future__ import annotations

from rest_framework import serializers
from rest_framework.response import Response

from apps.core.api import AdminApiView
from apps.cycles.selectors import current_cycle

from . import organizer, status_machine
from .organizer import MAX_PAGE, MAX_PER_PAGE


class EmailsInputField(serializers.Field):
    """Free text, or a list of addresses (each a string)."""

    default_error_messages = {
        "invalid": "Paste the addresses as text or send a list of strings.",
        "too_long": "At most {max} characters of text.",
    }
    MAX_TEXT = 2_000_000

    def to_internal_value(self, data):
        if isinstance(data, str):
            if len(data) > self.MAX_TEXT:
                self.fail("too_long", max=self.MAX_TEXT)
            return data
        if isinstance(data, list) and len(data) <= organizer.MAX_BATCH and all(isinstance(i, str) for i in data):
            return data
        self.fail("invalid")

    def to_representation(self, value):
        return value


class ApplicationTableApi(AdminApiView):
    """GET `all`: a page of the current cycle's applications, filtered."""

    def get(self, request):
        params = request.query_params
        page = organizer.parse_positive_int(params.get("page"), name="page", default=1, maximum=MAX_PAGE)
        per_page = organizer.parse_positive_int(
            params.get("per_page"), name="per_page", default=organizer.DEFAULT_PER_PAGE, maximum=MAX_PER_PAGE
        )
        filters = organizer.parse_table_filters(params.get("filters"))
        return Response(
            organizer.application_table(cycle=current_cycle(), filters=filters, page=page, per_page=per_page)
        )


class ApplicationDetailApi(AdminApiView):
    """GET / PUT `{email}`: one applicant's full application, and an organizer's edit of it."""

    def get(self, request, email: str):
        application = organizer.get_application(email=email)
        return Response(organizer.application_detail(application))

    def put(self, request, email: str):
        data = request.data if isinstance(request.data, dict) else None
        if data is None:
            return Response({"message": "Expected a JSON object."}, status=400)
        application = organizer.application_edit(email=email, actor=request.user, data=data)
        return Response(organizer.application_detail(application))


class ApplicationHistoryApi(AdminApiView):
    """GET `{email}/history`: every decision and edit, newest first."""

    def get(self, request, email: str):
        application = organizer.get_application(email=email)
        return Response(organizer.application_history(application))


class TeammatesApi(AdminApiView):
    """GET `teammates/{teamcode}`: the addresses on that team this cycle."""

    def get(self, request, teamcode: str):
        return Response(organizer.teammates(teamcode=teamcode))


class BatchStatusApi(AdminApiView):
    """POST `batch-status`: one decision for every address found in the pasted text."""

    class InputSerializer(serializers.Serializer):
        emails = EmailsInputField()
        status = serializers.ChoiceField(choices=[(s.value, s.label) for s in status_machine.BATCH_DECISIONS])
        travel_reimbursement = serializers.BooleanField(required=False, allow_null=True, default=None)
        housing_accommodations = serializers.BooleanField(required=False, allow_null=True, default=None)

    def post(self, request):
        data = self.validate(self.InputSerializer, request.data)
        return Response(
            organizer.batch_decide(
                actor=request.user,
                emails=data["emails"],
                status=data["status"],
                travel_reimbursement=data["travel_reimbursement"],
                housing_accommodations=data["housing_accommodations"],
            )
        )
