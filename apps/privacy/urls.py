from django.urls import path

from . import api

urlpatterns = [
    path("export", api.ExportApi.as_view(), name="export"),
    path("delete-account", api.DeleteAccountApi.as_view(), name="delete-account"),
    path("consents/sponsors", api.SponsorConsentApi.as_view(), name="sponsor-consent"),
]
