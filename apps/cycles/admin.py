"""Django's admin (/django-admin/) for cycles and their question sets (read-only here)."""

from django.contrib import admin
from django.db import models
from django.db.models import Count

from apps.core.admin import NoWrites

from .models import Cycle, Question, RsvpQuestionSet, Section


@admin.register(Cycle)
class CycleAdmin(admin.ModelAdmin):
    list_display = ["__str__", "status", "is_current", "due", "start", "location", "retention_date", "purged_at"]
    list_filter = ["status", "season", "is_current"]
    search_fields = ["location"]
    # Switching the current cycle copies the question set: it happens through the portal's
    # configuration page (services.cycle_make_current), never by ticking a box here.
    # A past cycle's retention date is set here (the configuration page edits the current one);
    # `purged_at` is written only by the purge (apps.privacy.retention). The status is moved on
    # the configuration page or by `manage.py set_cycle_status`: a release emails applicants
    # after confirming the count, and undoing one is refused once anyone answered
    # (apps.decisions.cycle_release), neither of which a bare field here could ask.
    readonly_fields = ["status", "is_current", "purged_at", "created_at", "updated_at"]
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}


class QuestionSetIsReadOnly(NoWrites):
    """Question sets are replaced as a whole through the question builder (PUT questions),
    whose checks keep a set answerable (options for choice questions, unique ids, conditions
    that name a yes/no question); editing single rows here would skip them."""


class QuestionInline(QuestionSetIsReadOnly, admin.TabularInline):
    model = Question
    extra = 0
    can_delete = False
    show_change_link = False
    fields = ["order", "question_id", "text", "type", "options"]
    readonly_fields = fields
    ordering = ["order", "pk"]


@admin.register(Section)
class SectionAdmin(QuestionSetIsReadOnly, admin.ModelAdmin):
    list_display = ["name", "cycle", "order", "conditional_on", "question_count"]
    list_filter = ["cycle"]
    search_fields = ["name", "conditional_on"]
    ordering = ["cycle", "order", "pk"]
    inlines = [QuestionInline]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("cycle").annotate(_questions=Count("questions"))

    @admin.display(description="Questions", ordering="_questions")
    def question_count(self, obj) -> int:
        return obj._questions


@admin.register(Question)
class QuestionAdmin(QuestionSetIsReadOnly, admin.ModelAdmin):
    list_display = ["question_id", "short_text", "type", "section", "cycle", "order"]
    list_filter = ["type", "cycle"]
    search_fields = ["question_id", "text", "section__name"]
    list_select_related = ["section", "cycle"]
    ordering = ["cycle", "section__order", "order"]

    @admin.display(description="Text")
    def short_text(self, obj) -> str:
        return obj.text if len(obj.text) <= 80 else obj.text[:79] + "…"


@admin.register(RsvpQuestionSet)
class RsvpQuestionSetAdmin(NoWrites, admin.ModelAdmin):
    """Read-only: the set is edited on the builder's RSVP tab, which checks it as a whole."""

    list_display = ["cycle", "updated_at"]
    readonly_fields = ["cycle", "sections", "updated_at"]
