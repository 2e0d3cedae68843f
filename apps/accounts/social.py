"""Sign-in through GitHub, Google and MyMLH, without a way to take over an account.

A provider's sign-in reaches a portal account in one of three ways only:

1. The provider account is already linked to it (allauth's SocialAccount: provider + uid).
2. The provider asserts the address as verified, and it equals a verified address of the
   account: the provider account is linked and the person signed in.
3. Nobody has the address yet and the provider asserts it verified: a new account with that one
   address, verified. A personal address (one the student-email rule and the whitelist refuse)
   makes an account too, but it may not apply until a university address is added and verified
   (services.apply_blocker, university_email_add): the provider's address signs in, the
   university one is what the application uses.

Anything else never signs anyone in: an address the provider has not verified, or an address of
an account whose own address was never verified (whoever registered it may not own it). The
person is sent back to the sign-in page with the reason (`REFUSALS`), where a password sign-in
and then linking from the dashboard is the way.

Each provider is off unless its client id and secret are set (config/settings/base.py). Of
what a provider sends, only the link (provider, uid) is kept: `extra_data` is emptied before
every save (`_keep_only_the_link`), and tokens are not stored (SOCIALACCOUNT_STORE_TOKENS).
"""

from __future__ import annotations

from urllib.parse import urlencode, urlsplit

from allauth.account.models import EmailAddress
from allauth.core.exceptions import ImmediateHttpResponse
from allauth.socialaccount.adapter import DefaultSocialAccountAdapter
from allauth.socialaccount.models import SocialAccount
from allauth.socialaccount.providers.base.constants import AuthError
from django.conf import settings
from django.db.models.signals import pre_save
from django.dispatch import receiver
from django.http import HttpResponseRedirect
from django.utils.translation import gettext_lazy as _

from . import rules
from .models import User

METHODS_PAGE = "/account/sign-in"
LAST_WAY = _(
    "This is your only way to sign in. Set a password first (Forgot password on the sign-in page "
    "sends a link), then unlink it."
)
# The providers in the order the pages show them, with their names.
PROVIDERS = {"mymlh": "MyMLH", "github": "GitHub", "google": "Google"}
# The name a refusal gives a provider the portal does not know (a hand-edited link).
THE_PROVIDER = _("The provider")

REFUSALS = {
    "cancelled": _("Sign-in with %(provider)s was cancelled. Try again, or sign in with your email and password."),
    "error": _("%(provider)s could not sign you in just now. Try again, or sign in with your email and password."),
    "no_email": _("%(provider)s did not share an email address with the portal, so no account can be found or made."),
    "unverified": _(
        "%(provider)s has not verified your email address, so it can't sign you in here. Verify it with "
        "%(provider)s, or sign in with your email and password."
    ),
    "link_first": _(
        "An account with this email already exists. Sign in with your email and password, then link "
        "%(provider)s on your Sign-in methods page."
    ),
    "inactive": _("This account is disabled."),
}


def configured() -> list[dict]:
    """The providers whose client id and secret are set, for the sign-in and register pages."""
    return [
        {"id": key, "name": name, "login_url": f"/accounts/{key}/login/"}
        for key, name in PROVIDERS.items()
        if key in settings.SOCIALACCOUNT_PROVIDERS
    ]


def form_action_origins() -> list[str]:
    """Where a sign-in form's POST ends up: the portal answers it with a redirect to the
    provider's consent page, and browsers hold that redirect to the page's CSP `form-action`
    (only 'self' elsewhere). The pages with provider buttons add the configured providers'."""
    from allauth.socialaccount.providers.github.views import GitHubOAuth2Adapter
    from allauth.socialaccount.providers.google.views import GoogleOAuth2Adapter

    # Where each adapter sends the browser (GitHub Enterprise's GITHUB_URL, say, moves it).
    origins = {
        "mymlh": settings.MYMLH_AUTH_URL,
        "github": GitHubOAuth2Adapter.authorize_url,
        "google": GoogleOAuth2Adapter.authorize_url,
    }
    found = []
    for key in settings.SOCIALACCOUNT_PROVIDERS:
        parts = urlsplit(origins.get(key, ""))
        if parts.scheme and parts.netloc:
            found.append(f"{parts.scheme}://{parts.netloc}")
    return found


