"""The reviews app's API: one module for both its address families.

- `/api/applications/...` by email (organizers only): assign applications to a reviewer, read a
  reviewer's list and position, mark a review to do or complete. A reviewer is refused before
  any lookup, so an email can't be tested against blind assignments.
- `/api/reviews/...` by application id (organizers and reviewers, a reviewer only for what is
  assigned to them): the rubric, the caller's own review, skip, conflict, organizers' reads,
  auto-assign, the ranking, fill to capacity and the CSV exports.

Thin views: the rules live in services.py, selectors.py, rubric.py, reviewing.py,
assigning.py, ranking.py and admission.py.
"""

from __future__ import annotations

import io

from django.http import FileResponse, StreamingHttpResponse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.response import Response

from apps.applications.organizer_api import BatchResultSerializer, BatchTargetSerializer, batch_emails
from apps.core.api import AdminApiView, ApiView
from apps.core.exceptions import ApplicationError
from apps.core.permissions import CanReview
from apps.core.schema import error_responses, path_email, path_str, query_int
from apps.core.text import path_email_or_404
from apps.cycles.selectors import current_cycle
from apps.resumes import selectors as resume_selectors
from apps.resumes import services as resume_services
from apps.resumes.metadata import UnreadablePdf, strip_metadata
from apps.resumes.models import ResumeAccess

from . import admission, assigning, exports, ranking, refill, reviewing, rubric, selectors, services
from .models import ConflictReason
from .rubric import MAX_CRITERIA, SCALE_LIMIT

APPLICATION_ID = OpenApiParameter("application_id", OpenApiTypes.INT, OpenApiParameter.PATH)


class ReviewerApiView(ApiView):
    """Organizers and reviewers; what a reviewer may see is narrowed by the service."""

    permission_classes = [CanReview]


# --- Rubric --------------------------------------------------------------------------------


class CriterionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    description = serializers.CharField(allow_blank=True)
    scale_min = serializers.IntegerField()
    scale_max = serializers.IntegerField()
    weight = serializers.FloatField()
    position = serializers.IntegerField()


class RubricSerializer(serializers.Serializer):
    criteria = CriterionSerializer(many=True)
    blind = serializers.BooleanField()
    locked = serializers.BooleanField()


@extend_schema_serializer(component_name="CriterionInput")
class CriterionInputSerializer(serializers.Serializer):
    id = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=2**63 - 1)
    name = serializers.CharField(max_length=60, allow_blank=True, trim_whitespace=True)
    description = serializers.CharField(max_length=500, allow_blank=True, required=False, default="")
    scale_min = serializers.IntegerField(min_value=0, max_value=SCALE_LIMIT)
    scale_max = serializers.IntegerField(min_value=0, max_value=SCALE_LIMIT)
    weight = serializers.DecimalField(
        max_digits=6, decimal_places=2, min_value=0, max_value=100, coerce_to_string=False
    )


@extend_schema_serializer(component_name="RubricInput")
class RubricInputSerializer(serializers.Serializer):
    criteria = CriterionInputSerializer(many=True, max_length=MAX_CRITERIA, min_length=1)
    blind = serializers.BooleanField()


class RubricApi(ReviewerApiView):
    """GET rubric (organizers and reviewers), PUT rubric (organizers)."""

    admin_methods = ("PUT",)

    @extend_schema(
        summary="The current cycle's rubric and blind setting",
        responses={200: RubricSerializer, **error_responses(403)},
    )
    def get(self, request):
        return Response(rubric.rubric_payload(current_cycle()))

    @extend_schema(
        summary="Replace the rubric (organizers)",
        request=RubricInputSerializer,
        responses={200: RubricSerializer, **error_responses(409)},
    )
    def put(self, request):
        data = self.validate(RubricInputSerializer, request.data)
        return Response(rubric.rubric_update(cycle=current_cycle(), criteria=data["criteria"], blind=data["blind"]))


# --- The caller's own review ---------------------------------------------------------------


class OwnReviewSerializer(serializers.Serializer):
    application_id = serializers.IntegerField()
    outcome = serializers.ChoiceField(choices=["scored", "skipped"], allow_null=True)
    scores = serializers.DictField(child=serializers.IntegerField())
    comment = serializers.CharField(allow_blank=True)
    skip_reason = serializers.CharField(allow_blank=True)
    editable = serializers.BooleanField()
    blind = serializers.BooleanField()
    criteria = CriterionSerializer(many=True)


