"""The decision calls under /api/applications/ (namespace `decisions`), and the batch decision,
which config/urls.py puts in the organizers' namespace (`organizer:batch-status`, as it always
was) ahead of their `<email>` patterns, which would otherwise shadow it."""

from django.urls import path

from . import api, batch_api

urlpatterns = [
    path("confirm", api.ConfirmApi.as_view(), name="confirm"),
    path("confirm-waitlist", api.ConfirmWaitlistApi.as_view(), name="confirm-waitlist"),
    path("decline", api.DeclineApi.as_view(), name="decline"),
    path("status/<str:email>", api.DecisionApi.as_view(), name="decision"),
]

batch_urlpatterns = [
    path("batch-status", batch_api.BatchStatusApi.as_view(), name="batch-status"),
]
