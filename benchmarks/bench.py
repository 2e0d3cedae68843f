"""`make bench`: the performance figures, each next to its floor measured in the same run.

    .venv/bin/python -m benchmarks.bench [--rows 50000] [--pdfs 2000] [--smoke] [--output FILE]

It creates a scratch PostgreSQL database (its name must contain `bench`; dropped at the end),
fills it with applications in bulk (benchmarks/data.py), and measures:

- throughput of a bare DRF view behind session authentication (the floor) under gunicorn,
  without and with persistent database connections, and of GET /api/applications/status
  against that floor (the servers run side by side; the measuring windows alternate, and the
  median of the rounds is reported, so a noisy neighbour hits every case alike);
- the CSV export (before: Python's csv line by line; now: COPY) against PostgreSQL's COPY of
  the same pivot with no formatting (time, first byte, peak traced memory);
- the resume zip of N PDFs, stored against deflated (CPU), with Info-ZIP's `zip -6` beside;
- the password hashers: PBKDF2 at Django's default against Argon2id at OWASP's parameters;
- the organizers' and the door's paths against their floors, and how they grow from a tenth
  of --rows to --rows (benchmarks/paths.py): table filters, jumps and the score sort, the
  ranking fresh and right after a review change, the statistics against both naive baselines,
  the export over the response, the recalibration, auto-assign, batch decisions per address.

Needs DATABASE_URL's server (or --server) and REDIS_URL. Prints a Markdown report and writes it
to --output (default benchmarks/RESULTS.md, which is therefore never edited by hand) and to
var/bench/bench-<date>.md. `--smoke` runs everything at a tiny size.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import tracemalloc
from pathlib import Path

from benchmarks import data, goals, pageload, paths, servers
from benchmarks.machine import cpu_ticks, stolen_share, stolen_text

PASSWORD = "Bench-Password-2026"
# Short windows per round and case, taking turns (measure_http).
SLICES = 6


# --- HTTP ------------------------------------------------------------------------------


def _get(port: int, request: bytes) -> int:
    """One request on a fresh connection (gunicorn's sync workers close after each); its status."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
        conn.sendall(request)
        received = bytearray()
        while chunk := conn.recv(65536):
            received += chunk
    return int(received[9:12]) if received.startswith(b"HTTP/1.") else 0


def hammer(port: int, path: str, cookie: str, *, seconds: float, concurrency: int) -> dict:
    """Requests per second of GET `path` from `concurrency` clients for `seconds`."""
    request = (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}\r\nConnection: close\r\n\r\n").encode()
    counts = {"ok": 0, "errors": 0}
    lock = threading.Lock()
    deadline = time.perf_counter() + seconds

    def client() -> None:
        ok = errors = 0
        while time.perf_counter() < deadline:
            try:
                status = _get(port, request)
            except OSError:
                status = 0
            if status == 200:
                ok += 1
            else:
                errors += 1
        with lock:
            counts["ok"] += ok
            counts["errors"] += errors

    started = time.perf_counter()
    threads = [threading.Thread(target=client) for _ in range(concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    return {"rps": counts["ok"] / elapsed, "ok": counts["ok"], "elapsed": elapsed, "errors": counts["errors"]}


def sign_in(port: int, email: str) -> str:
    import requests

    session = requests.Session()
    base = f"http://127.0.0.1:{port}"
    session.get(f"{base}/api/auth/user")
    response = session.post(
        f"{base}/api/auth/login",
        json={"email": email, "password": PASSWORD},
        headers={"X-CSRFToken": session.cookies["csrftoken"]},
    )
    response.raise_for_status()
    return f"sessionid={session.cookies['sessionid']}"


def measure_http(url: str, redis_url: str, *, seconds: float, rounds: int, concurrency: int, logs: Path) -> dict:
    """The bare floor without and with persistent connections, and status against the floor."""
    from allauth.account.models import EmailAddress
    from django.contrib.auth.hashers import Argon2PasswordHasher

    from apps.accounts.models import Role, User
    from apps.applications.models import Application
    from apps.cycles.selectors import current_cycle

    email, organizer = "bench-status@princeton.edu", "bench-organizer@princeton.edu"
    # Hashed for the servers' (production) hashers, whatever this process's settings are.
    user = User.objects.create(email=email, password=Argon2PasswordHasher().encode(PASSWORD, "benchsaltbenchsalt"))
    EmailAddress.objects.create(user=user, email=email, primary=True, verified=True)
    Application.objects.create(cycle=current_cycle(), user=user, email=email, first="Ada", last="Bench")
    admin = User.objects.create(
        email=organizer, password=user.password, role=Role.ADMIN, is_staff=True, is_superuser=True
    )
    EmailAddress.objects.create(user=admin, email=organizer, primary=True, verified=True)
    per_request = servers.free_port(), servers.free_port()
    env = servers.server_env(database_url=url, redis_url=redis_url, site_url="http://127.0.0.1")
    # The page-load rows need the static files production serves (WhiteNoise, from STATIC_ROOT).
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"], env=env, check=True)
    cases: dict[str, list[float]] = {
        "bare, new connection each request": [],
        "bare, persistent": [],
        "bare, persistent, again": [],
        "bare + one query": [],
        "status": [],
        "statistics": [],
    }
    # CPU-ms per request, web + db
    cpu: dict[str, list[float]] = {"bare, persistent": [], "bare + one query": [], "status": [], "statistics": []}
    errors = 0
    with (
        servers.gunicorn({**env, "DATABASE_CONN_MAX_AGE": "0"}, per_request[0], log=logs / "gunicorn-0.log"),
        servers.gunicorn({**env, "DATABASE_CONN_MAX_AGE": "60"}, per_request[1], log=logs / "gunicorn-60.log") as kept,
    ):
        # The persistent server's processes and its database backends (they live as long as
        # the connections, so their CPU can be read; per-request backends can't).
        tiers = [servers.Tier("web", [kept.pid]), servers.Tier("db", pids=servers.postgres_backends(url))]
        cookie = sign_in(per_request[1], email)
        # The statistics are an organizer's call: the organizer's own session, against the same
        # bare view (which only authenticates, whoever asks).
        organizer_cookie = sign_in(per_request[1], organizer)
        plan = [
            ("bare, new connection each request", per_request[0], "/bench/bare", cookie),
            ("bare, persistent", per_request[1], "/bench/bare", cookie),
            # The same view again, as a case of its own: how far two runs of identical work
            # fall apart on this machine, the yardstick for a "worst round" goal.
            ("bare, persistent, again", per_request[1], "/bench/bare", cookie),
            ("bare + one query", per_request[1], "/bench/bare-query", cookie),
            ("status", per_request[1], "/api/applications/status", cookie),
            ("statistics", per_request[1], "/api/applications/stats", organizer_cookie),
        ]
        for _name, port, path, who in plan:  # warm up: imports, first connections, the cache
            hammer(port, path, who, seconds=1, concurrency=concurrency)
        for round_number in range(rounds):
            # A round's window of each case is cut into SLICES short ones, the cases taking turns
            # slice by slice: a neighbour's burst of a second or two then falls on every case of
            # the round instead of on whichever case's window it met (with whole 3 s windows the
            # bare view against itself had a worst round of 0.79x, which no goal "in every
            # round" can be read against). Every other slice backwards, so a load that rises or
            # falls hits each case alike.
            served, took, spent = dict.fromkeys(cases, 0), dict.fromkeys(cases, 0.0), dict.fromkeys(cases, 0.0)
            for slice_number in range(SLICES):
                for name, port, path, who in plan if (round_number + slice_number) % 2 == 0 else plan[::-1]:
                    before = sum(tier.cpu() for tier in tiers)
                    result = hammer(port, path, who, seconds=seconds / SLICES, concurrency=concurrency)
                    spent[name] += sum(tier.cpu() for tier in tiers) - before
                    served[name] += result["ok"]
                    took[name] += result["elapsed"]
                    errors += result["errors"]
            for name in cases:
                cases[name].append(served[name] / took[name])
                if name in cpu and served[name]:
                    cpu[name].append(spent[name] * 1000 / served[name])
        # 31 rounds: a cold load's time moves by a factor of two from one round to the next here
        # (0.6-3.4x in 15 rounds on 2026-11-30), and its median needs the rounds.
        page_load = pageload.measure(per_request[1], cookie, rounds=31 if rounds > 1 else 2)
        phone_load = pageload.measure_phone(per_request[1], cookie, rounds=11 if rounds > 1 else 1)
    medians = {name: statistics.median(values) for name, values in cases.items()}
    # Each round's cases ran within seconds of each other: the median of the rounds' ratios
    # is steadier than the ratio of the medians on a machine whose load comes and goes.
    ratios = {
        "persistent": statistics.median(
            p / n for p, n in zip(cases["bare, persistent"], cases["bare, new connection each request"], strict=True)
        ),
        "status": statistics.median(s / b for s, b in zip(cases["status"], cases["bare, persistent"], strict=True)),
        "status_worst": min(s / b for s, b in zip(cases["status"], cases["bare, persistent"], strict=True)),
        "same": statistics.median(
            a / b for a, b in zip(cases["bare, persistent, again"], cases["bare, persistent"], strict=True)
        ),
        "same_worst": min(
            min(a / b, b / a) for a, b in zip(cases["bare, persistent, again"], cases["bare, persistent"], strict=True)
        ),
        # What one round trip costs by itself, and the status call against a view that makes it.
        "one_query": statistics.median(
            q / b for q, b in zip(cases["bare + one query"], cases["bare, persistent"], strict=True)
        ),
        "status_vs_one_query": statistics.median(
            s / q for s, q in zip(cases["status"], cases["bare + one query"], strict=True)
        ),
        "statistics": statistics.median(
            s / b for s, b in zip(cases["statistics"], cases["bare, persistent"], strict=True)
        ),
        "statistics_worst": min(s / b for s, b in zip(cases["statistics"], cases["bare, persistent"], strict=True)),
        # What a saturated server would serve: the inverse ratio of the CPU each request costs.
        "status_cpu": statistics.median(cpu["bare, persistent"]) / statistics.median(cpu["status"]),
        "statistics_cpu": statistics.median(cpu["bare, persistent"]) / statistics.median(cpu["statistics"]),
    }
    cpu_ms = {name: statistics.median(values) for name, values in cpu.items()}
    return {
        "rps": medians,
        "ratios": ratios,
        "cpu_ms": cpu_ms,
        "all": cases,
        "errors": errors,
        "page_load": page_load,
        "phone_load": phone_load,
    }


def count_status_queries() -> int:
    """Database round trips of GET status after warm-up, the session's and the user's and any
    health check included (apps/accounts/tests/test_request_round_trips.py asserts it too)."""
    from django.test import Client

    from apps.accounts.models import User
    from apps.core.tests.round_trips import counting_round_trips

    client = Client()
    client.force_login(User.objects.get(email="bench-status@princeton.edu"))
    client.get("/api/applications/status")
    with counting_round_trips() as trips:
        client.get("/api/applications/status")
    return trips.count


# --- Export ----------------------------------------------------------------------------


def _traced(make) -> int:
    tracemalloc.start()
    try:
        for _chunk in make():
            pass
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def measure_export(repeats: int = 2) -> dict:
    from apps.cycles.selectors import current_cycle
    from apps.reports import export
    from apps.reports.filters import parse_filters
    from apps.reports.tests import legacy_export

    def before():
        rows = legacy_export.export_rows(cycle=current_cycle(), filters=parse_filters(None))
        # The response encoded each line as it went out: part of the cost.
        return (line.encode("utf-8") for line in legacy_export.csv_lines(rows))

    def now():
        return iter(export.CsvExport(cycle=current_cycle(), filters=parse_filters(None)))

    paths.drain(paths.copy_floor())  # warm the database's caches, so the floor isn't the one paying for them
    results = {}
    for name, make in (("COPY floor", paths.copy_floor), ("before", before), ("now", now)):
        # The faster of two runs: a neighbour's burst only ever slows a run down.
        runs = [paths.drain(make()) for _ in range(repeats)]
        first, total, size = min(runs, key=lambda run: run[1])
        results[name] = {"first": min(r[0] for r in runs), "total": total, "bytes": size, "peak": _traced(make)}
    return results


# --- Zip -------------------------------------------------------------------------------


def make_pdfs(folder: Path, count: int, size: int) -> list:
    """`count` PDFs of about `size` bytes: a PDF wrapper around incompressible content, as the
    compressed streams of a real resume are."""
    import random

    from apps.resumes import zip as resume_zip

    rng = random.Random(14)
    entries = []
    for i in range(count):
        body = rng.randbytes(size).replace(b"%%EOF", b"%%EOX")
        content = b"%PDF-1.7\n1 0 obj << /Length " + str(len(body)).encode() + b" /Filter /FlateDecode >> stream\n"
        content += body + b"\nendstream endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
        name = f"resume-{i:05d}.pdf"
        (folder / name).write_bytes(content)
        entries.append(
            resume_zip.Entry(name=f"student{i:05d}@princeton.edu.pdf", path=name, date_time=(2026, 3, 1, 0, 0, 0))
        )
    return entries


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure_zip(count: int, size: int) -> dict:
    import zipfile

    from django.core.files.storage import FileSystemStorage

    from apps.resumes import zip as resume_zip

    with tempfile.TemporaryDirectory(prefix="portal-bench-pdfs-") as folder:
        entries = make_pdfs(Path(folder), count, size)
        storage = FileSystemStorage(location=folder)
        results = {}
        for name, compression in (("deflated (before)", zipfile.ZIP_DEFLATED), ("stored (now)", zipfile.ZIP_STORED)):
            cpu, wall = _cpu(), time.perf_counter()
            total = sum(len(p) for p in resume_zip.stream_zip(entries, storage=storage, compression=compression))
            results[name] = {"cpu": _cpu() - cpu, "wall": time.perf_counter() - wall, "bytes": total}
        cpu, wall = _children_cpu(), time.perf_counter()
        files = sorted(p.name for p in Path(folder).iterdir())
        subprocess.run(["zip", "-q", "-6", "-", *files], cwd=folder, stdout=subprocess.DEVNULL, check=True)
        results["zip -6 (Info-ZIP)"] = {"cpu": _children_cpu() - cpu, "wall": time.perf_counter() - wall, "bytes": 0}
    return results


# --- Hashers ---------------------------------------------------------------------------


def measure_hashers(repeats: int) -> dict:
    from django.contrib.auth.hashers import Argon2PasswordHasher, PBKDF2PasswordHasher

    class OwaspArgon2id(Argon2PasswordHasher):
        time_cost = 2
        memory_cost = 19 * 1024
        parallelism = 1

    results = {}
    for name, hasher in (
        (f"PBKDF2-SHA256, {PBKDF2PasswordHasher.iterations:,} iterations (Django's default)", PBKDF2PasswordHasher()),
        ("Argon2id, m=19 MiB, t=2, p=1 (OWASP)", OwaspArgon2id()),
    ):
        encoded = hasher.encode(PASSWORD, hasher.salt())
        cpu = _cpu()
        for _ in range(repeats):
            hasher.encode(PASSWORD, hasher.salt())
        encode = (_cpu() - cpu) / repeats
        cpu = _cpu()
        for _ in range(repeats):
            hasher.verify(PASSWORD, encoded)
        verify = (_cpu() - cpu) / repeats
        # A student registers (one hash) and signs in (one verification).
        results[name] = {"encode": encode, "verify": verify, "student": encode + verify}
    return results


# --- Report ----------------------------------------------------------------------------


def machine() -> str:
    load = os.getloadavg()
    return (
        f"{platform.node()}: {os.cpu_count()} cores, {platform.processor() or platform.machine()}, "
        f"Python {platform.python_version()}, load average {load[0]:.2f} at the end"
    )


APPLICANT_JS_GOAL, ORGANIZER_JS_GOAL = 90 * 1024, 150 * 1024


def measure_js(dist: Path = Path("frontend/dist")) -> list[dict]:
    """What each page's browser downloads before the page runs, gzip level 9: its entry in the
    build's manifest and every chunk it imports statically (the rule of
    frontend/src/lib/js-budget.test.ts, which holds the budget; here the bench prints it)."""
    import gzip
    import json

    manifest = json.loads((dist / "manifest.json").read_text())
    pages = []
    for key, chunk in sorted(manifest.items()):
        if not chunk.get("isEntry"):
            continue
        seen, files, stack = set(), [], [key]
        while stack:
            name = stack.pop()
            if name in seen:
                continue
            seen.add(name)
            files.append(manifest[name]["file"])
            stack.extend(manifest[name].get("imports", []))
        page = key.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        size = sum(len(gzip.compress((dist / f).read_bytes(), compresslevel=9)) for f in files)
        organizer = page.startswith("admin") or page == "checkin"
        pages.append({"page": page, "bytes": size, "goal": ORGANIZER_JS_GOAL if organizer else APPLICANT_JS_GOAL})
    return pages


def measure_checkin(server: str, smoke: bool) -> dict:
    """The door at a paced 5 scans a second from 5 devices, the floor interleaved
    (benchmarks/checkin.py, in a process and scratch database of its own): its report, and its
    p99s and statements for the goals."""
    people, rescans = (50, 5) if smoke else (500, 50)
    minutes = (people + rescans) / 5 / 60
    with tempfile.NamedTemporaryFile(suffix=".md") as out, tempfile.NamedTemporaryFile(suffix=".json") as figures:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "benchmarks.checkin",
                "--server",
                server,
                "--people",
                str(people),
                "--rescans",
                str(rescans),
                "--devices",
                "5",
                "--minutes",
                f"{minutes:.4f}",
                "--background",
                "1000" if smoke else "10000",
                "--output",
                out.name,
                "--json",
                figures.name,
            ],
            check=True,
        )
        return {"text": Path(out.name).read_text(), **json.loads(Path(figures.name).read_text())}


def _page_load_rows(load: dict) -> list[str]:
    if "skipped" in load:
        return [f"| Dashboard headline in Chromium | not measured: {load['skipped']} | | | |"]
    ms = load["ms"]
    what = {
        "cold": "Dashboard headline in the document, cold",
        "warm": "Dashboard headline in the document, warm",
        # The frame the headline is first drawn in: after the stylesheets and the layout.
        "cold paint": "Dashboard first contentful paint, cold",
        "warm paint": "Dashboard first contentful paint, warm",
    }
    rows = [
        f"| {what[mode]} (Chromium, phone size) | {ms[f'dashboard {mode}']:.0f} ms "
        f"| a plain Django page (the 404 page, same frame): {ms[f'plain {mode}']:.0f} ms "
        f"| {load[mode]:.2f}× (median of {len(load['rounds'][mode])} rounds; "
        f"{min(load['rounds'][mode]):.2f}–{max(load['rounds'][mode]):.2f}×) | ≤ 1.1× |"
        for mode in what
    ]
    # The 404 page against itself, loaded a second time in each round: the yardstick for the
    # rows above, as "the bare view against itself" is for the HTTP ones.
    control = ", ".join(
        f"{mode} {load['control'][mode]:.2f}× ({min(load['control rounds'][mode]):.2f}–"
        f"{max(load['control rounds'][mode]):.2f}×)"
        for mode in what
    )
    # Where the time goes: the document's first byte is the server's part of each load (its
    # view, its queries, its template), everything after it the browser's; and the same page
    # without its island splits the gap into the page's data and the island.
    rows.append(
        "| … of which the server: the document's first byte, cold / warm "
        f"| {ms['dashboard cold first byte']:.1f} / {ms['dashboard warm first byte']:.1f} ms "
        f"| the 404 page: {ms['plain cold first byte']:.1f} / {ms['plain warm first byte']:.1f} ms "
        f"| {load['cold first byte']:.2f}× / {load['warm first byte']:.2f}× "
        "| no goal: the server's share of the rows above |"
    )
    for part, floor, said in (
        ("island", "without island", "the dashboard against itself without its island (same view and first paint)"),
        ("data", "plain", "the dashboard without its island against the 404 page"),
    ):
        mine = "dashboard" if part == "island" else "without island"
        rows.append(
            f"| … {said}: headline cold / warm, painted cold / warm "
            f"| {ms[f'{mine} cold']:.0f} / {ms[f'{mine} warm']:.0f} ms, "
            f"{ms[f'{mine} cold paint']:.0f} / {ms[f'{mine} warm paint']:.0f} ms "
            f"| {ms[f'{floor} cold']:.0f} / {ms[f'{floor} warm']:.0f} ms, "
            f"{ms[f'{floor} cold paint']:.0f} / {ms[f'{floor} warm paint']:.0f} ms "
            f"| {' / '.join(f'{load[part][mode]:.2f}×' for mode in ('cold', 'warm', 'cold paint', 'warm paint'))} "
            "| no goal: " + ("what the island costs |" if part == "island" else "what the page's data costs |")
        )
    rows.append(
        f"| … the 404 page against itself (identical work, a third page in the same rounds) "
        f"| {ms['plain again warm']:.0f} ms warm | the 404 page: {ms['plain warm']:.0f} ms warm "
        f"| {control} | what noise alone does to these medians |"
    )
    rows.append(_without_js_preloads_row(load, "here, on the loopback"))
    return rows


def _without_js_preloads_row(load: dict, where: str) -> str:
    """The dashboard without its JavaScript preloads: its paint against the 404 page's, its
    island's mount against the dashboard's (benchmarks/pageload.py, WITHOUT_JS_PRELOADS)."""
    ms, mine, mounted = load["ms"], load["without js preloads"], load["js preloads mounted"]
    return (
        f"| … the dashboard without its JavaScript preloads, {where}: painted cold / warm; island mounted "
        f"cold / warm | {ms['without js preloads cold paint']:.0f} / {ms['without js preloads warm paint']:.0f} ms; "
        f"{ms['without js preloads cold mounted']:.0f} / {ms['without js preloads warm mounted']:.0f} ms "
        f"| the 404 page painted: {ms['plain cold paint']:.0f} / {ms['plain warm paint']:.0f} ms; the dashboard "
        f"mounted: {ms['dashboard cold mounted']:.0f} / {ms['dashboard warm mounted']:.0f} ms "
        f"| painted {mine['cold paint']:.2f}× / {mine['warm paint']:.2f}×; mounted {mounted['cold mounted']:.2f}× / "
        f"{mounted['warm mounted']:.2f}× | no goal: what the preloads cost the paint and save the island |"
    )


def _phone_load_rows(load: dict) -> list[str]:
    if "skipped" in load:
        return [f"| Dashboard headline over a phone's network | not measured: {load['skipped']} | | | |"]
    ms, network = load["ms"], pageload.PHONE_NETWORK
    where = (
        f"over an emulated phone's network ({network['latency']:.0f} ms a round trip, "
        f"{network['downloadThroughput'] * 8 / 1e6:.1f} Mbit/s down)"
    )
    rows = [
        f"| Dashboard {what}, {where} | {ms[f'dashboard {mode}']:.0f} ms "
        f"| the 404 page, same network: {ms[f'plain {mode}']:.0f} ms "
        f"| {load[mode]:.2f}× (median of {len(load['rounds'][mode])} rounds; "
        f"{min(load['rounds'][mode]):.2f}–{max(load['rounds'][mode]):.2f}×) | ≤ 1.1× |"
        for mode, what in (
            ("cold", "headline in the document, cold"),
            ("warm", "headline in the document, warm"),
            ("cold paint", "first contentful paint, cold"),
            ("warm paint", "first contentful paint, warm"),
        )
    ]
    rows.append(
        f"| … the dashboard's island mounted, cold / warm, same network | {ms['dashboard cold mounted']:.0f} / "
        f"{ms['dashboard warm mounted']:.0f} ms | the 404 page's headline: {ms['plain cold']:.0f} / "
        f"{ms['plain warm']:.0f} ms | – | no goal: when the whole page is there |"
    )
    rows.append(_without_js_preloads_row(load, "same network"))
    return rows


def _commit() -> str:
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True)
        # The benchmarks' own reports left by an earlier run in this checkout are not code.
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no", "--", ".", ":(exclude)benchmarks/RESULTS*.md"],
            capture_output=True,
            text=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown (not a git checkout)"
    return head.stdout.strip() + (" with uncommitted changes" if dirty.stdout.strip() else "")


