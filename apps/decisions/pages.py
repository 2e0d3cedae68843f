"""The organizers' batch decision page (/admin/batch): one React island behind `admin_only`.

The island is `admin-batch` (its URL, like every page entry); its
calls go to POST `batch-status` (batch_api.py)."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from apps.applications.models import ApplicationStatus
from apps.applications.status_machine import BATCH_DECISIONS
from apps.core.pages import admin_only, island, select_options


@require_safe
@admin_only
def batch_page(request):
    return island(
        request,
        "admin-batch",
        {
            "statuses": select_options(BATCH_DECISIONS, ApplicationStatus.choices),
            "defaultStatus": ApplicationStatus.ACCEPTED,
            # A batch email may have a version per enabled language besides the default
            # (apps.mailings.services.mailing_versions).
            "languages": [
                {"code": code, "name": name} for code, name in settings.LANGUAGES if code != settings.LANGUAGE_CODE
            ],
        },
        title=_("Batch Decisions"),
    )
