"""Organizer reports: `/api/applications/stats`, `/export` and `/demographics` (admins only)."""

from __future__ import annotations

from django.http import StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from apps.applications import selections
from apps.core.api import AdminApiView
from apps.core.exceptions import ApplicationError
from apps.core.schema import error_responses
from apps.core.text import is_storable
from apps.cycles.models import QuestionType
from apps.cycles.selectors import current_cycle

from . import demographics, export, statistics
from .filters import export_filters


class StatsSerializer(serializers.Serializer):
    """The statistics counters, each at the host school, elsewhere and in total ("princeton" is the
    configured host school). Each counts a named selection (apps/applications/selections.py):
    applications = submitted (any status past a draft); accepted = accepted or accepted from
    the waitlist, not answered yet; confirmed = said they will come, checked in or not."""

    total_applications = serializers.IntegerField()
    princeton_applications = serializers.IntegerField()
    non_princeton_applications = serializers.IntegerField()
    total_started = serializers.IntegerField()
    princeton_started = serializers.IntegerField()
    non_princeton_started = serializers.IntegerField()
    total_accepted = serializers.IntegerField()
    princeton_accepted = serializers.IntegerField()
    non_princeton_accepted = serializers.IntegerField()
    total_confirmed = serializers.IntegerField()
    princeton_confirmed = serializers.IntegerField()
    non_princeton_confirmed = serializers.IntegerField()
    total_declined = serializers.IntegerField()
    princeton_declined = serializers.IntegerField()
    non_princeton_declined = serializers.IntegerField()
    # Who has checked in at the event.
    total_checked_in = serializers.IntegerField()
    princeton_checked_in = serializers.IntegerField()
    non_princeton_checked_in = serializers.IntegerField()


class TrendDaySerializer(serializers.Serializer):
    date = serializers.DateField()
    submitted = serializers.IntegerField(help_text="Submitted that day")
    cumulative = serializers.IntegerField(help_text="Submitted up to and including that day")


class TrendSerializer(serializers.Serializer):
    time_zone = serializers.CharField(help_text="The zone the days are counted in")
    days = TrendDaySerializer(many=True)


class CountSerializer(serializers.Serializer):
    label = serializers.CharField()
    count = serializers.IntegerField()


class DemographicSerializer(serializers.Serializer):
    question_id = serializers.CharField()
    question_text = serializers.CharField()
    # A question's type, or "school" for the chart of the group's schools (no question of the set).
    question_type = serializers.ChoiceField(choices=[*QuestionType.choices, ("school", "School")])
    data = CountSerializer(many=True)


@extend_schema(summary="The application counters", responses={200: StatsSerializer})
class StatsApi(AdminApiView):
    def get(self, request):
        return Response(statistics.application_stats(cycle=current_cycle()))


@extend_schema(summary="Applications submitted per day, and the running total", responses={200: TrendSerializer})
class TrendApi(AdminApiView):
    def get(self, request):
        return Response(statistics.submissions_per_day(cycle=current_cycle()))


@extend_schema(
    summary="The matching applications as a CSV attachment",
    parameters=[
        OpenApiParameter(
            "filters",
            OpenApiTypes.STR,
            description='A JSON object of field → value, {"$ne": value} or {"$in": [values]}',
        ),
        OpenApiParameter(
            "selection",
            OpenApiTypes.STR,
            # Empty is no selection, as in the table's own filters (a form's blank field).
            enum=["", *selections.NAMES],
            description="A named selection: the rows a count of the statistics or capacity counts; empty for none",
        ),
        OpenApiParameter(
            "host", OpenApiTypes.STR, enum=["true", "false"], description="The host school, or every other"
        ),
        OpenApiParameter(
            "headers",
            OpenApiTypes.STR,
            enum=["keys", "text"],
            description="The header row: the columns' keys (default), or their names for people, "
            "each question by its text",
        ),
        OpenApiParameter(
            "name", OpenApiTypes.STR, description="What the file holds (a card's title): the file is named after it"
        ),
    ],
    responses={
        (200, "text/csv"): OpenApiResponse(OpenApiTypes.BINARY, description="CSV, one row per application"),
        **error_responses(400),
    },
)
class ExportApi(AdminApiView):
    """The matching applications as a CSV attachment, streamed in pieces of about 64 KB. The
    filters are the applications table's (`?selection=confirmed&host=true`, a list key
    repeated), the export's JSON grammar in `filters`, or both."""

    def get(self, request):
        params = request.query_params.copy()
        headers = params.pop("headers", ["keys"])[-1]
        name = params.pop("name", [""])[-1]
        if headers not in ("keys", "text"):
            raise ApplicationError("'headers' is keys or text.", errors={"headers": ["Use keys or text."]})
        if len(name) > 200 or not is_storable(name):
            raise ApplicationError("'name' is a short title.", errors={"name": ["At most 200 printable characters."]})
        filters = export_filters(params)
        cycle = current_cycle()
        csv_export = export.CsvExport(cycle=cycle, filters=filters, labelled=headers == "text")
        response = StreamingHttpResponse(iter(csv_export), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{export.export_filename(cycle, name)}"'
        response["Cache-Control"] = "no-store"
        return response


@extend_schema(
    summary="Answer counts of the survey questions for a group",
    parameters=[OpenApiParameter("group", str, enum=["applied", "accepted", "confirmed"])],
    responses={200: DemographicSerializer(many=True), **error_responses(400)},
)
class DemographicsApi(AdminApiView):
    def get(self, request):
        group = request.query_params.get("group", "applied")
        return Response(demographics.demographics(cycle=current_cycle(), group=group))
