from django.urls import path

from . import pages

urlpatterns = [
    path("admin/automated-emails", pages.automated_emails_page, name="admin-automated-emails"),
]
