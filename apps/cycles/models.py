import datetime

from django.db import models
from django.db.models import Q

from apps.core.models import BaseModel


class Season(models.TextChoices):
    FALL = "fall", "Fall"
    SPRING = "spring", "Spring"


class CycleStatus(models.TextChoices):
    NOT_OPEN = "not_open", "Not open"
    OPEN = "open", "Open"
    CLOSED = "closed", "Closed"
    RELEASED = "released", "Released"
    CONFIRMATION_CLOSED = "confirmation_closed", "Confirmation closed"
    WAITLIST_CLOSED = "waitlist_closed", "Waitlist closed"
    SECOND_CONFIRMATION_CLOSED = "second_confirmation_closed", "Second confirmation closed"


# Spec section 4, "defaults before load".
DEFAULT_DATES = {
    "due": datetime.date(2024, 5, 20),
    "start": datetime.date(2024, 5, 21),
    "end": datetime.date(2024, 5, 22),
    "housing": datetime.date(2024, 5, 22),
    "confirmation_first_deadline": datetime.date(2024, 5, 22),
    "confirmation_second_deadline": datetime.date(2024, 5, 22),
    "waitlist_deadline": datetime.date(2024, 5, 22),
}
DATE_FIELDS = tuple(DEFAULT_DATES)


class CycleQuerySet(models.QuerySet):
    def update(self, **kwargs) -> int:
        # An update sends no save signal: announce it to the processes keeping the current
        # cycle (apps/cycles/current.py) here.
        from . import current

        rows = super().update(**kwargs)
        if rows:
            current.changed()
        return rows


class Cycle(BaseModel):
    """One season of the event with its configuration. Exactly one cycle is current."""

    objects = CycleQuerySet.as_manager()

    season = models.CharField(max_length=8, choices=Season.choices)
    year = models.PositiveIntegerField()
    is_current = models.BooleanField(default=False)
    status = models.CharField(max_length=32, choices=CycleStatus.choices, default=CycleStatus.NOT_OPEN)
    start = models.DateField(default=DEFAULT_DATES["start"])
    end = models.DateField(default=DEFAULT_DATES["end"])
    housing = models.DateField(default=DEFAULT_DATES["housing"])
    confirmation_first_deadline = models.DateField(default=DEFAULT_DATES["confirmation_first_deadline"])
    confirmation_second_deadline = models.DateField(default=DEFAULT_DATES["confirmation_second_deadline"])
    due = models.DateField(default=DEFAULT_DATES["due"])
    waitlist_deadline = models.DateField(default=DEFAULT_DATES["waitlist_deadline"])
    location = models.CharField(max_length=255, default="Princeton University, Princeton, NJ")
    housing_link = models.URLField(max_length=500, default="https://forms.gle/housing-form")

    class Meta:
        ordering = ["-year", "season"]
        constraints = [
            models.UniqueConstraint(fields=["season", "year"], name="unique_cycle_season_year"),
            models.UniqueConstraint(fields=["is_current"], condition=Q(is_current=True), name="one_current_cycle"),
        ]

    def __str__(self) -> str:
        return f"{self.get_season_display()} {self.year}"

    def dates(self) -> dict[str, str]:
        return {name: getattr(self, name).isoformat() for name in DATE_FIELDS}
