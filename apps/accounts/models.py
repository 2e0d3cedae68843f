from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, BaseUserManager, PermissionsMixin
from django.db import models
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from apps.core.models import BaseModel


class Role(models.TextChoices):
    ADMIN = "admin", pgettext_lazy("role", "Admin")
    USER = "user", pgettext_lazy("role", "User")
    # Staff with one job each: a reviewer scores the applications assigned to them, a volunteer
    # checks people in at the event. Neither sees anything else of the organizers' pages.
    REVIEWER = "reviewer", pgettext_lazy("role", "Reviewer")
    VOLUNTEER = "volunteer", pgettext_lazy("role", "Volunteer")


def _active_language() -> str:
    """The active language when it is an enabled one, else "" (the site's default)."""
    code = (translation.get_language() or "").lower()
    return code if code in dict(settings.LANGUAGES) else ""


class UserManager(BaseUserManager):
    use_in_migrations = True

    def _create_user(self, email: str, password: str | None, **extra):
        if not email:
            raise ValueError("An email address is required.")
        email = self.normalize_email(email).lower()
        # The language the person was reading the portal in when the account was made (the
        # registration request's), so their first mail is in it too.
        extra.setdefault("language", _active_language())
        user = self.model(email=email, **extra)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_user(self, email: str, password: str | None = None, **extra):
        extra.setdefault("role", Role.USER)
        extra.setdefault("is_staff", False)
        extra.setdefault("is_superuser", False)
        return self._create_user(email, password, **extra)

    def create_superuser(self, email: str, password: str | None = None, **extra):
        """A superuser is an organizer whose address counts as verified: it can sign in at once."""
        extra.update(role=Role.ADMIN, is_staff=True, is_superuser=True)
        user = self._create_user(email, password, **extra)
        from allauth.account.models import EmailAddress

        EmailAddress.objects.update_or_create(user=user, email=user.email, defaults={"verified": True, "primary": True})
        return user

    def get_by_natural_key(self, email: str):
        return self.get(email__iexact=email)


class User(AbstractBaseUser, PermissionsMixin):
    """A portal account. The email is the login, stored lower-cased and unique."""

    email = models.EmailField(unique=True)
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.USER)
    is_active = models.BooleanField(default=True)
    is_staff = models.BooleanField(default=False, help_text="May use Django's own admin.")
    date_joined = models.DateTimeField(default=timezone.now)
    # The language the portal speaks to this person in (pages when signed in, and every mail):
    # a code of settings.LANGUAGES, or "" for the site's default (LANGUAGE_CODE). No `choices`:
    # the enabled languages are the operator's setting, and a code later disabled falls back to
    # the default (apps.accounts.language.of) instead of invalidating the row.
    language = models.CharField(max_length=16, blank=True, default="")

    objects = UserManager()

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS: list[str] = []

    class Meta:
        verbose_name = _("user")
        verbose_name_plural = _("users")
        ordering = ["email"]
        # Declared here, not as db_index: that adds a pattern-ops twin no query reads (test_indexes.py).
        indexes = [models.Index(fields=["role"], name="user_role")]

    def __str__(self) -> str:
        return self.email

    def save(self, *args, **kwargs):
        self.email = (self.email or "").strip().lower()
        super().save(*args, **kwargs)

    @property
    def is_admin(self) -> bool:
        return self.role == Role.ADMIN

    @property
    def can_review(self) -> bool:
        return self.role in (Role.ADMIN, Role.REVIEWER)

    @property
    def can_check_in(self) -> bool:
        return self.role in (Role.ADMIN, Role.VOLUNTEER)


class WhitelistRule(BaseModel):
    """An exception to the student-email rule: one address, or a regular expression."""

    class Kind(models.TextChoices):
        EMAIL = "email", pgettext_lazy("whitelist rule", "Single email")
        PATTERN = "pattern", pgettext_lazy("whitelist rule", "Pattern")

    kind = models.CharField(max_length=16, choices=Kind.choices)
    value = models.CharField(max_length=512)

    class Meta:
        verbose_name = _("whitelist rule")
        verbose_name_plural = _("whitelist rules")
        ordering = ["kind", "value"]
        constraints = [models.UniqueConstraint(fields=["kind", "value"], name="unique_whitelist_rule")]

    def __str__(self) -> str:
        return f"{self.kind}: {self.value}"
