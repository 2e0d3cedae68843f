"""Benchmark of batch decisions (POST /api/applications/batch-status) against the same number
of single decisions (POST /api/applications/status/{email}) on PostgreSQL, in one run.

Both go through the same door: Django's test client with a signed-in organizer, so each figure
includes the request, the serializer and the status machine, and nothing else differs. The
cycle is `closed` (before release), so no decision email is queued and the figures time the
decisions alone.

    .venv/bin/python -m benchmarks.batch_decisions \
        --server postgres://postgres@127.0.0.1:5432 --name portal_batch_bench

It creates (or recreates) a scratch database whose name must contain `bench` (so this never
touches a real one), migrates it, bulk-creates --rows submitted applications, and then:

1. a batch of --small addresses (default 1,000) in one request,
2. the same addresses one request each (sequential single decisions),
3. a batch of --large addresses (default 10,000) in one request,

resetting the applications to `submitted` (and emptying their history) between runs. It prints
the wall time, the SQL statements of each run, and the ratios. The database is dropped at the
end unless --keep is given. Not part of `make test`: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import time

from benchmarks.applications_table import SCRATCH_MARK, analyze, drop_database, recreate_database, setup_django

JSON = "application/json"


def populate(rows: int) -> list[str]:
    """`rows` submitted applications in the current cycle (closed, so nothing is mailed); their emails."""
    from apps.accounts.models import User
    from apps.applications.models import Application
    from apps.cycles.models import CycleStatus
    from apps.cycles.selectors import current_cycle

    cycle = current_cycle()
    type(cycle).objects.filter(pk=cycle.pk).update(status=CycleStatus.CLOSED)
    users = [User(email=f"bench{i:06d}@princeton.edu") for i in range(rows)]
    for user in users:
        user.set_unusable_password()
    users = User.objects.bulk_create(users, batch_size=5000)
    Application.objects.bulk_create(
        # Generated data written once in bulk, before anything is timed: no status change here.
        [
            Application(cycle=cycle, user=u, email=u.email, first="Bench", last=f"{i}", status="submitted")
            for i, u in enumerate(users)
        ],
        batch_size=5000,
    )
    analyze()
    return [u.email for u in users]


def reset() -> None:
    """Every application back to `submitted` with an empty history (benchmark data only)."""
    from apps.applications.models import Application, ApplicationEvent

    ApplicationEvent.objects.all().delete()
    Application.objects.update(status="submitted", travel_reimbursement=False, housing_accommodations=False)
    analyze()


class Counter:
    """Counts the SQL statements run on the default connection (an execute wrapper, so the
    count is exact however many there are, unlike the bounded debug log)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)


def timed(label: str, action) -> dict:
    from django.db import connection

    counter = Counter()
    with connection.execute_wrapper(counter):
        start = time.perf_counter()
        action()
        seconds = time.perf_counter() - start
    print(f"  {label:52} {seconds:8.2f} s {counter.count:>8,} statements")
    return {"label": label, "seconds": seconds, "statements": counter.count}


def run(emails: list[str], small: int, large: int) -> list[dict]:
    from django.test import Client

    from apps.accounts.models import User
    from apps.applications.models import Application

    admin = User.objects.create_user(email="bench-admin@princeton.edu", role="admin")
    client = Client()
    client.force_login(admin)
    # Warm up both routes once (URL resolvers, imports, the session), so neither pays for it.
    assert client.get(f"/api/applications/status/{emails[-1]}").status_code == 200
    warm = client.post("/api/applications/batch-status", {"emails": "none", "status": "accepted"}, content_type=JSON)
    assert warm.status_code == 200, warm.content

    def batch(addresses: list[str]):
        def action():
            response = client.post(
                "/api/applications/batch-status", {"emails": addresses, "status": "accepted"}, content_type=JSON
            )
            assert response.status_code == 200, response.content
            body = response.json()
            assert len(body["approved"]) == len(addresses), body.get("failed", [])[:3]

        return action

    def singles(addresses: list[str]):
        def action():
            for email in addresses:
                response = client.post(f"/api/applications/status/{email}", {"status": "accepted"}, content_type=JSON)
                assert response.status_code == 200, response.content

        return action

    results = []
    for label, action, addresses in (
        (f"batch of {small:,} (one request)", batch, emails[:small]),
        (f"{small:,} single decisions (one request each)", singles, emails[:small]),
        (f"batch of {large:,} (one request)", batch, emails[:large]),
    ):
        reset()
        result = timed(label, action(addresses))
        decided = Application.objects.filter(email__in=addresses[:1000], status="accepted").count()
        assert decided == min(1000, len(addresses)), decided
        results.append(result)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", default="postgres://postgres@127.0.0.1:5432", help="PostgreSQL server URL")
    parser.add_argument("--name", default="portal_batch_bench", help="scratch database name (must contain 'bench')")
    parser.add_argument("--small", type=int, default=1_000, help="addresses in the first batch and the single calls")
    parser.add_argument("--large", type=int, default=10_000, help="addresses in the large batch")
    parser.add_argument("--keep", action="store_true", help="keep the scratch database afterwards")
    args = parser.parse_args(argv)
    if SCRATCH_MARK not in args.name:
        parser.error(f"the scratch database's name must contain '{SCRATCH_MARK}'")

    recreate_database(args.server, args.name)
    try:
        setup_django(f"{args.server.rstrip('/')}/{args.name}")
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        emails = populate(max(args.small, args.large))
        print(f"{len(emails):,} submitted applications; every run decides them 'accepted' from 'submitted':")
        small_batch, singles, large_batch = run(emails, args.small, args.large)
    finally:
        from django.db import connections

        connections.close_all()
        if not args.keep:
            drop_database(args.server, args.name)

    print(
        f"\nsingle calls / batch of {args.small:,}: {singles['seconds'] / small_batch['seconds']:.0f}x faster, "
        f"{singles['statements'] / small_batch['statements']:.0f}x fewer statements"
    )
    print(
        f"batch of {args.large:,}: {large_batch['seconds']:.2f} s, "
        f"{large_batch['seconds'] / small_batch['seconds']:.1f}x the batch of {args.small:,} "
        f"for {args.large / args.small:.0f}x the addresses"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
