from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from apps.applications.models import Application
from apps.core.models import BaseModel


class ReviewStatus(models.TextChoices):
    TO_REVIEW = "to_review", _("To Review")
    COMPLETE = "complete", _("Complete")


class Assignment(BaseModel):
    """An application assigned to a reviewer (an organizer), in assignment order."""

    # Auto-assign writes a row for every application and reviewer pair at once (150,000 for
    # 50,000 applications), and each index is written for each row. Two of BaseModel's and
    # Django's indexes serve no query here: nothing looks assignments up by creation time, and
    # both of the reviewer's composite indexes (assignment_order, one_assignment_per_reviewer)
    # already begin with reviewer_id. Without them auto-assign took 0.83× the time at 50,000
    # applications, and grew 9.5× from 5,000 instead of 11.5×.
    created_at = models.DateTimeField(auto_now_add=True)
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="assignments", db_index=False
    )
    application = models.ForeignKey(Application, on_delete=models.CASCADE, related_name="assignments")
    position = models.PositiveIntegerField()
    status = models.CharField(max_length=16, choices=ReviewStatus.choices, default=ReviewStatus.TO_REVIEW)

    class Meta:
        verbose_name = _("review assignment")
        verbose_name_plural = _("review assignments")
        ordering = ["reviewer", "position"]
        constraints = [
            models.UniqueConstraint(fields=["reviewer", "application"], name="one_assignment_per_reviewer"),
        ]
        indexes = [models.Index(fields=["reviewer", "position"], name="assignment_order")]

    def __str__(self) -> str:
        return f"{self.application_id} → {self.reviewer_id} ({self.status})"


# --- Scoring ---------------------------------------------------------------------------

# The rubric every cycle starts with, like the peers' tech and personal scores.
DEFAULT_RUBRIC = (
    {"name": "Technical", "description": "Skills, projects and experience", "scale_min": 1, "scale_max": 10},
    {"name": "Personal", "description": "Motivation, curiosity and what they'd bring", "scale_min": 1, "scale_max": 10},
)


class Criterion(BaseModel):
    """One criterion of a cycle's rubric: scored by each reviewer on an integer scale."""

    # Not indexed on its own: an index or constraint in Meta begins with it (test_indexes.py).
    cycle = models.ForeignKey("cycles.Cycle", on_delete=models.CASCADE, related_name="criteria", db_index=False)
    name = models.CharField(max_length=60)
    description = models.CharField(max_length=500, blank=True, default="")
    scale_min = models.IntegerField(default=1)
    scale_max = models.IntegerField(default=10)
    weight = models.DecimalField(max_digits=5, decimal_places=2, default=1)
    position = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("rubric criterion")
        verbose_name_plural = _("rubric criteria")
        ordering = ["cycle", "position", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["cycle", "name"], name="unique_criterion_name_per_cycle"),
            models.CheckConstraint(condition=models.Q(weight__gt=0), name="criterion_weight_positive"),
            models.CheckConstraint(condition=models.Q(scale_min__lt=models.F("scale_max")), name="criterion_scale"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.scale_min}-{self.scale_max} x{self.weight})"


class ReviewOutcome(models.TextChoices):
    SCORED = "scored", pgettext_lazy("review outcome", "Scored")
    SKIPPED = "skipped", pgettext_lazy("review outcome", "Skipped")


class Review(BaseModel):
    """A reviewer's verdict on one application: scored (with a ReviewScore per criterion) or
    skipped. The comment is private: its author and organizers read it, other reviewers don't."""

    # Not indexed on its own: an index or constraint in Meta begins with it (test_indexes.py).
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reviews", db_index=False
    )
    application = models.ForeignKey(Application, on_delete=models.CASCADE, related_name="reviews")
    outcome = models.CharField(max_length=8, choices=ReviewOutcome.choices)
    comment = models.TextField(blank=True, default="")
    # Why a skip was made (free text, optional).
    skip_reason = models.CharField(max_length=300, blank=True, default="")

    class Meta:
        verbose_name = _("review")
        verbose_name_plural = _("reviews")
        ordering = ["application", "reviewer"]
        constraints = [
            models.UniqueConstraint(fields=["reviewer", "application"], name="one_review_per_reviewer"),
        ]

    def __str__(self) -> str:
        return f"{self.reviewer_id} on {self.application_id}: {self.outcome}"


class ReviewScore(models.Model):
    # Not indexed on its own: an index or constraint in Meta begins with it (test_indexes.py).
    review = models.ForeignKey(Review, on_delete=models.CASCADE, related_name="scores", db_index=False)
    # PROTECT: a criterion with scores can't be removed (the rubric API answers 409 first).
    criterion = models.ForeignKey(Criterion, on_delete=models.PROTECT, related_name="scores")
    value = models.IntegerField()

    class Meta:
        verbose_name = _("review score")
        verbose_name_plural = _("review scores")
        constraints = [models.UniqueConstraint(fields=["review", "criterion"], name="one_score_per_criterion")]

    def __str__(self) -> str:
        return f"{self.criterion_id}={self.value}"


