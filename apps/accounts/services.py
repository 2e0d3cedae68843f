"""Account writes: registration, verification, sign-in, password reset, roles, whitelist.

These are thin callers of django-allauth's machinery (its adapter, email addresses, HMAC
confirmation keys, reset-token generator and rate limits), shaped for the portal's JSON API.
"""

from __future__ import annotations

from allauth.account import app_settings as allauth_settings
from allauth.account.adapter import get_adapter
from allauth.account.forms import default_token_generator
from allauth.account.models import EmailAddress, EmailConfirmationHMAC
from allauth.account.utils import url_str_to_user_pk
from allauth.core import ratelimit
from django.conf import settings
from django.contrib.auth import authenticate, login, logout
from django.core import signing
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy

from apps.core.emails import is_email
from apps.core.exceptions import ApplicationError
from apps.core.text import UNSTORABLE, is_storable

from . import rules, sessions, throttle
from .models import Role, User, WhitelistRule
from .tasks import send_password_reset_email, send_verification_email

INVALID_CREDENTIALS = gettext_lazy("Invalid credentials.")
INVALID_INPUT = gettext_lazy("Invalid input.")
ALREADY_EXISTS = gettext_lazy("User with this email already exists")
REGISTERED = gettext_lazy("Verification Email Sent. Check Spam folder if email is not visible.")
RESET_SENT = gettext_lazy("If an account exists for this email, a password reset link has been sent.")
RESET_DONE = gettext_lazy("Your password has been reset. Please log in.")
INVALID_RESET_CODE = "invalid_reset_link"
INVALID_RESET = gettext_lazy("This reset link is invalid or has expired. Please request a new one.")
TOO_MANY = gettext_lazy("Too many attempts. Please wait a few minutes and try again.")
RESET_MALFORMED = gettext_lazy("Must be a valid email address")
SESSION_TOO_OLD = gettext_lazy("Your session has ended. Please sign in again.")
UNVERIFIED = gettext_lazy("Please verify your email address first: open the link we emailed you when you registered.")
RESEND_SENT = gettext_lazy("If this address has an account waiting for verification, a new link is on its way.")
INVALID_VERIFY = gettext_lazy("This verification link is invalid or has expired.")
NO_SUCH_ACCOUNT = gettext_lazy("No account uses this email address.")
VERIFIED = gettext_lazy("Account Created! Please login and apply!")
ALREADY_VERIFIED = gettext_lazy("This email address is already verified. Please sign in.")
# A provider account with a personal address (apps/accounts/social.py): it signs in, and may
# apply once it has added and verified a university address on the Sign-in methods page.
ADD_UNIVERSITY_EMAIL_PAGE = "/account/sign-in"
UNIVERSITY_EMAIL_NEEDED = gettext_lazy(
    "Applying needs a verified university email address, and %(email)s is not one. Add your university "
    "address on your Sign-in methods page (%(page)s): we email it a link, and once you open it, it "
    "becomes your account's address and you can apply."
)
UNIVERSITY_EMAIL_SENT = gettext_lazy(
    "We sent a link to %(email)s. Open it to make it your account's address; it expires in an hour."
)
UNIVERSITY_EMAIL_TAKEN = gettext_lazy("Another account uses this email address.")
UNIVERSITY_EMAIL_OWN = gettext_lazy("This is already your account's address.")
UNIVERSITY_EMAIL_VERIFIED = gettext_lazy(
    "Your university email is verified and is now your account's address. You can apply."
)


def _message(exc: ValidationError) -> str:
    return exc.messages[0] if exc.messages else INVALID_INPUT


def is_verified(user: User) -> bool:
    if user.is_superuser:
        return True
    return EmailAddress.objects.filter(user=user, email__iexact=user.email, verified=True).exists()


