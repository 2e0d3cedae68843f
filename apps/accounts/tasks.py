"""Account mails, sent by Celery after the request's transaction commits. Tasks take ids."""

from __future__ import annotations

import logging

from allauth.account.forms import default_token_generator
from allauth.account.models import EmailAddress, EmailConfirmationHMAC
from allauth.account.utils import user_pk_to_url_str
from celery import shared_task
from django.conf import settings
from django.contrib.auth import get_user_model

from apps.mailings import automated
from apps.mailings.outbox import TRANSIENT

logger = logging.getLogger(__name__)


@shared_task(autoretry_for=TRANSIENT, retry_backoff=True, max_retries=5)
def send_verification_email(email_address_id: int) -> None:
    address = EmailAddress.objects.filter(pk=email_address_id, verified=False).first()
    if address is None:
        return  # verified meanwhile, or gone: nothing to send
    key = EmailConfirmationHMAC(address).key
    automated.send("verify_email", address.email, {"link": f"{settings.SITE_URL}/verify/{key}"})


def _reset_link(user) -> str:
    key = f"{user_pk_to_url_str(user)}-{default_token_generator.make_token(user)}"
    return f"{settings.SITE_URL}/reset/{key}"


@shared_task(autoretry_for=TRANSIENT, retry_backoff=True, max_retries=5)
def send_password_reset_email(user_id: int) -> None:
    user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    if user is None:
        return
    automated.send("password_reset", user.email, {"link": _reset_link(user)})


@shared_task(autoretry_for=TRANSIENT, retry_backoff=True, max_retries=5)
def send_welcome_email(user_id: int, first_name: str = "", last_name: str = "") -> None:
    """The welcome of someone registered at the door: their account exists, and the link (a
    password reset's) lets them choose a password. Nobody asked to reset anything, so it
    doesn't say so."""
    user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    if user is None:
        return
    context = {"link": _reset_link(user), "first_name": first_name, "last_name": last_name, "email": user.email}
    automated.send("walk_in_welcome", user.email, context)