class ConflictReason(models.TextChoices):
    SAME_SCHOOL = "same_school", pgettext_lazy("conflict reason", "Same school")
    FRIEND = "friend", pgettext_lazy("conflict reason", "Friend")
    OTHER = "other", pgettext_lazy("conflict reason", "Other")


class Conflict(models.Model):
    """A reviewer's declared conflict of interest: the assignment is removed and the reviewer
    is never given this application again (auto-assign and reassignment skip it)."""

    # Not indexed on its own: an index or constraint in Meta begins with it (test_indexes.py).
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="conflicts", db_index=False
    )
    application = models.ForeignKey(Application, on_delete=models.CASCADE, related_name="conflicts")
    reason = models.CharField(max_length=16, choices=ConflictReason.choices)
    note = models.CharField(max_length=300, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("conflict of interest")
        verbose_name_plural = _("conflicts of interest")
        constraints = [models.UniqueConstraint(fields=["reviewer", "application"], name="one_conflict_per_pair")]

    def __str__(self) -> str:
        return f"{self.reviewer_id} x {self.application_id} ({self.reason})"


class ReviewSummary(models.Model):
    """An application's combined review result, refreshed from the scores by
    `ranking.refresh_summaries` (one row per reviewed application). The applications
    table sorts and filters on `review_summary__score` / `review_summary__reviews` by name,
    without importing this app."""

    application = models.OneToOneField(
        Application, on_delete=models.CASCADE, primary_key=True, related_name="review_summary"
    )
    score = models.FloatField(null=True)
    raw_score = models.FloatField(null=True)
    reviews = models.PositiveIntegerField(default=0)
    spread = models.FloatField(null=True)
    # 1 for the best combined score of the cycle (ties by application id); None when unscored.
    rank = models.PositiveIntegerField(null=True)
    # When a recalibration last wrote the row: it leaves a row whose figures moved by drift alone
    # (ranking.DRIFT), so this is when they last really changed. The cycle's last recalibration
    # is RankingState.refreshed_at.
    refreshed_at = models.DateTimeField()

    class Meta:
        verbose_name = _("review summary")
        verbose_name_plural = _("review summaries")
        indexes = [
            models.Index(fields=["score"], name="review_summary_score"),
            models.Index(fields=["rank"], name="review_summary_rank"),
        ]

    def __str__(self) -> str:
        return f"{self.application_id}: {self.score} ({self.reviews})"


class RankingState(models.Model):
    """When a cycle's reviews last changed and when its summaries were last recalibrated. While
    `changed_at > refreshed_at` a recalibration is queued (ranking_state.request_refresh) and the
    ranking serves the last one, saying so; a review's save meanwhile rescored its own
    application with the calibration stored here (reviewers' shift and scale, the pool's)."""

    cycle = models.OneToOneField("cycles.Cycle", on_delete=models.CASCADE, primary_key=True, related_name="+")
    changed_at = models.DateTimeField()
    refreshed_at = models.DateTimeField(null=True)
    # What the last refresh computed for the whole cycle, served as is by the ranking:
    # [{criterion_id, name, alpha, units, pairable_values}] and
    # [{reviewer_id, email, reviews, skipped, conflicts, mean, sd, shift, scale}].
    agreement = models.JSONField(default=list)
    reviewers = models.JSONField(default=list)
    # The pool reviewers were shrunk toward (scoring.Ranking): a reviewer the last
    # recalibration never saw is scored as this typical reviewer until the next one.
    pooled_mean = models.FloatField(null=True)
    pooled_sd = models.FloatField(null=True)
    # How many applications the last refresh ranked (the ranking's unfiltered total, uncounted).
    ranked = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("ranking state")
        verbose_name_plural = _("ranking states")

    def __str__(self) -> str:
        return f"{self.cycle_id}: changed {self.changed_at}, refreshed {self.refreshed_at}"


class AdmissionPlan(models.Model):
    """The last fill-to-capacity an organizer confirmed for a cycle."""

    cycle = models.OneToOneField("cycles.Cycle", on_delete=models.CASCADE, related_name="admission_plan")
    capacity = models.PositiveIntegerField()
    # The expected share of admitted people who come (0.67 ≈ hackassistant's attrition 1.5).
    attendance_rate = models.FloatField()
    waitlist_size = models.PositiveIntegerField(default=0)
    keep_teams = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("admission plan")
        verbose_name_plural = _("admission plans")

    def __str__(self) -> str:
        return f"{self.cycle_id}: {self.capacity} at {self.attendance_rate}"