@transaction.atomic
def user_register(*, request, email: str, password: str) -> User:
    """Create an unverified account and queue its verification mail.

    Registering again with an address that was never verified sends a fresh link and keeps the
    FIRST password: taking the newcomer's would let a stranger register over someone's address,
    wait for its owner to open the link, then sign in with their own password. Whoever forgot
    the first password uses reset, whose link proves the address.
    """
    # Limit before matching: the student rule can run whitelist patterns.
    if not ratelimit.consume(request, action="signup"):
        raise ApplicationError(TOO_MANY, status=429)
    adapter = get_adapter(request)
    # A refusal names its field: the page then says 'Invalid Entry' with the
    # reason, where a 400 without field errors is about something else (an expired link).
    try:
        email = rules.validate_student_email(email)
    except ValidationError as exc:
        raise ApplicationError(_message(exc), errors={"email": [_message(exc)]}) from exc
    try:
        adapter.clean_password(password)
    except ValidationError as exc:
        raise ApplicationError(_message(exc), errors={"password": [_message(exc)]}) from exc

    user = User.objects.select_for_update().filter(email=email).first()
    if user is None and EmailAddress.objects.filter(email__iexact=email).exclude(user__email=email).exists():
        # Another account's added (university) address, waiting for its link: an account of
        # its own now would take the address from under it.
        raise ApplicationError(ALREADY_EXISTS, status=409)
    if user is None:
        try:
            with transaction.atomic():
                user = User.objects.create_user(email=email, password=password)
        except IntegrityError:
            # A simultaneous registration of this address committed between lookup and insert.
            user = User.objects.select_for_update().get(email=email)
    if is_verified(user):
        raise ApplicationError(ALREADY_EXISTS, status=409)
    address, _ = EmailAddress.objects.get_or_create(
        user=user, email=email, defaults={"primary": True, "verified": False}
    )
    _queue_verification_mail(request, address)
    return user


def _queue_verification_mail(request, address: EmailAddress) -> None:
    # A few mails per address and hour: registering (or asking again) in a loop must not flood
    # someone's inbox. Past the limit the answer stays the same, so it tells a stranger nothing.
    if ratelimit.consume(request, action="verification_mail", key=address.email):
        transaction.on_commit(lambda: send_verification_email.delay(address.pk))


@transaction.atomic
def verification_resend(*, request, email) -> None:
    """Send a fresh verification link to an account that has not opened its first one.

    Throttled as registration is (the signup limit per client, then at most a few mails per
    address an hour), and the answer is the same whether or not such an account exists.
    Registering again with the address does the same; this spares the password.
    """
    if not ratelimit.consume(request, action="signup"):
        raise ApplicationError(TOO_MANY, status=429)
    if not isinstance(email, str) or not is_storable(email):
        raise ApplicationError(RESET_MALFORMED)
    email = rules.normalize_email(email)
    if not rules.is_plausible_email(email):
        raise ApplicationError(RESET_MALFORMED)
    address = (
        EmailAddress.objects.filter(user__email=email, user__is_active=True, email__iexact=email, verified=False)
        .select_related("user")
        .first()
    )
    if address is not None and not address.user.is_superuser:
        _queue_verification_mail(request, address)


def _verified_address_of_used_link(key: str) -> EmailAddress | None:
    """The verified address a genuine link names, however old the link: a link opened twice.

    allauth's from_key finds only unverified addresses within the link's lifetime; this reads
    our own signature without the age limit, so a garbage or tampered link still finds nothing.
    """
    try:
        pk = signing.loads(key, salt=allauth_settings.SALT)
    except (signing.BadSignature, ValueError, TypeError, UnicodeError):
        return None
    if not isinstance(pk, int):
        return None
    return EmailAddress.objects.filter(pk=pk, verified=True).first()


