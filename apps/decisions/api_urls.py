from django.urls import path

from . import api, batch_api, cycle_api

urlpatterns = [
    path("applications/confirm", api.ConfirmApi.as_view(), name="confirm"),
    path("applications/confirm-waitlist", api.ConfirmWaitlistApi.as_view(), name="confirm-waitlist"),
    path("applications/decline", api.DeclineApi.as_view(), name="decline"),
    path("applications/status/<str:email>", api.DecisionApi.as_view(), name="decision"),
    path("applications/batch-status", batch_api.BatchStatusApi.as_view(), name="batch-status"),
    # The cycle's configuration: saving it may release decisions or withdraw them.
    path("applications/cycle/config", cycle_api.CycleConfigApi.as_view(), name="cycle-config"),
    path(
        "applications/cycle/release-preview",
        cycle_api.CycleReleasePreviewApi.as_view(),
        name="cycle-release-preview",
    ),
    path(
        "applications/cycle/release-progress",
        cycle_api.CycleReleaseProgressApi.as_view(),
        name="cycle-release-progress",
    ),
    path("applications/cycle/offer-settings", cycle_api.OfferSettingsApi.as_view(), name="cycle-offer-settings"),
    path(
        "applications/cycle/unrelease-preview",
        cycle_api.CycleUnreleasePreviewApi.as_view(),
        name="cycle-unrelease-preview",
    ),
]
