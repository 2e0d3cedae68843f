"""The benchmarks run (`make bench` is not part of `make test`): the paths of
benchmarks/paths.py at a smoke size, twice, and the report rows bench.py writes from them."""

from __future__ import annotations

import pytest
from django.db import connection

# Real commits: the benchmark VACUUMs and flushes, as it does in its scratch database.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the benchmarks measure PostgreSQL (COPY, plans)")
def test_the_paths_benchmark_runs_at_a_smoke_size_and_reports_every_row():
    from django.core.management import call_command

    from apps.cycles.services import ensure_current_cycle
    from benchmarks import goals, paths

    sizes = []
    for rows, batch in ((40, None), (80, (5, 20))):
        call_command("flush", interactive=False, verbosity=0)
        ensure_current_cycle()
        sizes.append(paths.measure(rows, repeats=2, batch=batch))
    large = sizes[1]
    # The change queues its recalibration; the read right after it queues nothing more (the
    # bench asserts that a read a claim's life later queues it again).
    assert large["ranking_after_change_queued"] == 0
    assert large["status_round_trips"] <= 1
    assert 0 < large["scan_statements"] <= 4
    lines = "\n".join(paths.report(sizes))
    for row in (
        "ranking, first request after a review change",
        "ranking, a read that queues a lost recalibration again",
        "table, filtered, jump to page",
        "table sorted by -score, jump to page",
        "statistics, naive: loop over model objects",
        "statistics, naive: loop over values_list rows",
        "CSV export over the response",
        "batch decision of 20, per address",
        "| first recalibration |",
        "| ranking recalibration after a change |",
        "recalibration after a review change (scoring.rank",
        f"| {paths.AUTO_ASSIGN_GROWTH} |",
        f"auto-assign × 3 (median of {paths.AUTO_ASSIGN_RUNS} runs;",
        "… of which the summaries",
        "… of which the table's sort keys",
    ):
        assert row in lines, row
    # The first recalibration's parts add up to it (the keys: every scored application's).
    parts = large["refresh_parts"]
    assert parts["summaries"] + parts["keys"] <= large["refresh"]
    assert parts["keys_written"] > 0
    # The goals RESULTS.md opens with read these figures: one verdict per goal. Which verdict is
    # timing at 40 and 80 rows, not a property of the code: only that each row has one.
    verdicts = goals._path_rows(*sizes)
    assert len(verdicts) == 6, verdicts
    assert all(("| met |" in row) != ("| **NOT met** |" in row) for row in verdicts), verdicts
