"""Starting and measuring the servers of a benchmark: gunicorn, a Celery worker, a load
balancer (haproxy, loopback only, its configuration in a temporary folder), and the CPU each
tier spends, PostgreSQL's backends of the scratch database included.

Every process listens on 127.0.0.1 only and is stopped by the benchmark that started it.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, timeout: float = 30.0, process: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"{process.args[0]} exited with {process.returncode} before listening on {port}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listens on 127.0.0.1:{port} after {timeout}s")


def server_env(*, database_url: str, redis_url: str, site_url: str, **extra: str) -> dict[str, str]:
    """The environment of the benchmark's servers: production settings (benchmarks/settings.py)."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "benchmarks.settings",
        "DJANGO_SECRET_KEY": "benchmark-only-" + "x" * 40,
        "DJANGO_ALLOW_PLAIN_HTTP": "true",
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "SITE_URL": site_url,
        "CACHE_KEY_PREFIX": "portal-bench",
        "PYTHONPATH": str(ROOT),
    }
    env.update(extra)
    return env


class Tier:
    """Processes whose CPU time is measured together (a process tree, or a list of pids)."""

    def __init__(self, name: str, roots: list[int] | None = None, pids=None) -> None:
        self.name = name
        self.roots = roots or []
        self.pids = pids  # a callable returning the pids to count, for PostgreSQL's backends
        self._seen: dict[int, float] = {}

    def processes(self) -> list[psutil.Process]:
        found = []
        for pid in self.pids() if self.pids else self.roots:
            try:
                process = psutil.Process(pid)
                found.append(process)
                if not self.pids:
                    found.extend(process.children(recursive=True))
            except psutil.NoSuchProcess:
                continue
        return found

    def cpu(self) -> float:
        """CPU seconds (user + system) of the tier's processes since they started; a process
        that ended keeps the last figure read for it, so sample often enough."""
        for process in self.processes():
            try:
                times = process.cpu_times()
                self._seen[process.pid] = times.user + times.system
            except psutil.NoSuchProcess:
                continue
        return sum(self._seen.values())


def postgres_backends(database_url: str):
    """A callable returning the pids of PostgreSQL's backends connected to the scratch database."""
    import psycopg

    name = database_url.rsplit("/", 1)[1]
    server = database_url.rsplit("/", 1)[0]

    def pids() -> list[int]:
        with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
            rows = conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s", [name]).fetchall()
        return [row[0] for row in rows]

    return pids


@contextmanager
def gunicorn(env: dict, port: int, *, workers: int = 2, threads: int = 1, log: Path | None = None):
    """A gunicorn of the portal on 127.0.0.1:port (sync workers unless threads > 1)."""
    command = [
        str(VENV_BIN / "gunicorn"),
        "config.wsgi:application",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--threads",
        str(threads),
        "--backlog",
        "2048",
        "--timeout",
        "60",
    ]
    with _started(command, env, log) as process:
        wait_for_port(port, process=process)
        yield process


@contextmanager
def celery_worker(env: dict, *, concurrency: int = 1, log: Path | None = None):
    command = [
        str(VENV_BIN / "celery"),
        "-A",
        "config.celery_app",
        "worker",
        "--loglevel=WARNING",
        f"--concurrency={concurrency}",
        "--without-gossip",
        "--without-mingle",
        "-n",
        f"bench-{os.getpid()}@%h",
    ]
    with _started(command, env, log) as process:
        time.sleep(3)  # the worker connects to the broker; the first registrations wait in Redis anyway
        yield process


HAPROXY_CONFIG = """\
global
    maxconn 4096
defaults
    mode http
    timeout connect 5s
    timeout client 60s
    timeout server 60s
    option forwardfor
frontend portal
    bind 127.0.0.1:{port}
    default_backend web
backend web
    balance leastconn
{servers}
"""


@contextmanager
def load_balancer(backends: list[int], port: int, folder: Path, log: Path | None = None):
    """haproxy on 127.0.0.1:port spreading requests over the gunicorns on `backends` (its
    configuration is written into `folder`, a temporary directory)."""
    haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
    servers = "\n".join(f"    server web{i} 127.0.0.1:{p} maxconn 64" for i, p in enumerate(backends))
    config = folder / "haproxy.cfg"
    config.write_text(HAPROXY_CONFIG.format(port=port, servers=servers))
    with _started([haproxy, "-db", "-f", str(config)], dict(os.environ), log) as process:
        wait_for_port(port, process=process)
        yield process


@contextmanager
def _started(command: list[str], env: dict, log: Path | None):
    output = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115 - closed below
    process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT)
    try:
        yield process
    finally:
        stop(process)
        if log:
            output.close()


def stop(process: subprocess.Popen, timeout: float = 15.0) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            for child in psutil.Process(process.pid).children(recursive=True):
                child.kill()
            process.kill()
            process.wait()