@extend_schema_serializer(component_name="ReviewInput")
class ReviewInputSerializer(serializers.Serializer):
    scores = serializers.DictField(
        child=serializers.IntegerField(min_value=-(10**6), max_value=10**6), allow_empty=True
    )
    comment = serializers.CharField(allow_blank=True, required=False, default="", trim_whitespace=False)


@extend_schema(parameters=[APPLICATION_ID])
class OwnReviewApi(ReviewerApiView):
    """GET / PUT applications/{id}/review: the caller's review of an application given to them."""

    @extend_schema(summary="The caller's review", responses={200: OwnReviewSerializer, **error_responses(403, 404)})
    def get(self, request, application_id: int):
        return Response(reviewing.review_payload(user=request.user, application_id=application_id))

    @extend_schema(
        summary="Save the caller's review (every criterion scored)",
        request=ReviewInputSerializer,
        responses={200: OwnReviewSerializer, **error_responses(404, 409)},
    )
    def put(self, request, application_id: int):
        data = self.validate(ReviewInputSerializer, request.data)
        return Response(
            reviewing.save_review(
                user=request.user, application_id=application_id, scores=data["scores"], comment=data["comment"]
            )
        )


class NextReviewerSerializer(serializers.Serializer):
    next_reviewer = serializers.EmailField(allow_null=True)


@extend_schema_serializer(component_name="SkipInput")
class SkipInputSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=300, allow_blank=True, required=False, default="")


@extend_schema_serializer(component_name="ConflictInput")
class ConflictInputSerializer(serializers.Serializer):
    reason = serializers.ChoiceField(choices=ConflictReason.choices)
    note = serializers.CharField(max_length=300, allow_blank=True, required=False, default="")


UNREADABLE_RESUME = _(
    "This resume can't be shown in blind review: the file can't be read to remove its author's details. "
    "Ask an organizer."
)


@extend_schema(
    summary="The resume of an application given to the caller (organizers: any), logged",
    description=(
        "Served without its metadata (document information, XMP, annotation authors, embedded files) to "
        "reviewers, and to anyone while the cycle reviews blind. In blind review a file that can't be "
        "rewritten is refused (422) rather than served as it was; organizers still download the original "
        "from the applicant's page."
    ),
    parameters=[APPLICATION_ID],
    responses={
        (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY, description="application-<id>.pdf"),
        **error_responses(403, 404, 422),
    },
)
class ReviewResumeApi(ReviewerApiView):
    """Reviewers read the resume by application id, never by address, so blind mode holds; the
    file is named after the application, and the owner's access log records the reviewer."""

    def get(self, request, application_id: int):
        resume = reviewing.resume_to_review(user=request.user, application_id=application_id)
        blind = current_cycle().blind_review
        with resume_selectors.resume_open(resume) as opened:
            content = opened.read()
        if blind or not request.user.is_admin:
            try:
                content = strip_metadata(content)
            except UnreadablePdf:
                # Never the original bytes in blind review: they may name the author. Outside
                # blind review the reviewer sees the applicant's name anyway.
                if blind:
                    raise ApplicationError(UNREADABLE_RESUME, status=422) from None
        resume_services.log_access(
            resumes=[(resume.user_id, resume.path)], actor=request.user, how=ResumeAccess.How.REVIEW
        )
        response = FileResponse(
            io.BytesIO(content),
            as_attachment=True,
            filename=f"application-{application_id}.pdf",
            content_type="application/pdf",
        )
        response["Cache-Control"] = "no-store"
        return response


@extend_schema(
    summary="Skip an assigned application (it goes to the next reviewer)",
    parameters=[APPLICATION_ID],
    request=SkipInputSerializer,
    responses={200: NextReviewerSerializer, **error_responses(404, 409)},
)
class SkipApi(ReviewerApiView):
    def post(self, request, application_id: int):
        data = self.validate(SkipInputSerializer, request.data)
        return Response(reviewing.skip(user=request.user, application_id=application_id, reason=data["reason"]))


@extend_schema(
    summary="Declare a conflict of interest (the assignment goes to the next reviewer)",
    parameters=[APPLICATION_ID],
    request=ConflictInputSerializer,
    responses={200: NextReviewerSerializer, **error_responses(404, 409)},
)
class ConflictApi(ReviewerApiView):
    def post(self, request, application_id: int):
        data = self.validate(ConflictInputSerializer, request.data)
        return Response(
            reviewing.declare_conflict(
                user=request.user, application_id=application_id, reason=data["reason"], note=data["note"]
            )
        )


