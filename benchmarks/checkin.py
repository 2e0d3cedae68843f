"""Event-day check-in under load: 1,000 check-ins from 5 devices at once.

    .venv/bin/python -m benchmarks.checkin [--people 1000] [--devices 5] [--rescans 100]
        [--background 10000] [--workers 2] [--keep]

Against a production-like server on this machine, loopback only: a scratch PostgreSQL database
(its name must contain `bench`; dropped at the end) holding `--background` applications of all
statuses (benchmarks/data.py) and `--people` confirmed applicants with a ticket each, Redis
(REDIS_URL), and gunicorn (`--workers` sync workers, persistent database connections) under the
production settings (benchmarks/settings.py).

`--devices` volunteers, each signed in with their own session, scan in a closed loop (each
sends its next scan when the last one answered): every ticket once, plus `--rescans` second
scans of tickets already scanned by another device (a person walking to a second door), shuffled
together. Each scan is a real POST /api/checkin/scan with its own scan_id, on a fresh
connection, as a phone's would be.

It reports the p50/p95/p99/max latency of the scans (the 200s, the 409s, and all together) next
to its floor measured in the same run with the same clients: GET of a bare DRF view behind the
same session authentication (/bench/bare), before and after the scans; and it checks the
result in the database: exactly one CheckIn and one "checked_in" history row per person, no
duplicate, every rescan refused. Goal: p99 of a scan under 200 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import socket
import statistics
import sys
import threading
import time
import uuid
from contextlib import contextmanager
from pathlib import Path

from benchmarks import data, servers

PASSWORD = "Bench-Password-2026"
GOAL_P99_MS = 200
FLOOR_P99_RATIO = 1.5  # paced at 5 scans/s from 5 devices: a scan no slower than 1.5× the bare view


# --- One request -----------------------------------------------------------------------


def _request(port: int, raw: bytes) -> tuple[int, float]:
    """(status, milliseconds) of one request on a fresh connection (gunicorn's sync workers
    close after each), from connect to the last byte of the answer."""
    started = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
        conn.sendall(raw)
        received = bytearray()
        while chunk := conn.recv(65536):
            received += chunk
    elapsed = (time.perf_counter() - started) * 1000
    return (int(received[9:12]) if received.startswith(b"HTTP/1.") else 0), elapsed


def _get(path: str, cookie: str) -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}\r\nConnection: close\r\n\r\n".encode()


def _post(path: str, cookie: str, csrf: str, body: dict) -> bytes:
    payload = json.dumps(body).encode()
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}\r\nX-CSRFToken: {csrf}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\nConnection: close\r\n\r\n"
    )
    return head.encode() + payload


def sign_in(port: int, email: str) -> tuple[str, str]:
    """(Cookie header, CSRF token) of a signed-in session."""
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
    csrf = session.cookies["csrftoken"]
    return f"sessionid={session.cookies['sessionid']}; csrftoken={csrf}", csrf


def run_clients(port: int, plans: list[list[bytes]], *, interval: float = 0.0) -> tuple[list[tuple[int, float]], float]:
    """Each client sends its plan; all start together. With `interval` 0, a closed loop (the
    next request when the last one answered: saturation); else open loop: the k-th request of
    all clients together is due k × interval seconds after the start, clients taking turns
    (a late answer doesn't delay the next request). The (status, ms) of every request, and the
    wall-clock seconds of the whole."""
    results: list[list[tuple[int, float]]] = [[] for _ in plans]
    barrier = threading.Barrier(len(plans))
    clients = len(plans)

    def client(index: int) -> None:
        barrier.wait()
        start = time.perf_counter()
        for position, raw in enumerate(plans[index]):
            if interval:
                due = start + (position * clients + index) * interval
                time.sleep(max(0.0, due - time.perf_counter()))
            try:
                results[index].append(_request(port, raw))
            except OSError:
                results[index].append((0, 0.0))

    threads = [threading.Thread(target=client, args=(i,)) for i in range(len(plans))]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [r for rs in results for r in rs], time.perf_counter() - started


def _paced(port: int, plans: list[list[bytes]], interval: float, kinds: int = 3) -> tuple[list, float]:
    """run_clients in open loop over plans that take turns: scan, floor, write floor, scan, ...
    Each answer tagged with its place in the turn (0: a scan, 1: the floor, 2: the write floor)."""
    answers, seconds = run_clients(port, plans, interval=interval)
    # run_clients flattens client by client, each client's requests in order.
    tagged, offset = [], 0
    for plan in plans:
        for position in range(len(plan)):
            tagged.append((answers[offset + position], position % kinds))
        offset += len(plan)
    return tagged, seconds


def percentiles(values: list[float]) -> dict:
    if not values:
        return {"n": 0}
    ordered = sorted(values)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]

    return {
        "n": len(ordered),
        "p50": statistics.median(ordered),
        "p95": at(0.95),
        "p99": at(0.99),
        "max": ordered[-1],
    }


# --- The data --------------------------------------------------------------------------


def make_people(count: int, devices: int, secret_key: str) -> tuple[list[str], list[str]]:
    """`count` confirmed applicants with answers and a ticket each, and `devices` volunteers.
    Returns (tokens, volunteer emails). Tokens are signed with the servers' secret."""
    from allauth.account.models import EmailAddress
    from django.contrib.auth.hashers import Argon2PasswordHasher
    from django.db import connection
    from django.test import override_settings

    from apps.accounts.models import Role, User
    from apps.applications.models import Answer, Application
    from apps.checkin import tokens
    from apps.checkin.models import Ticket
    from apps.cycles.selectors import current_cycle

    cycle = current_cycle()
    users = User.objects.bulk_create([User(email=f"attendee{i:05d}@princeton.edu", password="!") for i in range(count)])
    applications = Application.objects.bulk_create(
        [
            Application(
                cycle=cycle,
                user=user,
                email=user.email,
                first=f"Attendee{i}",
                last="Bench",
                school="Princeton University",
                status="confirmed",
            )
            for i, user in enumerate(users)
        ]
    )
    Answer.objects.bulk_create(
        [
            Answer(application=a, question_id=q, value=v)
            for a in applications
            for q, v in (("tshirt_size", "M"), ("dietary_restrictions", "Vegetarian"))
        ]
    )
    tickets = Ticket.objects.bulk_create(
        [Ticket(application=a, version=1, code=tokens.new_code()) for a in applications]
    )
    hashed = Argon2PasswordHasher().encode(PASSWORD, "benchsaltbenchsalt")
    volunteers = [f"volunteer{i}@princeton.edu" for i in range(devices)]
    for email in volunteers:
        user = User.objects.create(email=email, password=hashed, role=Role.VOLUNTEER)
        EmailAddress.objects.create(user=user, email=email, primary=True, verified=True)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    with override_settings(SECRET_KEY=secret_key):
        return [tokens.sign(t.code, t.version) for t in tickets], volunteers


def check_database(people: int) -> dict:
    """What the run left: one check-in and one history row per person, no more."""
    from django.db.models import Count

    from apps.applications.models import Application, ApplicationEvent
    from apps.checkin.models import CheckIn

    records = CheckIn.objects.count()
    duplicated = CheckIn.objects.values("application").annotate(n=Count("pk")).filter(n__gt=1).count()
    events = ApplicationEvent.objects.filter(field="status", to_value="checked_in").count()
    doubled_events = (
        ApplicationEvent.objects.filter(field="status", to_value="checked_in")
        .values("application")
        .annotate(n=Count("pk"))
        .filter(n__gt=1)
        .count()
    )
    checked_in = Application.objects.filter(status="checked_in", email__startswith="attendee").count()
    return {
        "records": records,
        "applications_with_two_records": duplicated,
        "history_rows": events,
        "applications_with_two_history_rows": doubled_events,
        "checked_in": checked_in,
        "expected": people,
    }


# --- The run ---------------------------------------------------------------------------


def measure(args, url: str, redis_url: str, logs: Path) -> dict:
    secret = "benchmark-only-" + "x" * 40  # servers.server_env's key: tokens must be signed with it
    tokens_, volunteers = make_people(args.people, args.devices, secret)
    rng = random.Random(13)
    work = [(t, False) for t in tokens_]
    # Second scans of people already in, sent later than their first (from the second half on).
    for _ in range(args.rescans):
        work.insert(rng.randint(len(work) // 2, len(work)), (rng.choice(tokens_[: len(tokens_) // 3]), True))
    port = servers.free_port()
    env = servers.server_env(database_url=url, redis_url=redis_url, site_url="http://127.0.0.1")
    env["DATABASE_CONN_MAX_AGE"] = "60"
    with servers.gunicorn(env, port, workers=args.workers, log=logs / "gunicorn-checkin.log") as web:
        tiers = [servers.Tier("web", [web.pid]), servers.Tier("db", pids=servers.postgres_backends(url))]
        sessions = [sign_in(port, email) for email in volunteers]
        # Round-robin: device i takes every n-th scan, so the rescans land on other devices.
        scans = [
            [
                _post("/api/checkin/scan", sessions[d][0], sessions[d][1], {"token": t, "scan_id": str(uuid.uuid4())})
                for t, _ in work[d :: args.devices]
            ]
            for d in range(args.devices)
        ]
        floor_plan = [[_get("/bench/bare", cookie)] * (len(work) // args.devices) for cookie, _ in sessions]
        run_clients(port, [[_get("/bench/bare", cookie)] * 20 for cookie, _ in sessions])  # warm up
        if args.minutes:
            # The scenario: the scans spread over `minutes` (open loop), each device
            # also sending a floor request halfway between two of its scans, so the floor is
            # measured in the same minutes under the same neighbours.
            # A write floor too (a POST that commits one row update, /bench/bare-write): a scan
            # is a durable write, which a read-only floor never pays for.
            interval = args.minutes * 60 / len(work)
            floor_get = [_get("/bench/bare", cookie) for cookie, _ in sessions]
            floor_write = [_post("/bench/bare-write", cookie, csrf, {}) for cookie, csrf in sessions]
            mixed = [[r for raw in plan for r in (raw, floor_get[d], floor_write[d])] for d, plan in enumerate(scans)]
            cpu_before = sum(t.cpu() for t in tiers)
            answered, scan_seconds = _paced(port, mixed, interval / 3)
            # The CPU of the interval is the scans' and both floors': the floors' is small beside
            # a scan's, and the same in every run.
            cpu_scans = sum(t.cpu() for t in tiers) - cpu_before
            scanned = [r for r, kind in answered if kind == 0]
            floor_before = [r for r, kind in answered if kind == 1]
            write_floor = [r for r, kind in answered if kind == 2]
            floor_before_s = floor_after_s = scan_seconds
            floor_after = []
        else:
            floor_before, floor_before_s = run_clients(port, floor_plan)
            cpu_before = sum(t.cpu() for t in tiers)
            scanned, scan_seconds = run_clients(port, scans)
            cpu_scans = sum(t.cpu() for t in tiers) - cpu_before
            floor_after, floor_after_s = run_clients(port, floor_plan)
            write_floor = []
    statuses: dict[int, int] = {}
    for status, _ms in scanned:
        statuses[status] = statuses.get(status, 0) + 1
    return {
        "scan": {
            "all": percentiles([ms for _s, ms in scanned]),
            "200": percentiles([ms for s, ms in scanned if s == 200]),
            "409": percentiles([ms for s, ms in scanned if s == 409]),
            "statuses": statuses,
            "seconds": scan_seconds,
            "per_second": len(scanned) / scan_seconds,
            "cpu_ms_per_scan": cpu_scans * 1000 / max(1, len(scanned)),
        },
        "floor_before": {**percentiles([ms for s, ms in floor_before if s == 200]), "seconds": floor_before_s},
        "floor_after": {**percentiles([ms for s, ms in floor_after if s == 200]), "seconds": floor_after_s},
        "write_floor": percentiles([ms for s, ms in write_floor if s == 200]),
        "floor_errors": sum(1 for s, _ in floor_before + floor_after + write_floor if s != 200),
        "database": check_database(args.people),
    }


def count_scan_queries() -> list[str]:
    """The SQL of one scan, from the view down (in this process, on the scratch database)."""
    import uuid as _uuid

    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from apps.accounts.models import Role, User
    from apps.applications.models import Application
    from apps.checkin import tokens
    from apps.checkin.models import Ticket
    from apps.cycles.selectors import current_cycle

    # A fresh attendee: everyone of the run is checked in by now.
    person = User.objects.create(email="profiled@princeton.edu", password="!")
    application = Application.objects.create(
        cycle=current_cycle(), user=person, email=person.email, first="Pro", last="Filed", status="confirmed"
    )
    ticket = Ticket.objects.create(application=application, version=1, code=tokens.new_code())
    user = User.objects.filter(role=Role.VOLUNTEER).first()
    client = Client()
    client.force_login(user)
    client.get("/api/checkin/stats")  # the current cycle, kept by the process
    with CaptureQueriesContext(connection) as queries:
        client.post(
            "/api/checkin/scan",
            {"token": tokens.sign(ticket.code, ticket.version), "scan_id": str(_uuid.uuid4())},
            content_type="application/json",
        )
    return [q["sql"] for q in queries]


@contextmanager
def _counting_redis(counts: list[int]):
    """Every command this process sends Redis while inside, counted into counts[0]: the cache's
    round trips of a request (the session, the user, the statistics' version, the webhooks'
    subscriptions), which Django's query counter doesn't see."""
    import redis.client

    send = redis.client.Redis.execute_command

    def counted(self, *args, **options):
        counts[0] += 1
        return send(self, *args, **options)

    redis.client.Redis.execute_command = counted
    try:
        yield
    finally:
        redis.client.Redis.execute_command = send


# The requests the profile interleaves, one at a time: the scan and the two floors the load run
# reads it against, each (method, path) with its body made per turn.
_PROFILED = {"bare view": ("get", "/bench/bare"), "write floor": ("post", "/bench/bare-write"), "scan": ("post", "")}


def profile_scans(count: int = 200, profiled: int = 50) -> dict:
    """Where a scan's time goes, one request at a time (no queueing), in this process: `count`
    scans, each interleaved with a GET of the bare view and a POST of the write floor, and for
    each kind the median wall time, the median time in SQL (sending each statement and waiting
    for its answer, timed around the driver's execute), and its Redis commands; the scan's SQL
    also by statement kind. Then `profiled` more scans under cProfile (which slows what it
    watches, so apart): the Python functions with the most own time."""
    import cProfile
    import pstats
    import uuid as _uuid
    from io import StringIO

    from django.db import connection
    from django.test import Client, override_settings

    from apps.accounts.models import Role, User
    from apps.applications.models import Application
    from apps.checkin import tokens
    from apps.checkin.models import Ticket
    from apps.cycles.selectors import current_cycle

    cycle = current_cycle()
    users = User.objects.bulk_create(
        [User(email=f"profile{i:04d}@princeton.edu", password="!") for i in range(count + profiled)]
    )
    applications = Application.objects.bulk_create(
        [Application(cycle=cycle, user=u, email=u.email, first="P", last="Q", status="confirmed") for u in users]
    )
    tickets = Ticket.objects.bulk_create(
        [Ticket(application=a, version=1, code=tokens.new_code()) for a in applications]
    )
    client = Client()
    client.force_login(User.objects.filter(role=Role.VOLUNTEER).first())
    client.get("/api/checkin/stats")

    def scan(ticket):
        body = {"token": tokens.sign(ticket.code, ticket.version), "scan_id": str(_uuid.uuid4())}
        return client.post("/api/checkin/scan", body, content_type="application/json")

    statements: list[tuple[str, float]] = []

    def timed(execute, sql, params, many, context):
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            statements.append((sql, (time.perf_counter() - started) * 1000))

    kinds: dict[str, list[float]] = {}
    wall: dict[str, list[float]] = {kind: [] for kind in _PROFILED}
    sql: dict[str, list[float]] = {kind: [] for kind in _PROFILED}
    redis_commands: dict[str, list[int]] = {kind: [] for kind in _PROFILED}
    # BEGIN goes out with a transaction's first statement (psycopg), so timed with it; COMMIT
    # goes out on its own, through the connection's commit.
    commit = connection._commit

    def timed_commit():
        started = time.perf_counter()
        try:
            return commit()
        finally:
            statements.append(("COMMIT", (time.perf_counter() - started) * 1000))

    connection._commit = timed_commit
    try:
        with override_settings(ROOT_URLCONF="benchmarks.urls"), connection.execute_wrapper(timed):
            for ticket in tickets[:count]:
                for kind, (method, path) in _PROFILED.items():
                    statements.clear()
                    counts = [0]
                    started = time.perf_counter()
                    with _counting_redis(counts):
                        if kind == "scan":
                            response = scan(ticket)
                        else:
                            response = getattr(client, method)(path, {}, content_type="application/json")
                    wall[kind].append((time.perf_counter() - started) * 1000)
                    assert response.status_code == 200, (kind, response.content)
                    sql[kind].append(sum(ms for _, ms in statements))
                    redis_commands[kind].append(counts[0])
                    for text, ms in statements if kind == "scan" else ():
                        words = text.split()
                        if words[0] == "WITH":  # named by its parts (the door's one statement)
                            name = "WITH " + ", ".join(re.findall(r"(\w+) AS \((?:SELECT|UPDATE|INSERT)", text))
                        else:
                            table = [w for w in words if w.startswith('"')][:1] if words[0] != "BEGIN" else []
                            name = " ".join(words[:1] + table)
                        kinds.setdefault(name, []).append(ms)
    finally:
        del connection._commit  # the class's own again
    profiler = cProfile.Profile()
    for ticket in tickets[count:]:
        profiler.enable()
        response = scan(ticket)
        profiler.disable()
        assert response.status_code == 200, response.content
    out = StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(12)
    return {
        "scan_ms": statistics.median(wall["scan"]),
        "sql_ms": {k: statistics.median(v) for k, v in kinds.items()},
        "sql_total_ms": sum(statistics.median(v) for v in kinds.values()),
        "requests": {
            kind: {
                "ms": statistics.median(wall[kind]),
                "sql_ms": statistics.median(sql[kind]),
                "redis": statistics.median(redis_commands[kind]),
            }
            for kind in _PROFILED
        },
        "top": out.getvalue(),
    }


def _profile_lines(profile: dict) -> list[str]:
    """The in-process profile: the scan beside its two floors, and what it does beyond the write
    floor, split into the database's share and the rest (Python, the cache)."""
    requests = profile["requests"]
    scan, write, bare = requests["scan"], requests["write floor"], requests["bare view"]
    beyond, in_sql = scan["ms"] - write["ms"], scan["sql_ms"] - write["sql_ms"]
    return [
        "",
        f"- Profile, one scan at a time (no queue), in-process: median {profile['scan_ms']:.1f} ms a scan, "
        f"of which SQL {profile['sql_total_ms']:.1f} ms (median per statement, the transaction's BEGIN timed with "
        "its first: "
        + ", ".join(f"{k} {v:.2f}" for k, v in sorted(profile["sql_ms"].items(), key=lambda kv: -kv[1]))
        + ").",
        "- The same profile, each scan interleaved with the two floors (medians; SQL: sending each statement "
        "and waiting for its answer; Redis: commands sent):",
        "",
        "  | request | ms | SQL ms | Redis commands |",
        "  |---|---|---|---|",
        *(
            f"  | {kind} | {r['ms']:.2f} | {r['sql_ms']:.2f} | {r['redis']:g} |"
            for kind, r in (("bare view (GET)", bare), ("write floor (POST)", write), ("scan (POST)", scan))
        ),
        "",
        f"- What a scan does beyond the write floor, in-process: {beyond:.1f} ms, of which {in_sql:.1f} ms waiting "
        f"on PostgreSQL (the statement's two row locks, its UPDATE and two INSERTs with their indexes, the "
        f"foreign keys checked at COMMIT, BEGIN and COMMIT as round trips of their own) and {beyond - in_sql:.1f} ms "
        f"in Python and the cache ({scan['redis'] - write['redis']:g} Redis commands more).",
    ]


def _against_floor(scan: dict, floor: dict) -> str:
    """The scan's p99 over the bare view's p99, measured by the same clients in the same minutes."""
    if not scan.get("n") or not floor.get("n"):
        return "- p99 of a scan against the floor's p99: not measured."
    ratio = scan["p99"] / floor["p99"]
    verdict = "met" if ratio <= FLOOR_P99_RATIO else "NOT met"
    return (
        f"- p99 of a scan against the floor's p99: {scan['p99']:.1f} / {floor['p99']:.1f} ms = {ratio:.2f}× "
        f"(goal ≤ {FLOOR_P99_RATIO:g}× when paced): {verdict}."
    )


def _against_write_floor(scan: dict, write: dict, read: dict) -> str:
    """The scan's p99 over the write floor's: what a scan costs beyond any committed write."""
    if not scan.get("n") or not write.get("n") or not read.get("n"):
        return "- p99 of a scan against the write floor's p99: not measured."
    return (
        f"- p99 of a scan against the write floor's p99 (a POST that commits one UPDATE; same clients, same "
        f"minutes): {scan['p99']:.1f} / {write['p99']:.1f} ms = {scan['p99'] / write['p99']:.2f}×. The write floor "
        f"alone is {write['p99'] / read['p99']:.2f}× the read-only floor's p99."
    )


def report(results: dict, args, queries: list[str]) -> str:
    def row(name: str, p: dict) -> str:
        if not p.get("n"):
            return f"| {name} | 0 | | | | |"
        return f"| {name} | {p['n']} | {p['p50']:.1f} | {p['p95']:.1f} | {p['p99']:.1f} | {p['max']:.1f} |"

    scan = results["scan"]
    db = results["database"]
    ok = (
        db["records"] == db["expected"] == db["checked_in"] == db["history_rows"]
        and db["applications_with_two_records"] == 0
        and db["applications_with_two_history_rows"] == 0
        and scan["statuses"].get(200, 0) == args.people
        and scan["statuses"].get(409, 0) == args.rescans
    )
    mode = (
        f"spread over {args.minutes:g} minutes (open loop; the floor requests interleaved with the scans)"
        if args.minutes
        else "as fast as the devices can (closed loop, floor before and after)"
    )
    lines = [
        f"{args.people:,} check-ins (+ {args.rescans} second scans) from {args.devices} devices at once, {mode}, "
        f"gunicorn {args.workers} sync workers, {args.background:,} other applications in the database.",
        "",
        "| requests | n | p50 ms | p95 ms | p99 ms | max ms |",
        "|---|---|---|---|---|---|",
        row("floor (GET bare view)" if args.minutes else "floor before (GET bare view)", results["floor_before"]),
        *([row("write floor (POST bare view + one committed UPDATE)", results["write_floor"])] if args.minutes else []),
        row("scan, checked in (200)", scan["200"]),
        row("scan, already checked in (409)", scan["409"]),
        row("scan, all", scan["all"]),
        "",
        f"- Scans: {sum(scan['statuses'].values())} in {scan['seconds']:.1f} s ({scan['per_second']:.0f}/s), "
        f"answers {dict(sorted(scan['statuses'].items()))}; web + database CPU "
        f"{scan['cpu_ms_per_scan']:.1f} ms a scan. Floor errors: {results['floor_errors']}.",
        f"- Database after the run: {db['records']} check-ins for {db['expected']} people, "
        f"{db['applications_with_two_records']} people with two, {db['history_rows']} checked_in history rows "
        f"({db['applications_with_two_history_rows']} doubled), {db['checked_in']} applications checked in: "
        f"{'no duplicates' if ok else 'MISMATCH'}.",
        f"- p99 of a scan: {scan['all'].get('p99', 0):.1f} ms (goal < {GOAL_P99_MS} ms): "
        f"{'met' if scan['all'].get('p99', 1e9) < GOAL_P99_MS else 'NOT met'}.",
        _against_floor(scan["all"], results["floor_before"]),
        *([_against_write_floor(scan["all"], results["write_floor"], results["floor_before"])] if args.minutes else []),
        f"- One scan's SQL ({len(queries)} statements, from the view down):",
        "",
    ]
    if not args.minutes:
        lines.insert(lines.index("") + 7, row("floor after (GET bare view)", results["floor_after"]))
    lines += [f"  {i + 1}. `{' '.join(q.split())[:110]}`" for i, q in enumerate(queries)]
    profile = results.get("profile")
    if profile:
        lines += _profile_lines(profile)
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    default_server = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/x").rsplit("/", 1)[0]
    parser.add_argument("--server", default=default_server, help="PostgreSQL server URL (no database)")
    parser.add_argument("--name", default="portal_checkin_bench", help="scratch database (name must contain 'bench')")
    parser.add_argument("--people", type=int, default=1000)
    parser.add_argument("--devices", type=int, default=5)
    parser.add_argument("--rescans", type=int, default=100)
    parser.add_argument("--background", type=int, default=10_000, help="other applications in the database")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--minutes",
        type=float,
        default=0.0,
        help="spread the scans over this many minutes (open loop, floor interleaved; the issue's "
        "scenario is 10); 0: as fast as the devices can (closed loop)",
    )
    parser.add_argument("--output", default="")
    parser.add_argument("--json", default="", help="also write the p99s and the statements here (for make bench)")
    parser.add_argument("--keep", action="store_true", help="keep the scratch database")
    args = parser.parse_args(argv)
    redis_url = os.environ.get("REDIS_URL") or sys.exit("REDIS_URL is needed (the servers' cache)")
    os.environ["CACHE_KEY_PREFIX"] = "portal-bench"
    url = data.recreate_database(args.server, args.name)
    logs = Path("var/bench")
    logs.mkdir(parents=True, exist_ok=True)
    try:
        data.setup_django(url)
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        data.populate(args.background)
        print(f"{args.background:,} background applications; {args.people:,} attendees; scanning…", flush=True)
        results = measure(args, url, redis_url, logs)
        queries = count_scan_queries()
        results["profile"] = profile_scans()
        print(results["profile"]["top"], flush=True)
    finally:
        from django.db import connections

        connections.close_all()
        if not args.keep:
            data.drop_database(args.server, args.name)
    text = report(results, args, queries)
    output = Path(args.output or logs / f"checkin-{time.strftime('%Y%m%d')}.md")
    output.write_text(text)
    if args.json:
        figures = {
            "scan_p99": results["scan"]["all"].get("p99"),
            "floor_p99": results["floor_before"].get("p99"),
            "write_floor_p99": results["write_floor"].get("p99"),
            "statements": len(queries),
        }
        Path(args.json).write_text(json.dumps(figures))
    print(text)
    print(f"(written to {output})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
