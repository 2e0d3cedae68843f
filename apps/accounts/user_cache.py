"""The signed-in user, read from the cache instead of the database on every request.

With cache-backed sessions (`cached_db`) the session costs no query after its first read; the
user row was then most of what a polled call like GET /api/applications/status spent on the
database. The backend below keeps each user's row in the cache, keyed by its id, and every save
or delete of a user drops that entry -- at once and again after the commit, so a request that
read the old row between the two can't leave it behind -- so a changed role, password (the
session hash Django checks on each request), or deactivation takes effect on the next request.

Writes that bypass the model's save (a queryset's `update()` of User rows) must call `forget`.
"""

from __future__ import annotations

from allauth.account.auth_backends import AuthenticationBackend
from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from apps.core.db import now_and_at_commit

from .models import User

# Long enough to matter for a student polling their status, short enough that a change made
# behind the model's back (see the module docstring) is not kept for long.
TTL = 300


def key(pk) -> str:
    return f"auth-user:{pk}"


def forget(pk) -> None:
    now_and_at_commit(lambda: cache.delete(key(pk)))


@receiver(post_save, sender=User, dispatch_uid="apps.accounts.user_cache.saved")
@receiver(post_delete, sender=User, dispatch_uid="apps.accounts.user_cache.deleted")
def _changed(sender, instance, **kwargs) -> None:
    forget(instance.pk)


class CachedUserBackend(AuthenticationBackend):
    """allauth's backend (sign-in by email and password), with the per-request user lookup
    served from the cache."""

    def get_user(self, user_id):
        cached = cache.get(key(user_id))
        if isinstance(cached, User):
            return cached if self.user_can_authenticate(cached) else None
        user = super().get_user(user_id)
        if user is not None:
            # add(), not set(): never replaces an entry another request cached meanwhile. A save
            # committed between this read and this add can still leave the older copy behind:
            # the TTL bounds that window's effect.
            cache.add(key(user_id), user, TTL)
        return user