def report(results: dict, args) -> str:
    http, export, zips, hashers = results["http"], results["export"], results["zip"], results["hashers"]
    rps = http["rps"]
    bare0, bare, status = rps["bare, new connection each request"], rps["bare, persistent"], rps["status"]
    lines = [
        f"# Benchmark of {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC",
        "",
        f"Machine: {machine()}. Rows: {args.rows:,} applications; {args.pdfs:,} PDFs of {args.pdf_kb} KB.",
        f"Code: commit {results['commit']}. Load average at the start and the end: {results['load'][0]} / "
        f"{results['load'][1]} (on 2 cores, anything above ~0.5 is a neighbour's); CPU time stolen by the "
        f"hypervisor while measuring: {stolen_text(results.get('stolen'))} (other virtual machines' work on "
        "these cores).",
        f"HTTP: gunicorn, 2 sync workers per server, {args.concurrency} clients, {args.rounds} rounds of "
        f"{args.seconds:g} s per case, each cut into {SLICES} slices that the cases take in turn (req/s: medians; "
        f"ratios: median of the rounds' ratios); {http['errors']} errors.",
        *goals.section(results),
        "",
        "## Every figure against its floor",
        "",
        "| What | Now | Floor, same run | Ratio | Goal |",
        "|---|---|---|---|---|",
        f"| Bare DRF view (session auth), persistent connections | {bare:.0f} req/s | new connection each request: "
        f"{bare0:.0f} req/s | {http['ratios']['persistent']:.2f}× | connections reused |",
        f"| GET /api/applications/status | {status:.0f} req/s, {results['status_queries']} database round trip(s) "
        f"after warm-up | bare view: {bare:.0f} req/s | {http['ratios']['status']:.2f}× (worst round "
        f"{http['ratios']['status_worst']:.2f}×) | ≥ 0.9× in every round, ≤ 1 round trip |",
        f"| … the bare view against itself (identical work, as a case of its own in the same rounds) | "
        f"{rps['bare, persistent, again']:.0f} req/s | bare view: {bare:.0f} req/s | "
        f"{http['ratios']['same']:.2f}× (worst round {http['ratios']['same_worst']:.2f}×, either way) | "
        "what noise alone does to a round's ratio |",
        f"| … a bare view plus one indexed SELECT (the one round trip the goal allows, nothing else) | "
        f"{rps['bare + one query']:.0f} req/s, {http['cpu_ms']['bare + one query']:.2f} CPU-ms | bare view: "
        f"{bare:.0f} req/s | {http['ratios']['one_query']:.2f}× | what one round trip costs by itself |",
        f"| … GET status against that view | {status:.0f} req/s | bare view + one query: "
        f"{rps['bare + one query']:.0f} req/s | {http['ratios']['status_vs_one_query']:.2f}× | – |",
        f"| … the same, by CPU per request (web + db) | status: {http['cpu_ms']['status']:.2f} CPU-ms "
        f"| bare view: {http['cpu_ms']['bare, persistent']:.2f} CPU-ms | {http['ratios']['status_cpu']:.2f}× "
        "| ≥ 0.85× |",
        f"| GET /api/applications/stats (an organizer, {args.rows:,} applications, cached) | "
        f"{rps['statistics']:.0f} req/s, {http['cpu_ms']['statistics']:.2f} CPU-ms | bare view: {bare:.0f} req/s, "
        f"{http['cpu_ms']['bare, persistent']:.2f} CPU-ms | {http['ratios']['statistics']:.2f}× (worst round "
        f"{http['ratios']['statistics_worst']:.2f}×; by CPU {http['ratios']['statistics_cpu']:.2f}×) "
        "| cost ≤ 1.2× the bare view's (≥ 0.83×) |",
        *_page_load_rows(http["page_load"]),
        *_phone_load_rows(http["phone_load"]),
    ]
    floor = export["COPY floor"]
    for name in ("before", "now"):
        e = export[name]
        lines.append(
            f"| CSV export, {name} | {e['total']:.2f} s, first byte {e['first'] * 1000:.0f} ms, "
            f"peak {e['peak'] / 1e6:.1f} MB | COPY of the pivot: {floor['total']:.2f} s, first byte "
            f"{floor['first'] * 1000:.0f} ms, peak {floor['peak'] / 1e6:.1f} MB | {e['total'] / floor['total']:.2f}× "
            "| ≤ 2×, flat, first byte < 300 ms |"
        )
    deflated, stored, info_zip = zips["deflated (before)"], zips["stored (now)"], zips["zip -6 (Info-ZIP)"]
    lines.append(
        f"| Resume zip, {args.pdfs:,} PDFs | stored: {stored['cpu']:.2f} CPU-s ({stored['wall']:.2f} s); "
        f"deflated (before): {deflated['cpu']:.2f} CPU-s | zip -6: {info_zip['cpu']:.2f} CPU-s "
        f"| {stored['cpu'] / deflated['cpu']:.2f}× of before | ≤ 0.5× |"
    )
    (pbkdf2_name, pbkdf2), (argon_name, argon) = hashers.items()
    lines.append(
        f"| Password hash, per student (register + sign-in) | {argon_name}: {argon['student'] * 1000:.0f} ms CPU "
        f"| {pbkdf2_name}: {pbkdf2['student'] * 1000:.0f} ms CPU | {argon['student'] / pbkdf2['student']:.2f}× | "
        "see RESULTS-registration.md (`make bench-registration`) |"
    )
    lines += paths.report(results["paths"])
    door = results["checkin"]["text"].strip()
    lines += ["", "## The door: check-in scans paced at 5 a second from 5 devices", "", door]
    pages = results["js"]
    over = [p for p in pages if p["bytes"] > p["goal"]]
    lines += [
        "",
        "## JavaScript a page loads before it runs (gzip -9, its entry and static imports)",
        "",
        f"{len(pages)} pages; {len(over)} over their goal (applicant pages 90 KB, organizer and door pages 150 KB).",
        "",
        "| Page | KB | Goal KB | Within |",
        "|---|---|---|---|",
        *(
            f"| {p['page']} | {p['bytes'] / 1024:.1f} | {p['goal'] / 1024:.0f} "
            f"| {'yes' if p['bytes'] <= p['goal'] else 'no'} |"
            for p in sorted(pages, key=lambda p: -p["bytes"] / p["goal"])
        ),
    ]
    lines += ["", "Raw windows (req/s):"] + [
        f"- {name}: {', '.join(f'{v:.0f}' for v in values)}" for name, values in http["all"].items()
    ]
    lines += [
        f"- export bytes: before {export['before']['bytes']:,}, now {export['now']['bytes']:,}",
        "- hashers (ms CPU): "
        + "; ".join(
            f"{n}: encode {h['encode'] * 1000:.1f}, verify {h['verify'] * 1000:.1f}" for n, h in hashers.items()
        ),
    ]
    return "\n".join(lines) + "\n"


