"""The page an account deletion ends on: it says the account is deleted, in so many words,
rather than dropping the person on the landing page as if nothing happened."""

from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe


@require_safe
def account_deleted(request):
    return render(request, "privacy/account_deleted.html", {"title": _("Account deleted")})
