from django.urls import path

from . import api

urlpatterns = [
    path("privacy/export", api.ExportApi.as_view(), name="export"),
    path("privacy/delete-account", api.DeleteAccountApi.as_view(), name="delete-account"),
    path("privacy/consents/sponsors", api.SponsorConsentApi.as_view(), name="sponsor-consent"),
]
