"""GET / PUT `/api/applications/rsvp` (signed in): the applicant's RSVP form and answers.

GET answers with the current cycle's RSVP set, the stored answers and whether they can be
edited now; PUT replaces the answers of a confirmed applicant until the event starts. Confirming
with answers is POST `confirm` (apps.decisions).
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from apps.core.api import ApiView
from apps.core.exceptions import ApplicationError
from apps.core.schema import error_responses
from apps.cycles.api import QuestionSectionOutputSerializer
from apps.cycles.selectors import current_cycle

from . import rsvp
from .api import AnswerSectionInputSerializer
from .models import Application


def json_body(request):
    """The request's JSON body, or {} when it sent none: confirm was a bodiless POST before the
    RSVP form, and such a call (any content type, an empty body) still means "no answers"."""
    if not request.content_type.startswith("application/json"):
        return {}
    return request.data


class RsvpInputSerializer(serializers.Serializer):
    """The RSVP answers in the application's encoding (answers matched by question_id)."""

    sections = AnswerSectionInputSerializer(many=True, required=False, allow_null=True)


class RsvpOutputSerializer(serializers.Serializer):
    sections = QuestionSectionOutputSerializer(many=True, help_text="The cycle's RSVP question set.")
    answers = serializers.DictField(
        child=serializers.CharField(allow_blank=True), help_text="question_id → answer, as the application encodes it."
    )
    editable = serializers.BooleanField(help_text="Whether PUT is allowed now (confirmed, before the event starts).")
    edit_until = serializers.DateField(help_text="The event's start: answers can be changed until the day before.")


class RsvpApi(ApiView):
    @extend_schema(summary="Your RSVP form and answers", responses={200: RsvpOutputSerializer})
    def get(self, request):
        cycle = current_cycle()
        application = Application.objects.filter(cycle=cycle, user=request.user).first()
        return Response(rsvp.payload(application, cycle))

    @extend_schema(
        summary="Change your RSVP answers (confirmed, until the event starts)",
        request=RsvpInputSerializer,
        responses={200: RsvpOutputSerializer, **error_responses(400, 404, 409)},
    )
    def put(self, request):
        cycle = current_cycle()
        application = Application.objects.filter(cycle=cycle, user=request.user).first()
        if application is None:
            raise ApplicationError(rsvp.NO_APPLICATION, status=404)
        application = rsvp.edit(application_id=application.pk, data=request.data)
        return Response(rsvp.payload(application, cycle))
