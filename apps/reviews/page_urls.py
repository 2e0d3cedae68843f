from django.urls import path

from . import pages

urlpatterns = [
    path("admin/reviewapps", pages.review_list_page, name="admin-reviews"),
    path("admin/reviewapps/<int:index>", pages.review_detail_page, name="admin-review"),
    path("admin/assignapps", pages.assign_page, name="admin-assign"),
]
