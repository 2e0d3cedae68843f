"""Benchmark of the organizers' table pages: OFFSET pages against keyset pages, side by side.

It seeds a scratch PostgreSQL database with 50,000 applications in the current cycle (and a
previous cycle's, which the table must skip), then for a few sorts and filters times page 1, a
middle page and the last page two ways:

- old: what the table did before, a count(*) and `ORDER BY … OFFSET n LIMIT 20` every call;
- keyset: apps/applications/table.py, the count cached while the table is unchanged and each
  page a seek: the middle page reached with the previous page's `next` cursor (what the Next
  button sends), the last page read backwards from the end, and also the middle page asked
  for by number with no cursor (a shared link), which counts from the nearer end.

Timings are the median (p50) of the table function (filters, count, page, rows serialized),
and of the whole HTTP call for the keyset way. Queries per call are counted too.

    .venv/bin/python -m benchmarks.table_pages --rows 50000
    .venv/bin/python -m benchmarks.table_pages --plans   # and PostgreSQL's plan of each page

The scratch database's name must contain `bench` (it is dropped at the end unless --keep). The
cache is the one the settings name (Redis when REDIS_URL is set): it is cleared between cases.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from functools import partial

from benchmarks.applications_table import (
    SCRATCH_MARK,
    analyze,
    drop_database,
    plan,
    populate,
    recreate_database,
    setup_django,
)

PER_PAGE = 20


def offset_table(*, cycle, filters: dict, page: int, per_page: int = PER_PAGE) -> dict:
    """The table as it was paged before keyset: count every call, then OFFSET. The same
    FilterSet and sort (so only the paging differs), the old arithmetic."""
    from apps.applications import table

    queryset = table.filtered(table.ApplicationTableFilter(data=filters, queryset=table.table_queryset(cycle)))
    total = queryset.count()
    pages = max(1, math.ceil(total / per_page))
    offset = (page - 1) * per_page
    rows = list(queryset.values(*table.TABLE_COLUMNS)[offset : offset + per_page]) if offset < total else []
    return {"applications": table.TableRowSerializer(rows, many=True).data, "total": total, "pages": pages}


def queries_of(fn) -> tuple[int, list[str]]:
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    reset_queries()
    with CaptureQueriesContext(connection) as ctx:
        fn()
    return len(ctx.captured_queries), [q["sql"] for q in ctx.captured_queries]


def run(repeats: int, show_plans: bool, cycle) -> list[dict]:
    from django.core.cache import cache
    from django.test import Client

    from apps.accounts.models import User

    admin = User.objects.filter(email="bench-admin@princeton.edu").first() or User.objects.create_user(
        email="bench-admin@princeton.edu", role="admin"
    )
    client = Client()
    client.force_login(admin)
    cases = [
        ("no filter, sort email", {}),
        ("no filter, sort -submitted_at", {"sort": "-submitted_at"}),
        ("no filter, sort school", {"sort": "school"}),
        ("status=submitted, sort -first", {"status": "submitted", "sort": "-first"}),
    ]
    results = []
    for label, filters in cases:
        cache.clear()
        results.append(measure_case(label, filters, cycle=cycle, client=client, repeats=repeats, plans=show_plans))
    return results


def measure_case(label: str, filters: dict, *, cycle, client, repeats: int, plans: bool) -> dict:
    from apps.applications import table

    def keyset(params: dict) -> dict:
        return table.application_table(cycle=cycle, filters=filters, params={**params, "per_page": PER_PAGE})

    api_filters = {key: value for key, value in filters.items() if key != "sort"}

    def http(params: dict) -> None:
        query = {**params, "per_page": PER_PAGE, "sort": filters.get("sort", "email")}
        if api_filters:
            query["filters"] = json.dumps(api_filters)
        response = client.get("/api/applications/all", query)
        assert response.status_code == 200, response.content

    def old(page: int) -> dict:
        return offset_table(cycle=cycle, filters=filters, page=page)

    first = keyset({"page": 1})
    pages = first["pages"]
    middle = pages // 2
    # The Next button's request for the middle page carries the previous page's `next` cursor.
    before_middle = keyset({"page": middle - 1})
    keyset_params = {
        "page 1": {"page": 1},
        f"middle ({middle}), next": {"page": middle, "after": before_middle["next"]},
        f"last ({pages})": {"page": pages},
        f"middle ({middle}), jump": {"page": middle},
    }
    old_pages = {"page 1": 1, f"middle ({middle}), next": middle, f"last ({pages})": pages}
    # Every timed call of the case, run in interleaved rounds (a shuffled order each round) so
    # that a burst of load from elsewhere on the machine hits all of them alike.
    timers = {}
    for name, params in keyset_params.items():
        timers[("new", name)] = partial(keyset, params)
        timers[("http", name)] = partial(http, params)
        if name in old_pages:
            page = old_pages[name]
            emails = [r["email"] for r in keyset(params)["applications"]]
            assert [r["email"] for r in old(page)["applications"]] == emails, f"{label} {name}: the ways disagree"
            timers[("old", name)] = partial(old, page)
    queryset = table.filtered(table.ApplicationTableFilter(data=filters, queryset=table.table_queryset(cycle)))
    timers[("count", "")] = queryset.count
    timings = interleaved(timers, repeats)

    row = {"case": label, "total": first["total"], "pages": pages, "count_ms": timings[("count", "")], "cells": []}
    for name in keyset_params:
        cell = {"page": name, "new_ms": timings[("new", name)], "http_ms": timings[("http", name)]}
        cell["new_queries"], new_sql = queries_of(timers[("new", name)])
        cell["new_db_ms"] = db_ms(new_sql)
        cell["old_ms"] = cell["old_queries"] = cell["old_db_ms"] = None
        if ("old", name) in timers:
            cell["old_ms"] = timings[("old", name)]
            cell["old_queries"], old_sql = queries_of(timers[("old", name)])
            cell["old_db_ms"] = db_ms(old_sql)
        row["cells"].append(cell)
        if plans:
            print(f"\n=== {label}: {name} (keyset) ===")
            for sql in new_sql:
                print(sql[:300])
                print(plan(sql)[0])
            if ("old", name) in timers:
                print(f"\n=== {label}: {name} (OFFSET) ===")
                for sql in old_sql:
                    print(sql[:300])
                    print(plan(sql)[0])
    return row


def interleaved(timers: dict, repeats: int) -> dict:
    """The median milliseconds of each callable over `repeats` shuffled rounds (after a warm-up)."""
    for fn in timers.values():
        fn()
    samples = {key: [] for key in timers}
    order = list(timers)
    for round_number in range(repeats):
        random.Random(round_number).shuffle(order)
        for key in order:
            start = time.perf_counter()
            timers[key]()
            samples[key].append((time.perf_counter() - start) * 1000)
    return {key: statistics.median(values) for key, values in samples.items()}


def db_ms(sqls: list[str], runs: int = 9) -> float:
    """PostgreSQL's own execution time of these statements (EXPLAIN ANALYZE), median of runs."""
    from django.db import connection

    totals = []
    with connection.cursor() as cursor:
        for _ in range(runs):
            total = 0.0
            for sql in sqls:
                cursor.execute("EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) " + sql.replace("%", "%%"))
                total += cursor.fetchone()[0][0]["Execution Time"]
            totals.append(total)
    return statistics.median(totals)


