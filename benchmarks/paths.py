"""The request paths of the organizers' and the door's pages, each beside its floor, measured
in-process through Django's test client (the same request, serializer and queries as over
HTTP, without the server in front), and how each grows with the number of applications.

Used by `make bench` (benchmarks/bench.py), which runs `measure` at two sizes in its scratch
database and prints every row it measured, flattering or not:

- the table's page 1 (the floor) against: a filtered page 1, a jump by number under that filter
  (the first one, which reads the seek points, and the ones after it), the table sorted by
  score (page 1 and a jump);
- the ranking page when fresh, the first request after a review change (which must serve the
  last ranking; the change queued its recalibration), and a read that queues a lost one again;
- the statistics: cached (the endpoint), counted (one aggregate query), and the two naive
  baselines (a loop over model objects, a loop over `values_list` rows);
- the CSV export over the test client's response (every byte drained) against COPY;
- the full recalibration and auto-assign, timed;
- the check-in scan's statements and the status call's round trips (health checks included);
- a batch decision of `small` and `large` addresses, per address.
"""

from __future__ import annotations

import statistics
import time
from datetime import timedelta

JSON = "application/json"
REVIEWERS = 40
AUTO_ASSIGN_RUNS = 5
AUTO_ASSIGN_GROWTH = f"auto-assign (median of {AUTO_ASSIGN_RUNS} runs each)"


PAGE_ADMIN = "page /admin (the admin panel, its numbers in its props)"
PAGE_STATS = "page /admin/stats (its counts in its props)"
PAGE_DOOR = "page /checkin (the door's counts and checkpoints in its props)"
PAGE_ADMIN_RELEASED = "page /admin after a release (every decision's email recorded)"


