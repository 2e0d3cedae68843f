from django.urls import path

from apps.core import converters  # noqa: F401 - registers <email:...>

from . import api, rsvp_api, table_api
from . import organizer_api as organizer

urlpatterns = [
    path("applications/schools", api.SchoolsApi.as_view(), name="schools"),
    path("applications/countries", api.CountriesApi.as_view(), name="countries"),
    path("applications/application", api.ApplicationApi.as_view(), name="application"),
    path("applications/save", api.ApplicationSaveApi.as_view(), name="save"),
    path("applications/status", api.ApplicationStatusApi.as_view(), name="status"),
    path("applications/teamcode", api.TeamCodeApi.as_view(), name="teamcode"),
    path("applications/teamcode/check", api.TeamCodeCheckApi.as_view(), name="teamcode-check"),
    path("applications/rsvp", rsvp_api.RsvpApi.as_view(), name="rsvp"),
    # Organizers.
    path("applications/all", table_api.ApplicationTableApi.as_view(), name="table"),
    path("applications/teammates/<str:teamcode>", organizer.TeammatesApi.as_view(), name="teammates"),
    path("applications/<email:email>/history", organizer.ApplicationHistoryApi.as_view(), name="history"),
    path("applications/<email:email>", organizer.ApplicationDetailApi.as_view(), name="detail"),
]
