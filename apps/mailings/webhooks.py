"""The mail provider's notifications of bounces and complaints (apps.mailings.ses).

A plain Django view, not an API view: SNS posts its JSON as `text/plain` with no cookie and no
CSRF token; its signature, checked before anything is done, is what proves where it came from.
"""

from __future__ import annotations

import json
import logging

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from . import ses

logger = logging.getLogger(__name__)


@csrf_exempt
@require_POST
def ses_notifications(request: HttpRequest) -> JsonResponse:
    if not settings.SES_SNS_TOPIC_ARNS:
        # Off until an operator names the topic: the address answers as if it didn't exist.
        return JsonResponse({"message": "No such API endpoint."}, status=404)
    try:
        message = json.loads(request.body)
    except (ValueError, UnicodeDecodeError):
        return JsonResponse({"message": "The body is not an SNS message (JSON)."}, status=400)
    if not isinstance(message, dict):
        return JsonResponse({"message": "The body is not an SNS message (JSON object)."}, status=400)
    try:
        ses.verify(message)
        done = ses.handle(message)
    except ses.Refused as refusal:
        logger.warning("Refused an SNS message (%s): %s", refusal.status, refusal)
        return JsonResponse({"message": str(refusal)}, status=refusal.status)
    return JsonResponse({"message": done})
