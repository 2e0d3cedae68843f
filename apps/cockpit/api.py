"""`/api/admin/home`: the admin home's numbers (organizers only)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from apps.core.api import AdminApiView
from apps.cycles.selectors import current_cycle

from . import home


class HomeCycleSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField()
    status_label = serializers.CharField()


class DeadlineSerializer(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    date = serializers.DateField()
    at = serializers.DateTimeField(help_text="When it takes effect: the start of its day, UTC")


class StageSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    count = serializers.IntegerField()
    selection = serializers.CharField(help_text="The named selection counted")
    query = serializers.CharField(help_text="The table's query string that lists the same rows")
    href = serializers.CharField()


class RegisteredSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    count = serializers.IntegerField(help_text="Applicant accounts, active and verified")
    never_started = serializers.IntegerField(help_text="Of them, with no application in the cycle")
    href = serializers.CharField()


class TodoSerializer(serializers.Serializer):
    key = serializers.ChoiceField(
        choices=["unassigned", "unreviewed", "unreleased", "mail_failed", "mail_stuck", "ranking_stale", "spots_freed"]
    )
    label = serializers.CharField()
    count = serializers.IntegerField()
    href = serializers.CharField()
    done = serializers.BooleanField()


class HomeSerializer(serializers.Serializer):
    cycle = HomeCycleSerializer()
    next_deadline = DeadlineSerializer(allow_null=True)
    now = serializers.DateTimeField()
    registered = RegisteredSerializer()
    funnel = StageSerializer(many=True)
    beside = StageSerializer(many=True)
    todos = TodoSerializer(many=True)


@extend_schema(summary="Where the current cycle stands: status, funnel and to-dos", responses={200: HomeSerializer})
class AdminHomeApi(AdminApiView):
    def get(self, request):
        return Response(home.admin_home(current_cycle()))
