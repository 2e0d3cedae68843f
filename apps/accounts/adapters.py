from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings

from . import rules


class AccountAdapter(DefaultAccountAdapter):
    """allauth's single override point: our email and password rules, our mail queue."""

    def clean_email(self, email: str) -> str:
        return rules.validate_student_email(email)

    def clean_password(self, password: str, user=None) -> str:
        return rules.validate_password(password)

    def is_open_for_signup(self, request) -> bool:
        return True

    def get_email_confirmation_url(self, request, emailconfirmation) -> str:
        return f"{settings.SITE_URL}/verify/{emailconfirmation.key}"

    def send_mail(self, template_prefix, email, context) -> None:
        # allauth's own notification mails (e.g. "password changed") are not part of the
        # portal; verification and reset go through our Celery tasks instead.
        return None
