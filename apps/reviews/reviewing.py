"""A reviewer's work on one application: their review (scores, private comment), a skip, a
declared conflict, and the hand-over to the next reviewer; plus the reads that respect who
may see what (a reviewer only their assignments and their own comments; blind mode).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Count, Q
from django.utils.translation import gettext_lazy as _

from apps.accounts.models import Role, User
from apps.applications.models import Application
from apps.core.exceptions import ApplicationError
from apps.cycles.models import Cycle, QuestionType
from apps.cycles.selectors import current_cycle
from apps.resumes.models import Resume

from . import services
from .masking import identity_words, mask_identity
from .models import Assignment, Conflict, Criterion, Review, ReviewOutcome, ReviewScore, ReviewStatus, ReviewSummary
from .ranking_state import mark_changed
from .rubric import criteria_of, criterion_payload, is_locked

NOT_ASSIGNED = _("This application isn't assigned to you.")
CLOSED = _("Reviews are closed: decisions were released.")
ORGANIZERS_ONLY = _("Only organizers can read other reviewers' reviews and comments.")
COMMENT_MAX = 5000
REVIEWER_ROLES = (Role.ADMIN, Role.REVIEWER)


# --- Blind mode ----------------------------------------------------------------------------

# Answers typed freely, where an applicant may sign with their name or leave a link.
FREE_TEXT_TYPES = frozenset({QuestionType.SHORT_ANSWER, QuestionType.LONG_ANSWER, QuestionType.LIST})


def blind_view(application: dict | None, sections: list[dict]) -> tuple[dict | None, list[dict]]:
    """What a reviewer sees of an application when the cycle reviews blind: the application
    payload and the question set without who the applicant is.

    - name, email, school and team emptied;
    - every question an organizer keeps from reviewers (`reviewer_visible` false: by default
      links, age, location, demographics, contact details) left out with its answer, and a
      section left with no question left out whole;
    - free-text answers masked for the applicant's name, email parts, addresses, URLs and
      handles (masking.py).

    A section shown only when a hidden yes/no question is answered yes is decided here, with
    the stored answer, and sent as unconditional: the page can't test an answer it doesn't
    have."""
    hidden = {q["question_id"] for s in sections for q in s["questions"] if not q.get("reviewer_visible", True)}
    kinds = {q["question_id"]: q["question_type"] for s in sections for q in s["questions"]}
    answers = {
        a["question_id"]: a.get("answer") for s in (application or {}).get("sections", []) for a in s.get("answers", [])
    }
    shown_sections = []
    for section in sections:
        condition = section.get("conditional_on")
        if condition in hidden:
            if answers.get(condition) != "yes":
                continue
            section = {**section, "conditional_on": None}
        questions = [q for q in section["questions"] if q["question_id"] not in hidden]
        if questions:
            shown_sections.append({**section, "questions": questions})
    if application is None:
        return None, shown_sections
    shown_names = {s["section_name"] for s in shown_sections}
    words = identity_words(application.get("first", ""), application.get("last", ""), application.get("email", ""))

    def shown(answer: dict) -> dict:
        if isinstance(answer.get("detail"), str):
            # The applicant's own words beside "Other": free text, masked as free text is.
            answer = {**answer, "detail": mask_identity(answer["detail"], words)}
        value = answer.get("answer")
        kind = kinds.get(answer["question_id"])
        if kind not in FREE_TEXT_TYPES or not isinstance(value, str):
            return answer
        if kind == QuestionType.LIST:
            # Entries are stored comma-joined: each is masked on its own, so the list keeps its shape.
            return {**answer, "answer": ",".join(mask_identity(entry, words) for entry in value.split(","))}
        return {**answer, "answer": mask_identity(value, words)}

    answer_sections = [
        {
            **s,
            "answers": [
                shown(a) for a in s.get("answers", []) if a["question_id"] in kinds and a["question_id"] not in hidden
            ],
        }
        for s in application.get("sections", [])
    ]
    blinded = {
        **application,
        "first": "",
        "last": "",
        "email": "",
        "school": "",
        "teamcode": None,
        "team_choice": None,
        # The answer sections of the sections still shown (a section all of whose questions are
        # hidden goes, so even its name doesn't hint at what was asked).
        "sections": [s for s in answer_sections if s["answers"] or s.get("section_name") in shown_names],
    }
    return blinded, shown_sections


# --- Access --------------------------------------------------------------------------------


def _application(application_id: int, cycle: Cycle, *, for_update: bool = False) -> Application | None:
    queryset = Application.objects.filter(pk=application_id, cycle=cycle)
    if for_update:
        queryset = queryset.select_for_update()
    return queryset.first()


def resume_to_review(*, user, application_id: int):
    """The resume of an application the caller may read: assigned to them, or any application
    of the cycle for an organizer. 404 otherwise, or when there is no resume on file."""
    cycle = current_cycle()
    if user.is_admin:
        application = _application(application_id, cycle)
        if application is None:
            raise ApplicationError(_("No such application."), status=404)
        owner_id = application.user_id
    else:
        owner_id = own_assignment(user, application_id, cycle).application.user_id
    resume = Resume.objects.filter(user_id=owner_id).first()
    if resume is None:
        raise ApplicationError(_("This applicant has no resume on file."), status=404)
    return resume


def own_assignment(user, application_id: int, cycle: Cycle, *, for_update: bool = False) -> Assignment:
    """The caller's assignment of this application of the current cycle, or a 404 — for
    organizers too: a review is written by whoever was given the application."""
    queryset = Assignment.objects.filter(reviewer=user, application_id=application_id, application__cycle=cycle)
    if for_update:
        queryset = queryset.select_for_update()
    assignment = queryset.first()
    if assignment is None:
        raise ApplicationError(NOT_ASSIGNED, status=404)
    return assignment


def _scores_of(review: Review | None) -> dict[str, int]:
    if review is None or review.outcome != ReviewOutcome.SCORED:
        return {}
    return {str(s.criterion_id): s.value for s in review.scores.all()}


def review_payload(*, user, application_id: int, cycle: Cycle | None = None, criteria=None) -> dict:
    """The caller's own review of an assigned application (GET .../review)."""
    cycle = cycle or current_cycle()
    own_assignment(user, application_id, cycle)
    review = Review.objects.filter(reviewer=user, application_id=application_id).prefetch_related("scores").first()
    criteria = criteria_of(cycle) if criteria is None else criteria
    return {
        "application_id": application_id,
        "outcome": review.outcome if review else None,
        "scores": _scores_of(review),
        "comment": review.comment if review else "",
        "skip_reason": review.skip_reason if review else "",
        "editable": not is_locked(cycle),
        "blind": cycle.blind_review,
        "criteria": [criterion_payload(c) for c in criteria],
    }


