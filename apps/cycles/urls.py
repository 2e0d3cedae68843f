from django.urls import path

from . import api

urlpatterns = [
    path("cycle/status", api.CycleStatusApi.as_view(), name="cycle-status"),
    path("cycle/current", api.CycleCurrentApi.as_view(), name="cycle-current"),
    path("questions", api.QuestionsApi.as_view(), name="questions"),
]
