from datetime import UTC, datetime

from django.conf import settings
from django.db import models
from django.db.models import F, Value
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _

from apps.core.models import BaseModel
from apps.cycles.models import Cycle

from . import status_cache


class ApplicationStatus(models.TextChoices):
    UNSUBMITTED = "unsubmitted", _("Unsubmitted")
    STARTED = "started", _("Started")
    SUBMITTED = "submitted", _("Submitted")
    WAITLISTED = "waitlisted", _("Waitlisted")
    WAITLIST_CONFIRMED = "waitlist_confirmed", _("Waitlist confirmed")
    ACCEPTED = "accepted", _("Accepted")
    WAITLIST_ACCEPTED = "waitlist_accepted", _("Waitlist accepted")
    CONFIRMED = "confirmed", _("Confirmed")
    REJECTED = "rejected", _("Rejected")
    DECLINED = "declined", _("Declined")
    # An offer (accepted, waitlist accepted) left unanswered past its deadline: set by the
    # periodic deadline task (apps.decisions.offers), never by a person.
    EXPIRED = "expired", _("Expired")
    # At the event: only a confirmed applicant gets here, by a check-in (apps.checkin).
    CHECKED_IN = "checked_in", _("Checked in")


# Not yet submitted: the drafts (the frontend's DRAFT_STATUSES, frontend/src/api/applications.ts).
DRAFTS = (ApplicationStatus.UNSUBMITTED, ApplicationStatus.STARTED)


class TeamChoice(models.TextChoices):
    """The answer to "Are you starting a new team?", kept so that a draft reopens as it was saved."""

    NEW = "new", _("Starting a new team")
    JOIN = "join", _("Joining a teammate's team")
    # A choice of its own, not "a team of one": no code is made, shared or joined.
    ALONE = "alone", _("Applying alone")


class Team(BaseModel):
    """A team code of a cycle. Joining locks this row so the size cap holds under concurrency."""

    # Not indexed on its own: an index or constraint in Meta begins with it (test_indexes.py).
    cycle = models.ForeignKey(Cycle, on_delete=models.CASCADE, related_name="teams", db_index=False)
    code = models.CharField(max_length=8)

    class Meta:
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [models.UniqueConstraint(fields=["cycle", "code"], name="unique_team_code_per_cycle")]

    def __str__(self) -> str:
        return self.code


# The organizers' table sorts by every column and pages by keyset (apps/applications/table.py),
# which compares rows as tuples: a NULL would make the comparison unknown and drop rows, so the
# two nullable columns sort by these NULL-free keys instead (no team sorts first; a draft,
# never submitted, sorts before every submission). The indexes below use the same expressions,
# so PostgreSQL answers a sorted page by walking one of them.
NEVER_SUBMITTED = datetime(1970, 1, 1, tzinfo=UTC)


def teamcode_sort_key():
    return Coalesce("teamcode", Value(""), output_field=models.CharField())


# The combined review score's sort key before any review: below every score (they are a few
# standard deviations around 0), so an unreviewed application sorts last by -score.
NO_REVIEW_SCORE = -1e300


def submitted_at_sort_key():
    return Coalesce("submitted_at", Value(NEVER_SUBMITTED), output_field=models.DateTimeField())


class ApplicationQuerySet(models.QuerySet):
    """Writes that send no save signal announce themselves to the status call's cache here."""

    def update(self, **kwargs) -> int:
        if not status_cache.writes_status(kwargs):
            return super().update(**kwargs)
        # The owners read before the write: its filter may select by a column it changes.
        return self.update_of(list(self.values_list("user_id", flat=True)), **kwargs)

    def update_of(self, user_ids, **kwargs) -> int:
        """update(), by a caller that already read the rows' owners (their user ids): the
        status machine's bulk move, which locked the rows it moves, saves a statement."""
        rows = super().update(**kwargs)
        # After the write: outside a transaction it has committed, and a read between the new
        # version and the write would keep the old row under the new version.
        status_cache.forget(user_ids)
        return rows

    def bulk_create(self, objs, *args, **kwargs):
        objs = list(objs)
        created = super().bulk_create(objs, *args, **kwargs)
        status_cache.forget(o.user_id for o in objs)
        return created


