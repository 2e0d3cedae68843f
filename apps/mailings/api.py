"""`/api/mailings`: batch emails and the automated emails' templates (organizers only)."""

from __future__ import annotations

import json

from django.conf import settings
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
    extend_schema_serializer,
    extend_schema_view,
)
from rest_framework import serializers, status
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response

from apps.core.api import AdminApiView, ApiView
from apps.core.exceptions import ApplicationError
from apps.core.parsers import JSONParser
from apps.core.schema import MessageSerializer, error_responses, path_str, query_int

from . import audiences, automated, composer, selectors, services
from .models import Delivery, Mailing

# One line once trimmed: no line break between the first and the last character that is not a
# space (and no NUL); SUBJECT_OR_BLANK also takes text that trims to nothing.
_SUBJECT_LINE = r"[^\s\u0000]([^\r\n\u0000]*[^\s\u0000])?"
SUBJECT_PATTERN = rf"^\s*{_SUBJECT_LINE}\s*$"
SUBJECT_OR_BLANK_PATTERN = rf"^\s*({_SUBJECT_LINE})?\s*$"


class SubjectField(serializers.CharField):
    def schema_pattern(self) -> str:
        return SUBJECT_OR_BLANK_PATTERN if self.allow_blank else SUBJECT_PATTERN

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", services.MAX_SUBJECT_LENGTH)
        super().__init__(**kwargs)

    def run_validation(self, data=serializers.empty):
        # The schema's maxLength counts the text as sent; the trimming would otherwise let a
        # long run of spaces around (or instead of) a subject through.
        if isinstance(data, str) and self.max_length is not None and len(data) > self.max_length:
            self.fail("max_length", max_length=self.max_length)
        return super().run_validation(data)

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        if "\n" in value or "\r" in value:
            raise serializers.ValidationError(_("The subject must be one line."))
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
    pending = serializers.IntegerField(help_text="Still to send: waiting, retrying or being sent")


class MailingCreatedSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Mailing.Status.choices)
    recipients = serializers.IntegerField()
    send_at = serializers.DateTimeField(help_text="When it goes out: the time asked for, or now when that has passed")


class AudienceCountSerializer(serializers.Serializer):
    audience = serializers.CharField()
    recipients = serializers.IntegerField()


class PreviewRecipientSerializer(serializers.Serializer):
    index = serializers.IntegerField(help_text="Its position in the audience, by address (0-based)")
    email = serializers.CharField()
    first_name = serializers.CharField(allow_blank=True)
    last_name = serializers.CharField(allow_blank=True)


class MailingPreviewSerializer(serializers.Serializer):
    subject = serializers.CharField(allow_blank=True)
    text = serializers.CharField(allow_blank=True)
    html = serializers.CharField(allow_blank=True)
    recipients = serializers.IntegerField(help_text="How many addresses the audience holds now")
    recipient = PreviewRecipientSerializer(
        allow_null=True, help_text="Whose values fill the placeholders; null: sample values (nobody in the audience)"
    )
    placeholders = serializers.ListField(child=serializers.CharField())
    language = serializers.CharField(
        help_text="The language the recipient reads, which the email is rendered in (layout, footer, dates)"
    )
    version = serializers.CharField(
        allow_blank=True,
        help_text="Which version they get: a language code of `translations`, or empty for the default one",
    )


class DeliveryRowSerializer(serializers.Serializer):
    email = serializers.CharField()
    state = serializers.ChoiceField(choices=Delivery.State.choices)
    attempts = serializers.IntegerField()
    last_error = serializers.CharField(allow_blank=True)
    sent_at = serializers.DateTimeField(allow_null=True)


class DeliveryCountsSerializer(serializers.Serializer):
    pending = serializers.IntegerField()
    sending = serializers.IntegerField()
    sent = serializers.IntegerField()
    failed = serializers.IntegerField()


class DeliveryMailingSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    subject = serializers.CharField()
    status = serializers.ChoiceField(choices=Mailing.Status.choices)


class DeliveryPageSerializer(serializers.Serializer):
    mailing = DeliveryMailingSerializer()
    counts = DeliveryCountsSerializer()
    deliveries = DeliveryRowSerializer(many=True)
    total = serializers.IntegerField(help_text="Recipients in the chosen state (all when none is chosen)")
    pages = serializers.IntegerField()
    page = serializers.IntegerField()


class MailingCancelledSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Mailing.Status.choices)


