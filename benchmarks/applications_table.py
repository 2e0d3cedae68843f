"""Benchmark of the organizers' applications table (GET /api/applications/all) on PostgreSQL.

It creates (or recreates) a scratch database, migrates it, bulk-creates tens of thousands of
applications in the current cycle (plus a previous cycle's, which the table must skip), then
for each filter times the table's queries and the whole HTTP call, counts the queries, and
shows PostgreSQL's plan so you can see which index answers it.

    .venv/bin/python -m benchmarks.applications_table \
        --server postgres://postgres@127.0.0.1:5432 --name portal_org_bench --rows 50000

The scratch database's name must contain `bench`, so that this never touches a real one; it
is dropped at the end unless --keep is given.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import sys
import time

SCRATCH_MARK = "bench"


def _admin_connection(server: str):
    import psycopg

    conn = psycopg.connect(f"{server.rstrip('/')}/postgres", autocommit=True)
    return conn


def recreate_database(server: str, name: str) -> None:
    from psycopg import sql

    with _admin_connection(server) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def drop_database(server: str, name: str) -> None:
    from psycopg import sql

    with _admin_connection(server) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def setup_django(url: str) -> None:
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    import django

    django.setup()


FIRST_NAMES = (
    "Ada Alan Grace Katherine Barbara Linus Margaret Dennis Radia Frances Edsger Donald Tim Anita Shafi Leslie "
    "Hedy Claude John Mary Annie Ken Bjarne Guido Yukihiro Sophie Ruth Joan Evelyn Jean Kathleen Betty Marlyn "
    "Ruchi Fei-Fei Daphne Cynthia Raj Andrew Manuel Ana Priya Wei Chen Oluwaseun Chidi Amara Kwame Sakura Hiro"
).split()
LAST_NAMES = (
    "Lovelace Turing Hopper Johnson Liskov Torvalds Hamilton Ritchie Perlman Allen Dijkstra Knuth Berners-Lee "
    "Borg Goldwasser Lamport Lamarr Shannon McCarthy Keller Easley Thompson Stroustrup Rossum Matsumoto Wilson "
    "Clarke Dobson Dyer Bartik Holberton Meltzer Wescoff Sanghvi Li Koller Dwork Reddy Ng Blum Garcia Patel Zhang "
    "Okafor Eze Mensah Tanaka Sato Nakamura"
).split()
DOMAINS = "princeton.edu mit.edu yale.edu stanford.edu utoronto.ca iitb.ac.in unilag.edu.ng ox.ac.uk unibo.it".split()
STATUSES = [
    ("submitted", 40),
    ("started", 20),
    ("accepted", 10),
    ("waitlisted", 8),
    ("rejected", 10),
    ("confirmed", 6),
    ("declined", 2),
    ("waitlist_accepted", 2),
    ("waitlist_confirmed", 2),
]


def populate(rows: int, previous_rows: int, seed: int = 7) -> dict:
    """Bulk-create the data (users, teams, applications) and return a few known values."""

    from apps.accounts.models import User
    from apps.applications.models import Application, Team
    from apps.applications.selectors import school_names
    from apps.cycles.models import Cycle
    from apps.cycles.selectors import current_cycle

    rng = random.Random(seed)
    schools = list(school_names())
    popular = ["Princeton University", "Massachusetts Institute of Technology", "Yale University", *schools[:40]]
    statuses = [s for s, weight in STATUSES for _ in range(weight)]
    current = current_cycle()
    previous, _ = Cycle.objects.get_or_create(season="spring", year=current.year - 1)

    def make(cycle, count: int, tag: str) -> None:
        users = [
            User(email=f"{tag}{i:06d}.{rng.choice(LAST_NAMES).lower()}@{rng.choice(DOMAINS)}") for i in range(count)
        ]
        for user in users:
            user.set_unusable_password()
        users = User.objects.bulk_create(users, batch_size=5000)
        team_codes = [str(rng.randint(100_000, 99_999_999)) for _ in range(count // 8)]
        teams = {
            t.code: t
            for t in Team.objects.bulk_create([Team(cycle=cycle, code=c) for c in set(team_codes)], batch_size=5000)
        }
        codes = list(teams)
        applications = []
        for user in users:
            code = rng.choice(codes) if rng.random() < 0.4 else None
            applications.append(
                Application(
                    cycle=cycle,
                    user=user,
                    email=user.email,
                    first=rng.choice(FIRST_NAMES),
                    last=rng.choice(LAST_NAMES),
                    school=rng.choice(popular) if rng.random() < 0.6 else rng.choice(schools),
                    # Generated data, written once in bulk: no status change happens here.
                    status=rng.choice(statuses),
                    teamcode=code,
                    team=teams[code] if code else None,
                    checkboxes=[True, True, rng.random() < 0.5],
                )
            )
        Application.objects.bulk_create(applications, batch_size=5000)

    make(current, rows, "cur")
    make(previous, previous_rows, "old")
    analyze()
    sample = Application.objects.filter(cycle=current).exclude(teamcode=None).order_by("pk").first()
    return {"cycle": current, "teamcode": sample.teamcode, "email_part": sample.email.split("@")[0][:9]}


INDEX_USE = re.compile(r"(?:Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\S+)")


def plan(sql: str) -> tuple[str, list[str]]:
    """PostgreSQL's executed plan of `sql`, and the indexes it read."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql)
        lines = [row[0] for row in cursor.fetchall()]
    return "\n".join(lines), sorted({m.group(1) for line in lines for m in INDEX_USE.finditer(line)})


