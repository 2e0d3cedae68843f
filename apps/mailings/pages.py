"""The automated emails page (each automated email's subject and HTML, a preview and a test
send) and the unsubscribe page of batch emails."""

from django.conf import settings
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_safe

from apps.core.pages import admin_only, island

from . import unsubscribe


@require_safe
@admin_only
def automated_emails_page(request):
    # The enabled languages, the default first: with more than one, each email can have a
    # version per language (apps.mailings.automated.version).
    names = dict(settings.LANGUAGES)
    codes = [settings.LANGUAGE_CODE, *(code for code in names if code != settings.LANGUAGE_CODE)]
    props = {"email": request.user.email, "languages": [{"code": code, "name": names[code]} for code in codes]}
    return island(request, "admin-automated-emails", props, title=_("Automated Emails"))


@csrf_exempt  # the mail provider's one-click POST has no cookie; the signed token is the proof
@require_http_methods(["GET", "HEAD", "POST"])
def unsubscribe_page(request):
    """GET: the page with one button. POST (the button, or the provider's RFC 8058 one-click):
    unsubscribe, or `action=resubscribe` to undo it. Works without signing in."""
    token = request.GET.get("t") or request.POST.get("t") or ""
    email = unsubscribe.email_of(token)
    context = {"title": _("Unsubscribe"), "token": token}
    if email is None:
        return render(request, "mailings/unsubscribe.html", {**context, "invalid": True}, status=400)
    context["address"] = unsubscribe.masked(email)
    if request.method == "POST":
        if request.POST.get("action") == "resubscribe":
            unsubscribe.resubscribe(email)
        else:
            one_click = request.POST.get("List-Unsubscribe") == "One-Click"
            unsubscribe.unsubscribe(email, how="one-click (mail provider)" if one_click else "unsubscribe page")
    context["unsubscribed"] = unsubscribe.is_unsubscribed(email)
    context["done"] = request.method == "POST"
    return render(request, "mailings/unsubscribe.html", context)
