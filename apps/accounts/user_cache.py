"""The signed-in user, read from the cache instead of the database on every request.

With cache-backed sessions (`cached_db`) the session costs no query after its first read; the
user row was then most of what a polled call like GET /api/applications/status spent on the
database. The backend below keeps each user's row in the cache, keyed by its id, and every save
or delete of a user drops that entry -- at once and again after the commit, so a request that
read the old row between the two can't leave it behind -- so a changed role, password (the
session hash Django checks on each request), or deactivation takes effect on the next request.

Writes that bypass the model's save (a queryset's `update()` of User rows) must call `forget`.

Other apps' per-user entries that most signed-in requests go on to read can come in the same
round trip as the user (`fetch_with_user`): the status call's cached row
(apps/applications/status_cache.py) did, and its own round trip to the cache was most of what
the call cost beyond a bare view.
"""

from __future__ import annotations

from collections.abc import Callable

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


# (keys of a user id, what to do with their values and the user): registered in AppConfig.ready.
_companions: list[tuple[Callable[[object], list[str]], Callable[[object, dict], None]]] = []


def fetch_with_user(keys: Callable[[object], list[str]], keep: Callable[[object, dict], None]) -> None:
    """Read `keys(user_id)` in the same cache round trip as the user, and hand their values
    (None for a missing key) to `keep(user, values)` once the user is known."""
    _companions.append((keys, keep))


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
        companions = [(keep, keys(user_id)) for keys, keep in _companions]
        found = cache.get_many([key(user_id), *(k for _, keys in companions for k in keys)])
        cached = found.get(key(user_id))
        if isinstance(cached, User):
            user = cached if self.user_can_authenticate(cached) else None
        else:
            user = super().get_user(user_id)
            if user is not None:
                # add(), not set(): never replaces an entry another request cached meanwhile. A
                # save committed between this read and this add can still leave the older copy
                # behind: the TTL bounds that window's effect.
                cache.add(key(user_id), user, TTL)
        if user is not None:
            # After the add: what the companions keep on the user is not cached with it.
            for keep, keys in companions:
                keep(user, {k: found.get(k) for k in keys})
        return user
