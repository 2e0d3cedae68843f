"""Benchmark of review scoring at a large event's scale on PostgreSQL, in one run:

- seed 50,000 submitted applications and 40 reviewers (bulk_create), then
- auto-assign all 50,000 to 3 reviewers each in ONE request (goal: < 10 s),
- write 150,000 scored reviews (300,000 scores) in SQL, refresh the summaries,
- the ranking page (GET /api/reviews/ranking) p50 against the plain table page
  (GET /api/applications/all, the floor) p50, interleaved, with their query counts,
- fill to capacity accepting 1,000 in ONE request (preview, then the confirmed decisions).

    .venv/bin/python -m benchmarks.reviews --server postgres://postgres@127.0.0.1:5432

The scratch database's name must contain `bench`; it is dropped at the end unless --keep.
Not part of `make test`: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import statistics
import time

from benchmarks.applications_table import SCRATCH_MARK, analyze, drop_database, recreate_database, setup_django
from benchmarks.batch_decisions import Counter

JSON = "application/json"
SCHOOLS = ["Princeton University", "MIT", "Yale University", "Stanford University", "University of Toronto"]


def seed(rows: int, reviewers: int) -> tuple[object, list[str]]:
    from apps.accounts.models import User
    from apps.applications.models import Application
    from apps.cycles.models import CycleStatus
    from apps.cycles.selectors import current_cycle

    cycle = current_cycle()
    type(cycle).objects.filter(pk=cycle.pk).update(status=CycleStatus.CLOSED)
    users = [User(email=f"bench{i:06d}@princeton.edu") for i in range(rows)]
    staff = [User(email=f"reviewer{i:02d}@princeton.edu", role="reviewer") for i in range(reviewers)]
    for user in users + staff:
        user.set_unusable_password()
    users = User.objects.bulk_create(users, batch_size=5000)
    User.objects.bulk_create(staff)
    Application.objects.bulk_create(
        [
            Application(
                cycle=cycle,
                user=u,
                email=u.email,
                first="Bench",
                last=str(i),
                school=SCHOOLS[i % len(SCHOOLS)],
                # Every 20th pair of applicants is a team (keep_teams has something to keep).
                teamcode=f"T{i // 2:05d}" if i % 40 < 2 else None,
                status="submitted",
            )
            for i, u in enumerate(users)
        ],
        batch_size=5000,
    )
    analyze()
    return cycle, [s.email for s in staff]


def write_scores(cycle) -> int:
    """A scored review for every assignment, each reviewer with their own leniency (SQL)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO reviews_review (created_at, updated_at, reviewer_id, application_id, outcome, comment, "
            "skip_reason) SELECT now(), now(), reviewer_id, application_id, 'scored', '', '' FROM reviews_assignment"
        )
        cursor.execute(
            "INSERT INTO reviews_reviewscore (review_id, criterion_id, value) "
            "SELECT r.id, c.id, least(c.scale_max, greatest(c.scale_min, "
            "  (r.application_id %% 7) + (r.reviewer_id %% 4) + floor(random() * 3)::int)) "
            "FROM reviews_review r CROSS JOIN reviews_criterion c WHERE c.cycle_id = %s",
            [cycle.pk],
        )
        cursor.execute("UPDATE reviews_assignment SET status = 'complete'")
        cursor.execute("SELECT count(*) FROM reviews_reviewscore")
        (count,) = cursor.fetchone()
    analyze()
    return count


def timed(label: str, action):
    from django.db import connection

    counter = Counter()
    with connection.execute_wrapper(counter):
        start = time.perf_counter()
        result = action()
        seconds = time.perf_counter() - start
    print(f"  {label:58} {seconds:8.2f} s {counter.count:>6,} statements")
    return seconds, counter.count, result


def p50(client, url: str, params: dict, repeats: int) -> tuple[float, int]:
    from django.db import connection

    times = []
    counter = Counter()
    for _ in range(repeats):
        counter.count = 0
        with connection.execute_wrapper(counter):
            start = time.perf_counter()
            response = client.get(url, params)
            times.append(time.perf_counter() - start)
        assert response.status_code == 200, response.content[:300]
    return statistics.median(times), counter.count