def run(repeats: int, show_plans: bool, known: dict) -> list[dict]:
    import json

    from django.core.cache import cache
    from django.db import connection, reset_queries
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from apps.accounts.models import User
    from apps.applications import table

    cycle = known["cycle"]
    cases = [
        ("no filter", {}),
        ("no filter, page 2000", {"__page": 2000}),
        ("first='ann' (substring)", {"first": "ann"}),
        ("first='an' (2 letters)", {"first": "an"}),
        ("last='ovel'", {"last": "ovel"}),
        ("email='mit.edu' (many)", {"email": "mit.edu"}),
        (f"email='{known['email_part']}' (one)", {"email": known["email_part"]}),
        ("school='university' (most)", {"school": "university"}),
        ("school='princeton'", {"school": "princeton"}),
        ("status='accepted'", {"status": "accepted"}),
        (f"teamcode='{known['teamcode']}'", {"teamcode": known["teamcode"]}),
        ("school='institute' + status='submitted'", {"school": "institute", "status": "submitted"}),
        ("first+last+email+school", {"first": "ada", "last": "love", "email": "princeton", "school": "princeton"}),
    ]
    admin = User.objects.filter(email="bench-admin@princeton.edu").first() or User.objects.create_user(
        email="bench-admin@princeton.edu", role="admin"
    )
    client = Client()
    client.force_login(admin)
    results = []
    for label, filters in cases:
        page = filters.pop("__page", 1)
        params = {"page": page, "per_page": 20}
        timings = []
        for _ in range(repeats):
            # Cold: the count is counted each time (the table caches it between page changes;
            # benchmarks/table_pages.py measures that), so this measures what the filter costs.
            cache.clear()
            start = time.perf_counter()
            body = table.application_table(cycle=cycle, filters=filters, params=params)
            timings.append((time.perf_counter() - start) * 1000)
        # The query log is a bounded deque: empty it so the capture's slice is exact.
        cache.clear()
        reset_queries()
        with CaptureQueriesContext(connection) as ctx:
            table.application_table(cycle=cycle, filters=filters, params=params)
        # captured_queries reads the live log, which the HTTP calls below add to: copy it now.
        table_queries = list(ctx.captured_queries)
        http = []
        for _ in range(max(3, repeats // 3)):
            cache.clear()
            start = time.perf_counter()
            response = client.get("/api/applications/all", {"page": page, "filters": json.dumps(filters)})
            http.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200, response.content
        cache.clear()
        reset_queries()
        with CaptureQueriesContext(connection) as http_ctx:
            client.get("/api/applications/all", {"page": page, "filters": json.dumps(filters)})
        http_queries = len(http_ctx.captured_queries)
        used = []
        plans = []
        for query in table_queries:
            text, indexes = plan(query["sql"])
            used.extend(indexes)
            plans.append(text)
        results.append(
            {
                "case": label,
                "total": body["total"],
                "table_ms_median": statistics.median(timings),
                "table_ms_max": max(timings),
                "http_ms_median": statistics.median(http),
                "queries_table": len(table_queries),
                "queries_http": http_queries,
                "indexes": sorted(set(used)),
            }
        )
        if show_plans:
            print(f"\n=== {label} ===")
            for query, text in zip(table_queries, plans, strict=True):
                print(query["sql"])
                print(text)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", default="postgres://postgres@127.0.0.1:5432", help="PostgreSQL server URL")
    parser.add_argument("--name", default="portal_org_bench", help="scratch database name (must contain 'bench')")
    parser.add_argument("--rows", type=int, default=50_000, help="applications in the current cycle")
    parser.add_argument("--previous-rows", type=int, default=20_000, help="applications in a previous cycle")
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--plans", action="store_true", help="print every EXPLAIN ANALYZE")
    parser.add_argument("--keep", action="store_true", help="keep the scratch database afterwards")
    parser.add_argument(
        "--compare-from",
        default=None,
        metavar="MIGRATION",
        help="measure first with the applications app at this migration, then migrate to the latest and measure again",
    )
    args = parser.parse_args(argv)
    if SCRATCH_MARK not in args.name:
        parser.error(f"the scratch database's name must contain '{SCRATCH_MARK}'")

    recreate_database(args.server, args.name)
    try:
        setup_django(f"{args.server.rstrip('/')}/{args.name}")
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        if args.compare_from:
            call_command("migrate", "applications", args.compare_from, verbosity=0)
        start = time.perf_counter()
        known = populate(args.rows, args.previous_rows)
        print(
            f"Loaded {args.rows:,} current + {args.previous_rows:,} previous applications "
            f"in {time.perf_counter() - start:.1f} s"
        )
        reports = []
        if args.compare_from:
            reports.append((f"applications at {args.compare_from}", run(args.repeats, args.plans, known)))
            call_command("migrate", "applications", verbosity=0)
            analyze()
        reports.append(("applications at the latest migration", run(args.repeats, args.plans, known)))
    finally:
        from django.db import connections

        connections.close_all()
        if not args.keep:
            drop_database(args.server, args.name)

    for title, results in reports:
        print(f"\n{title}")
        print_results(results)
    return 0


def analyze() -> None:
    """Statistics and the visibility map, as autovacuum would leave a live table."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")


def print_results(results: list[dict]) -> None:
    header = f"{'case':44} {'rows':>7} {'table ms':>9} {'max ms':>7} {'HTTP ms':>8} {'q':>2} {'qHTTP':>5}  indexes"
    print(header)
    print("-" * len(header))
    for r in results:
        print(
            f"{r['case'][:44]:44} {r['total']:>7,} {r['table_ms_median']:>9.1f} {r['table_ms_max']:>7.1f} "
            f"{r['http_ms_median']:>8.1f} {r['queries_table']:>2} {r['queries_http']:>5}  {', '.join(r['indexes'])}"
        )


if __name__ == "__main__":
    sys.exit(main())
