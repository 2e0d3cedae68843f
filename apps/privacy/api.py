"""`/api/privacy/*`: the signed-in person's own data. Every call acts on the request's user and
takes no email or id of anyone, so nobody can reach another person's data through it."""

from __future__ import annotations

from django.contrib.auth import logout
from django.db import transaction
from django.http import StreamingHttpResponse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import serializers
from rest_framework.response import Response

from apps.applications import consents
from apps.applications.models import DRAFTS, Application
from apps.core.api import ApiView
from apps.core.exceptions import ApplicationError
from apps.core.schema import MessageSerializer, error_responses
from apps.cycles.selectors import current_cycle

from . import export, services


class DeleteAccountInputSerializer(serializers.Serializer):
    email = serializers.CharField(
        max_length=254, allow_blank=True, help_text="The account's own email address, typed to confirm."
    )


class SponsorConsentSerializer(serializers.Serializer):
    share_resume_with_sponsors = serializers.BooleanField()


class SponsorConsentOutputSerializer(SponsorConsentSerializer):
    # Whether there is a submitted application of the current cycle to record it on.
    can_change = serializers.BooleanField()


@extend_schema(
    summary="Download your data: a zip of data.json (account, applications, consents, mail) and your resume",
    responses={(200, "application/zip"): OpenApiResponse(OpenApiTypes.BINARY, description="my-data-<date>.zip")},
)
class ExportApi(ApiView):
    def get(self, request):
        response = StreamingHttpResponse(export.export_zip(request.user), content_type="application/zip")
        response["Content-Disposition"] = f'attachment; filename="{export.export_filename(request.user)}"'
        response["Cache-Control"] = "no-store"
        return response


DELETED = _("Your account and your application data have been deleted.")


@extend_schema(
    summary="Delete your account, typing its email to confirm",
    request=DeleteAccountInputSerializer,
    responses={200: MessageSerializer, **error_responses(400, 409)},
)
class DeleteAccountApi(ApiView):
    def post(self, request):
        data = self.validate(DeleteAccountInputSerializer, request.data)
        services.account_delete(user=request.user, typed_email=data["email"])
        logout(request._request)
        return Response({"message": DELETED})


NO_APPLICATION = _("Submit an application first: the choice is recorded with it.")


def _own_application(user):
    return Application.objects.filter(cycle=current_cycle(), user=user).first()


def _can_change(application) -> bool:
    return application is not None and application.status not in DRAFTS


@extend_schema_view(
    get=extend_schema(
        summary="Whether you share your resume with sponsors (this cycle)",
        responses={200: SponsorConsentOutputSerializer},
    ),
    put=extend_schema(
        summary="Give or withdraw your consent to share your resume with sponsors",
        request=SponsorConsentSerializer,
        responses={200: SponsorConsentOutputSerializer, **error_responses(409)},
    ),
)
class SponsorConsentApi(ApiView):
    def get(self, request):
        application = _own_application(request.user)
        return Response(
            {
                "share_resume_with_sponsors": consents.is_given(application, consents.SHARE_RESUME),
                "can_change": _can_change(application),
            }
        )

    def put(self, request):
        data = self.validate(SponsorConsentSerializer, request.data)
        with transaction.atomic():
            application = (
                Application.objects.select_for_update(of=("self",))
                .filter(cycle=current_cycle(), user=request.user)
                .first()
            )
            if not _can_change(application):
                raise ApplicationError(NO_APPLICATION, status=409)
            consents.record(application, {consents.SHARE_RESUME: data["share_resume_with_sponsors"]})
        return Response(
            {
                "share_resume_with_sponsors": data["share_resume_with_sponsors"],
                "can_change": True,
            }
        )
