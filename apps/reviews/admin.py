"""Django's admin (/django-admin/) for reviewing: assignments, the rubric, reviews and their
scores, conflicts, the ranking's summaries and state, and the admission plan.

Everything but an assignment's review status is read-only here. Each row is written by a
service that checks what the admin can't: a criterion with scores can't be removed and the
rubric is locked after release (apps/reviews/rubric.py), a review's scores must cover the rubric
(reviewing.py), a conflict hands the application to another reviewer in the same transaction,
and summaries, ranks and the ranking's state are computed from the scores (ranking.py). The
pages are for looking things up: who reviewed what, why a reviewer never got an application.
"""

from django.contrib import admin

from apps.core.admin import ReadOnlyAdmin, ReadOnlyInline

from .models import (
    AdmissionPlan,
    Assignment,
    Conflict,
    Criterion,
    RankingState,
    Review,
    ReviewScore,
    ReviewSummary,
)


class ApplicationEmailColumn:
    """The row's application, shown and sorted by its applicant's email."""

    @admin.display(description="Application", ordering="application__email")
    def application_email(self, obj) -> str:
        return obj.application.email


@admin.register(Assignment)
class AssignmentAdmin(ApplicationEmailColumn, admin.ModelAdmin):
    """Review assignments. Positions are given by the assign service under the reviewer's lock,
    so they are shown, not edited; the review status can be changed here."""

    list_display = ["reviewer", "position", "application_email", "status", "created_at"]
    list_filter = ["status", ("reviewer", admin.RelatedOnlyFieldListFilter), "application__cycle"]
    search_fields = ["reviewer__email", "application__email"]
    list_select_related = ["reviewer", "application"]
    ordering = ["reviewer__email", "position"]
    fields = ["reviewer", "application", "position", "status", "created_at", "updated_at"]
    readonly_fields = ["reviewer", "application", "position", "created_at", "updated_at"]

    def has_add_permission(self, request) -> bool:
        # Assignments are made from /admin/assignapps, which checks the reviewer is an organizer.
        return False


@admin.register(Criterion)
class CriterionAdmin(ReadOnlyAdmin):
    list_display = ["name", "cycle", "scale_min", "scale_max", "weight", "position"]
    list_filter = ["cycle"]
    search_fields = ["name", "description"]
    list_select_related = ["cycle"]
    ordering = ["cycle", "position", "pk"]


class ReviewScoreInline(ReadOnlyInline):
    model = ReviewScore
    fields = ["criterion", "value"]
    readonly_fields = fields

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("criterion")


@admin.register(Review)
class ReviewAdmin(ApplicationEmailColumn, ReadOnlyAdmin):
    list_display = ["application_email", "reviewer", "outcome", "updated_at"]
    list_filter = ["outcome", ("reviewer", admin.RelatedOnlyFieldListFilter), "application__cycle"]
    search_fields = ["reviewer__email", "application__email"]
    list_select_related = ["reviewer", "application"]
    ordering = ["-updated_at", "-pk"]
    fields = ["application", "reviewer", "outcome", "comment", "skip_reason", "created_at", "updated_at"]
    readonly_fields = fields
    inlines = [ReviewScoreInline]


@admin.register(Conflict)
class ConflictAdmin(ApplicationEmailColumn, ReadOnlyAdmin):
    list_display = ["application_email", "reviewer", "reason", "created_at"]
    list_filter = ["reason", ("reviewer", admin.RelatedOnlyFieldListFilter)]
    search_fields = ["reviewer__email", "application__email", "note"]
    list_select_related = ["reviewer", "application"]
    ordering = ["-created_at", "-pk"]


@admin.register(ReviewSummary)
class ReviewSummaryAdmin(ApplicationEmailColumn, ReadOnlyAdmin):
    list_display = ["application_email", "rank", "score", "reviews", "spread", "refreshed_at"]
    list_filter = ["application__cycle"]
    search_fields = ["application__email"]
    list_select_related = ["application"]
    ordering = ["rank", "pk"]


@admin.register(RankingState)
class RankingStateAdmin(ReadOnlyAdmin):
    list_display = ["cycle", "changed_at", "refreshed_at", "ranked"]
    list_select_related = ["cycle"]


@admin.register(AdmissionPlan)
class AdmissionPlanAdmin(ReadOnlyAdmin):
    list_display = ["cycle", "capacity", "attendance_rate", "waitlist_size", "keep_teams", "updated_at"]
    list_select_related = ["cycle"]
