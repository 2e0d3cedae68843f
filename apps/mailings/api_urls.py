"""The mailings API at /api/mailings (no trailing slash): the list is the bare address, the rest
hang off it after a slash."""

from django.urls import path

from . import api

urlpatterns = [
    path("mailings", api.MailingCreateApi.as_view(), name="list"),
    path("mailings/<int:mailing_id>", api.MailingCancelApi.as_view(), name="cancel"),
    path("mailings/<int:mailing_id>/deliveries", api.MailingDeliveriesApi.as_view(), name="deliveries"),
    path("mailings/preview", api.MailingPreviewApi.as_view(), name="preview"),
    path("mailings/audiences", api.AudienceCountApi.as_view(), name="audiences"),
    path("mailings/audiences/count", api.AudienceCountOneApi.as_view(), name="audience-count"),
    path("mailings/test", api.MailingTestApi.as_view(), name="test"),
    path("mailings/templates", api.TemplateListApi.as_view(), name="templates"),
    path("mailings/templates/<str:key>", api.TemplateDetailApi.as_view(), name="template"),
    path("mailings/templates/<str:key>/preview", api.TemplatePreviewApi.as_view(), name="template-preview"),
    path("mailings/templates/<str:key>/test", api.TemplateTestApi.as_view(), name="template-test"),
]