class TemplateOutputSerializer(serializers.Serializer):
    key = serializers.ChoiceField(choices=automated.AUTOMATED_KEYS)
    name = serializers.CharField()
    subject = serializers.CharField()
    html = serializers.CharField()
    placeholders = serializers.ListField(child=serializers.CharField())
    customized = serializers.BooleanField(help_text="This language has a version of its own")
    language = serializers.CharField(
        required=False, help_text="The language this is the version for (always sent; the default when not asked)"
    )


LANGUAGE_HELP = (
    "The language of the version: an enabled language's code; left out or empty, the default language's "
    "(what recipients without a version in their language get)."
)


def language_field():
    return serializers.CharField(required=False, allow_blank=True, max_length=16, help_text=LANGUAGE_HELP)


def language_param():
    return OpenApiParameter("language", OpenApiTypes.STR, description=LANGUAGE_HELP)


class LanguageQuerySerializer(serializers.Serializer):
    language = language_field()


class PreviewSerializer(serializers.Serializer):
    subject = serializers.CharField()
    text = serializers.CharField(allow_blank=True)
    html = serializers.CharField(allow_blank=True)


def template_key():
    return path_str("key", "An automated email's key", enum=list(automated.AUTOMATED_KEYS))


class AudienceChoiceField(serializers.ChoiceField):
    """The contract's audience: "an application status or `custom`". The statuses are
    registered by the applications app (apps.mailings.audiences), read when the field is built."""

    def __init__(self, **kwargs):
        super().__init__(choices=(), **kwargs)
        self.choices = audiences.names()


class MarkdownField(serializers.CharField):
    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", composer.MAX_MARKDOWN_CHARS)
        super().__init__(required=False, allow_blank=True, trim_whitespace=False, **kwargs)


@extend_schema_field(OpenApiTypes.ANY)
class JsonValueField(serializers.Field):
    """A value an audience checks itself (its own 400 names the field): JSON as sent, or in a
    multipart body the text of it (an object or list as JSON, else the text as it is)."""

    def to_internal_value(self, data):
        if isinstance(data, str) and data.strip()[:1] in ("{", "["):
            try:
                return json.loads(data)
            except ValueError as exc:
                raise serializers.ValidationError(_("Malformed JSON.")) from exc
        return data

    def to_representation(self, value):
        return value


def audience_fields() -> dict:
    """The audience and the argument the audiences that take one read: `emails` (custom),
    `filters` (filter: the table's filters, an object or its query string) and `ids`
    (selection: the picked rows' application ids)."""
    return {
        "audience": AudienceChoiceField(),
        "emails": serializers.CharField(required=False, allow_blank=True, max_length=2_000_000, trim_whitespace=False),
        "filters": JsonValueField(
            required=False, help_text="For audience `filter`: the table's filters, an object or its query string"
        ),
        "ids": JsonValueField(required=False, help_text="For audience `selection`: the picked application ids"),
    }


def resolve_audience(data: dict) -> audiences.Audience:
    name = data["audience"]
    field = audiences.argument_field(name)
    if field == "emails" and not data.get("emails", "").strip():
        message = _("Paste the email addresses of a custom list.")
        raise ApplicationError(message, errors={"emails": [message]})
    if field in ("filters", "ids") and data.get(field) is None:
        if field == "filters":
            message = _("Send the table's filters for this audience.")
        else:
            message = _("Send the ids of the picked rows for this audience.")
        raise ApplicationError(message, errors={field: [message]})
    return audiences.resolve(name, emails_text=data.get("emails", ""), argument=data.get(field))


class AudienceSerializer(serializers.Serializer):
    def get_fields(self):
        return {**audience_fields(), **super().get_fields()}