class Application(BaseModel):
    """A student's application to one cycle. Its status changes only through the status machine."""

    objects = ApplicationQuerySet.as_manager()

    # Not indexed on its own: every index of the table's sorts starts with the cycle, and one
    # more index is one more write on every status change (docs/performance.md).
    cycle = models.ForeignKey(Cycle, on_delete=models.PROTECT, related_name="applications", db_index=False)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="applications")
    # The applicant's email, copied from the account (which never changes it) so that the
    # organizers' filters, sorting and exports need no join. Indexed in Meta (`app_email`).
    email = models.EmailField()
    first = models.CharField(max_length=100, blank=True, default="")
    last = models.CharField(max_length=100, blank=True, default="")
    school = models.CharField(max_length=255, blank=True, default="")
    # The school's name as typed when it is not in the list (school "College Not Present").
    school_other = models.CharField(max_length=255, blank=True, default="")
    status = models.CharField(max_length=32, choices=ApplicationStatus.choices, default=ApplicationStatus.STARTED)
    team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="applications")
    teamcode = models.CharField(max_length=8, null=True, blank=True)
    # Empty for applications saved before the choice was kept, and for an organizer's placement.
    team_choice = models.CharField(max_length=8, choices=TeamChoice.choices, blank=True, default="")
    checkboxes = models.JSONField(default=list, blank=True)
    travel_reimbursement = models.BooleanField(default=False)
    housing_accommodations = models.BooleanField(default=False)
    submitted_at = models.DateTimeField(null=True, blank=True)
    # When the current offer (accepted, waitlist accepted) was made: the status machine stamps
    # it on the move into an offer, and the offer's deadline counts from it
    # (apps.decisions.offers). None on offers made before it was kept: the cycle's date alone.
    offered_at = models.DateTimeField(null=True, blank=True)
    # The combined review score (apps.reviews' ReviewSummary.score), NO_REVIEW_SCORE without
    # one: copied here by apps.reviews whenever it writes the summary, so the table's sort by
    # score walks an index of this table instead of sorting a join.
    review_score_key = models.FloatField(default=NO_REVIEW_SCORE)

    class Meta:
        verbose_name = _("application")
        verbose_name_plural = _("applications")
        ordering = ["cycle", "email"]
        constraints = [models.UniqueConstraint(fields=["cycle", "user"], name="one_application_per_cycle")]
        indexes = [
            # One per sort of the organizers' table, in its order (the column, then email and
            # id to break ties), so any page is a short walk from a seek in either direction.
            # They also answer the lookups by cycle and email, status or school.
            models.Index(fields=["cycle", "email", "id"], name="app_table_email"),
            models.Index(fields=["cycle", "first", "email", "id"], name="app_table_first"),
            models.Index(fields=["cycle", "last", "email", "id"], name="app_table_last"),
            models.Index(fields=["cycle", "school", "email", "id"], name="app_table_school"),
            models.Index(fields=["cycle", "status", "email", "id"], name="app_table_status"),
            models.Index(fields=["cycle", "review_score_key", "email", "id"], name="app_table_score"),
            # The raw column is included so PostgreSQL can read these two without the table
            # (an index-only scan needs every column the expression uses).
            models.Index(
                F("cycle"), teamcode_sort_key(), F("email"), F("id"), name="app_table_teamcode", include=["teamcode"]
            ),
            models.Index(
                F("cycle"),
                submitted_at_sort_key(),
                F("email"),
                F("id"),
                name="app_table_submitted_at",
                include=["submitted_at"],
            ),
            # An address's applications in every cycle (a batch mail's names). A plain B-tree:
            # db_index would add a pattern-ops twin for prefix LIKEs, which nothing here asks.
            models.Index(fields=["email"], name="app_email"),
            # Exact team lookups (teammates, team sizes).
            models.Index(fields=["cycle", "teamcode"], name="app_cycle_teamcode"),
            # The table's cached counts are valid while the newest change stays the same.
            models.Index(fields=["updated_at"], name="app_updated_at"),
        ]

    def __str__(self) -> str:
        return f"{self.email} ({self.status})"


class Answer(models.Model):
    """One answer, as the contract encodes it (multiselect and list comma-joined).

    One row per answer so that the database can filter, count and export answers; answers to
    questions later removed from the set are kept.
    """

    # Not indexed on its own: an index or constraint in Meta begins with it (test_indexes.py).
    application = models.ForeignKey(Application, on_delete=models.CASCADE, related_name="answers", db_index=False)
    question_id = models.CharField(max_length=64)
    section_name = models.CharField(max_length=200, blank=True, default="")
    value = models.TextField(blank=True, default="")
    # The applicant's own words beside an "Other" or "Prefer to self-describe" option (empty
    # when no such option is chosen).
    detail = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        verbose_name = _("answer")
        verbose_name_plural = _("answers")
        constraints = [
            models.UniqueConstraint(fields=["application", "question_id"], name="one_answer_per_question"),
        ]
        indexes = [models.Index(fields=["question_id", "value"], name="answer_question_value")]

    def __str__(self) -> str:
        return f"{self.question_id}={self.value[:30]}"


class ApplicationEvent(models.Model):
    """The history: every status change, decision and organizer edit (who, when, from, to)."""

    application = models.ForeignKey(Application, on_delete=models.CASCADE, related_name="events")
    at = models.DateTimeField(auto_now_add=True, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    field = models.CharField(max_length=64)
    from_value = models.TextField(blank=True, default="")
    to_value = models.TextField(blank=True, default="")
    # Who decided when no person did (actor None): "waitlist" for an offer the waitlist refill
    # made, "deadline" for an offer that expired. Empty for a person's change.
    # A default in the database too: the check-in's one-statement move writes history in SQL.
    source = models.CharField(max_length=16, blank=True, default="", db_default="")

    class Meta:
        verbose_name = _("application history entry")
        verbose_name_plural = _("application history entries")
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.field}: {self.from_value} → {self.to_value}"


