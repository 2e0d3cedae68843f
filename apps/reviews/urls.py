from django.urls import path, re_path

from . import api

urlpatterns = [
    path(
        "assign-application/<str:member>/<str:applicant_email>",
        api.AssignApplicationApi.as_view(),
        name="assign-application",
    ),
    path("assign-applications", api.AssignApplicationsApi.as_view(), name="assign-applications"),
    path(
        "assigned-applications/<str:reviewer_email>",
        api.AssignedApplicationsApi.as_view(),
        name="assigned-applications",
    ),
    # Negative and huge indexes are valid requests: both answer {"email": "dne"}.
    re_path(
        r"^application-index/(?P<reviewer_email>[^/]+)/(?P<index>-?[0-9]{1,18})$",
        api.ApplicationIndexApi.as_view(),
        name="application-index",
    ),
    path(
        "change-review-status/<str:reviewer_email>/<str:applicant_email>/<str:review_status>",
        api.ChangeReviewStatusApi.as_view(),
        name="change-review-status",
    ),
]
