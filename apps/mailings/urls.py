"""Mounted at /api/mailings (no trailing slash): the contract's paths hang directly off it."""

from django.urls import path

from . import api

urlpatterns = [
    path("", api.MailingCreateApi.as_view(), name="list"),
    path("/<int:mailing_id>", api.MailingCancelApi.as_view(), name="cancel"),
    path("/templates", api.TemplateListApi.as_view(), name="templates"),
    path("/templates/<str:key>", api.TemplateDetailApi.as_view(), name="template"),
    path("/templates/<str:key>/preview", api.TemplatePreviewApi.as_view(), name="template-preview"),
    path("/templates/<str:key>/test", api.TemplateTestApi.as_view(), name="template-test"),
]
