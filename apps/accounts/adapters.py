from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured, PermissionDenied, ValidationError
from django.utils.translation import gettext_lazy as _

from . import rules


class AccountAdapter(DefaultAccountAdapter):
    """allauth's single override point: our email and password rules, our mail queue."""

    def clean_email(self, email: str) -> str:
        """Shape only. allauth runs this on every address a sign-in provider sends, and a
        personal address is a provider account's sign-in address (apps/accounts/social.py);
        the student rule is applied where an address must be one: registration
        (services.user_register) and the address an application uses (services.apply_blocker)."""
        if not rules.is_plausible_email(email):
            raise ValidationError(_("Enter a valid email address."), code="invalid")
        return rules.normalize_email(email)

    def clean_password(self, password: str, user=None) -> str:
        return rules.validate_password(password)

    def is_open_for_signup(self, request) -> bool:
        return True

    def get_login_redirect_url(self, request) -> str:
        # After a sign-in through a provider (the password sign-in is an API call and the page
        # goes on by itself): the person's home.
        from apps.core.pages import home_for

        return home_for(request.user)

    def get_signup_redirect_url(self, request) -> str:
        return self.get_login_redirect_url(request)

    def get_email_confirmation_url(self, request, emailconfirmation) -> str:
        return f"{settings.SITE_URL}/verify/{emailconfirmation.key}"

    def get_client_ip(self, request) -> str:
        """The client address from the configured source (ALLAUTH_TRUSTED_PROXY_COUNT /
        ALLAUTH_TRUSTED_CLIENT_IP_HEADER), else the socket's.

        allauth raises when X-Forwarded-For has fewer hops than trusted proxies, or when no
        address is found; a request that bypassed the proxy is then judged by the address it
        came from, instead of ending in a 500 or a 403.
        """
        try:
            return super().get_client_ip(request)
        except (ImproperlyConfigured, PermissionDenied):
            return request.META.get("REMOTE_ADDR") or "unknown"

    def add_message(self, request, level, message_template=None, message_context=None, extra_tags="", message=None):
        """Nothing: no page of the portal shows Django's messages (each says what happened
        itself). allauth's ("Successfully signed in as ...", "You have confirmed ...") cost a
        sign-in and a verification a template render and a cookie, and piled up until the
        Django admin, which does show messages, showed them to an organizer out of context."""
        return None

    def send_mail(self, template_prefix, email, context) -> None:
        # allauth's own notification mails (e.g. "password changed") are not part of the
        # portal; verification and reset go through our Celery tasks instead.
        return None
