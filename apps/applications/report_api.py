"""Organizer reports: `/api/applications/stats`, `/export` and `/demographics` (admins only)."""

from __future__ import annotations

from django.http import StreamingHttpResponse
from rest_framework.response import Response

from apps.core.api import AdminApiView
from apps.cycles.selectors import current_cycle

from . import reports


class StatsApi(AdminApiView):
    def get(self, request):
        return Response(reports.application_stats(cycle=current_cycle()))


class ExportApi(AdminApiView):
    """The matching applications as a CSV attachment, streamed row by row."""

    def get(self, request):
        filters = reports.parse_filters(request.query_params.get("filters"))
        cycle = current_cycle()
        rows = reports.export_rows(cycle=cycle, filters=filters)
        response = StreamingHttpResponse(reports.csv_lines(rows), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{reports.export_filename(cycle)}"'
        response["Cache-Control"] = "no-store"
        return response


class DemographicsApi(AdminApiView):
    def get(self, request):
        group = request.query_params.get("group", "applied")
        return Response(reports.demographics(cycle=current_cycle(), group=group))