class MailingCreateApi(AdminApiView):
    # The HTML comes as a file in a multipart form (what the page sends); a JSON body with
    # `markdown` works as well.
    parser_classes = [MultiPartParser, JSONParser]

    class InputSerializer(AudienceSerializer):
        subject = SubjectField()
        send_at = serializers.DateTimeField()
        markdown = MarkdownField(
            help_text="The email in Markdown, with placeholders such as {{ first_name }}; or else `html`."
        )
        confirm_duplicate = serializers.BooleanField(
            required=False,
            default=False,
            help_text="Schedule even when the same email to the same audience is scheduled or was "
            "sent lately (otherwise 409).",
        )
        translations = JsonValueField(
            required=False,
            help_text=(
                'Versions for other enabled languages: {"es": {"subject": ..., "markdown": ...}} (in a '
                "multipart body, its JSON text). A recipient whose language has one gets it; everyone else "
                "gets `subject` and the body."
            ),
        )

    @extend_schema_serializer(component_name="MailingCreate")
    class MultipartSerializer(InputSerializer):
        html = serializers.FileField(required=False, help_text="The email's HTML, as a file; or else `markdown`.")

    @extend_schema(summary="Every batch email, newest first", responses={200: MailingOutputSerializer(many=True)})
    def get(self, request):
        return Response(selectors.mailing_list())

    @extend_schema(
        summary="Schedule a batch email (send_at in the past means now)",
        request={"multipart/form-data": MultipartSerializer, "application/json": InputSerializer},
        responses={201: MailingCreatedSerializer, **error_responses(409)},
    )
    def post(self, request):
        raw = request.data
        # A multipart body's fields as single values; any other body goes to validate(), which
        # refuses what is not an object with a 400.
        form = isinstance(raw, QueryDict)
        data = self.validate(self.InputSerializer, {key: raw.get(key) for key in raw} if form else raw, from_text=form)
        mailing = services.mailing_create(
            subject=data["subject"],
            audience=resolve_audience(data),
            markdown=data.get("markdown", ""),
            html_file=request.FILES.get("html"),
            send_at=data["send_at"],
            actor=request.user,
            confirm_duplicate=data["confirm_duplicate"],
            translations=data.get("translations"),
        )
        return Response(
            {"id": mailing.pk, "status": mailing.status, "recipients": mailing.recipients, "send_at": mailing.send_at},
            status=status.HTTP_201_CREATED,
        )


class MailingDraftSerializer(serializers.Serializer):
    """A batch email being written: every part may still be missing."""

    def get_fields(self):
        fields = {**audience_fields(), **super().get_fields()}
        fields["audience"] = AudienceChoiceField(required=False)
        return fields

    subject = SubjectField(required=False, allow_blank=True)
    markdown = MarkdownField()
    html = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=services.MAX_HTML_BYTES,
        trim_whitespace=False,
        help_text="The text of an HTML file, when the email is not written in Markdown",
    )
    recipient = serializers.IntegerField(
        required=False, default=0, min_value=0, max_value=10_000_000, help_text="Which recipient to show (0-based)"
    )
    translations = JsonValueField(
        required=False,
        help_text="The versions for other enabled languages, as scheduling takes them: the recipient gets theirs.",
    )


@extend_schema(
    summary="Render a batch email being written for one recipient of its audience, and count them",
    request=MailingDraftSerializer,
    responses={200: MailingPreviewSerializer},
)
class MailingPreviewApi(AdminApiView):
    def post(self, request):
        data = self.validate(MailingDraftSerializer, request.data)
        audience = resolve_audience(data) if data.get("audience") else None
        return Response(
            services.mailing_preview(
                subject=data.get("subject", ""),
                markdown=data.get("markdown", ""),
                html=data.get("html", ""),
                audience=audience,
                index=data["recipient"],
                translations=data.get("translations"),
            )
        )


@extend_schema(
    summary="How many people each audience holds now",
    responses={200: AudienceCountSerializer(many=True)},
)
class AudienceCountApi(AdminApiView):
    def get(self, request):
        return Response(selectors.audience_counts())


@extend_schema(
    summary="How many people one audience holds now, its argument included (before scheduling)",
    request=AudienceSerializer,
    responses={200: AudienceCountSerializer, **error_responses(400)},
)
class AudienceCountOneApi(AdminApiView):
    def post(self, request):
        data = self.validate(AudienceSerializer, request.data)
        return Response({"audience": data["audience"], "recipients": selectors.audience_count(resolve_audience(data))})


@extend_schema(
    summary="Send a batch email being written to yourself, filled in for its audience's first recipient",
    request=MailingDraftSerializer,
    responses={200: MessageSerializer, **error_responses(400)},
)
class MailingTestApi(AdminApiView):
    def post(self, request):
        data = self.validate(MailingDraftSerializer, request.data)
        audience = resolve_audience(data) if data.get("audience") else None
        services.mailing_send_test(
            subject=data.get("subject", ""),
            markdown=data.get("markdown", ""),
            html=data.get("html", ""),
            audience=audience,
            index=data["recipient"],
            to=request.user.email,
            translations=data.get("translations"),
        )
        return Response({"message": _("A test email was sent to %(email)s.") % {"email": request.user.email}})


DELIVERY_MAX_PAGE = 1_000_000


