"""Mounted at /api/mailings (no trailing slash): the list is the mount point itself, the rest
hang off it after a slash."""

from django.urls import include, path

from . import api

detail_patterns = [
    path("<int:mailing_id>", api.MailingCancelApi.as_view(), name="cancel"),
    path("<int:mailing_id>/deliveries", api.MailingDeliveriesApi.as_view(), name="deliveries"),
    path("preview", api.MailingPreviewApi.as_view(), name="preview"),
    path("audiences", api.AudienceCountApi.as_view(), name="audiences"),
    path("audiences/count", api.AudienceCountOneApi.as_view(), name="audience-count"),
    path("test", api.MailingTestApi.as_view(), name="test"),
    path("templates", api.TemplateListApi.as_view(), name="templates"),
    path("templates/<str:key>", api.TemplateDetailApi.as_view(), name="template"),
    path("templates/<str:key>/preview", api.TemplatePreviewApi.as_view(), name="template-preview"),
    path("templates/<str:key>/test", api.TemplateTestApi.as_view(), name="template-test"),
]

urlpatterns = [
    path("", api.MailingCreateApi.as_view(), name="list"),
    path("/", include(detail_patterns)),
]
