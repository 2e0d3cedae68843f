"""`make bench-registration`: how many students per second the registration day can take.

    .venv/bin/python -m benchmarks.registration [--rates 1,2,4,6,8] [--step-seconds 60]
        [--hashers argon2id,pbkdf2] [--instances 1,2] [--workers 2]

Against a production-like stack on this machine, loopback only: a scratch PostgreSQL database
(its name must contain `bench`; dropped at the end), Redis (REDIS_URL), a Celery worker sending
the verification mails into a folder, N gunicorns on their own ports behind haproxy (each N of
`--instances` in turn, at the same rates, in one run, so the tiers compare under the same neighbours)
(its configuration generated into a temporary folder), all under the production settings
(benchmarks/settings.py). locust (requirements-bench.txt) walks each student through the whole
path (benchmarks/locustfile.py) at a fixed arrival rate, one step per rate, until two steps in a
row have an error or a request whose p99 is above 300 ms.

It reports, per step and hasher: the students served, errors, the worst p99 and which request,
and the CPU seconds per student of each tier (web = the gunicorns, worker = Celery, db = the
PostgreSQL backends of the scratch database, lb = haproxy, and the load generator), and the
highest arrival rate that passed. The machine is shared with the load generator: on 2 cores the
figures are a floor of what a server of its own would take.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

from benchmarks import data, servers
from benchmarks.bench import _commit

P99_LIMIT_MS = 300
HASHERS = {
    "argon2id": "apps.accounts.hashers.Argon2idPasswordHasher,apps.accounts.hashers.PBKDF2PasswordHasher",
    "pbkdf2": "apps.accounts.hashers.PBKDF2PasswordHasher,apps.accounts.hashers.Argon2idPasswordHasher",
}


def prepare_database(url: str, redis_url: str) -> None:
    """Migrate the scratch database and open the cycle, under the servers' settings."""
    env = servers.server_env(database_url=url, redis_url=redis_url, site_url="http://127.0.0.1")
    script = (
        "import django; django.setup()\n"
        "from django.core.management import call_command\n"
        "call_command('migrate', verbosity=0)\n"
        "from apps.cycles.selectors import current_cycle\n"
        "from apps.cycles.services import cycle_set_status\n"
        "cycle_set_status(cycle=current_cycle(), status='open')\n"
    )
    subprocess.run([sys.executable, "-c", script], env=env, cwd=servers.ROOT, check=True)


def read_stats(prefix: Path) -> list[dict]:
    with open(f"{prefix}_stats.csv", newline="") as handle:
        return [row for row in csv.DictReader(handle) if row["Name"] != "Aggregated"]


def run_step(*, rate: float, seconds: float, pacing: float, host: str, env: dict, prefix: Path, tiers) -> dict:
    """One arrival rate for `seconds`: locust with rate × pacing users, spawned at `rate` a second."""
    users = max(1, math.ceil(rate * pacing))
    command = [
        str(servers.VENV_BIN / "locust"),
        "-f",
        str(servers.ROOT / "benchmarks" / "locustfile.py"),
        "--headless",
        "--host",
        host,
        "--users",
        str(users),
        "--spawn-rate",
        str(rate),
        "--run-time",
        f"{int(seconds)}s",
        "--stop-timeout",
        str(int(pacing)),
        "--csv",
        str(prefix),
        "--only-summary",
        "--loglevel",
        "WARNING",
    ]
    before = {name: tier.cpu() for name, tier in tiers.items()}
    log = open(f"{prefix}.log", "wb")  # noqa: SIM115 - closed below
    process = subprocess.Popen(command, env=env, cwd=servers.ROOT, stdout=log, stderr=subprocess.STDOUT)
    generator = servers.Tier("load generator", [process.pid])
    generator_cpu = 0.0
    while process.poll() is None:
        time.sleep(1)
        generator_cpu = generator.cpu()
        for tier in tiers.values():
            tier.cpu()  # sampled often, so a process that ends keeps its last figure
    log.close()
    after = {name: tier.cpu() for name, tier in tiers.items()}
    stats = read_stats(prefix)
    students = sum(int(r["Request Count"]) - int(r["Failure Count"]) for r in stats if r["Name"].endswith("/status"))
    errors = sum(int(r["Failure Count"]) for r in stats)
    http = [r for r in stats if r["Type"] != "MAIL"]
    worst = max(http, key=lambda r: float(r["99%"] or 0), default=None)
    mail = next((r for r in stats if r["Type"] == "MAIL"), None)
    cpu = {name: after[name] - before[name] for name in tiers}
    cpu["load generator"] = generator_cpu
    return {
        "rate": rate,
        "users": users,
        "students": students,
        "errors": errors,
        "p99": float(worst["99%"]) if worst else 0.0,
        "p99_request": f"{worst['Type']} {worst['Name']}" if worst else "",
        "mail_p99": float(mail["99%"]) if mail else 0.0,
        "cpu": cpu,
        "passed": errors == 0 and worst is not None and float(worst["99%"]) <= P99_LIMIT_MS and students > 0,
        "failures": _failures(prefix),
        "exit": process.returncode,
    }