# --- Organizers: every review of an application ------------------------------------------


class ReviewRowSerializer(serializers.Serializer):
    reviewer = serializers.EmailField()
    outcome = serializers.ChoiceField(choices=["scored", "skipped"])
    scores = serializers.DictField(child=serializers.IntegerField())
    comment = serializers.CharField(allow_blank=True)
    skip_reason = serializers.CharField(allow_blank=True)
    updated_at = serializers.DateTimeField()


class ConflictRowSerializer(serializers.Serializer):
    reviewer = serializers.EmailField()
    reason = serializers.ChoiceField(choices=ConflictReason.choices)
    note = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()


class SummarySerializer(serializers.Serializer):
    score = serializers.FloatField(allow_null=True)
    raw_score = serializers.FloatField(allow_null=True)
    reviews = serializers.IntegerField()
    spread = serializers.FloatField(allow_null=True)
    rank = serializers.IntegerField(allow_null=True)


class ApplicationReviewsSerializer(serializers.Serializer):
    application_id = serializers.IntegerField()
    reviews = ReviewRowSerializer(many=True)
    conflicts = ConflictRowSerializer(many=True)
    summary = SummarySerializer(allow_null=True)


@extend_schema(
    summary="Every review of an application, with comments (organizers)",
    parameters=[APPLICATION_ID],
    responses={200: ApplicationReviewsSerializer, **error_responses(404)},
)
class ApplicationReviewsApi(AdminApiView):
    permission_denied_message = reviewing.ORGANIZERS_ONLY

    def permission_denied(self, request, message=None, code=None):
        # A reviewer asking for others' reviews: say why in words, not the generic line.
        if request.user and request.user.is_authenticated:
            message = reviewing.ORGANIZERS_ONLY
        super().permission_denied(request, message=message, code=code)

    def get(self, request, application_id: int):
        return Response(ApplicationReviewsSerializer(reviewing.application_reviews(application_id=application_id)).data)


# --- The caller's assignments --------------------------------------------------------------


class AssignedItemSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    application_id = serializers.IntegerField()
    email = serializers.CharField(allow_null=True)
    name = serializers.CharField(allow_null=True, allow_blank=True)
    status = serializers.ChoiceField(choices=["to_review", "complete"])
    outcome = serializers.ChoiceField(choices=["scored", "skipped"], allow_null=True)


class AssignedSerializer(serializers.Serializer):
    blind = serializers.BooleanField()
    assigned = AssignedItemSerializer(many=True)


@extend_schema(
    summary="The caller's assignments (blind-aware)", responses={200: AssignedSerializer, **error_responses(403)}
)
class AssignedApi(ReviewerApiView):
    def get(self, request):
        return Response(reviewing.my_assigned(user=request.user))


# --- Auto-assign -----------------------------------------------------------------------------


@extend_schema_serializer(component_name="AutoAssignInput")
class AutoAssignInputSerializer(serializers.Serializer):
    reviewers = serializers.ListField(child=serializers.CharField(max_length=254), min_length=1, max_length=200)
    per_application = serializers.IntegerField(min_value=1, max_value=10)
    avoid_own_school = serializers.BooleanField(required=False, default=False)


class AutoAssignSerializer(serializers.Serializer):
    assigned = serializers.IntegerField()
    applications = serializers.IntegerField()
    loads = serializers.DictField(child=serializers.IntegerField())


class AutoAssignApi(AdminApiView):
    @extend_schema(
        summary="Assign every submitted application to N reviewers, balanced (only adds)",
        request=AutoAssignInputSerializer,
        responses={200: AutoAssignSerializer},
    )
    def post(self, request):
        data = self.validate(AutoAssignInputSerializer, request.data)
        return Response(
            assigning.auto_assign(
                cycle=current_cycle(),
                emails=data["reviewers"],
                per_application=data["per_application"],
                avoid_own_school=data["avoid_own_school"],
            )
        )


# --- Ranking ---------------------------------------------------------------------------------


class RankingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    application_id = serializers.IntegerField()
    email = serializers.EmailField()
    name = serializers.CharField(allow_blank=True)
    school = serializers.CharField(allow_blank=True)
    team = serializers.CharField(allow_null=True)
    status = serializers.CharField()
    score = serializers.FloatField(allow_null=True)
    raw_score = serializers.FloatField(allow_null=True)
    reviews = serializers.IntegerField()
    spread = serializers.FloatField(allow_null=True)


