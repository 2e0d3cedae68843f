"""The decision calls under /api/applications/ (namespace `decisions`), and the batch decision,
which config/urls.py puts in the organizers' namespace (`organizer:batch-status`, as it always
was) ahead of their `<email>` patterns, which would otherwise shadow it."""

from django.urls import path

from . import api, batch_api, cycle_api

urlpatterns = [
    path("confirm", api.ConfirmApi.as_view(), name="confirm"),
    path("confirm-waitlist", api.ConfirmWaitlistApi.as_view(), name="confirm-waitlist"),
    path("decline", api.DeclineApi.as_view(), name="decline"),
    path("status/<str:email>", api.DecisionApi.as_view(), name="decision"),
    # The cycle's configuration: saving it may release decisions or withdraw them.
    path("cycle/config", cycle_api.CycleConfigApi.as_view(), name="cycle-config"),
    path("cycle/release-preview", cycle_api.CycleReleasePreviewApi.as_view(), name="cycle-release-preview"),
    path("cycle/release-progress", cycle_api.CycleReleaseProgressApi.as_view(), name="cycle-release-progress"),
    path("cycle/unrelease-preview", cycle_api.CycleUnreleasePreviewApi.as_view(), name="cycle-unrelease-preview"),
]

batch_urlpatterns = [
    path("batch-status", batch_api.BatchStatusApi.as_view(), name="batch-status"),
]
