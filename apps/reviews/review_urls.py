from django.urls import path, register_converter

from . import review_api as api


class IdConverter:
    """A positive id that fits a 64-bit integer column (a longer one would be a database
    error, not a 404)."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value) -> str:
        return str(value)


register_converter(IdConverter, "rid")

urlpatterns = [
    path("rubric", api.RubricApi.as_view(), name="rubric"),
    path("assigned", api.AssignedApi.as_view(), name="assigned"),
    path("applications/<rid:application_id>/review", api.OwnReviewApi.as_view(), name="review"),
    path("applications/<rid:application_id>/skip", api.SkipApi.as_view(), name="skip"),
    path("applications/<rid:application_id>/resume", api.ReviewResumeApi.as_view(), name="resume"),
    path("applications/<rid:application_id>/conflict", api.ConflictApi.as_view(), name="conflict"),
    path("applications/<rid:application_id>/reviews", api.ApplicationReviewsApi.as_view(), name="reviews"),
    path("auto-assign", api.AutoAssignApi.as_view(), name="auto-assign"),
    path("ranking", api.RankingApi.as_view(), name="ranking"),
    path("fill-to-capacity", api.FillToCapacityApi.as_view(), name="fill-to-capacity"),
    path("capacity", api.CapacityApi.as_view(), name="capacity"),
    path("export/scores.csv", api.ScoresExportApi.as_view(), name="export-scores"),
    path("export/reviewers.csv", api.ReviewersExportApi.as_view(), name="export-reviewers"),
]