class DeliveryQuerySerializer(serializers.Serializer):
    state = serializers.ChoiceField(choices=Delivery.State.choices, required=False)
    page = serializers.IntegerField(required=False, default=1, min_value=1, max_value=DELIVERY_MAX_PAGE)


@extend_schema(
    summary="A mailing's recipients with each one's delivery state, a page at a time",
    parameters=[
        OpenApiParameter("state", OpenApiTypes.STR, enum=Delivery.State.values, description="Only this state"),
        query_int("page", 1, DELIVERY_MAX_PAGE, "1-based page number (50 a page)"),
    ],
    responses={200: DeliveryPageSerializer, **error_responses(400, 404)},
)
class MailingDeliveriesApi(AdminApiView):
    def get(self, request, mailing_id: int):
        params = self.validate(DeliveryQuerySerializer, request.query_params.dict(), from_text=True)
        return Response(selectors.delivery_page(mailing_id=mailing_id, state=params.get("state"), page=params["page"]))


@extend_schema(
    summary="Cancel a batch email that has not started",
    responses={200: MailingCancelledSerializer, **error_responses(404, 409)},
)
class MailingCancelApi(AdminApiView):
    def delete(self, request, mailing_id: int):
        mailing = services.mailing_cancel(mailing_id=mailing_id)
        return Response({"id": mailing.pk, "status": mailing.status})


def _language(request) -> str:
    """The `language` query parameter, checked (a 400 at `language` for one not enabled)."""
    data = ApiView.validate(LanguageQuerySerializer, request.query_params.dict(), from_text=True)
    return services.template_language(data.get("language")) or ""


def _template(key: str, language: str) -> dict:
    return next(t for t in selectors.template_list(language or settings.LANGUAGE_CODE) if t["key"] == key)


@extend_schema(
    summary="The automated emails, in one language's versions",
    parameters=[language_param()],
    responses={200: TemplateOutputSerializer(many=True), **error_responses(400)},
)
class TemplateListApi(AdminApiView):
    def get(self, request):
        return Response(selectors.template_list(_language(request) or None))


class TemplateInputSerializer(serializers.Serializer):
    subject = SubjectField()
    html = serializers.CharField(max_length=services.MAX_TEMPLATE_HTML_CHARS, trim_whitespace=False)
    language = language_field()


class DraftSerializer(serializers.Serializer):
    """A draft to preview or test-send; a missing part means the current template's."""

    subject = SubjectField(required=False)
    html = serializers.CharField(required=False, max_length=services.MAX_TEMPLATE_HTML_CHARS, trim_whitespace=False)
    language = language_field()


@extend_schema_view(
    put=extend_schema(
        summary="Replace an automated email's template",
        parameters=[template_key()],
        request=TemplateInputSerializer,
        responses={200: TemplateOutputSerializer, **error_responses(404)},
    ),
    delete=extend_schema(
        summary="Drop one language's version: its readers get the default language's, else the built-in one",
        parameters=[template_key(), language_param()],
        responses={200: TemplateOutputSerializer, **error_responses(400, 404)},
    ),
)
class TemplateDetailApi(AdminApiView):
    def put(self, request, key: str):
        data = self.validate(TemplateInputSerializer, request.data)
        language = data.get("language", "")
        services.template_save(key=key, subject=data["subject"], html=data["html"], language=language)
        return Response(_template(key, services.template_language(language)))

    def delete(self, request, key: str):
        language = _language(request)
        services.template_reset(key=key, language=language)
        return Response(_template(key, language))


@extend_schema(
    summary="Render a draft (or the current template) with sample values",
    parameters=[template_key()],
    request=DraftSerializer,
    responses={200: PreviewSerializer, **error_responses(404)},
)
class TemplatePreviewApi(AdminApiView):
    def post(self, request, key: str):
        data = self.validate(DraftSerializer, request.data)
        return Response(
            services.template_preview(
                key=key, subject=data.get("subject"), html=data.get("html"), language=data.get("language", "")
            )
        )


@extend_schema(
    summary="Send a draft (or the current template) to yourself",
    parameters=[template_key()],
    request=DraftSerializer,
    responses={200: MessageSerializer, **error_responses(404)},
)
class TemplateTestApi(AdminApiView):
    def post(self, request, key: str):
        data = self.validate(DraftSerializer, request.data)
        services.template_send_test(
            key=key,
            to=request.user.email,
            subject=data.get("subject"),
            html=data.get("html"),
            language=data.get("language", ""),
        )
        return Response({"message": _("A test email was sent to %(email)s.") % {"email": request.user.email}})
