from django.urls import path

from . import pages, scoring_pages

urlpatterns = [
    path("admin/reviewapps", pages.review_list_page, name="admin-reviews"),
    path("admin/reviewapps/<int:index>", pages.review_detail_page, name="admin-review"),
    path("admin/assignapps", pages.assign_page, name="admin-assign"),
    path("admin/rubric", scoring_pages.rubric_page, name="admin-rubric"),
    path("admin/ranking", scoring_pages.ranking_page, name="admin-ranking"),
]
