"""The containers' healthchecks, in Python (the slim image has no curl), without Django.

python docker/healthcheck.py http URL          # 0 when URL answers 200 (web: /readyz)
python docker/healthcheck.py fresh FILE SECS   # 0 when FILE was touched in the last SECS
                                               # (beat touches <schedule>.alive each tick)
"""

from __future__ import annotations

import os
import sys
import time
import urllib.request


def http(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:  # noqa: S310 - a fixed local URL
            return 0 if response.status == 200 else 1
    except Exception as error:  # noqa: BLE001 - any failure is "unhealthy", said on stderr
        print(f"{url}: {error}", file=sys.stderr)
        return 1


def fresh(path: str, seconds: str) -> int:
    try:
        age = time.time() - os.stat(path).st_mtime
    except OSError as error:
        print(f"{path}: {error}", file=sys.stderr)
        return 1
    if age > float(seconds):
        print(f"{path}: last touched {age:.0f} s ago", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    checks = {"http": http, "fresh": fresh}
    if len(sys.argv) < 3 or sys.argv[1] not in checks:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(checks[sys.argv[1]](*sys.argv[2:]))