class AgreementSerializer(serializers.Serializer):
    criterion_id = serializers.IntegerField()
    name = serializers.CharField(allow_blank=True)
    alpha = serializers.FloatField(allow_null=True)
    units = serializers.IntegerField()
    pairable_values = serializers.IntegerField()


class ReviewerStatsSerializer(serializers.Serializer):
    email = serializers.CharField(allow_blank=True)
    reviews = serializers.IntegerField()
    skipped = serializers.IntegerField()
    conflicts = serializers.IntegerField()
    mean = serializers.FloatField(allow_null=True)
    sd = serializers.FloatField(allow_null=True)


class RankingSerializer(serializers.Serializer):
    rows = RankingRowSerializer(many=True)
    total = serializers.IntegerField()
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    criteria = CriterionSerializer(many=True)
    agreement = AgreementSerializer(many=True)
    reviewers = ReviewerStatsSerializer(many=True)
    refreshed_at = serializers.DateTimeField(allow_null=True, help_text="When the shown ranking was calibrated")
    changed_at = serializers.DateTimeField(allow_null=True, help_text="When a review last changed")
    recalculating = serializers.BooleanField(
        help_text="A review changed since: the recalibration is queued and this is the last ranking"
    )


@extend_schema(
    summary="The calibrated ranking, agreement per criterion and reviewer figures",
    parameters=[
        query_int("min_reviews", 0, ranking.MAX_MIN_REVIEWS, "Only applications with at least this many reviews"),
        query_int("page", 1, ranking.MAX_PAGE),
        query_int("page_size", 1, ranking.MAX_PAGE_SIZE),
    ],
    responses={200: RankingSerializer, **error_responses(400)},
)
class RankingApi(AdminApiView):
    def get(self, request):
        return Response(RankingSerializer(ranking.ranking(current_cycle(), request.query_params)).data)


# --- Fill to capacity ------------------------------------------------------------------------


@extend_schema_serializer(component_name="FillToCapacityInput")
class FillInputSerializer(serializers.Serializer):
    capacity = serializers.IntegerField(min_value=1, max_value=100_000)
    attendance_rate = serializers.FloatField(min_value=0.05, max_value=1)
    waitlist_size = serializers.IntegerField(min_value=0, max_value=100_000, required=False, default=0)
    keep_teams = serializers.BooleanField(required=False, default=False)
    dry_run = serializers.BooleanField(required=False, default=True)
    confirm_count = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=10_000_000)


class FillCountsSerializer(serializers.Serializer):
    accept = serializers.IntegerField()
    waitlist = serializers.IntegerField()
    already_admitted = serializers.IntegerField(
        help_text="Already holding a place (accepted, waitlist-accepted, confirmed, checked in): target - this = accept"
    )
    teams_kept = serializers.IntegerField()
    target = serializers.IntegerField()


class FillSerializer(serializers.Serializer):
    accept = RankingRowSerializer(many=True)
    waitlist = RankingRowSerializer(many=True)
    counts = FillCountsSerializer()


class FillToCapacityApi(AdminApiView):
    @extend_schema(
        summary="Preview or record acceptances and the waitlist by rank",
        request=FillInputSerializer,
        responses={200: FillSerializer, **error_responses(409)},
    )
    def post(self, request):
        data = self.validate(FillInputSerializer, request.data)
        result = admission.fill_to_capacity(cycle=current_cycle(), actor=request.user, **data)
        return Response(FillSerializer(result).data)


class CapacitySerializer(serializers.Serializer):
    capacity = serializers.IntegerField(allow_null=True)
    attendance_rate = serializers.FloatField(allow_null=True)
    waitlist_size = serializers.IntegerField(allow_null=True)
    keep_teams = serializers.BooleanField()
    accepted = serializers.IntegerField(help_text="Offered a place and not answered yet")
    confirmed = serializers.IntegerField(help_text="Said they will come, checked in or not")
    checked_in = serializers.IntegerField()
    waitlisted = serializers.IntegerField()
    admitted = serializers.IntegerField(help_text="Holding a place: accepted, waitlist-accepted, confirmed, checked in")
    spots_filled = serializers.IntegerField(help_text="Confirmed, checked in or not (the same as `confirmed`)")
    spots_left = serializers.IntegerField(allow_null=True)


@extend_schema(summary="Spots filled against the capacity", responses={200: CapacitySerializer})
class CapacityApi(AdminApiView):
    def get(self, request):
        return Response(admission.capacity(current_cycle()))


