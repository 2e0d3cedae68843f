"""GET /api/applications/all: the organizers' applications table (the parts are in table.py)."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.generics import GenericAPIView

from apps.core.api import AdminApiView
from apps.core.schema import error_responses, query_int
from apps.cycles.selectors import current_cycle

from . import table


class TablePageSerializer(serializers.Serializer):
    applications = table.TableRowSerializer(many=True)
    total = serializers.IntegerField()
    pages = serializers.IntegerField()
    page = serializers.IntegerField()
    next = serializers.CharField(allow_null=True, help_text="Send as `after` with page + 1 for the next page")
    previous = serializers.CharField(allow_null=True, help_text="Send as `before` with page - 1 for the previous page")


@extend_schema(
    summary="A page of the current cycle's applications, filtered and sorted",
    parameters=[
        query_int("page", 1, table.MAX_PAGE, "1-based page number"),
        query_int("per_page", 1, table.MAX_PER_PAGE, "Rows per page"),
        OpenApiParameter(
            "filters",
            OpenApiTypes.STR,
            description='A JSON object of {"first","last","email","school","status","teamcode"}',
        ),
        OpenApiParameter(
            "sort",
            OpenApiTypes.STR,
            # Empty is the default, as when the page's own address has `sort=`.
            enum=["", *table.SORTS],
            description="A column, '-' first for descending; ties are broken by email. Default (or empty): email",
        ),
        OpenApiParameter("after", OpenApiTypes.STR, description="The `next` cursor of the page before this one"),
        OpenApiParameter("before", OpenApiTypes.STR, description="The `previous` cursor of the page after this one"),
    ],
    responses={200: TablePageSerializer, **error_responses(400)},
)
class ApplicationTableApi(AdminApiView, GenericAPIView):
    """GET `all`: a page of the current cycle's applications, filtered and sorted. Pages are
    numbered; `next` and `previous` are cursors that make the neighbouring page as cheap as the
    first at any depth."""

    filter_backends = [table.TableFilterBackend]
    filterset_class = table.ApplicationTableFilter
    pagination_class = table.TablePagination
    serializer_class = table.TableRowSerializer

    def get_queryset(self):
        return table.table_queryset(current_cycle())

    def get(self, request):
        rows = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response(self.get_serializer(rows, many=True).data)
