from django.urls import path

from . import decision_api

urlpatterns = [
    path("confirm", decision_api.ConfirmApi.as_view(), name="confirm"),
    path("confirm-waitlist", decision_api.ConfirmWaitlistApi.as_view(), name="confirm-waitlist"),
    path("decline", decision_api.DeclineApi.as_view(), name="decline"),
    path("status/<str:email>", decision_api.DecisionApi.as_view(), name="decision"),
]