# --- The waitlist refill ------------------------------------------------------------------


class WaitingRowSerializer(serializers.Serializer):
    application_id = serializers.IntegerField()
    email = serializers.CharField()
    name = serializers.CharField(allow_blank=True)
    status = serializers.CharField()
    team = serializers.CharField(allow_null=True)
    score = serializers.FloatField(allow_null=True, help_text="The combined review score; null without one")
    waitlisted_at = serializers.DateTimeField(allow_null=True)
    next = serializers.BooleanField(help_text="Would be offered a spot by the refill now (were it on)")


class WaitlistRefillSerializer(serializers.Serializer):
    enabled = serializers.BooleanField()
    paused = serializers.BooleanField()
    idle_reason = serializers.CharField(allow_blank=True, help_text="Why the refill would offer nothing now")
    ranked = serializers.BooleanField(help_text="Offers go by rank (else by the time waitlisted)")
    waiting = serializers.IntegerField()
    capacity = serializers.IntegerField(allow_null=True)
    attendance_rate = serializers.FloatField(allow_null=True)
    target = serializers.IntegerField(allow_null=True, help_text="How many may hold a place: capacity / rate")
    admitted = serializers.IntegerField()
    free = serializers.IntegerField(help_text="Places the refill would offer now")
    next = WaitingRowSerializer(many=True)


@extend_schema_serializer(component_name="WaitlistRefillInput")
class WaitlistRefillInputSerializer(serializers.Serializer):
    enabled = serializers.BooleanField(required=False, help_text="Offer freed spots to the waitlist")
    paused = serializers.BooleanField(required=False, help_text="Hold the refill without turning it off")


class WaitlistRefillApi(AdminApiView):
    """The waitlist refill's switches and its preview of who would be offered next."""

    @extend_schema(summary="The waitlist refill: switches and who is next", responses={200: WaitlistRefillSerializer})
    def get(self, request):
        return Response(WaitlistRefillSerializer(refill.preview(current_cycle())).data)

    @extend_schema(
        summary="Turn the waitlist refill on or off, or pause it",
        description="Turning it on (or resuming it) offers the spots free now at once.",
        request=WaitlistRefillInputSerializer,
        responses={200: WaitlistRefillSerializer, **error_responses(400)},
    )
    def post(self, request):
        data = self.validate(WaitlistRefillInputSerializer, request.data)
        values = {}
        if "enabled" in data:
            values["waitlist_refill"] = data["enabled"]
        if "paused" in data:
            values["waitlist_refill_paused"] = data["paused"]
        cycle = refill.save_switches(current_cycle(), **values)
        return Response(WaitlistRefillSerializer(refill.preview(cycle)).data)


class UnassignedSerializer(serializers.Serializer):
    emails = serializers.ListField(
        child=serializers.EmailField(), help_text="Submitted applications no one reviews yet, by email"
    )
    more = serializers.BooleanField(help_text="Whether there are more than the list holds")


@extend_schema(
    summary="The submitted applications without a reviewer (what the assign page offers)",
    responses={200: UnassignedSerializer},
)
class UnassignedApi(AdminApiView):
    """GET `reviews/unassigned`: the assign page asks again after an auto-assign or an
    assignment by hand, so its count of applications without a reviewer stays true."""

    def get(self, request):
        emails, more = selectors.unassigned_applications()
        return Response({"emails": emails, "more": more})


# --- Exports ---------------------------------------------------------------------------------