def user_verify(*, request, key: str) -> tuple[EmailAddress, bool]:
    """Verify the address a link names; returns it and whether it was verified already.

    A link opened a second time (from the mail again, say) is no error: the account is
    verified, and the person is told to sign in rather than to register again. An address added
    to an account (university_email_add) becomes the account's address once verified.
    """
    confirmation = EmailConfirmationHMAC.from_key(key)
    if confirmation is None:
        used = _verified_address_of_used_link(key)
        if used is not None:
            return used, True
        raise ApplicationError(INVALID_VERIFY, status=400)
    address = confirmation.email_address
    if not address.verified:
        with transaction.atomic():
            User.objects.select_for_update().filter(pk=address.user_id).first()
            if not confirmation.confirm(request):
                raise ApplicationError(INVALID_VERIFY, status=400)
            if not address.primary:
                _make_primary(address)
    return address, False


def is_added_address(address: EmailAddress) -> bool:
    """Whether a verified link was for an address added to an existing account (it is the
    account's address now, and it had an earlier one) rather than a registration's."""
    return EmailAddress.objects.filter(user_id=address.user_id).exclude(pk=address.pk).exists()


def apply_blocker(user) -> str | None:
    """Why this account may not apply, or None: the application uses the account's address,
    which must pass the student-email rule and the whitelist (an account made by a provider
    from a personal address must first add a university one: university_email_add)."""
    if rules.is_student_email(user.email):
        return None
    return UNIVERSITY_EMAIL_NEEDED % {"email": user.email, "page": ADD_UNIVERSITY_EMAIL_PAGE}


def pending_university_email(user) -> str | None:
    """The address added by university_email_add whose link has not been opened yet."""
    address = (
        EmailAddress.objects.filter(user=user, verified=False, primary=False).exclude(email__iexact=user.email).first()
    )
    return address.email if address is not None else None


@transaction.atomic
def university_email_add(*, request, user, email) -> EmailAddress:
    """Add a university address to the account and mail it a verification link (registration's
    link: allauth's HMAC key, /verify/<key>); opening it makes it the account's address
    (user_verify). One such address waits at a time: a new one replaces the last. Refused at
    the field: not a student address (nor whitelisted), the account's own, another account's."""
    if not ratelimit.consume(request, action="university_email", user=user):
        raise ApplicationError(TOO_MANY, status=429)
    if not isinstance(email, str) or not is_storable(email):
        raise ApplicationError(UNSTORABLE, errors={"email": [UNSTORABLE]})
    try:
        email = rules.validate_student_email(email)
    except ValidationError as exc:
        raise ApplicationError(_message(exc), errors={"email": [_message(exc)]}) from exc
    locked = User.objects.select_for_update().get(pk=user.pk)
    if email == locked.email:
        raise ApplicationError(UNIVERSITY_EMAIL_OWN, errors={"email": [UNIVERSITY_EMAIL_OWN]})
    taken = (
        User.objects.filter(email__iexact=email).exclude(pk=locked.pk).exists()
        or EmailAddress.objects.filter(email__iexact=email).exclude(user=locked).exists()
    )
    if taken:
        raise ApplicationError(UNIVERSITY_EMAIL_TAKEN, errors={"email": [UNIVERSITY_EMAIL_TAKEN]})
    EmailAddress.objects.filter(user=locked, verified=False, primary=False).exclude(email__iexact=email).delete()
    address, _ = EmailAddress.objects.get_or_create(
        user=locked, email=email, defaults={"primary": False, "verified": False}
    )
    if address.verified:
        # Verified before (a link opened while another address was made primary since): it
        # becomes the account's address now, no second link needed.
        _make_primary(address)
    else:
        _queue_verification_mail(request, address)
    return address


def _make_primary(address: EmailAddress) -> None:
    """The verified `address` becomes the account's address (User.email, the primary); the
    previous one stays, verified, so a provider that vouches for it still signs in."""
    if User.objects.filter(email__iexact=address.email).exclude(pk=address.user_id).exists():
        # Only a registration racing the add can get here (both refuse the other's address).
        raise ApplicationError(UNIVERSITY_EMAIL_TAKEN, status=409)
    address.set_as_primary()


