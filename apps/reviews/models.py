from django.conf import settings
from django.db import models

from apps.applications.models import Application
from apps.core.models import BaseModel


class ReviewStatus(models.TextChoices):
    TO_REVIEW = "to_review", "To Review"
    COMPLETE = "complete", "Complete"


class Assignment(BaseModel):
    """An application assigned to a reviewer (an organizer), in assignment order."""

    reviewer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="assignments")
    application = models.ForeignKey(Application, on_delete=models.CASCADE, related_name="assignments")
    position = models.PositiveIntegerField()
    status = models.CharField(max_length=16, choices=ReviewStatus.choices, default=ReviewStatus.TO_REVIEW)

    class Meta:
        ordering = ["reviewer", "position"]
        constraints = [
            models.UniqueConstraint(fields=["reviewer", "application"], name="one_assignment_per_reviewer"),
        ]
        indexes = [models.Index(fields=["reviewer", "position"], name="assignment_order")]

    def __str__(self) -> str:
        return f"{self.application_id} → {self.reviewer_id} ({self.status})"