def allow_provider_redirects(response):
    """`response` (a page with provider buttons) with the providers in its form-action."""
    origins = form_action_origins()
    if origins:
        response._csp_update = {"form-action": origins}
    return response


def refusal_message(code: str | None, provider: str | None) -> str | None:
    """The sentence for a refusal code of the sign-in page's URL (only ours: no text from the URL
    reaches the page)."""
    if code not in REFUSALS:
        return None
    return REFUSALS[code] % {"provider": PROVIDERS.get(provider or "", THE_PROVIDER)}


def _refuse(code: str, provider_id: str) -> ImmediateHttpResponse:
    return ImmediateHttpResponse(HttpResponseRedirect("/login?" + urlencode({"social": code, "provider": provider_id})))


def asserted_email(sociallogin) -> str | None:
    """The address the provider vouches for: its verified primary one, else any verified one."""
    verified = [a for a in sociallogin.email_addresses if a.verified and a.email]
    verified.sort(key=lambda a: not a.primary)
    return rules.normalize_email(verified[0].email) if verified else None


class SocialAccountAdapter(DefaultSocialAccountAdapter):
    def pre_social_login(self, request, sociallogin) -> None:
        """Decide, before allauth signs anyone in or makes an account (see the module's docstring)."""
        if sociallogin.is_existing:
            if not sociallogin.user.is_active:
                raise _refuse("inactive", sociallogin.account.provider)
            return
        if sociallogin.state.get("process") == "connect" and request.user.is_authenticated:
            return  # linking, signed in with the password: allauth ties it to request.user
        provider_id = sociallogin.account.provider
        if not any(a.email for a in sociallogin.email_addresses) and not sociallogin.user.email:
            raise _refuse("no_email", provider_id)
        email = asserted_email(sociallogin)
        if email is None:
            raise _refuse("unverified", provider_id)
        owner = User.objects.filter(email__iexact=email).first()
        if owner is None:
            other = EmailAddress.objects.filter(email__iexact=email).select_related("user").first()
            owner = other.user if other is not None else None
        if owner is not None:
            owns = EmailAddress.objects.filter(user=owner, email__iexact=email, verified=True).exists()
            if not owns:
                raise _refuse("link_first", provider_id)
            if not owner.is_active:
                raise _refuse("inactive", provider_id)
            sociallogin.connect(request, owner)
            return
        # The new account's one address: the one the provider verified, a university one or not
        # (a personal one may sign in, not apply: services.apply_blocker).
        sociallogin.user.email = email
        sociallogin.email_addresses = [EmailAddress(email=email, verified=True, primary=True)]

    def is_auto_signup_allowed(self, request, sociallogin) -> bool:
        return True  # pre_social_login let only a verified, unused address through

    def on_authentication_error(self, request, provider, error=None, exception=None, extra_context=None):
        code = "cancelled" if error == AuthError.CANCELLED else "error"
        raise _refuse(code, provider.id)

    def get_connect_redirect_url(self, request, socialaccount) -> str:
        return METHODS_PAGE


@receiver(pre_save, sender=SocialAccount, dispatch_uid="apps.accounts.social.keep_only_the_link")
def _keep_only_the_link(sender, instance: SocialAccount, **kwargs) -> None:
    """Nothing from a provider is kept beyond the link: allauth stores the provider's whole
    answer (name, avatar, followers…) in `extra_data`, on every sign-in."""
    instance.extra_data = {}


def linked_providers(user) -> list[dict]:
    """The user's links, for the privacy export: provider and uid, nothing else."""
    return [
        {"provider": provider, "uid": uid, "linked_at": date_joined}
        for provider, uid, date_joined in SocialAccount.objects.filter(user=user)
        .order_by("provider")
        .values_list("provider", "uid", "date_joined")
    ]


