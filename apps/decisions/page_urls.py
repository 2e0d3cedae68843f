from django.urls import path

from . import pages

urlpatterns = [
    path("admin/batch", pages.batch_page, name="admin-batch"),
]
