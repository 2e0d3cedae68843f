from django.urls import path

from . import pages

urlpatterns = [
    path("admin/resumebook", pages.resumebook_page, name="admin-resumebook"),
]
