"""`make run`'s supervisor: honcho starts the Procfile's web server, worker and beat, and one
Ctrl-C (SIGINT to honcho) stops all three and everything they started.

Before: the recipe's `trap 'kill 0'` re-fired on its own signal, flooded the log with "Warm
shutdown", ended in `make: *** Segmentation fault` and left Celery processes behind. The
processes run for real (local settings, SQLite and the filesystem broker under a temporary
VAR_DIR, so the checkout's var/ is untouched); the whole test takes about 10 seconds.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
HONCHO = ROOT / ".venv" / "bin" / "honcho"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # The command name (field 2) is in parentheses and may hold spaces; the ppid follows it.
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        tree.setdefault(ppid, []).append(int(entry.name))
    return tree


def _descendants(pid: int) -> set[int]:
    tree, found, todo = _children(), set(), [pid]
    while todo:
        for child in tree.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has exited; only its parent's wait is missing


@pytest.mark.skipif(not HONCHO.exists() or not Path("/proc").is_dir(), reason="needs .venv/bin/honcho and /proc")
def test_one_sigint_stops_the_web_server_worker_and_beat(tmp_path):
    for folder in ("celery/queue", "celery/processed", "celery/control", "mail", "private"):
        (tmp_path / folder).mkdir(parents=True)
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "DATABASE_URL", "REDIS_URL"))}
    env |= {
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "VAR_DIR": str(tmp_path),
        "PORTAL_PORT": str(port),
        "SITE_URL": f"http://127.0.0.1:{port}",
        "PYTHONUNBUFFERED": "1",
    }
    honcho = subprocess.Popen(
        [str(HONCHO), "start", "--no-colour", "--env", "/dev/null"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # its own group, so a failing test can clean up everything
    )
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(iter(honcho.stdout.readline, "")), daemon=True)
    reader.start()
    started: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            log = "".join(lines)
            serving = socket.socket()
            try:
                up = serving.connect_ex(("127.0.0.1", port)) == 0
            finally:
                serving.close()
            if up and " ready." in log and "beat v" in log:
                break
            assert honcho.poll() is None, log
            time.sleep(0.2)
        else:
            pytest.fail("the three processes did not start within 60 s:\n" + "".join(lines))
        started = _descendants(honcho.pid)
        assert len(started) >= 3

        stopping = time.monotonic()
        honcho.send_signal(signal.SIGINT)  # what Ctrl-C delivers to the foreground honcho
        honcho.wait(timeout=20)
        took = time.monotonic() - stopping
        reader.join(timeout=5)
        log = "".join(lines)

        left = sorted(pid for pid in started if _alive(pid))
        assert left == [], f"still running after {took:.1f} s: {left}\n{log}"
        assert "Segmentation fault" not in log
        for name in ("web.1", "worker.1", "beat.1"):
            assert f"{name} stopped" in log, log
        assert log.count("Warm shutdown") <= 1, log
        assert took < 15, log
    finally:
        for pid in [honcho.pid, *started]:
            try:
                os.killpg(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        honcho.wait(timeout=5)


def test_the_log_keeps_the_mail_links_in_view():
    """Beat's "Sending due task" (every 30 s) and the worker's received/succeeded line for each
    of beat's tasks are below the log's level under `make run`; the mail log line is not."""
    import importlib
    import re

    # The Procfile's lines as honcho reads them (comment lines match nothing).
    procfile = dict(re.findall(r"^([A-Za-z0-9_-]+):\s*(.+)$", (ROOT / "Procfile").read_text(), re.M))
    assert set(procfile) == {"web", "worker", "beat"}
    assert "--loglevel=WARNING" in procfile["beat"]
    assert "--loglevel=INFO" in procfile["worker"]

    local = importlib.import_module("config.settings.local")
    loggers = local.LOGGING["loggers"]
    assert loggers["celery.app.trace"]["level"] == loggers["celery.worker.strategy"]["level"] == "WARNING"
    assert local.LOGGING["root"]["level"] == "INFO"  # portal.mail's "Mail to …: … links: …" line
    assert "celery.app.trace" not in settings.LOGGING["loggers"]  # local copies base's dict, never edits it


def _read_until(fd: int, wanted: bytes, seconds: float) -> bytes:
    import select

    out = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # the terminal closed: every process on it has exited
            break
        if not chunk:
            break
        out += chunk
        if wanted and wanted in out:
            break
    return out


def _wait(pid: int, seconds: float) -> int:
    """waitpid with a deadline: a make that never stops fails the test instead of hanging it."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        time.sleep(0.05)
    raise AssertionError(f"make was still running {seconds:g} s after Ctrl-C")


@pytest.mark.skipif(not Path("/proc").is_dir() or not shutil.which("make"), reason="needs make and a terminal")
def test_ctrl_c_in_the_terminal_is_a_clean_stop_of_make_run(tmp_path):
    """Ctrl-C typed at `make run`'s terminal stops honcho, which exits 130 as it should; make
    then says nothing about an error and exits 0. The honcho here is a stand-in that behaves as
    honcho does on SIGINT (`make serve VENV=…` runs the same recipe as `make run`)."""
    import pty

    fake = tmp_path / "bin" / "honcho"
    fake.parent.mkdir()
    fake.write_text(
        "#!/bin/bash\ntrap 'echo honcho-stopped; exit 130' INT\necho honcho-up $$ .\nwhile :; do sleep 0.1; done\n"
    )
    fake.chmod(0o755)
    pid, fd = pty.fork()
    if pid == 0:  # the child: make, with the pseudo-terminal as its controlling terminal
        # A person's terminal starts with Ctrl-C live. A test run started in the background
        # (`cmd &` in a script, nohup) inherits SIGINT ignored, and an ignored signal stays
        # ignored through every exec: the stand-in's trap could never fire, and make ran on.
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.chdir(ROOT)
        os.execvp("make", ["make", "--no-print-directory", "serve", f"VENV={tmp_path}"])
    try:
        started = _read_until(fd, b" .", 20)
        found = re.search(rb"honcho-up (\d+) \.", started)
        assert found, started
        # honcho starts in the background (a job of its own: its process group is its pid) and
        # `fg` then hands it the terminal; a Ctrl-C typed before reaches another group instead
        # (make's, or the recipe's shell, which job control gives a group of its own) and honcho
        # runs on. A person types after the first lines, when honcho is in front: so does this,
        # waiting for honcho's own group to hold the terminal, not just any group but make's.
        honcho_group = int(found.group(1))
        deadline = time.monotonic() + 20
        while os.tcgetpgrp(fd) != honcho_group and time.monotonic() < deadline:
            time.sleep(0.05)
        assert os.tcgetpgrp(fd) == honcho_group, "honcho never got the terminal"
        os.write(fd, b"\x03")  # the terminal turns it into SIGINT for its foreground group
        rest = _read_until(fd, b"", 20)
        status = _wait(pid, 20)
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.close(fd)
    log = (started + rest).decode(errors="replace")
    assert "honcho-stopped" in log
    assert "Error" not in log and "Interrupt" not in log, log
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, (status, log)
