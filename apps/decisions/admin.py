"""The Django admin's application page, deciding as the organizers' pages do: a decision's
"Travel reimbursement: Yes" is a grant from the travel budget (travel.decide_with_travel), never
a bare flag. The page itself is apps.applications' (ApplicationAdmin); it is registered here,
the app that owns the decisions' travel rule, since apps.applications may not import it.

A budget that can't cover the grant refuses the save: nothing of it is kept (the text edits
included, one transaction), and the page says why instead of "changed successfully".
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.http import HttpResponseRedirect

from apps.applications.admin import ApplicationAdmin
from apps.applications.models import Application
from apps.core.exceptions import ApplicationError

from . import travel


@admin.register(Application)
class DecidingApplicationAdmin(ApplicationAdmin):
    decide = staticmethod(travel.decide_with_travel)

    def save_model(self, request, obj, form, change):
        request._decision_refused = None
        try:
            super().save_model(request, obj, form, change)
        except ApplicationError as exc:
            request._decision_refused = str(exc.message)

    def log_change(self, request, obj, message):
        if getattr(request, "_decision_refused", None) is None:
            super().log_change(request, obj, message)

    def response_change(self, request, obj):
        refused = getattr(request, "_decision_refused", None)
        if refused is None:
            return super().response_change(request, obj)
        self.message_user(request, f"Nothing was saved: {refused}", messages.ERROR)
        return HttpResponseRedirect(request.path)
