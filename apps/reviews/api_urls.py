"""The reviews API: by email under /api/applications/ (organizers only), by application id under
/api/reviews/ (organizers and reviewers)."""

from django.urls import path, re_path

from apps.core import converters  # noqa: F401 - registers <rid:...>

from . import api

urlpatterns = [
    path(
        "applications/assign-application/<str:member>/<str:applicant_email>",
        api.AssignApplicationApi.as_view(),
        name="assign-application",
    ),
    path("applications/assign-applications", api.AssignApplicationsApi.as_view(), name="assign-applications"),
    path(
        "applications/assigned-applications/<str:reviewer_email>",
        api.AssignedApplicationsApi.as_view(),
        name="assigned-applications",
    ),
    # Negative and huge indexes are valid requests: both answer {"email": "dne"}.
    re_path(
        r"^applications/application-index/(?P<reviewer_email>[^/]+)/(?P<index>-?[0-9]{1,18})$",
        api.ApplicationIndexApi.as_view(),
        name="application-index",
    ),
    path(
        "applications/change-review-status/<str:reviewer_email>/<str:applicant_email>/<str:review_status>",
        api.ChangeReviewStatusApi.as_view(),
        name="change-review-status",
    ),
    path("reviews/rubric", api.RubricApi.as_view(), name="rubric"),
    path("reviews/assigned", api.AssignedApi.as_view(), name="assigned"),
    path("reviews/applications/<rid:application_id>/review", api.OwnReviewApi.as_view(), name="review"),
    path("reviews/applications/<rid:application_id>/skip", api.SkipApi.as_view(), name="skip"),
    path("reviews/applications/<rid:application_id>/resume", api.ReviewResumeApi.as_view(), name="resume"),
    path("reviews/applications/<rid:application_id>/conflict", api.ConflictApi.as_view(), name="conflict"),
    path("reviews/applications/<rid:application_id>/reviews", api.ApplicationReviewsApi.as_view(), name="reviews"),
    path("reviews/auto-assign", api.AutoAssignApi.as_view(), name="auto-assign"),
    path("reviews/ranking", api.RankingApi.as_view(), name="ranking"),
    path("reviews/fill-to-capacity", api.FillToCapacityApi.as_view(), name="fill-to-capacity"),
    path("reviews/capacity", api.CapacityApi.as_view(), name="capacity"),
    path("reviews/waitlist-refill", api.WaitlistRefillApi.as_view(), name="waitlist-refill"),
    path("reviews/unassigned", api.UnassignedApi.as_view(), name="unassigned"),
    path("reviews/export/scores.csv", api.ScoresExportApi.as_view(), name="export-scores"),
    path("reviews/export/reviewers.csv", api.ReviewersExportApi.as_view(), name="export-reviewers"),
]