class ConsentRecord(models.Model):
    """One consent given (or withdrawn) in an application: which text, which version, when.

    The texts and their versions live in one place (apps/applications/consents.py); a row keeps
    the exact text the applicant saw, its SHA-256 and its language, so it says what was agreed
    to even after the text changed. Rows are only added: a new row is written when a consent is first given,
    withdrawn, or given again to a newer version, so the rows of an application are its
    consent history. They go with the application (an account's deletion, a cycle's purge).
    """

    # Not indexed on its own: an index or constraint in Meta begins with it (test_indexes.py).
    application = models.ForeignKey(Application, on_delete=models.CASCADE, related_name="consents", db_index=False)
    key = models.CharField(max_length=64)
    version = models.PositiveSmallIntegerField()
    given = models.BooleanField()
    text = models.TextField()
    text_hash = models.CharField(max_length=64)
    # The language the text was shown in (a code of settings.SHIPPED_LANGUAGES). The records
    # made before the texts had languages were all English.
    language = models.CharField(max_length=8, default="en")
    at = models.DateTimeField()

    class Meta:
        verbose_name = _("consent record")
        verbose_name_plural = _("consent records")
        ordering = ["application", "key", "at", "pk"]
        indexes = [models.Index(fields=["application", "key", "at"], name="consent_application_key_at")]

    def __str__(self) -> str:
        return f"{self.key} v{self.version} {'given' if self.given else 'withdrawn'}"


class AnonymisedApplicationCount(models.Model):
    """What stays of applications once their people's data is gone (an account deleted, a cycle
    purged): how many there were, per cycle, status and host school or not. Enough for the
    statistics' counters (the only use they make of the school), nothing that points back to
    anyone: no name, email, school name, team, date or answer.

    Counts, not one row per application: a row per person, even stripped, could be matched
    back (by its id's order, or by a rare status at a small event). The survey answers the
    demographics chart are counted apart (AnonymisedAnswerCount), unlinked from these and from
    each other, so no record combining one person's answers (age, gender, ethnicity...) survives.
    """

    # Not indexed on its own: an index or constraint in Meta begins with it (test_indexes.py).
    cycle = models.ForeignKey(Cycle, on_delete=models.CASCADE, related_name="anonymised_applications", db_index=False)
    status = models.CharField(max_length=32, choices=ApplicationStatus.choices)
    host_school = models.BooleanField()
    count = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("anonymised application count")
        verbose_name_plural = _("anonymised application counts")
        constraints = [
            models.UniqueConstraint(fields=["cycle", "status", "host_school"], name="one_anonymised_count_per_group")
        ]

    def __str__(self) -> str:
        return f"{self.count} × {self.status}"


class AnonymisedAnswerCount(models.Model):
    """How many anonymised applications of a cycle and status gave one survey answer (see
    AnonymisedApplicationCount). `value` is one option (a multiselect answer counts once per
    option it held), yes/no or a number: never free text."""

    # Not indexed on its own: an index or constraint in Meta begins with it (test_indexes.py).
    cycle = models.ForeignKey(Cycle, on_delete=models.CASCADE, related_name="anonymised_answers", db_index=False)
    status = models.CharField(max_length=32, choices=ApplicationStatus.choices)
    question_id = models.CharField(max_length=64)
    value = models.CharField(max_length=1000)
    count = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("anonymised answer count")
        verbose_name_plural = _("anonymised answer counts")
        constraints = [
            models.UniqueConstraint(
                fields=["cycle", "status", "question_id", "value"], name="one_anonymised_answer_count"
            )
        ]

    def __str__(self) -> str:
        return f"{self.question_id}={self.value[:30]} × {self.count}"


def answer_text(value: str, detail: str) -> str:
    """An answer as one text for the export and the history: "Other (their words)" when the
    applicant described their choice, else the answer itself."""
    return f"{value} ({detail})" if detail else value


class RsvpAnswers(models.Model):
    """An applicant's answers to the cycle's RSVP set (apps.cycles' RsvpQuestionSet): given when
    they confirm, editable until the event starts (apps.applications.rsvp).

    One row holding `{question_id: answer}` in the contract's encoding, not Answer rows: the
    Answer table is "the application's answers" to every reader (review, export, demographics,
    anonymisation), and the RSVP answers are read whole, per applicant. They go with the
    application (an account's deletion, a cycle's purge).
    """

    application = models.OneToOneField(Application, on_delete=models.CASCADE, related_name="rsvp")
    answers = models.JSONField(default=dict, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("RSVP answers")
        verbose_name_plural = _("RSVP answers")

    def __str__(self) -> str:
        return f"RSVP of {self.application_id}"