def _check_open(cycle: Cycle) -> None:
    if is_locked(cycle):
        raise ApplicationError(CLOSED, status=409)


def _complete(assignment: Assignment) -> None:
    if assignment.status != ReviewStatus.COMPLETE:
        assignment.status = ReviewStatus.COMPLETE
        assignment.save(update_fields=["status", "updated_at"])


# --- Writes --------------------------------------------------------------------------------


@transaction.atomic
def save_review(*, user, application_id: int, scores: dict, comment: str) -> dict:
    """Score every criterion (integers within each scale) and keep a private comment. The
    author may change it until release; a skip becomes a scored review."""
    cycle = current_cycle()
    _check_open(cycle)
    assignment = own_assignment(user, application_id, cycle, for_update=True)
    criteria = criteria_of(cycle)
    errors: dict[str, list[str]] = {}
    known = {str(c.pk): c for c in criteria}
    unknown = [key for key in scores if key not in known]
    if unknown:
        # Not echoed back: a key may be any text.
        errors["scores"] = [_("A score names no criterion of this cycle's rubric: reload the rubric.")]
    for key, c in known.items():
        value = scores.get(key)
        scale = {"name": c.name, "min": c.scale_min, "max": c.scale_max}
        if value is None:
            errors[f"scores.{key}"] = [_("Give '%(name)s' a score from %(min)s to %(max)s.") % scale]
        elif not c.scale_min <= value <= c.scale_max:
            errors[f"scores.{key}"] = [_("'%(name)s' is scored from %(min)s to %(max)s.") % scale]
    if len(comment) > COMMENT_MAX:
        errors["comment"] = [_("At most %(limit)s characters.") % {"limit": COMMENT_MAX}]
    if errors:
        raise ApplicationError(next(iter(errors.values()))[0], errors=errors)
    review, _created = Review.objects.update_or_create(
        reviewer=user,
        application_id=application_id,
        defaults={"outcome": ReviewOutcome.SCORED, "comment": comment, "skip_reason": ""},
    )
    ReviewScore.objects.filter(review=review).delete()
    ReviewScore.objects.bulk_create(
        [ReviewScore(review=review, criterion_id=c.pk, value=scores[key]) for key, c in known.items()]
    )
    _complete(assignment)
    mark_changed(cycle.pk, application_id, user.pk)
    return review_payload(user=user, application_id=application_id, cycle=cycle, criteria=criteria)