def measure_paths(server: str, name: str, rows: int, repeats: int) -> list[dict]:
    """benchmarks/paths.py at a tenth of `rows` and at `rows`, each from an emptied database."""
    from django.core.management import call_command

    from apps.cycles.services import ensure_current_cycle

    sizes = []
    for size in (max(rows // 10, 100), rows):
        call_command("flush", interactive=False, verbosity=0)
        ensure_current_cycle()
        batch = (max(10, size // 50), max(100, size // 5)) if size == rows else None
        sizes.append(paths.measure(size, repeats=repeats, batch=batch))
        print(f"paths at {size:,} done", flush=True)
    return sizes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    default_server = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/x").rsplit("/", 1)[0]
    parser.add_argument("--server", default=default_server, help="PostgreSQL server URL (no database)")
    parser.add_argument("--name", default="portal_bench", help="scratch database (its name must contain 'bench')")
    parser.add_argument("--rows", type=int, default=50_000)
    parser.add_argument("--pdfs", type=int, default=2_000)
    parser.add_argument("--pdf-kb", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one measuring window")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--hash-repeats", type=int, default=5)
    parser.add_argument("--path-repeats", type=int, default=30, help="requests per path for the p50s")
    parser.add_argument("--smoke", action="store_true", help="everything at a tiny size (a minute)")
    parser.add_argument("--output", default="")
    parser.add_argument("--keep", action="store_true", help="keep the scratch database")
    args = parser.parse_args(argv)
    if args.smoke:
        args.rows, args.pdfs, args.seconds, args.rounds, args.hash_repeats = 2_000, 50, 1.0, 1, 1
    redis_url = os.environ.get("REDIS_URL") or sys.exit("REDIS_URL is needed (the servers' cache and broker)")
    os.environ["CACHE_KEY_PREFIX"] = "portal-bench"
    url = data.recreate_database(args.server, args.name)
    logs = Path("var/bench")
    logs.mkdir(parents=True, exist_ok=True)
    try:
        data.setup_django(url)
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        started = time.perf_counter()
        data.populate(args.rows)
        print(f"{args.rows:,} applications in {time.perf_counter() - started:.0f} s; measuring…", flush=True)
        load_before = " ".join(f"{x:.2f}" for x in os.getloadavg())
        ticks_before = cpu_ticks()
        results = {"js": measure_js(), "export": measure_export(1 if args.smoke else 2)}
        print("export done", flush=True)
        results["zip"] = measure_zip(args.pdfs, args.pdf_kb * 1024)
        print("zip done", flush=True)
        results["hashers"] = measure_hashers(args.hash_repeats)
        print("hashers done", flush=True)
        results["http"] = measure_http(
            url, redis_url, seconds=args.seconds, rounds=args.rounds, concurrency=args.concurrency, logs=logs
        )
        results["status_queries"] = count_status_queries()
        results["paths"] = measure_paths(args.server, args.name, args.rows, 10 if args.smoke else args.path_repeats)
        results["checkin"] = measure_checkin(args.server, args.smoke)
        print("check-in done", flush=True)
        # Which code the figures belong to, and how quiet the machine was: a reader re-measuring
        # needs both to compare.
        results["load"] = (load_before, " ".join(f"{x:.2f}" for x in os.getloadavg()))
        results["stolen"] = stolen_share(ticks_before, cpu_ticks())
        results["commit"] = _commit()
    finally:
        from django.db import connections

        connections.close_all()
        if not args.keep:
            data.drop_database(args.server, args.name)
    text = report(results, args)
    dated = logs / f"bench-{datetime.date.today():%Y%m%d}.md"
    dated.write_text(text)
    # A smoke run proves the benchmark runs; its figures would only mislead in RESULTS.md.
    output = Path(args.output or (dated if args.smoke else "benchmarks/RESULTS.md"))
    output.write_text(text)
    print(text)
    print(f"(written to {output})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
