"""One Celery beat sends the schedule, however many are started.

Two beats (a second replica, a deploy that starts the new one before stopping the old) would
each queue every periodic task. `SingleBeatScheduler` is Celery's own persistent scheduler
behind a lock: the beat holding it ticks as usual; any other stands by, sending nothing, and
tries for the lock again every few seconds.

- With REDIS_URL the lock is a Redis key with a time-to-live (`BEAT_LOCK_TIMEOUT`), renewed on
  every tick by its holder. A holder that dies stops renewing, and a standby takes over within
  the timeout. A holder that finds its lock gone (Redis lost it, or it was paused longer than
  the timeout and another took over) stops sending at once.
- Without REDIS_URL (`make run`: the filesystem broker, one machine) the lock is an exclusive
  `flock` on a file beside the schedule: the kernel releases it when its holder exits, so a
  second beat on the same machine takes over as soon as the first is gone. The file is the
  configured schedule's (`CELERY_BEAT_SCHEDULE_FILENAME`) plus `.lock`, whatever --schedule a
  beat was started with.

Each tick also touches `<schedule file>.alive`, which compose's healthcheck reads: a beat whose
loop is stuck goes unhealthy, whether it holds the lock or stands by.
"""

from __future__ import annotations

import fcntl
import logging
import os
import uuid
from pathlib import Path

from celery.beat import PersistentScheduler
from django.conf import settings

logger = logging.getLogger(__name__)


class RedisLock:
    """A lock with a time-to-live, owned by a random token (only its owner renews or frees it)."""

    _RENEW = """
    if redis.call('get', KEYS[1]) == ARGV[1] then
        return redis.call('pexpire', KEYS[1], ARGV[2])
    end
    return 0
    """
    _RELEASE = """
    if redis.call('get', KEYS[1]) == ARGV[1] then
        return redis.call('del', KEYS[1])
    end
    return 0
    """

    def __init__(self, url: str, key: str, timeout: float) -> None:
        import redis

        self.client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
        self.key = key
        self.timeout_ms = int(timeout * 1000)
        self.token = uuid.uuid4().hex
        self.held = False

    def hold(self) -> bool:
        """Take the lock, or renew it if held; whether this process holds it now."""
        if self.held:
            self.held = bool(self.client.eval(self._RENEW, 1, self.key, self.token, self.timeout_ms))
            if not self.held:
                logger.warning("beat: lost the lock %s; standing by", self.key)
            return self.held
        self.held = bool(self.client.set(self.key, self.token, nx=True, px=self.timeout_ms))
        return self.held

    def release(self) -> None:
        if self.held:
            self.client.eval(self._RELEASE, 1, self.key, self.token)
            self.held = False

    def describe(self) -> str:
        return f"Redis key {self.key}"


class FileLock:
    """An exclusive `flock` on a file, released by the kernel when its holder exits."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fd: int | None = None

    def hold(self) -> bool:
        if self.fd is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        self.fd = fd
        return True

    def release(self) -> None:
        if self.fd is not None:
            fcntl.flock(self.fd, fcntl.LOCK_UN)
            os.close(self.fd)
            self.fd = None

    def describe(self) -> str:
        return f"file {self.path}"


def make_lock() -> RedisLock | FileLock:
    timeout = float(getattr(settings, "BEAT_LOCK_TIMEOUT", 60))
    if settings.REDIS_URL:
        prefix = settings.CACHES["default"].get("KEY_PREFIX") or "portal"
        return RedisLock(settings.REDIS_URL, f"{prefix}:celery-beat-lock", timeout)
    # Beside the configured schedule, not the one a beat was given with --schedule: two beats
    # started with different files still share the lock.
    return FileLock(Path(f"{settings.CELERY_BEAT_SCHEDULE_FILENAME}.lock"))


class SingleBeatScheduler(PersistentScheduler):
    def __init__(self, *args, **kwargs) -> None:
        self._lock = None
        self._standing_by: bool | None = None  # unknown until the first tick
        super().__init__(*args, **kwargs)
        self._lock = make_lock()
        timeout = float(getattr(settings, "BEAT_LOCK_TIMEOUT", 60))
        # A holder renews well inside the timeout; a standby asks as often.
        self._renew_every = max(timeout / 3, 0.1)
        self._alive = Path(f"{self.schedule_filename}.alive")

    def _touch_alive(self) -> None:
        try:
            self._alive.touch()
        except OSError:  # pragma: no cover - a read-only folder only costs the healthcheck
            pass

    def _holds_lock(self) -> bool:
        try:
            held = self._lock.hold()
        except Exception as error:  # noqa: BLE001 - Redis down: send nothing rather than twice
            logger.warning("beat: could not reach the lock (%s); sending nothing until it answers", error)
            if isinstance(self._lock, RedisLock):
                self._lock.held = False
            held = False
        if held and self._standing_by is not False:
            logger.info("beat: holding the lock (%s); sending the schedule", self._lock.describe())
        if not held and self._standing_by is not True:
            logger.warning("beat: another beat holds the lock (%s); standing by", self._lock.describe())
        self._standing_by = not held
        return held

    def tick(self, *args, **kwargs) -> float:
        self._touch_alive()
        if not self._holds_lock():
            return self._renew_every
        return min(super().tick(*args, **kwargs), self._renew_every)

    def close(self) -> None:
        super().close()
        if self._lock is not None:
            try:
                self._lock.release()
            except Exception:  # noqa: BLE001 - the lock expires by itself
                logger.debug("beat: could not release the lock", exc_info=True)
