"""`/api/mailings`: batch emails and the automated emails' templates (organizers only)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_serializer, extend_schema_view
from rest_framework import serializers, status
from rest_framework.response import Response

from apps.core.api import AdminApiView
from apps.core.schema import MessageSerializer, error_responses, path_str

from . import audiences, automated, selectors, services
from .models import Mailing


class SubjectField(serializers.CharField):
    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", services.MAX_SUBJECT_LENGTH)
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        if "\n" in value or "\r" in value:
            raise serializers.ValidationError("The subject must be one line.")
        return value


class MailingOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    subject = serializers.CharField()
    audience = serializers.CharField()
    send_at = serializers.DateTimeField()
    status = serializers.ChoiceField(choices=Mailing.Status.choices)
    recipients = serializers.IntegerField()
    sent = serializers.IntegerField()
    failed = serializers.IntegerField()


class MailingCreatedSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Mailing.Status.choices)
    recipients = serializers.IntegerField()


class MailingCancelledSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Mailing.Status.choices)


class TemplateOutputSerializer(serializers.Serializer):
    key = serializers.ChoiceField(choices=automated.AUTOMATED_KEYS)
    name = serializers.CharField()
    subject = serializers.CharField()
    html = serializers.CharField()
    placeholders = serializers.ListField(child=serializers.CharField())
    customized = serializers.BooleanField()


class PreviewSerializer(serializers.Serializer):
    subject = serializers.CharField()
    text = serializers.CharField(allow_blank=True)
    html = serializers.CharField(allow_blank=True)


def template_key():
    return path_str("key", "An automated email's key", enum=list(automated.AUTOMATED_KEYS))


class MailingCreateApi(AdminApiView):
    class InputSerializer(serializers.Serializer):
        subject = SubjectField()
        # The contract: "an application status or `custom`". The statuses are registered by the
        # applications app (apps.mailings.audiences), read here when the serializer is built.
        audience = serializers.ChoiceField(choices=())
        emails = serializers.CharField(required=False, allow_blank=True, max_length=2_000_000, trim_whitespace=False)
        send_at = serializers.DateTimeField()

        def validate(self, attrs):
            if attrs["audience"] == audiences.CUSTOM and not attrs.get("emails", "").strip():
                raise serializers.ValidationError({"emails": ["Paste the email addresses of a custom list."]})
            return attrs

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.fields["audience"].choices = audiences.names()

    @extend_schema_serializer(component_name="MailingCreate")
    class MultipartSerializer(InputSerializer):
        html = serializers.FileField(help_text="The email's HTML, as a file.")

    @extend_schema(summary="Every batch email, newest first", responses={200: MailingOutputSerializer(many=True)})
    def get(self, request):
        return Response(selectors.mailing_list())

    @extend_schema(
        summary="Schedule a batch email (send_at in the past means now)",
        request={"multipart/form-data": MultipartSerializer},
        responses={201: MailingCreatedSerializer},
    )
    def post(self, request):
        raw = request.data
        # A multipart body's fields as single values; any other body goes to validate(), which
        # refuses what is not an object with a 400.
        data = self.validate(self.InputSerializer, {key: raw.get(key) for key in raw} if hasattr(raw, "get") else raw)
        mailing = services.mailing_create(
            subject=data["subject"],
            audience=audiences.resolve(data["audience"], emails_text=data.get("emails", "")),
            html_file=request.FILES.get("html"),
            send_at=data["send_at"],
            actor=request.user,
        )
        return Response(
            {"id": mailing.pk, "status": mailing.status, "recipients": mailing.recipients},
            status=status.HTTP_201_CREATED,
        )


@extend_schema(
    summary="Cancel a batch email that has not started",
    responses={200: MailingCancelledSerializer, **error_responses(404, 409)},
)
class MailingCancelApi(AdminApiView):
    def delete(self, request, mailing_id: int):
        mailing = services.mailing_cancel(mailing_id=mailing_id)
        return Response({"id": mailing.pk, "status": mailing.status})


@extend_schema(summary="The automated emails", responses={200: TemplateOutputSerializer(many=True)})
class TemplateListApi(AdminApiView):
    def get(self, request):
        return Response(selectors.template_list())


class TemplateInputSerializer(serializers.Serializer):
    subject = SubjectField()
    html = serializers.CharField(max_length=services.MAX_TEMPLATE_HTML_CHARS, trim_whitespace=False)


class DraftSerializer(serializers.Serializer):
    """A draft to preview or test-send; a missing part means the current template's."""

    subject = SubjectField(required=False)
    html = serializers.CharField(required=False, max_length=services.MAX_TEMPLATE_HTML_CHARS, trim_whitespace=False)


@extend_schema_view(
    put=extend_schema(
        summary="Replace an automated email's template",
        parameters=[template_key()],
        request=TemplateInputSerializer,
        responses={200: TemplateOutputSerializer, **error_responses(404)},
    ),
    delete=extend_schema(
        summary="Back to the built-in template",
        parameters=[template_key()],
        responses={200: TemplateOutputSerializer, **error_responses(404)},
    ),
)
class TemplateDetailApi(AdminApiView):
    def put(self, request, key: str):
        data = self.validate(TemplateInputSerializer, request.data)
        services.template_save(key=key, subject=data["subject"], html=data["html"])
        return Response(next(t for t in selectors.template_list() if t["key"] == key))

    def delete(self, request, key: str):
        services.template_reset(key=key)
        return Response(next(t for t in selectors.template_list() if t["key"] == key))


@extend_schema(
    summary="Render a draft (or the current template) with sample values",
    parameters=[template_key()],
    request=DraftSerializer,
    responses={200: PreviewSerializer, **error_responses(404)},
)
class TemplatePreviewApi(AdminApiView):
    def post(self, request, key: str):
        data = self.validate(DraftSerializer, request.data if request.data else {})
        return Response(services.template_preview(key=key, subject=data.get("subject"), html=data.get("html")))


@extend_schema(
    summary="Send a draft (or the current template) to yourself",
    parameters=[template_key()],
    request=DraftSerializer,
    responses={200: MessageSerializer, **error_responses(404)},
)
class TemplateTestApi(AdminApiView):
    def post(self, request, key: str):
        data = self.validate(DraftSerializer, request.data if request.data else {})
        services.template_send_test(key=key, to=request.user.email, subject=data.get("subject"), html=data.get("html"))
        return Response({"message": f"A test email was sent to {request.user.email}."})
