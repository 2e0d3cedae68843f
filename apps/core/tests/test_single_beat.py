"""Two Celery beats running at once queue each periodic task once per period (apps.core.beat).

Real beat processes, with a test schedule of one task every second, against the broker the
suite runs on: Redis (REDIS_URL: the lock is a Redis key) or, without it, the filesystem
broker of `make run` (the lock is a file lock). No worker runs: the test counts the messages
that arrive in the queue and when each arrives.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
PERIOD = 1.0
LOCK_TIMEOUT = 3


def _settings_module(folder: Path, queue: str, prefix: str) -> str:
    (folder / "beat_test_settings.py").write_text(
        "from config.settings.local import *  # noqa\n"
        f"CELERY_BEAT_SCHEDULE = {{'beat-test': {{'task': 'apps.core.tasks.heartbeat', 'schedule': {PERIOD},"
        " 'args': ['beat-test']}}\n"
        f"CELERY_TASK_DEFAULT_QUEUE = {queue!r}\n"
        f"BEAT_LOCK_TIMEOUT = {LOCK_TIMEOUT}\n"
        f"CACHES['default']['KEY_PREFIX'] = {prefix!r}\n"
    )
    return "beat_test_settings"


class Queue:
    """The messages waiting in the test's queue, on whichever broker the suite uses."""

    def __init__(self, name: str, var_dir: Path) -> None:
        self.name = name
        self.folder = var_dir / "celery" / "queue"
        self.redis = None
        if settings.REDIS_URL:
            import redis

            self.redis = redis.Redis.from_url(settings.REDIS_URL)

    def count(self) -> int:
        if self.redis is not None:
            return int(self.redis.llen(self.name))
        return sum(1 for _ in self.folder.glob("*.msg"))

    def clean(self, prefix: str) -> None:
        if self.redis is not None:
            self.redis.delete(self.name, f"{prefix}:celery-beat-lock")


def _start_beat(env: dict, var_dir: Path, name: str) -> tuple[subprocess.Popen, Path]:
    log = var_dir / f"{name}.log"
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config.celery_app",
            "beat",
            "--loglevel=INFO",
            "--schedule",
            str(var_dir / f"{name}-schedule"),
        ],
        cwd=ROOT,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    return process, log


def _wait(condition, timeout: float, what: str, logs: list[Path]):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    pytest.fail(f"{what} within {timeout} s:\n" + "\n".join(f"--- {p.name}\n{p.read_text()}" for p in logs))


def _arrivals(queue: Queue, count: int, timeout: float, logs: list[Path]) -> list[float]:
    """The monotonic times at which the next `count` messages arrived."""
    seen, times = queue.count(), []
    deadline = time.monotonic() + timeout
    while len(times) < count and time.monotonic() < deadline:
        now = queue.count()
        times += [time.monotonic()] * (now - seen)
        seen = now
        time.sleep(0.02)
    if len(times) < count:
        pytest.fail(f"{len(times)} of {count} messages arrived:\n" + "\n".join(p.read_text() for p in logs))
    return times


@pytest.mark.long
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs real processes")
def test_two_beats_queue_one_task_per_period_and_the_standby_takes_over(tmp_path):
    var_dir = tmp_path / "var"
    for folder in ("celery/queue", "celery/processed", "celery/control"):
        (var_dir / folder).mkdir(parents=True)
    queue_name, prefix = f"beat-test-{uuid.uuid4().hex[:8]}", f"beat-test-{uuid.uuid4().hex[:8]}"
    module = _settings_module(tmp_path, queue_name, prefix)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "DATABASE_URL", "REDIS_URL"))}
    env |= {
        "DJANGO_SETTINGS_MODULE": module,
        "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)]),
        "VAR_DIR": str(var_dir),
        "PYTHONUNBUFFERED": "1",
    }
    if settings.REDIS_URL:
        env["REDIS_URL"] = settings.REDIS_URL  # this xdist worker's own Redis database
    queue = Queue(queue_name, var_dir)
    queue.clean(prefix)
    beats = [_start_beat(env, var_dir, name) for name in ("beat-a", "beat-b")]
    logs = [log for _, log in beats]
    try:
        # Both are up and ticking.
        _wait(lambda: all("beat: Starting..." in log.read_text() for log in logs), 60, "both beats did not start", logs)
        times = _arrivals(queue, 6, 30, logs)
        gaps = [b - a for a, b in zip(times, times[1:], strict=False)]
        # One message per period: two beats would each queue one a second, so half the gaps
        # (at least) would be shorter than half a period.
        assert min(gaps) > PERIOD / 2, gaps
        assert len(times) - 1 <= (times[-1] - times[0]) / PERIOD + 1, gaps
        # One holds the lock, the other says it stands by.
        holder = next(i for i, log in enumerate(logs) if "holding the lock" in log.read_text())
        standby = 1 - holder
        assert "holding the lock" not in logs[standby].read_text()
        assert "standing by" in logs[standby].read_text()
        # Both tick, the standby too: compose's healthcheck reads this file of each.
        assert all((var_dir / f"{name}-schedule.alive").exists() for name in ("beat-a", "beat-b"))

        # The holder dies without a word (no release): the standby takes over within the
        # lock's timeout (at once for a file lock, which the kernel releases), and it alone
        # goes on sending.
        os.killpg(beats[holder][0].pid, signal.SIGKILL)
        beats[holder][0].wait(timeout=10)
        killed_at = time.monotonic()
        times = _arrivals(queue, 3, LOCK_TIMEOUT + 15, logs)
        assert times[0] - killed_at < LOCK_TIMEOUT + PERIOD + 3, times[0] - killed_at
        assert "holding the lock" in logs[standby].read_text()
        gaps = [b - a for a, b in zip(times, times[1:], strict=False)]
        assert min(gaps) > PERIOD / 2, gaps
    finally:
        for process, _ in beats:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)
        queue.clean(prefix)