def run(args) -> None:
    from django.test import Client

    from apps.accounts.models import User
    from apps.applications.models import Application
    from apps.reviews.models import Assignment
    from apps.reviews.ranking import refresh_summaries

    start = time.perf_counter()
    cycle, reviewers = seed(args.rows, args.reviewers)
    print(
        f"Seeded {args.rows:,} submitted applications and {len(reviewers)} reviewers in "
        f"{time.perf_counter() - start:.1f} s"
    )
    admin = User.objects.create_user(email="bench-admin@princeton.edu", role="admin")
    client = Client()
    client.force_login(admin)
    assert client.get("/api/reviews/rubric").status_code == 200  # warm up

    def assign():
        body = {"reviewers": reviewers, "per_application": 3, "avoid_own_school": True}
        response = client.post("/api/reviews/auto-assign", body, content_type=JSON)
        assert response.status_code == 200, response.content[:300]
        return response.json()

    print("Auto-assign:")
    seconds, statements, result = timed(f"auto-assign {args.rows:,} x 3 (one request)", assign)
    assert result["assigned"] == args.rows * 3, result["assigned"]
    loads = sorted(result["loads"].values())
    print(
        f"    {result['assigned']:,} assignments, loads {loads[0]:,}..{loads[-1]:,}; "
        f"goal < 10 s: {'yes' if seconds < 10 else 'NO'}"
    )
    _, _, again = timed("auto-assign again (nothing to add)", assign)
    assert again["assigned"] == 0
    assert Assignment.objects.count() == args.rows * 3

    print("Scores:")
    timed("write 3 reviews x 2 criteria per application (SQL)", lambda: write_scores(cycle))
    _, _, n = timed("refresh_summaries (one query for the scores + upserts)", lambda: refresh_summaries(cycle))
    print(f"    {n:,} summaries")
    analyze()

    print(f"Pages (p50 of {args.repeats}, interleaved rounds of 5):")
    ranking, table, sorted_table = [], [], []
    rq = tq = sq = 0
    for _ in range(max(1, args.repeats // 5)):
        t, tq = p50(client, "/api/applications/all", {"per_page": 50}, 5)
        table.append(t)
        r, rq = p50(client, "/api/reviews/ranking", {"page_size": 50, "page": 3}, 5)
        ranking.append(r)
        s, sq = p50(client, "/api/applications/all", {"per_page": 50, "sort": "-score"}, 5)
        sorted_table.append(s)
    floor, rank_p50, sorted_p50 = (statistics.median(x) for x in (table, ranking, sorted_table))
    print(f"  {'plain table page (floor), 50 rows':58} {floor * 1000:8.1f} ms {tq:>6} queries")
    print(
        f"  {'ranking page, 50 rows':58} {rank_p50 * 1000:8.1f} ms {rq:>6} queries  ({rank_p50 / floor:.2f}x the floor)"
    )
    print(
        f"  {'table sorted by -score, 50 rows':58} {sorted_p50 * 1000:8.1f} ms {sq:>6} queries  "
        f"({sorted_p50 / floor:.2f}x the floor)"
    )

    print("Fill to capacity:")
    body = {"capacity": 670, "attendance_rate": 0.67, "waitlist_size": 200, "keep_teams": True, "dry_run": True}

    def preview():
        response = client.post("/api/reviews/fill-to-capacity", body, content_type=JSON)
        assert response.status_code == 200, response.content[:300]
        return response.json()

    _, _, shown = timed("preview (dry run)", preview)
    count = shown["counts"]["accept"]

    def confirm():
        response = client.post(
            "/api/reviews/fill-to-capacity", {**body, "dry_run": False, "confirm_count": count}, content_type=JSON
        )
        assert response.status_code == 200, response.content[:300]
        return response.json()

    timed(f"accept {count:,} + waitlist {shown['counts']['waitlist']} (one request)", confirm)
    assert Application.objects.filter(status="accepted").count() == count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", default="postgres://postgres@127.0.0.1:5432", help="PostgreSQL server URL")
    parser.add_argument("--name", default="portal_reviews_bench", help="scratch database name (must contain 'bench')")
    parser.add_argument("--rows", type=int, default=50_000, help="submitted applications")
    parser.add_argument("--reviewers", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=30, help="requests per page for the p50")
    parser.add_argument("--keep", action="store_true", help="keep the scratch database afterwards")
    args = parser.parse_args(argv)
    if SCRATCH_MARK not in args.name:
        parser.error(f"the scratch database's name must contain '{SCRATCH_MARK}'")
    recreate_database(args.server, args.name)
    try:
        setup_django(f"{args.server.rstrip('/')}/{args.name}")
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        run(args)
    finally:
        from django.db import connections

        connections.close_all()
        if not args.keep:
            drop_database(args.server, args.name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