def print_results(results: list[dict]) -> None:
    """One line per page: the old way's time, queries and SQL time; the keyset way's; and the
    keyset HTTP call's, each keyset figure also as a multiple of its page 1."""
    header = (
        f"{'case / page':30} {'old ms':>7} {'SQL':>6} {'q':>2} | {'keyset ms':>9} {'SQL':>6} {'q':>2} {'×p1':>5}"
        f" | {'HTTP ms':>7} {'×p1':>5}"
    )
    print(header)
    print("-" * len(header))
    for row in results:
        print(f"{row['case']}: {row['total']:,} rows, {row['pages']:,} pages; a count(*) {row['count_ms']:.1f} ms")
        base_new = row["cells"][0]["new_ms"]
        base_http = row["cells"][0]["http_ms"]
        for cell in row["cells"]:
            if cell["old_ms"] is None:
                old = f"{'—':>7} {'':>6} {'':>2}"
            else:
                old = f"{cell['old_ms']:>7.2f} {cell['old_db_ms']:>6.2f} {cell['old_queries']:>2}"
            print(
                f"  {cell['page']:28} {old} | {cell['new_ms']:>9.2f} {cell['new_db_ms']:>6.2f} {cell['new_queries']:>2}"
                f" {cell['new_ms'] / base_new:>5.2f} | {cell['http_ms']:>7.2f} {cell['http_ms'] / base_http:>5.2f}"
            )
    print(
        "\nms: p50 of the table function (filters, count, page, serialized rows); SQL: PostgreSQL's own"
        "\nexecution time of its queries (EXPLAIN ANALYZE, p50); q: queries per call (keyset: the count"
        "\ncached, as on every page change); HTTP: the whole GET /api/applications/all, p50."
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", default="postgres://postgres@127.0.0.1:5432", help="PostgreSQL server URL")
    parser.add_argument("--name", default="portal_pages_bench", help="scratch database name (must contain 'bench')")
    parser.add_argument("--rows", type=int, default=50_000, help="applications in the current cycle")
    parser.add_argument("--previous-rows", type=int, default=10_000, help="applications in a previous cycle")
    parser.add_argument("--repeats", type=int, default=40)
    parser.add_argument("--plans", action="store_true", help="print every EXPLAIN ANALYZE")
    parser.add_argument("--keep", action="store_true", help="keep the scratch database afterwards")
    args = parser.parse_args(argv)
    if SCRATCH_MARK not in args.name:
        parser.error(f"the scratch database's name must contain '{SCRATCH_MARK}'")

    recreate_database(args.server, args.name)
    try:
        setup_django(f"{args.server.rstrip('/')}/{args.name}")
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        start = time.perf_counter()
        known = populate(args.rows, args.previous_rows)
        submit_some(known["cycle"])
        analyze()
        print(
            f"Loaded {args.rows:,} current + {args.previous_rows:,} previous applications "
            f"in {time.perf_counter() - start:.1f} s; p50 of {args.repeats} calls, {PER_PAGE} rows a page\n"
        )
        results = run(args.repeats, args.plans, known["cycle"])
    finally:
        from django.db import connections

        connections.close_all()
        if not args.keep:
            drop_database(args.server, args.name)
    print_results(results)
    return 0


def submit_some(cycle) -> None:
    """Submission times for the generated rows past the draft stage (populate writes statuses
    in bulk, without the status machine that would stamp them): spread over three weeks."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE applications_application SET submitted_at = now() - (id %% 30240) * interval '1 minute' "
            "WHERE cycle_id = %s AND status NOT IN ('started', 'unsubmitted')",
            [cycle.pk],
        )


if __name__ == "__main__":
    sys.exit(main())