def _csv(chunks, name: str) -> StreamingHttpResponse:
    response = StreamingHttpResponse(chunks, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "no-store"
    return response


@extend_schema(
    summary="Every review with scores and comments, as CSV",
    responses={(200, "text/csv"): OpenApiResponse(OpenApiTypes.BINARY, description="CSV, one row per review")},
)
class ScoresExportApi(AdminApiView):
    def get(self, request):
        cycle = current_cycle()
        return _csv(exports.scores_csv(cycle), exports.filename(cycle, "review-scores"))


@extend_schema(
    summary="Per-reviewer figures, as CSV",
    responses={(200, "text/csv"): OpenApiResponse(OpenApiTypes.BINARY, description="CSV, one row per reviewer")},
)
class ReviewersExportApi(AdminApiView):
    def get(self, request):
        cycle = current_cycle()
        return _csv(exports.reviewers_csv(cycle), exports.filename(cycle, "reviewers"))


# --- By email, under /api/applications/ (organizers) ------------------------------------


class AssignmentSerializer(serializers.Serializer):
    """One assignment; `{"email": "dne"}` alone past the end of a reviewer's list."""

    email = serializers.CharField(allow_blank=True)
    status = serializers.ChoiceField(choices=["to_review", "complete"], required=False)


BY_ID_ONLY = _("Reviewers address applications by id, never by email: your assignments are at /api/reviews/assigned.")


class EmailRouteApiView(AdminApiView):
    """A route that names an applicant or a reviewer by email: organizers only. A reviewer is
    refused by the permission check, before any lookup, so the answer is the same whatever the
    address: an email can't be tested against blind assignments. Reviewers work by
    application id (`/api/reviews/...`)."""

    def permission_denied(self, request, message=None, code=None):
        if request.user and request.user.is_authenticated and getattr(request.user, "can_review", False):
            message = BY_ID_ONLY
        super().permission_denied(request, message=message, code=code)


class AssignedListSerializer(serializers.Serializer):
    assigned = AssignmentSerializer(many=True)


@extend_schema(
    summary="Assign one application to a reviewer",
    parameters=[path_email("member", "The reviewer (an organizer)."), path_email("applicant_email", "The applicant.")],
    request=None,
    responses={200: AssignmentSerializer, **error_responses(400, 404)},
)
class AssignApplicationApi(EmailRouteApiView):
    """POST assign-application/{member}/{applicantEmail}."""

    def post(self, request, member: str, applicant_email: str):
        assignment = services.assign_one(member=member, applicant_email=applicant_email)
        return Response({"email": assignment.application.email, "status": assignment.status})


class AssignApplicationsApi(AdminApiView):
    """POST assign-applications: `{"member", "emails"}` (or `"filters"`, every matching
    row), answered with the approved and failed addresses."""

    @extend_schema_serializer(component_name="AssignApplicationsInput")
    class InputSerializer(BatchTargetSerializer):
        member = serializers.CharField(max_length=254)

    @extend_schema(
        summary="Assign many applications to a reviewer",
        request=InputSerializer,
        responses={200: BatchResultSerializer, **error_responses(404)},
    )
    def post(self, request):
        data = self.validate(self.InputSerializer, request.data)
        return Response(services.assign_many(member=data["member"], emails=batch_emails(data)))


@extend_schema(
    summary="A reviewer's assignments, in assignment order",
    parameters=[path_email("reviewer_email", "The reviewer.")],
    responses={200: AssignedListSerializer, **error_responses(403, 404)},
)
class AssignedApplicationsApi(EmailRouteApiView):
    """GET assigned-applications/{reviewerEmail}: the reviewer's list in assignment order."""

    def get(self, request, reviewer_email: str):
        path_email_or_404(reviewer_email)
        return Response({"assigned": selectors.assigned_applications(reviewer_email=reviewer_email)})


@extend_schema(
    summary="The index-th (0-based) assignment of a reviewer",
    parameters=[
        path_email("reviewer_email", "The reviewer."),
        OpenApiParameter(
            "index",
            OpenApiTypes.INT,
            OpenApiParameter.PATH,
            description='0-based; negative or past the end answers {"email": "dne"}',
        ),
    ],
    responses={200: AssignmentSerializer, **error_responses(403, 404)},
)
class ApplicationIndexApi(EmailRouteApiView):
    """GET application-index/{reviewerEmail}/{index}: one position, or `{"email": "dne"}`."""

    def get(self, request, reviewer_email: str, index: str):
        path_email_or_404(reviewer_email)
        return Response(selectors.assignment_at(reviewer_email=reviewer_email, index=int(index)))


@extend_schema(
    summary="Mark a review to do or complete",
    parameters=[
        path_email("reviewer_email", "The reviewer."),
        path_email("applicant_email", "The applicant."),
        path_str("review_status", "to_review or complete", enum=["to_review", "complete"]),
    ],
    request=None,
    responses={200: AssignmentSerializer, **error_responses(403, 404)},
)
class ChangeReviewStatusApi(EmailRouteApiView):
    """PUT change-review-status/{reviewerEmail}/{applicantEmail}/{reviewStatus}."""

    def put(self, request, reviewer_email: str, applicant_email: str, review_status: str):
        assignment = services.change_review_status(
            reviewer_email=reviewer_email, applicant_email=applicant_email, status=review_status
        )
        return Response({"email": applicant_email.strip().lower(), "status": assignment.status})
