import datetime

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from apps.core.models import BaseModel


class Season(models.TextChoices):
    FALL = "fall", pgettext_lazy("season", "Fall")
    SPRING = "spring", pgettext_lazy("season", "Spring")


class CycleStatus(models.TextChoices):
    NOT_OPEN = "not_open", pgettext_lazy("cycle status", "Not open")
    OPEN = "open", pgettext_lazy("cycle status", "Open")
    CLOSED = "closed", pgettext_lazy("cycle status", "Closed")
    RELEASED = "released", pgettext_lazy("cycle status", "Released")
    CONFIRMATION_CLOSED = "confirmation_closed", pgettext_lazy("cycle status", "Confirmation closed")
    WAITLIST_CLOSED = "waitlist_closed", pgettext_lazy("cycle status", "Waitlist closed")
    SECOND_CONFIRMATION_CLOSED = (
        "second_confirmation_closed",
        pgettext_lazy("cycle status", "Second confirmation closed"),
    )


# The dates a fresh install starts with, before an organizer sets the cycle's own.
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
    # The day after which the cycle's personal data (applications, answers, history, consents,
    # resumes of people with nothing newer) is purged and only anonymised counts stay
    # (apps.privacy.retention). None: not decided yet, so nothing is purged.
    retention_date = models.DateField(null=True, blank=True)
    # When that purge ran (None: not yet). A purged cycle holds no personal data any more.
    purged_at = models.DateTimeField(null=True, blank=True)
    # Blind review: reviewers see answers and the resume but not who the applicant is (name,
    # email, school, team, demographics). Edited with the rubric (apps.reviews); organizers'
    # own table and applicant pages always show everything.
    blind_review = models.BooleanField(default=False)
    # An offer's own time to answer: its deadline is N days after it was made, or the cycle's
    # confirmation deadline if that comes first (apps.decisions.offers). None: the date alone.
    offer_days = models.PositiveSmallIntegerField(null=True, blank=True)
    # The waitlist refill (apps.reviews.refill): off by default; when on, a spot freed by a
    # decline or an expired offer is offered to the next person on the waitlist. `paused`
    # holds it without losing the choice.
    waitlist_refill = models.BooleanField(default=False)
    waitlist_refill_paused = models.BooleanField(default=False)

    class Meta:
        verbose_name = _("cycle")
        verbose_name_plural = _("cycles")
        ordering = ["-year", "season"]
        constraints = [
            models.UniqueConstraint(fields=["season", "year"], name="unique_cycle_season_year"),
            models.UniqueConstraint(fields=["is_current"], condition=Q(is_current=True), name="one_current_cycle"),
        ]

    def __str__(self) -> str:
        return f"{self.get_season_display()} {self.year}"

    def dates(self) -> dict[str, str]:
        return {name: getattr(self, name).isoformat() for name in DATE_FIELDS}


# --- The question set --------------------------------------------------------------------
# A cycle's questions are part of its configuration. They were the applications app's until
# cycles 0002 / applications 0005 moved them here; they keep the tables they were created in,
# so the move changed no row, index or constraint (those migrations explain why).


class QuestionType(models.TextChoices):
    NUMERIC = "numeric", pgettext_lazy("question type", "Numeric")
    BOOLEAN = "boolean", pgettext_lazy("question type", "Yes / no")
    SHORT_ANSWER = "short_answer", pgettext_lazy("question type", "Short answer")
    LONG_ANSWER = "long_answer", pgettext_lazy("question type", "Long answer")
    MULTIPLE_CHOICE = "multiple_choice", pgettext_lazy("question type", "Multiple choice")
    MULTISELECT = "multiselect", pgettext_lazy("question type", "Multiselect")
    LIST = "list", pgettext_lazy("question type", "List")
    RESUME = "resume", pgettext_lazy("question type", "Resume")
    COUNTRY = "country", pgettext_lazy("question type", "Country")


class Section(BaseModel):
    """A section of a cycle's question set, shown only when `conditional_on` is answered yes."""

    cycle = models.ForeignKey(Cycle, on_delete=models.CASCADE, related_name="sections")
    order = models.PositiveIntegerField(default=0)
    name = models.CharField(max_length=200)
    conditional_on = models.CharField(max_length=64, blank=True, default="", help_text="A question_id, or empty.")
    # The name in other enabled languages: {"es": {"section_name": "..."}} (apps.cycles.translations).
    translations = models.JSONField(default=dict, blank=True)

    class Meta:
        verbose_name = _("section")
        verbose_name_plural = _("sections")
        db_table = "applications_section"
        ordering = ["cycle", "order", "pk"]

    def __str__(self) -> str:
        return self.name


class Question(BaseModel):
    """One question. `question_id` is its stable key within the cycle; answers refer to it."""

    # Not indexed on its own: an index or constraint in Meta begins with it (test_indexes.py).
    cycle = models.ForeignKey(Cycle, on_delete=models.CASCADE, related_name="questions", db_index=False)
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="questions")
    order = models.PositiveIntegerField(default=0)
    question_id = models.CharField(max_length=64)
    text = models.TextField()
    type = models.CharField(max_length=32, choices=QuestionType.choices)
    options = models.JSONField(default=list, blank=True)
    # Whether reviewers see this question and its answers when the cycle reviews blind. The
    # default comes from one rule (questions.default_reviewer_visible); organizers override it
    # in the builder. Applicants and organizers always see every question.
    reviewer_visible = models.BooleanField(default=True)
    # Whether an applicant must answer it to submit (the one check is
    # apps.applications.validation.check_application); a list question may always be empty.
    required = models.BooleanField(default=True)
    # A line under the question that says what is asked for or why.
    help_text = models.TextField(blank=True, default="")
    # A number question's largest answer, or None for no limit beyond the smallest (16, the
    # spec's): apps.applications.validation checks both. Only number questions have one.
    max_value = models.PositiveIntegerField(null=True, blank=True)
    # The texts in other enabled languages, each optional: {"es": {"question_text": ...,
    # "help_text": ..., "options": {option: label}}}. `options` stays the one list of option keys
    # answers are stored by; a translation only relabels them (apps.cycles.translations).
    translations = models.JSONField(default=dict, blank=True)

    class Meta:
        verbose_name = _("question")
        verbose_name_plural = _("questions")
        db_table = "applications_question"
        ordering = ["section__order", "order", "pk"]
        constraints = [models.UniqueConstraint(fields=["cycle", "question_id"], name="unique_question_id_per_cycle")]

    def __str__(self) -> str:
        return f"{self.question_id}: {self.text[:40]}"


class RsvpQuestionSet(BaseModel):
    """The cycle's second question set: what an accepted applicant answers when they confirm
    (apps.decisions' confirm, apps.applications.rsvp).

    Its own small table holding the set in the contract's shape rather than a `kind` on Section
    and Question: export, privacy export, demographics, anonymisation and the builder read
    `Question.objects.filter(cycle=...)` as "the application's questions", and a second kind in
    those tables would make each of them wrong until filtered. Kept apart, they stay correct
    untouched, an RSVP question_id cannot collide with an application one's unique constraint,
    and the set is always read whole (one row), so nothing needs a row per question. It is checked
    by the same rules as the application's set (services.questions_check) and answered through
    the same answer validation (apps.applications.validation).
    """

    cycle = models.OneToOneField(Cycle, on_delete=models.CASCADE, related_name="rsvp_question_set")
    sections = models.JSONField(default=list, blank=True)

    class Meta:
        verbose_name = _("RSVP question set")
        verbose_name_plural = _("RSVP question sets")

    def __str__(self) -> str:
        return f"RSVP questions of {self.cycle_id}"
