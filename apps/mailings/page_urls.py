from django.urls import path

from . import pages, webhooks

urlpatterns = [
    path("admin/automated-emails", pages.automated_emails_page, name="admin-automated-emails"),
    # The link of every batch email (List-Unsubscribe), signed: no sign-in (apps.mailings.unsubscribe).
    path("unsubscribe", pages.unsubscribe_page, name="unsubscribe"),
    # Amazon SES's bounces and complaints through SNS, signed (apps.mailings.ses). Not under
    # /api/: it is the provider's callback in the provider's format, not the portal's API.
    path("webhooks/ses", webhooks.ses_notifications, name="ses-notifications"),
]