def sign_in_methods(user) -> dict:
    """What the Sign-in methods page shows: the password, and each configured provider, linked
    or not (a link to a provider switched off since is listed too, so it can be removed)."""
    links = dict(SocialAccount.objects.filter(user=user).values_list("provider", "pk"))
    shown = [p["id"] for p in configured()] + [key for key in links if key not in settings.SOCIALACCOUNT_PROVIDERS]
    from . import services

    return {
        "email": user.email,
        "has_password": user.has_usable_password(),
        "university_email_needed": services.apply_blocker(user),
        "pending_email": services.pending_university_email(user),
        "providers": [
            {
                "id": key,
                "name": PROVIDERS.get(key, key),
                "linked": key in links,
                "configured": key in settings.SOCIALACCOUNT_PROVIDERS,
                "login_url": f"/accounts/{key}/login/",
            }
            for key in shown
        ],
    }


def unlink(*, user, provider: str) -> None:
    """Remove the link to `provider`, unless it is the last way to sign in (no password, no
    other link): 409. Under the user's row lock, so two tabs can't unlink the last two at once."""
    from django.db import transaction

    from apps.core.exceptions import ApplicationError

    if provider not in PROVIDERS:
        raise ApplicationError(_("No such linked sign-in."), status=404)
    with transaction.atomic():
        locked = User.objects.select_for_update().get(pk=user.pk)
        links = list(SocialAccount.objects.filter(user=locked).values_list("provider", flat=True))
        if provider not in links:
            raise ApplicationError(_("No such linked sign-in."), status=404)
        if not locked.has_usable_password() and len(links) <= 1:
            raise ApplicationError(LAST_WAY, status=409)
        SocialAccount.objects.filter(user=locked, provider=provider).delete()


# --- Prefill from MyMLH -------------------------------------------------------------------------

PREFILL_KEY = "provider_prefill"
# The application's questions a MyMLH answer can fill, by question id.
PREFILL_QUESTIONS = ("level_of_study", "graduation_year", "phone", "tshirt_size")


def _text(value) -> str:
    return value.strip()[:255] if isinstance(value, str) else ""


def mymlh_prefill(data: dict) -> dict:
    """What the application asks, of the member's MyMLH data (only what they granted comes):
    first and last name, school, level of study, graduation year, phone and shirt size."""
    education = data.get("education")
    if isinstance(education, list):
        current = next((e for e in education if isinstance(e, dict) and e.get("current")), None)
        education = current or next((e for e in education if isinstance(e, dict)), {})
    if not isinstance(education, dict):
        education = {}
    school = education.get("school")
    school_name = school.get("name") if isinstance(school, dict) else school
    graduation = education.get("graduation") or education.get("graduation_year")
    year = str(graduation)[:4] if isinstance(graduation, (str, int)) and str(graduation)[:4].isdigit() else ""
    profile = data.get("profile") if isinstance(data.get("profile"), dict) else {}
    values = {
        "first": _text(data.get("first_name")),
        "last": _text(data.get("last_name")),
        "school": _text(school_name) or _text(education.get("school_name")),
        "level_of_study": _text(education.get("level_of_study")),
        "graduation_year": year,
        "phone": _text(data.get("phone_number")),
        "tshirt_size": _text(profile.get("shirt_size") or data.get("shirt_size")),
    }
    return {key: value for key, value in values.items() if value}


def remember_prefill(request, values: dict) -> None:
    """Held in the session until the application form has been shown with them (and gone with
    the session): the application keeps them only if the applicant saves the form."""
    if values and hasattr(request, "session"):
        request.session[PREFILL_KEY] = values


def prefill_of(request) -> dict:
    value = request.session.get(PREFILL_KEY) if hasattr(request, "session") else None
    return value if isinstance(value, dict) else {}