def _p50(action, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _interleaved(cases: dict, repeats: int, rounds: int = 5) -> dict[str, float]:
    """p50 of each case over `rounds` rounds that take turns, so a neighbour's burst hits each
    case alike; the median of the rounds' p50s."""
    per_round = max(1, repeats // rounds)
    seen: dict[str, list[float]] = {name: [] for name in cases}
    for number in range(rounds):
        order = list(cases.items()) if number % 2 == 0 else list(cases.items())[::-1]
        for name, action in order:
            seen[name].append(_p50(action, per_round))
    return {name: statistics.median(values) for name, values in seen.items()}


def _record_decision_emails() -> None:
    """A sent decision email for every decided application, keyed as a release keys them
    (apps.decisions.release.dedupe_key, in SQL)."""
    from django.db import connection

    from apps.applications.status_machine import RELEASE_DECISIONS
    from apps.decisions.release import KEY_PREFIX

    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO mailings_delivery (created_at, sent_at, context, attempts, email, state, dedupe_key, "
            "last_error, template_key) SELECT now(), now(), '{}'::jsonb, 1, email, 'sent', "
            "%s || id || ':' || status, '', 'decision' FROM applications_application WHERE status = ANY(%s)",
            [KEY_PREFIX, list(RELEASE_DECISIONS)],
        )
        cursor.execute("ANALYZE mailings_delivery")


def _forget_decision_emails() -> None:
    from apps.decisions.release import decision_rows

    decision_rows().delete()


def _get(client, url: str, params: dict | None = None):
    response = client.get(url, params or {})
    assert response.status_code == 200, (url, response.status_code, response.content[:300])
    return response


def _statistics_naive_objects(cycle) -> dict:
    """The statistics as a first draft would count them: every application as a model object."""
    from django.conf import settings

    from apps.applications import selections
    from apps.applications.models import Application
    from apps.reports.statistics import COUNTERS

    host = settings.HOST_SCHOOL
    counts: dict[str, int] = {}
    chosen = {counter: selections.get(name) for counter, name in COUNTERS.items()}
    for application in Application.objects.filter(cycle=cycle):
        for counter, selection in chosen.items():
            if selection.statuses and application.status in selection.statuses:
                key = ("princeton_" if application.school == host else "non_princeton_") + counter
                counts[key] = counts.get(key, 0) + 1
    return counts


def _statistics_naive_values(cycle) -> dict:
    """The same loop over (status, school) tuples: no model objects."""
    from django.conf import settings

    from apps.applications import selections
    from apps.applications.models import Application
    from apps.reports.statistics import COUNTERS

    host = settings.HOST_SCHOOL
    counts: dict[str, int] = {}
    chosen = {counter: selections.get(name) for counter, name in COUNTERS.items()}
    for status, school in Application.objects.filter(cycle=cycle).values_list("status", "school"):
        for counter, selection in chosen.items():
            if selection.statuses and status in selection.statuses:
                key = ("princeton_" if school == host else "non_princeton_") + counter
                counts[key] = counts.get(key, 0) + 1
    return counts


def measure(rows: int, *, repeats: int, batch: tuple[int, int] | None) -> dict:
    """Every figure at `rows` applications (the scratch database is filled here, from empty)."""
    from django.core.cache import cache
    from django.db import connection, transaction
    from django.db.models import F
    from django.test import Client

    from apps.accounts.models import User
    from apps.applications.models import Application
    from apps.core.tests.round_trips import counting_round_trips
    from apps.cycles.models import CycleStatus
    from apps.cycles.selectors import current_cycle
    from apps.reports import statistics as stats
    from apps.reviews import ranking_state, tasks
    from apps.reviews.models import RankingState, Review
    from apps.reviews.ranking import refresh_summaries
    from benchmarks import data
    from benchmarks.reviews import write_scores

    figures: dict = {"rows": rows}
    data.populate(rows)
    cycle = current_cycle()
    # Closed (before release): auto-assign works on it and no decision is mailed.
    type(cycle).objects.filter(pk=cycle.pk).update(status=CycleStatus.CLOSED)
    cache.clear()
    reviewers = [
        User.objects.create_user(email=f"reviewer{i:02d}@princeton.edu", role="reviewer").email
        for i in range(REVIEWERS)
    ]
    admin = User.objects.create_user(email="bench-paths-admin@princeton.edu", role="admin")
    client = Client()
    client.force_login(admin)
    _get(client, "/api/reviews/rubric")

    body = {"reviewers": reviewers, "per_application": 3, "avoid_own_school": True}
    # Five times, each on an empty assignments table (the rows deleted and vacuumed away in
    # between), and the median: one run at 5,000 applications lasts about 0.13 s, and a
    # neighbour's burst alone moved it from 156 to 225 ms between two runs of the same code.
    runs, assigned = [], []
    for attempt in range(AUTO_ASSIGN_RUNS):
        if attempt:
            with connection.cursor() as cursor:
                cursor.execute("DELETE FROM reviews_assignment")
                cursor.execute("VACUUM ANALYZE reviews_assignment")
        started = time.perf_counter()
        response = client.post("/api/reviews/auto-assign", body, content_type=JSON)
        runs.append(time.perf_counter() - started)
        assert response.status_code == 200, response.content[:300]
        assigned.append(response.json()["assigned"])
    assert assigned[0] > 0 and len(set(assigned)) == 1, assigned  # the same work each time
    figures["auto_assign"] = statistics.median(runs)
    figures["auto_assign_runs"] = runs
    write_scores(cycle)
    started = time.perf_counter()
    figures["refresh_parts"] = {}
    refresh_summaries(cycle, timings=figures["refresh_parts"])
    figures["refresh"] = time.perf_counter() - started

    # What runs after reviews change (debounced, in Celery): every summary and sort key is there
    # already and is rewritten in place. The first one above wrote them all anew.
    def changed_and_refreshed():
        with connection.cursor() as cursor:
            cursor.execute(
                "UPDATE reviews_reviewscore SET value = CASE WHEN value > 1 THEN value - 1 ELSE value + 1 END "
                "WHERE id = (SELECT min(id) FROM reviews_reviewscore)"
            )
        started = time.perf_counter()
        refresh_summaries(cycle)
        return time.perf_counter() - started

    figures["refresh_again"] = statistics.median(changed_and_refreshed() for _ in range(3))
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")

    table = "/api/applications/all"
    yale = '{"school": "Yale"}'
    first = _get(client, table, {"per_page": 50}).json()
    middle = max(2, first["pages"] // 2)
    filtered_pages = _get(client, table, {"per_page": 50, "filters": yale}).json()["pages"]
    filtered_middle = max(2, filtered_pages // 2)
    # The first jump under a filter reads every page's first row: once per change, timed alone.
    cache.clear()
    _get(client, table, {"per_page": 50, "filters": yale})  # the count, as a user's page 1 would
    started = time.perf_counter()
    _get(client, table, {"per_page": 50, "filters": yale, "page": filtered_middle})
    figures["table_filtered_first_jump"] = time.perf_counter() - started
    started = time.perf_counter()
    _get(client, table, {"per_page": 50, "sort": "-score", "page": middle})
    figures["table_score_first_jump"] = time.perf_counter() - started

    figures["pages"] = _interleaved(
        {
            "table page 1 (floor)": lambda: _get(client, table, {"per_page": 50}),
            "table, filtered, page 1": lambda: _get(client, table, {"per_page": 50, "filters": yale}),
            f"table, filtered, jump to page {filtered_middle}": lambda: _get(
                client, table, {"per_page": 50, "filters": yale, "page": filtered_middle}
            ),
            "table sorted by -score, page 1": lambda: _get(client, table, {"per_page": 50, "sort": "-score"}),
            f"table sorted by -score, jump to page {middle}": lambda: _get(
                client, table, {"per_page": 50, "sort": "-score", "page": middle}
            ),
            "ranking page (fresh)": lambda: _get(client, "/api/reviews/ranking", {"page_size": 50, "page": 3}),
            "statistics (cached endpoint)": lambda: _get(client, "/api/applications/stats"),
            # Pages that bring their numbers in their props (docs/performance.md, "The first
            # paint"): what each waits for before its first byte.
            PAGE_ADMIN: lambda: _get(client, "/admin"),
            PAGE_STATS: lambda: _get(client, "/admin/stats"),
            PAGE_DOOR: lambda: _get(client, "/checkin"),
        },
        repeats,
    )
    # After a release the outbox holds a decision email per decided application, and the panel
    # counts what a release would still send against them (before the fix, 57 s at 50,000).
    _record_decision_emails()
    try:
        figures["pages"][PAGE_ADMIN_RELEASED] = _interleaved(
            {
                PAGE_ADMIN_RELEASED: lambda: _get(client, "/admin"),
                "floor": lambda: _get(client, table, {"per_page": 50}),
            },
            repeats,
        )[PAGE_ADMIN_RELEASED]
    finally:
        _forget_decision_emails()

    # The first ranking request after a review change: the change marks the ranking stale and
    # queues its recalibration; the request must serve the last one, without queueing again.
    # Then the same read once that change's task could be lost (its claim expired, the change a
    # claim's life old): the read queues the recalibration itself. The broker's enqueue stands in
    # as a no-op here: in production it is one Redis command. Each read is a single request after
    # its own change, so each round times the table's page 1 (the floor) just before it: the
    # ratio is the median of the rounds' ratios, as the interleaved cases above are read.
    queued: list[int] = []
    real_delay = tasks.refresh_ranking.delay
    tasks.refresh_ranking.delay = lambda cycle_id: queued.append(cycle_id)

    def timed(url: str, params: dict):
        started = time.perf_counter()
        body = _get(client, url, params).json()
        return time.perf_counter() - started, body

    ranking = ("/api/reviews/ranking", {"page_size": 50, "page": 3})
    try:
        review = Review.objects.filter(application__cycle=cycle).first()
        after_change, requeue, queued_by_reads = [], [], 0
        for _ in range(max(5, repeats)):
            floor_change, _body = timed(table, {"per_page": 50})
            with transaction.atomic():
                ranking_state.mark_changed(cycle.pk, review.application_id)
            before = len(queued)
            seconds, body = timed(*ranking)
            after_change.append((seconds, floor_change))
            assert body["recalculating"], "the ranking should say it is recalculating"
            queued_by_reads += len(queued) - before
            cache.delete(ranking_state.claim_key(cycle.pk))
            age = timedelta(seconds=ranking_state.CLAIM_SECONDS + 1)
            RankingState.objects.filter(cycle=cycle).update(
                changed_at=F("changed_at") - age, refreshed_at=F("refreshed_at") - age
            )
            floor_requeue, _body = timed(table, {"per_page": 50})
            before = len(queued)
            seconds, body = timed(*ranking)
            requeue.append((seconds, floor_requeue))
            assert body["recalculating"] and len(queued) == before + 1, "the read should queue it again"
        for name, rounds in (("ranking_after_change", after_change), ("ranking_requeue", requeue)):
            figures[name] = statistics.median(seconds for seconds, _floor in rounds)
            figures[f"{name}_floor"] = statistics.median(floor for _seconds, floor in rounds)
            figures[f"{name}_ratio"] = statistics.median(seconds / floor for seconds, floor in rounds)
            figures[f"{name}_rounds"] = len(rounds)
        figures["ranking_after_change_queued"] = queued_by_reads
    finally:
        tasks.refresh_ranking.delay = real_delay

    stats.application_stats(cycle=cycle)  # cached from here on
    figures["statistics"] = {
        "cached (the call the endpoint makes)": _p50(lambda: stats.application_stats(cycle=cycle), 10),
        "counted (one aggregate query)": _p50(lambda: stats.count_stats(cycle=cycle), 5),
        "naive: loop over model objects": _p50(lambda: _statistics_naive_objects(cycle), 3),
        "naive: loop over values_list rows": _p50(lambda: _statistics_naive_values(cycle), 3),
    }

    def export_http():
        response = client.get("/api/applications/export")
        assert response.status_code == 200
        return sum(len(chunk) for chunk in response.streaming_content)

    figures["export_bytes"] = export_http()
    figures["export_http"] = min(_p50(export_http, 1) for _ in range(2))
    figures["export_copy"] = min(_p50(lambda: drain(copy_floor()), 1) for _ in range(2))

    # Round trips of the status call after warm-up, health checks included.
    student = Application.objects.filter(cycle=cycle).select_related("user").first().user
    student_client = Client()
    student_client.force_login(student)
    _get(student_client, "/api/applications/status")
    with counting_round_trips() as trips:
        _get(student_client, "/api/applications/status")
    figures["status_round_trips"] = trips.count
    figures["scan_statements"] = _scan_statements(cycle)

    if batch is not None:
        figures["batch"] = _batch(client, cycle, *batch)
    return figures


def _scan_statements(cycle) -> int:
    """Statements of a successful scan at the door (a confirmed applicant's fresh ticket), after
    a first scan: that one also fills what the process and the cache keep (the webhook
    endpoints' list, which the run's cache.clear() above emptied)."""
    import uuid

    from django.test import Client

    from apps.accounts.models import User
    from apps.applications.models import Application
    from apps.checkin import tickets
    from apps.checkin.models import Ticket
    from apps.core.tests.round_trips import counting_round_trips

    confirmed = list(Application.objects.filter(cycle=cycle, status="confirmed")[:2])
    if len(confirmed) < 2:
        return -1
    volunteer = User.objects.create_user(email="bench-door@princeton.edu", role="volunteer")
    door = Client()
    door.force_login(volunteer)
    _get(door, "/api/checkin/stats")
    for application in confirmed:
        ticket = tickets.issue_if_missing(application_id=application.pk)
        ticket = ticket or Ticket.objects.filter(application=application, voided_at=None).first()
        with counting_round_trips() as trips:
            response = door.post(
                "/api/checkin/scan",
                {"token": tickets.token_of(ticket), "scan_id": str(uuid.uuid4())},
                content_type=JSON,
            )
        assert response.status_code == 200, response.content[:300]
    return trips.count


def _batch(client, cycle, small: int, large: int) -> dict:
    """Seconds per address of a batch decision of `small` and of `large` addresses."""
    from apps.applications.models import Application, ApplicationEvent

    emails = list(Application.objects.filter(cycle=cycle).order_by("pk").values_list("email", flat=True)[:large])
    out = {}
    for size in (small, large):
        ApplicationEvent.objects.filter(application__cycle=cycle, to_value="accepted").delete()
        Application.objects.filter(email__in=emails).update(status="submitted")
        started = time.perf_counter()
        response = client.post(
            "/api/applications/batch-status", {"emails": emails[:size], "status": "accepted"}, content_type=JSON
        )
        seconds = time.perf_counter() - started
        assert response.status_code == 200, response.content[:300]
        out[size] = seconds / size
    return out


def drain(chunks) -> tuple[float, float, int]:
    """(seconds to the first piece, seconds in all, bytes) of an iterable of str/bytes."""
    started = time.perf_counter()
    first = None
    size = 0
    for chunk in chunks:
        if first is None:
            first = time.perf_counter() - started
        size += len(chunk)
    return first or 0.0, time.perf_counter() - started, size


def copy_floor():
    """COPY of the same pivot with no neutralising and no formatting, drained unprocessed."""
    from django.db import connection, transaction

    from apps.applications.models import Answer
    from apps.cycles.selectors import current_cycle
    from apps.reports import export
    from apps.reports.filters import parse_filters

    applications = export.export_queryset(cycle=current_cycle(), filters=parse_filters(None))
    question_ids = export.export_columns(cycle=current_cycle(), applications=applications)
    subquery, params = (
        applications.order_by().values_list("id", *export._TEXT_COLUMNS, "submitted_at").query.sql_with_params()
    )
    pivot = ", ".join(f"max(value) FILTER (WHERE question_id = %s) AS q{i}" for i in range(len(question_ids)))
    select = (
        f"SELECT a.*, x.* FROM ({subquery}) a LEFT JOIN LATERAL (SELECT {pivot} FROM {Answer._meta.db_table} "
        "WHERE application_id = a.id) x ON true ORDER BY a.email, a.id"
    )
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL jit = off")
        with cursor.cursor.copy(f"COPY ({select}) TO STDOUT WITH (FORMAT csv)", [*params, *question_ids]) as copy:
            yield from copy


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def report(sizes: list[dict]) -> list[str]:
    """The paths' rows at the larger size, then how each grew from the smaller."""
    small, large = sizes
    pages = large["pages"]
    floor = pages["table page 1 (floor)"]
    lines = [
        "",
        f"## Paths at {large['rows']:,} applications (in-process, p50 of interleaved rounds)",
        "",
        "| Path | Time | Floor, same run | Ratio | Goal |",
        "|---|---|---|---|---|",
    ]
    for name, seconds in pages.items():
        if name == "table page 1 (floor)":
            continue
        # The statistics' goal is against a bare view over HTTP, which this in-process table
        # does not measure: shown against the table's page 1 for scale only.
        goal = "– (scale)" if name.startswith(("statistics", "page ")) else "≤ 1.5×"
        lines.append(f"| {name} | {_ms(seconds)} | table page 1: {_ms(floor)} | {seconds / floor:.2f}× | {goal} |")
    lines += [
        f"| table, filtered, first jump after a change (reads the seek points) | "
        f"{_ms(large['table_filtered_first_jump'])} | table page 1: {_ms(floor)} | "
        f"{large['table_filtered_first_jump'] / floor:.2f}× | once per change |",
        f"| table sorted by -score, first jump after a change | {_ms(large['table_score_first_jump'])} | "
        f"table page 1: {_ms(floor)} | {large['table_score_first_jump'] / floor:.2f}× | once per change |",
        f"| ranking, first request after a review change (median of {large['ranking_after_change_rounds']} "
        f"rounds) | {_ms(large['ranking_after_change'])} | table page 1 just before, each round: "
        f"{_ms(large['ranking_after_change_floor'])} | {large['ranking_after_change_ratio']:.2f}× | ≤ 1.5×, never "
        f"waits (queued by the change; {large['ranking_after_change_queued']} queued by these reads) |",
        f"| ranking, a read that queues a lost recalibration again (stale for over a claim's life; median of "
        f"{large['ranking_requeue_rounds']} rounds) | {_ms(large['ranking_requeue'])} | table page 1 just before, "
        f"each round: {_ms(large['ranking_requeue_floor'])} | {large['ranking_requeue_ratio']:.2f}× | ≤ 1.5×, "
        "never waits |",
    ]
    cached = large["statistics"]["cached (the call the endpoint makes)"]
    for name, seconds in large["statistics"].items():
        if name.startswith("cached"):
            continue
        lines.append(
            f"| statistics, {name} | {_ms(seconds)} | the cached call: {_ms(cached)} | "
            f"{seconds / cached:.1f}× the cached call | – |"
        )
    lines += [
        f"| CSV export over the response ({large['export_bytes'] / 1e6:.1f} MB) | {large['export_http']:.2f} s | "
        f"COPY of the pivot: {large['export_copy']:.2f} s | "
        f"{large['export_http'] / large['export_copy']:.2f}× | ≤ 2× |",
        f"| first recalibration (every summary and sort key written anew) | {large['refresh']:.2f} s | – | – | – |",
        f"| recalibration after a review change (scoring.rank + upserts + sort keys; p50 of 3) | "
        f"{large['refresh_again']:.2f} s | – | – | ≤ 1.5 s on a quiet machine |",
        f"| auto-assign × 3 (median of {len(large['auto_assign_runs'])} runs; "
        f"{min(large['auto_assign_runs']):.2f}–{max(large['auto_assign_runs']):.2f} s) | "
        f"{large['auto_assign']:.2f} s | – | – | < 10 s |",
        f"| GET status, round trips after warm-up (health checks counted) | {large['status_round_trips']} | – | – "
        "| ≤ 1 |",
        f"| check-in scan, statements (after a first scan; health checks counted) | {large['scan_statements']} "
        "| – | – | ≤ 4 |",
    ]
    if "batch" in large:
        (few, per_few), (many, per_many) = sorted(large["batch"].items())
        lines.append(
            f"| batch decision of {many:,}, per address | {per_many * 1e3:.3f} ms | batch of {few:,}: "
            f"{per_few * 1e3:.3f} ms per address | {per_many / per_few:.2f}× | ≤ 1.2× |"
        )
    growth = [
        ("table page 1", small["pages"]["table page 1 (floor)"], floor),
        (
            "statistics, counted",
            small["statistics"]["counted (one aggregate query)"],
            large["statistics"]["counted (one aggregate query)"],
        ),
        (
            "statistics, cached endpoint",
            small["pages"]["statistics (cached endpoint)"],
            pages["statistics (cached endpoint)"],
        ),
        ("CSV export over the response", small["export_http"], large["export_http"]),
        (PAGE_ADMIN, small["pages"][PAGE_ADMIN], pages[PAGE_ADMIN]),
        (PAGE_ADMIN_RELEASED, small["pages"][PAGE_ADMIN_RELEASED], pages[PAGE_ADMIN_RELEASED]),
        ("first recalibration", small["refresh"], large["refresh"]),
        (
            "… of which the summaries (the scores read, scoring.rank, the summaries written)",
            small["refresh_parts"]["summaries"],
            large["refresh_parts"]["summaries"],
        ),
        (
            f"… of which the table's sort keys ({small['refresh_parts']['keys_written']:,} and "
            f"{large['refresh_parts']['keys_written']:,} application rows updated, each in every index of the table)",
            small["refresh_parts"]["keys"],
            large["refresh_parts"]["keys"],
        ),
        ("ranking recalibration after a change", small["refresh_again"], large["refresh_again"]),
        (AUTO_ASSIGN_GROWTH, small["auto_assign"], large["auto_assign"]),
    ]
    factor = large["rows"] / small["rows"]
    lines += [
        "",
        f"## Growth from {small['rows']:,} to {large['rows']:,} applications ({factor:g}× the rows)",
        "",
        f"| Path | {small['rows']:,} | {large['rows']:,} | Growth | Goal |",
        "|---|---|---|---|---|",
    ]
    for name, before, after in growth:
        linear = name in ("ranking recalibration after a change", AUTO_ASSIGN_GROWTH)
        goal = f"≤ {factor * 1.1:g}× (linear)" if linear else "–"
        lines.append(f"| {name} | {_ms(before)} | {_ms(after)} | {after / before:.1f}× | {goal} |")
    return lines
