"""One error type for services and one handler that renders the contract's error shape.

Every API error leaves as `{"message": "...", "errors": {...}?}` with the right status code.

The messages are for people, so they are written in the request's language (docs/i18n.md):
services raise them as lazy translations (`gettext_lazy`, made at import time) and this handler
turns them into text while the request's language is active. A refusal a client acts on
names itself by `code`, which stays English.
"""

from __future__ import annotations

import datetime
import logging

from django.core.exceptions import PermissionDenied, RequestDataTooBig, SuspiciousOperation
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import InterfaceError, OperationalError
from django.http import Http404
from django.http.multipartparser import MultiPartParserError
from django.utils.encoding import force_str
from django.utils.translation import gettext_lazy as _
from kombu.exceptions import OperationalError as BrokerError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from rest_framework import exceptions as drf
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

logger = logging.getLogger(__name__)

SERVICE_UNAVAILABLE = _("The service is temporarily unavailable. Please try again in a minute.")
# The broker refused a task queued after commit: the change is saved, its email is not sent.
# Each such email can be asked for again (registering again re-sends the verification link,
# a new reset request a new reset link), so the answer says to try again rather than "done".
NOT_QUEUED = _("Your request was saved, but its email could not be queued just now. Please try again in a minute.")
RETRY_AFTER_SECONDS = 60


def unavailable_message(exc: BaseException | None) -> str | None:
    """The 503 message when `exc` (or what caused it) is a service being down, else None.

    A lost database (OperationalError / InterfaceError), an unreachable cache (the rate limits
    live in Redis) or a broker that refused a task is not the client's fault and not a bug in
    the request: the honest answer is 503 and "try again", not a 500.
    """
    seen = 0
    while exc is not None and seen < 8:
        if isinstance(exc, BrokerError):
            return NOT_QUEUED
        if isinstance(exc, OperationalError | InterfaceError | RedisConnectionError | RedisTimeoutError):
            return SERVICE_UNAVAILABLE
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return None


class ApplicationError(Exception):
    """A refusal from a service: a message for people, a status code, optional field errors,
    optional `extra` keys of the body beside them (a check-in refusal names the person), and an
    optional `code`: the English name of a refusal a client acts on, whatever the message's
    language."""

    def __init__(
        self,
        message: str,
        *,
        status: int = 400,
        errors: dict | None = None,
        extra: dict | None = None,
        code: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.errors = errors or {}
        self.extra = extra or {}
        self.code = code


def _text(value):
    """`value` with every lazy translation in it made text in the active language: a body of
    lists and dicts of messages, as JSON can carry it."""
    if isinstance(value, dict):
        return {str(k): _text(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_text(v) for v in value]
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if isinstance(value, datetime.datetime | datetime.date):
        # As DRF writes a moment in a 200 (ISO 8601, UTC as "Z"), not str()'s "2026-03-01 09:30:00+00:00".
        text = value.isoformat()
        return text[:-6] + "Z" if text.endswith("+00:00") else text
    return force_str(value)


def _flatten(detail) -> dict[str, list[str]]:
    """DRF error details as `{field: [messages]}`."""
    if isinstance(detail, dict):
        out: dict[str, list[str]] = {}
        for key, value in detail.items():
            if isinstance(value, dict):
                for sub_key, sub_value in _flatten(value).items():
                    out[f"{key}.{sub_key}"] = sub_value
            elif isinstance(value, list):
                out[str(key)] = [str(v) if not isinstance(v, dict) else str(v) for v in value]
            else:
                out[str(key)] = [str(value)]
        return out
    if isinstance(detail, list):
        return {"non_field_errors": [str(v) for v in detail]}
    return {"non_field_errors": [str(detail)]}


def _first_message(errors: dict[str, list[str]]) -> str:
    for field, messages in errors.items():
        if messages:
            return messages[0] if field == "non_field_errors" else f"{field}: {messages[0]}"
    return str(_("Invalid input."))


def exception_handler(exc, context):
    unavailable = unavailable_message(exc)
    if unavailable is not None:
        logger.error("Answered 503: %s", unavailable, exc_info=exc)
        return Response({"message": str(unavailable)}, status=503, headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
    if isinstance(exc, ApplicationError):
        body = {"message": str(exc.message)}
        if exc.errors or exc.extra:
            body["errors"] = _text(exc.errors)
        body.update({k: _text(v) for k, v in exc.extra.items() if k not in ("message", "errors")})
        if exc.code:
            body["code"] = exc.code
        return Response(body, status=exc.status)
    if isinstance(exc, DjangoValidationError):
        if hasattr(exc, "message_dict"):
            errors = {k: [str(m) for m in v] for k, v in exc.message_dict.items()}
        else:
            errors = {"non_field_errors": [str(m) for m in exc.messages]}
        return Response({"message": _first_message(errors), "errors": errors}, status=400)
    if isinstance(exc, RequestDataTooBig):
        return Response({"message": str(_("The request is too large."))}, status=413)
    if isinstance(exc, SuspiciousOperation | MultiPartParserError):
        # Too many fields or files, a broken multipart body (or one without a boundary, which
        # the CSRF check's read of request.POST raises before DRF's parser could turn it into
        # a ParseError): the client's input, not our fault.
        return Response({"message": str(_("Malformed request body."))}, status=400)
    if isinstance(exc, Http404):
        return Response({"message": str(exc) or str(_("Not found."))}, status=404)
    if isinstance(exc, PermissionDenied):
        return Response({"message": str(exc) or str(_("You do not have permission to do this."))}, status=403)

    if isinstance(exc, drf.ValidationError):
        errors = _flatten(exc.detail)
        return Response({"message": _first_message(errors), "errors": errors}, status=400)
    if isinstance(exc, drf.ParseError):
        return Response({"message": str(_("Malformed request body."))}, status=400)
    if isinstance(exc, drf.NotAuthenticated | drf.AuthenticationFailed):
        return Response({"message": str(_("You are not signed in."))}, status=401)

    response = drf_exception_handler(exc, context)
    if response is not None:
        detail = getattr(exc, "detail", None)
        message = str(detail) if isinstance(detail, str) else str(getattr(exc, "default_detail", exc))
        response.data = {"message": message}
    return response