def next_reviewer(*, application: Application, cycle: Cycle) -> User | None:
    """Who takes over a skipped or conflicted application: a reviewer or organizer already
    reviewing in this cycle, not tied to this application in any way (assigned, reviewed,
    conflicted) and not its applicant, with the fewest open assignments (ties by email)."""
    tied = set(Assignment.objects.filter(application=application).values_list("reviewer_id", flat=True))
    tied |= set(Review.objects.filter(application=application).values_list("reviewer_id", flat=True))
    tied |= set(Conflict.objects.filter(application=application).values_list("reviewer_id", flat=True))
    tied.add(application.user_id)
    candidate = (
        User.objects.filter(role__in=REVIEWER_ROLES, is_active=True, assignments__application__cycle=cycle)
        .exclude(pk__in=tied)
        .annotate(
            open=Count(
                "assignments",
                filter=Q(assignments__status=ReviewStatus.TO_REVIEW, assignments__application__cycle=cycle),
            )
        )
        .order_by("open", "email")
        .first()
    )
    if candidate is None:
        return None
    services.assign(reviewer=candidate, application_id=application.pk)
    return candidate


@transaction.atomic
def skip(*, user, application_id: int, reason: str = "") -> dict:
    """Skip an assigned application: recorded as a `skipped` review (scores dropped), the
    assignment complete, and the application handed to the next reviewer."""
    cycle = current_cycle()
    _check_open(cycle)
    assignment = own_assignment(user, application_id, cycle, for_update=True)
    review, _created = Review.objects.update_or_create(
        reviewer=user,
        application_id=application_id,
        defaults={"outcome": ReviewOutcome.SKIPPED, "skip_reason": reason.strip()},
    )
    ReviewScore.objects.filter(review=review).delete()
    _complete(assignment)
    application = _application(application_id, cycle, for_update=True)
    taker = next_reviewer(application=application, cycle=cycle)
    mark_changed(cycle.pk, application_id, user.pk)
    return {"next_reviewer": taker.email if taker else None}


@transaction.atomic
def declare_conflict(*, user, application_id: int, reason: str, note: str = "") -> dict:
    """A conflict of interest: recorded, the caller's assignment and any review of theirs
    removed, and the application handed to the next reviewer."""
    cycle = current_cycle()
    _check_open(cycle)
    assignment = own_assignment(user, application_id, cycle, for_update=True)
    Conflict.objects.get_or_create(
        reviewer=user, application_id=application_id, defaults={"reason": reason, "note": note.strip()}
    )
    Review.objects.filter(reviewer=user, application_id=application_id).delete()
    assignment.delete()
    application = _application(application_id, cycle, for_update=True)
    taker = next_reviewer(application=application, cycle=cycle)
    mark_changed(cycle.pk, application_id, user.pk)
    return {"next_reviewer": taker.email if taker else None}


# --- Organizers' reads ---------------------------------------------------------------------


def application_reviews(*, application_id: int) -> dict:
    """Every review of an application with scores and comments, its conflicts and summary
    (organizers only: the API checks the role). Four queries."""
    cycle = current_cycle()
    application = _application(application_id, cycle)
    if application is None:
        raise ApplicationError(_("No application with this id in the current cycle."), status=404)
    reviews = (
        Review.objects.filter(application=application)
        .select_related("reviewer")
        .prefetch_related("scores")
        .order_by("reviewer__email")
    )
    summary = ReviewSummary.objects.filter(application=application).first()
    return {
        "application_id": application.pk,
        "reviews": [
            {
                "reviewer": r.reviewer.email,
                "outcome": r.outcome,
                "scores": _scores_of(r),
                "comment": r.comment,
                "skip_reason": r.skip_reason,
                "updated_at": r.updated_at,
            }
            for r in reviews
        ],
        "conflicts": [
            {"reviewer": c.reviewer.email, "reason": c.reason, "note": c.note, "created_at": c.created_at}
            for c in Conflict.objects.filter(application=application).select_related("reviewer").order_by("pk")
        ],
        "summary": None
        if summary is None
        else {
            "score": summary.score,
            "raw_score": summary.raw_score,
            "reviews": summary.reviews,
            "spread": summary.spread,
            "rank": summary.rank,
        },
    }


def my_assigned(*, user, cycle: Cycle | None = None) -> dict:
    """The caller's assignments in order, with their review outcome; names and emails hidden
    in blind mode. One query."""
    cycle = cycle or current_cycle()
    blind = cycle.blind_review
    rows = (
        Assignment.objects.filter(reviewer=user, application__cycle=cycle)
        .order_by("position", "pk")
        .values_list("application_id", "application__email", "application__first", "application__last", "status")
    )
    outcomes = dict(
        Review.objects.filter(reviewer=user, application__cycle=cycle).values_list("application_id", "outcome")
    )
    return {
        "blind": blind,
        "assigned": [
            {
                "index": i,
                "application_id": pk,
                "email": None if blind else email,
                "name": None if blind else f"{first} {last}".strip(),
                "status": status,
                "outcome": outcomes.get(pk),
            }
            for i, (pk, email, first, last, status) in enumerate(rows)
        ],
    }


def criteria_names(cycle: Cycle) -> dict[int, str]:
    return dict(Criterion.objects.filter(cycle=cycle).values_list("pk", "name"))