def reset_key_is_valid(key: str) -> bool:
    """Whether a /reset/<key> link can still set a password (the page says so on load)."""
    return _user_from_reset_key(key) is not None


def user_login(*, request, email: str, password: str) -> User:
    """Sign in, behind the throttle of throttle.LoginGuard (shared with Django's admin login).

    Returns the user; the view gives the browser its device cookie (throttle.issue_device_cookie).
    """
    email = rules.normalize_email(email)
    guard = throttle.LoginGuard(request, email)
    if not guard.allows():
        raise ApplicationError(TOO_MANY, status=429)
    user = authenticate(request, email=email, password=password)
    if user is None or not user.is_active:
        guard.failed()
        raise ApplicationError(INVALID_CREDENTIALS, status=401)
    if not is_verified(user):
        # Said only to whoever typed the right password, so it reveals nothing to a guesser
        # (a wrong one stays "Invalid credentials."); not a failure for the throttle either.
        raise ApplicationError(UNVERIFIED, status=403)
    login(request, user, backend="apps.accounts.user_cache.CachedUserBackend")
    return user


def user_logout(*, request) -> None:
    logout(request)


def session_refresh(*, request) -> None:
    """Slide the session's expiry forward, never past its absolute end (SESSION_ABSOLUTE_AGE)."""
    left = sessions.seconds_left(request.session)
    if left is None or left <= 0:
        logout(request)
        raise ApplicationError(SESSION_TOO_OLD, status=401)
    request.session.set_expiry(min(settings.SESSION_COOKIE_AGE, left))
    request.session.modified = True


def password_reset_request(*, request, email: str) -> None:
    """Queue a reset mail if the account exists; say the same thing for every plausible address.

    No student or whitelist rule here: answering 400 for addresses the rules refuse and 200 for
    the rest let anyone test the whitelist's single addresses. An account exists only for an
    address that was accepted when it registered, so looking it up is the whole check.
    """
    if not isinstance(email, str) or not is_storable(email):
        # Also keeps lone surrogates out of the limiter's key.
        raise ApplicationError(RESET_MALFORMED, errors={"email": [RESET_MALFORMED]})
    email = rules.normalize_email(email)
    # Limit first: nothing below runs for a caller past the limit.
    if not ratelimit.consume(request, action="reset_password", key=email):
        raise ApplicationError(TOO_MANY, status=429)
    if not rules.is_plausible_email(email):
        raise ApplicationError(RESET_MALFORMED, errors={"email": [RESET_MALFORMED]})
    user = User.objects.filter(email=email, is_active=True).first()
    # A few reset mails per address and hour, as for verification mail: the limit above still
    # lets one address be sent a mail every minute. Past this one the answer stays the same 200
    # and nothing is sent, as verification does; a 429 here, where only existing accounts are
    # counted, would tell a stranger that the address has one.
    if user is not None and ratelimit.consume(request, action="reset_password_mail", key=email):
        transaction.on_commit(lambda: send_password_reset_email.delay(user.pk))


def _user_from_reset_key(key: str) -> User | None:
    if not isinstance(key, str) or "-" not in key:
        return None
    uid, token = key.split("-", 1)
    try:
        pk = url_str_to_user_pk(uid)
        user = User.objects.get(pk=pk, is_active=True)
    except (ValueError, TypeError, OverflowError, ValidationError, User.DoesNotExist):
        return None
    return user if default_token_generator.check_token(user, token) else None


