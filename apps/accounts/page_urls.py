from django.urls import path

from . import admin_pages, pages, social_urls

urlpatterns = [
    path("login", pages.login_page, name="login"),
    path("register", pages.register_page, name="register"),
    path("logout", pages.logout_page, name="logout"),
    path("language", pages.language_page, name="language"),
    path("reset", pages.reset_request_page, name="reset"),
    path("reset/<str:key>", pages.reset_confirm_page, name="reset-confirm"),
    path("verify/<str:key>", pages.verify_page, name="verify"),
    path("admin/administrators", admin_pages.administrators_page, name="admin-administrators"),
    path("admin/whitelist-emails", admin_pages.whitelist_page, name="admin-whitelist"),
    path("account/sign-in", pages.sign_in_methods_page, name="sign-in-methods"),
    *social_urls.urlpatterns,
]
