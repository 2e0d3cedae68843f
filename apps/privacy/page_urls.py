from django.urls import path

from . import pages

urlpatterns = [path("account-deleted", pages.account_deleted, name="account-deleted")]