@transaction.atomic
def password_reset_confirm(*, request, key: str, password: str) -> User:
    """Set a new password from a reset link. A refused attempt leaves the link usable."""
    if not ratelimit.consume(request, action="reset_password_from_key"):
        raise ApplicationError(TOO_MANY, status=429)
    user = _user_from_reset_key(key)
    if user is None:
        # The page acts on this refusal (it offers a new link), so it is named by a code that
        # stays English whatever the message's language.
        raise ApplicationError(INVALID_RESET, code=INVALID_RESET_CODE)
    try:
        rules.validate_password(password)
    except ValidationError as exc:
        raise ApplicationError(_message(exc), errors={"password": [_message(exc)]}) from exc
    # A new password hash invalidates the token (single use) and every existing session.
    user.set_password(password)
    user.save(update_fields=["password"])
    # The link arrived by email, so the address is proven to be theirs.
    EmailAddress.objects.filter(user=user, email__iexact=user.email).update(verified=True)
    return user


def _get_user(email: str) -> User:
    user = User.objects.filter(email=rules.normalize_email(email)).first() if isinstance(email, str) else None
    if user is None:
        raise ApplicationError(NO_SUCH_ACCOUNT, status=404)
    return user


@transaction.atomic
def user_promote(*, email: str) -> User:
    user = _get_user(email)
    if user.role != Role.ADMIN:
        user.role = Role.ADMIN
        user.save(update_fields=["role"])
    return user


@transaction.atomic
def user_demote(*, email: str) -> User:
    # Lock every admin row so two simultaneous demotions can't remove the last two admins.
    admins = list(User.objects.select_for_update().filter(role=Role.ADMIN).order_by("pk"))
    user = _get_user(email)
    if user.role != Role.ADMIN:
        return user
    if len(admins) <= 1:
        raise ApplicationError(gettext_lazy("The last organizer can't be removed."), status=409)
    user.role = Role.USER
    user.is_staff = user.is_superuser and user.is_staff
    user.save(update_fields=["role", "is_staff"])
    return user


NOT_VERIFIED_STAFF = gettext_lazy("This account hasn't verified its email address yet.")
LAST_ORGANIZER = gettext_lazy("The last organizer can't be removed.")


@transaction.atomic
def user_set_role(*, email: str, role: str) -> User:
    """Give an account one role: organizer, reviewer, volunteer, or none (user). Only verified
    accounts become staff (a registration nobody confirmed could be anyone's), and the last
    organizer keeps the role (every admin row locked, as in `user_demote`)."""
    admins = list(User.objects.select_for_update().filter(role=Role.ADMIN).order_by("pk"))
    user = _get_user(email)
    if user.role == role:
        return user
    if role != Role.USER and not is_verified(user):
        raise ApplicationError(NOT_VERIFIED_STAFF, status=409)
    if user.role == Role.ADMIN and len(admins) <= 1:
        raise ApplicationError(LAST_ORGANIZER, status=409)
    was_admin = user.role == Role.ADMIN
    user.role = role
    fields = ["role"]
    if was_admin:
        user.is_staff = user.is_superuser and user.is_staff
        fields.append("is_staff")
    user.save(update_fields=fields)
    return user


def whitelist_add(*, kind: str, value: str) -> WhitelistRule:
    value = (value or "").strip()
    if not is_storable(value):
        raise ApplicationError(UNSTORABLE)
    if kind == WhitelistRule.Kind.EMAIL:
        # The one address rule of the organizer tools (apps/core/emails.py), which the page's
        # check mirrors (frontend/src/lib/emails.ts, on the same shared cases): both agree.
        if len(value) > 254 or not is_email(value):
            raise ApplicationError(gettext_lazy("Enter a valid email address."))
        value = value.lower()
    else:
        if not value:
            raise ApplicationError(gettext_lazy("Enter a pattern."))
        try:
            rules.validate_pattern(value)
        except ValidationError as exc:
            raise ApplicationError(_message(exc)) from exc
    rule, _ = WhitelistRule.objects.get_or_create(kind=kind, value=value)
    return rule


def whitelist_remove(*, rule_id: int) -> None:
    deleted, _ = WhitelistRule.objects.filter(pk=rule_id).delete()
    if not deleted:
        raise ApplicationError(gettext_lazy("No such whitelist exception."), status=404)