def _failures(prefix: Path) -> list[str]:
    path = Path(f"{prefix}_failures.csv")
    if not path.exists():
        return []
    with open(path, newline="") as handle:
        return [f"{r['Method']} {r['Name']}: {r['Error']} ×{r['Occurrences']}" for r in csv.DictReader(handle)][:5]


def run_ladder(args, hasher: str, instances: int, url: str, redis_url: str, logs: Path) -> list[dict]:
    with tempfile.TemporaryDirectory(prefix="portal-bench-") as folder:
        folder = Path(folder)
        mail, media = folder / "mail", folder / "media"
        mail.mkdir()
        lb_port = servers.free_port()
        site = f"http://127.0.0.1:{lb_port}"
        env = servers.server_env(
            database_url=url,
            redis_url=redis_url,
            site_url=site,
            BENCH_MAIL_DIR=str(mail),
            BENCH_MEDIA_DIR=str(media),
            PASSWORD_HASHERS=HASHERS[hasher],
            TRUSTED_PROXY_COUNT="1",
            # Every simulated student comes from 127.0.0.1: only the per-IP limits are raised.
            RATE_LIMIT_SIGNUP="100000/m/ip",
            RATE_LIMIT_LOGIN_FAILED_IP="100000/m/ip",
        )
        ports = [servers.free_port() for _ in range(instances)]
        with_servers = [
            servers.gunicorn(env, port, workers=args.workers, log=logs / f"web-{port}.log") for port in ports
        ]
        processes = [context.__enter__() for context in with_servers]
        try:
            with (
                servers.celery_worker(env, concurrency=args.celery_concurrency, log=logs / "worker.log") as worker,
                servers.load_balancer(ports, lb_port, folder, log=logs / "haproxy.log") as balancer,
            ):
                tiers = {
                    "web": servers.Tier("web", [p.pid for p in processes]),
                    "worker": servers.Tier("worker", [worker.pid]),
                    "db": servers.Tier("db", pids=servers.postgres_backends(url)),
                    "lb": servers.Tier("lb", [balancer.pid]),
                }
                locust_env = {**os.environ, "BENCH_MAIL_DIR": str(mail), "BENCH_PACING": str(args.pacing)}
                # Warm up (imports, first connections, the cycle's copy in each worker): not counted.
                run_step(
                    rate=1,
                    seconds=args.warmup_seconds,
                    pacing=args.pacing,
                    host=site,
                    env=locust_env,
                    prefix=logs / f"registration-{hasher}-{instances}-warmup",
                    tiers=tiers,
                )
                steps = []
                for rate in args.rates:
                    label = f"[{hasher}, {instances} gunicorn]"
                    print(f"{label} {rate:g} students/s for {args.step_seconds:g} s…", flush=True)
                    step = run_step(
                        rate=rate,
                        seconds=args.step_seconds,
                        pacing=args.pacing,
                        host=site,
                        env=locust_env,
                        prefix=logs / f"registration-{hasher}-{instances}-{rate:g}",
                        tiers=tiers,
                    )
                    step["hasher"] = hasher
                    step["instances"] = instances
                    steps.append(step)
                    print(_line(step), flush=True)
                    # One failed step may be a neighbour's burst on a shared machine: stop
                    # after two in a row.
                    if len(steps) >= 2 and not steps[-1]["passed"] and not steps[-2]["passed"]:
                        break
                return steps
        finally:
            for context in reversed(with_servers):
                context.__exit__(None, None, None)


