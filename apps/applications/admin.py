"""Django's admin (/django-admin/) for applications and teams (question sets are cycles';
decision emails are rows of the mailings' Delivery table, listed there).

It is the superusers' tool. Applications are created by students, so they can't be added
here; their history is read-only; and a status or decision change made here goes through the
status machine (with the superuser as the actor), never by writing the column.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.db import transaction
from django.db.models import Count
from django.urls import reverse
from django.utils.html import format_html_join

from apps.core.admin import NoWrites, ReadOnlyInline

from . import organizer, selectors, status_machine, validation
from .models import Answer, Application, ApplicationEvent, ApplicationStatus, RsvpAnswers, Team

KEEP = ""
TRAVEL_WITH_A_DECISION = "Travel reimbursement is part of a decision: choose a decision in “Change status to” as well."
TRAVEL_WITH_AN_OFFER = "Travel reimbursement goes with an offer of a place: choose Accepted or Waitlist accepted."
YES_NO_KEEP = [(KEEP, "— keep as it is —"), ("yes", "Yes"), ("no", "No")]


class AnswerInline(ReadOnlyInline):
    model = Answer
    fields = ["question_id", "section_name", "value"]
    readonly_fields = fields
    ordering = ["pk"]


class ApplicationEventInline(ReadOnlyInline):
    model = ApplicationEvent
    verbose_name = "history entry"
    verbose_name_plural = "history (newest first)"
    fields = ["at", "actor", "field", "from_value", "to_value"]
    readonly_fields = fields
    ordering = ["-at", "-pk"]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("actor")


class ApplicationAdminForm(forms.ModelForm):
    """The editable text fields, plus a decision that is applied through the status machine."""

    new_status = forms.ChoiceField(
        label="Change status to",
        choices=[(KEEP, "— keep the current status —"), *ApplicationStatus.choices],
        required=False,
        help_text="Applied through the status machine and recorded in the history with you as the actor.",
    )
    new_travel_reimbursement = forms.ChoiceField(label="Travel reimbursement", choices=YES_NO_KEEP, required=False)
    new_housing_accommodations = forms.ChoiceField(label="Housing accommodations", choices=YES_NO_KEEP, required=False)

    class Meta:
        model = Application
        fields = ["first", "last", "school"]

    def clean_school(self) -> str:
        school = (self.cleaned_data.get("school") or "").strip()
        if school and school not in selectors.school_set():
            raise forms.ValidationError(validation.SCHOOL_NOT_LISTED)
        return school

    def clean(self):
        cleaned = super().clean()
        travel = _yes_no(cleaned.get("new_travel_reimbursement") or KEEP)
        if travel is None:
            return cleaned
        current = self.instance.status
        target = cleaned.get("new_status") or current
        # Travel reimbursement is a grant from the budget, made with a decision (apps.decisions
        # admin): an operator's other moves can't set the flag beside the grants.
        if target not in status_machine.DECISIONS or current in status_machine.DRAFTS:
            self.add_error("new_travel_reimbursement", TRAVEL_WITH_A_DECISION)
        elif travel and target not in status_machine.OFFERS:
            self.add_error("new_travel_reimbursement", TRAVEL_WITH_AN_OFFER)
        return cleaned


def _yes_no(value: str) -> bool | None:
    return {"yes": True, "no": False}.get(value)


# Registered by apps.decisions' admin, whose decision grants the travel reimbursement it promises.
class ApplicationAdmin(admin.ModelAdmin):
    form = ApplicationAdminForm
    # The organizer's decision (the status machine's decide, or a caller's that wraps it).
    decide = staticmethod(status_machine.decide)
    list_display = [
        "email",
        "first",
        "last",
        "school",
        "status",
        "teamcode",
        "travel_reimbursement",
        "housing_accommodations",
        "cycle",
        "submitted_at",
    ]
    list_filter = ["status", "cycle", "travel_reimbursement", "housing_accommodations"]
    search_fields = ["email", "first", "last", "school", "teamcode"]
    list_select_related = ["cycle"]
    ordering = ["cycle", "email"]
    date_hierarchy = "created_at"
    # Tables of tens of thousands: don't count the unfiltered table on every filtered page.
    show_full_result_count = False
    list_per_page = 50
    inlines = [AnswerInline, ApplicationEventInline]
    readonly_fields = [
        "email",
        "user",
        "cycle",
        "status",
        "travel_reimbursement",
        "housing_accommodations",
        "teamcode",
        "team",
        "checkboxes",
        "submitted_at",
        "created_at",
        "updated_at",
    ]
    fieldsets = [
        ("Applicant", {"fields": ["email", "user", "cycle"]}),
        ("Application", {"fields": ["first", "last", "school", "teamcode", "team", "checkboxes"]}),
        (
            "Decision",
            {
                "fields": [
                    "status",
                    "travel_reimbursement",
                    "housing_accommodations",
                    "new_status",
                    "new_travel_reimbursement",
                    "new_housing_accommodations",
                ]
            },
        ),
        ("Dates", {"fields": ["submitted_at", "created_at", "updated_at"]}),
    ]

    def has_add_permission(self, request) -> bool:
        # Students create applications; an organizer's blank one would have no account.
        return False

    def save_model(self, request, obj, form, change):
        """Save the text edits (recorded in the history), then apply any status or decision
        change through the status machine. The status column itself is never written here."""
        edited = [f for f in ApplicationAdminForm.Meta.fields if f in form.changed_data]
        with transaction.atomic():
            if edited:
                before = Application.objects.filter(pk=obj.pk).values(*edited).get()
                obj.save(update_fields=[*edited, "updated_at"])
                organizer.record_changes(
                    application=obj,
                    actor=request.user,
                    changes=[(f, before[f], getattr(obj, f)) for f in edited],
                )
            new_status = form.cleaned_data.get("new_status") or KEEP
            travel = _yes_no(form.cleaned_data.get("new_travel_reimbursement") or KEEP)
            housing = _yes_no(form.cleaned_data.get("new_housing_accommodations") or KEEP)
            if new_status == KEEP and travel is None and housing is None:
                return
            current = Application.objects.filter(pk=obj.pk).values_list("status", flat=True).get()
            target = new_status or current
            if target in status_machine.DECISIONS and current not in status_machine.DRAFTS:
                # An organizer's decision, with what decide() adds (its email after release).
                # This form changes one chosen record to a status picked beside its current
                # one: that choice is the explicit override an applicant's answer needs.
                self.decide(
                    application_id=obj.pk,
                    status=target,
                    actor=request.user,
                    travel_reimbursement=travel,
                    housing_accommodations=housing,
                    override=True,
                )
            else:
                # Any other move (an operator's correction): still the one door, still recorded.
                # Never with travel (the form refuses it): that is a decision's, with its grant.
                status_machine.transition(
                    application_id=obj.pk,
                    to=target,
                    actor=request.user,
                    housing_accommodations=housing,
                )


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["code", "cycle", "member_count", "created_at"]
    list_filter = ["cycle"]
    search_fields = ["code", "applications__email"]
    readonly_fields = ["cycle", "code", "members", "created_at", "updated_at"]
    ordering = ["cycle", "code"]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("cycle").annotate(_members=Count("applications"))

    def has_add_permission(self, request) -> bool:
        return False

    @admin.display(description="Members", ordering="_members")
    def member_count(self, obj) -> int:
        return obj._members

    @admin.display(description="Members")
    def members(self, obj):
        rows = obj.applications.order_by("email").values_list("pk", "email")
        return (
            format_html_join(
                ", ",
                '<a href="{}">{}</a>',
                ((reverse("admin:applications_application_change", args=[pk]), email) for pk, email in rows),
            )
            or "—"
        )


@admin.register(RsvpAnswers)
class RsvpAnswersAdmin(NoWrites, admin.ModelAdmin):
    """Read-only: the applicant gives and edits these on the dashboard, checked there."""

    list_display = ["application", "updated_at"]
    search_fields = ["application__email"]
    readonly_fields = ["application", "answers", "updated_at"]
    list_select_related = ["application"]
