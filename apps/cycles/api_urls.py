from django.urls import path

from . import api

urlpatterns = [
    path("applications/cycle/status", api.CycleStatusApi.as_view(), name="cycle-status"),
    path("applications/cycle/current", api.CycleCurrentApi.as_view(), name="cycle-current"),
    path("applications/questions", api.QuestionsApi.as_view(), name="questions"),
    path("applications/rsvp-questions", api.RsvpQuestionsApi.as_view(), name="rsvp-questions"),
]