def _per_student(step: dict, tier: str) -> str:
    return f"{step['cpu'][tier] / step['students']:.3f}" if step["students"] else "–"


def _line(step: dict) -> str:
    tiers = ("web", "worker", "db", "lb", "load generator")
    return (
        f"| {step['hasher']} | {step['instances']} | {step['rate']:g} | {step['students']} | {step['errors']} "
        f"| {step['p99']:.0f} "
        f"({step['p99_request']}) | {step['mail_p99']:.0f} | "
        + " | ".join(_per_student(step, t) for t in tiers)
        + f" | {'yes' if step['passed'] else 'no'} |"
    )


def report(steps: list[dict], args) -> str:
    load = os.getloadavg()
    lines = [
        f"# Registration day, {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC",
        "",
        f"Machine: {os.uname().nodename}, {os.cpu_count()} cores, {psutil.virtual_memory().total / 2**30:.0f} GiB, "
        f"load average {load[0]:.2f} at the end (the load generator runs on the same cores). "
        f"gunicorn instances: {', '.join(map(str, args.instances))} in turn, × {args.workers} sync workers "
        "each, behind haproxy, 1 Celery worker "
        f"(concurrency {args.celery_concurrency}), PostgreSQL and Redis local. Steps of {args.step_seconds:g} s; "
        f"a student every {args.pacing:g} s per locust user. Rates tried: {', '.join(f'{r:g}' for r in args.rates)}. "
        f"Code: commit {_commit()}.",
        "",
        "| Hasher | Gunicorns | Students/s | Students served | Errors | Worst p99 ms (request) | Mail p99 ms "
        "| CPU-s/student web | worker | db | lb | load generator | Passed |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
        *(_line(step) for step in steps),
        "",
    ]
    for hasher, instances in dict.fromkeys((step["hasher"], step["instances"]) for step in steps):
        passed = [s["rate"] for s in steps if (s["hasher"], s["instances"]) == (hasher, instances) and s["passed"]]
        best = f"{max(passed):g} students/s" if passed else "none of the rates tried"
        lines.append(
            f"- {hasher}, {instances} gunicorn: highest arrival rate with no error and every p99 ≤ "
            f"{P99_LIMIT_MS} ms: {best}"
        )
    for step in steps:
        for failure in step["failures"]:
            lines.append(f"- {step['hasher']}, {step['instances']} gunicorn, at {step['rate']:g}/s: {failure}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    default_server = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/x").rsplit("/", 1)[0]
    parser.add_argument("--server", default=default_server, help="PostgreSQL server URL (no database)")
    parser.add_argument("--name", default="portal_registration_bench")
    parser.add_argument("--rates", default="1,2,4,6,8,10", help="arrival rates to try, students per second")
    parser.add_argument("--step-seconds", type=float, default=60)
    parser.add_argument("--warmup-seconds", type=float, default=15)
    parser.add_argument("--pacing", type=float, default=15, help="seconds between two students of one locust user")
    parser.add_argument("--hashers", default="argon2id", help=f"comma-separated, of: {', '.join(HASHERS)}")
    parser.add_argument("--instances", default="1,2", help="gunicorn instances, each count in turn")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers per instance")
    parser.add_argument("--celery-concurrency", type=int, default=1)
    parser.add_argument("--output", default="")
    args = parser.parse_args(argv)
    args.rates = [float(r) for r in args.rates.split(",")]
    args.instances = [int(n) for n in args.instances.split(",")]
    redis_url = os.environ.get("REDIS_URL") or sys.exit("REDIS_URL is needed (the broker and the cache)")
    logs = Path("var/bench")
    logs.mkdir(parents=True, exist_ok=True)
    steps: list[dict] = []
    for hasher in args.hashers.split(","):
        for instances in args.instances:
            # A fresh database per ladder: the second starts from what the first started from.
            url = data.recreate_database(args.server, args.name)
            try:
                prepare_database(url, redis_url)
                steps += run_ladder(args, hasher, instances, url, redis_url, logs)
            finally:
                data.drop_database(args.server, args.name)
    text = report(steps, args)
    # Like RESULTS.md, the registration figures in the repository are the run's own output.
    (logs / f"registration-{datetime.date.today():%Y%m%d}.md").write_text(text)
    output = Path(args.output or "benchmarks/RESULTS-registration.md")
    output.write_text(text)
    print(text)
    print(f"(written to {output})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
