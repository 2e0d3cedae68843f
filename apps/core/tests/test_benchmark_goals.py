"""benchmarks/goals.py: the verdicts RESULTS.md opens with, from a run's figures. A goal the
figure misses reads NOT met whatever the reason beside it; the reason quotes the same run."""

from __future__ import annotations

import pytest

from benchmarks import goals


def _http(status_worst: float, one_query: float = 0.81, status: float | None = None) -> dict:
    return {
        "ratios": {
            "status": status_worst + 0.01 if status is None else status,
            "same_worst": 0.86,
            "status_worst": status_worst,
            "one_query": one_query,
            "status_vs_one_query": 0.98,
            "statistics": 0.93,
            "statistics_cpu": 0.89,
        }
    }


@pytest.mark.parametrize(
    ("worst", "verdict", "why"),
    [
        (0.92, "| met |", None),
        (0.78, "| **NOT met** |", "one indexed SELECT"),
    ],
)
def test_the_status_goal_is_met_only_by_every_round_and_a_miss_quotes_the_one_query_floor(worst, verdict, why):
    trips, every_round, statistics = goals._http_rows(_http(worst), status_trips=1)
    assert "| met |" in trips
    assert verdict in every_round
    if why:
        assert why in every_round and "0.81×" in every_round
    else:
        assert every_round.endswith("| – |")
    assert "| met |" in statistics  # 0.93 ≥ 1 / 1.2


def test_a_status_call_without_round_trips_missing_a_round_quotes_the_noise_of_identical_work():
    trips, every_round, _statistics = goals._http_rows(_http(0.72, status=1.02), status_trips=0)
    assert "| met |" in trips
    assert "**NOT met**" in every_round
    assert "median is 1.02×" in every_round and "worst round of 0.86×" in every_round


def test_two_round_trips_miss_the_status_goal():
    (trips, *_rest) = goals._http_rows(_http(0.95), status_trips=2)
    assert "**NOT met**" in trips


@pytest.mark.parametrize(
    ("scan", "verdict"),
    [(5.0, "| met |"), (9.6, "| **NOT met** |")],
)
def test_the_door_goal_and_its_write_floor(scan, verdict):
    statements, p99 = goals._door_rows(
        {"scan_p99": scan, "floor_p99": 3.5, "write_floor_p99": 5.0, "statements": 3}, statements=1
    )
    assert "| met |" in statements
    assert verdict in p99
    assert ("1.43× the read-only view's" in p99) == (verdict != "| met |")


def test_a_door_run_without_figures_is_not_met():
    _statements, p99 = goals._door_rows(
        {"scan_p99": None, "floor_p99": None, "write_floor_p99": None, "statements": 3}, statements=1
    )
    assert "not measured" in p99 and "**NOT met**" in p99


def _load(warm_paint: float) -> dict:
    modes = ("cold", "warm", "cold paint", "warm paint")
    figures = dict.fromkeys(modes, 1.05) | {"warm paint": warm_paint}
    return {
        **figures,
        "data": dict.fromkeys(modes, 1.10),
        "island": dict.fromkeys(modes, 1.07),
        "control rounds": {m: [0.8, 1.0, 1.3] for m in modes},
    }


def test_the_page_goal_needs_every_mode_and_names_the_worst_one():
    loopback, phone = goals._page_rows(_load(1.18), _load(1.0))
    assert "**NOT met**" in loopback and "warm paint: the same page without its island is 1.10×" in loopback
    assert "| met |" in phone
    (skipped,) = goals._page_rows({"skipped": "no chromium"}, {"skipped": "no chromium"})
    assert "not measured: no chromium" in skipped and "**NOT met**" in skipped


def test_javascript_goal_by_page_kind():
    pages = [
        {"page": "dashboard", "bytes": 88 * 1024, "goal": 90 * 1024},
        {"page": "admin", "bytes": 120 * 1024, "goal": 150 * 1024},
    ]
    (row,) = goals._js_rows(pages)
    assert "| met |" in row and "dashboard 88.0 KB" in row and "admin 120.0 KB" in row
    (row,) = goals._js_rows([*pages, {"page": "apply", "bytes": 91 * 1024, "goal": 90 * 1024}])
    assert "**NOT met**" in row


REGISTRATION = """# Registration day, 2026-11-30 05:12 UTC

Machine: vm. Code: commit 5b89140.

| Hasher | Gunicorns | Students/s | Served | Errors | Worst p99 ms | Mail p99 ms | CPU-s web | worker |
|---|---|---|---|---|---|---|---|---|
| argon2id | 1 | 4 | 236 | 0 | 120 (POST /api/auth/register) | 59 | 0.093 | 0.019 |
| argon2id | 1 | 8 | 472 | 0 | 220 (POST /api/auth/register) | 64 | {cost} | 0.017 |
| argon2id | 2 | 8 | 472 | 0 | 250 (POST /api/auth/register) | 130 | 0.130 | 0.018 |

- argon2id, 1 gunicorn: highest arrival rate with no error and every p99 ≤ 300 ms: 10 students/s
"""


@pytest.mark.parametrize(("cost", "verdict"), [("0.089", "| met |"), ("0.104", "| **NOT met** |")])
def test_registration_reads_the_separate_run_one_gunicorns_web_cost(tmp_path, cost, verdict):
    report = tmp_path / "RESULTS-registration.md"
    report.write_text(REGISTRATION.format(cost=cost))
    (row,) = goals._registration_rows(report)
    assert "commit 5b89140" in row and "10 students/s" in row
    assert verdict in row
    (missing,) = goals._registration_rows(tmp_path / "none.md")
    assert "not measured" in missing


@pytest.mark.parametrize(
    ("large_runs", "verdict"),
    [([1.6, 1.7, 1.8, 1.9, 2.0], "| met |"), ([1.9, 2.0, 2.1, 2.2, 2.4], "| **NOT met** |")],
)
def test_auto_assign_growth_is_judged_on_the_medians_and_a_miss_shows_the_spread(large_runs, verdict):
    small_runs = [0.13, 0.15, 0.18, 0.2, 0.22]
    small = {"rows": 5_000, "auto_assign": 0.18, "auto_assign_runs": small_runs}
    large = {"rows": 50_000, "auto_assign": sorted(large_runs)[2], "auto_assign_runs": large_runs}
    row = goals._auto_assign_row(small, large, 11.0)
    assert verdict in row and "(medians of 5 runs)" in row
    if verdict == "| met |":
        assert row.endswith("| – |")
    else:
        # 2.1 / 0.18 = 11.7× by the medians; the fastest runs, 1.9 / 0.13, 14.6×.
        assert "11.7×" in row
        assert "runs at 5,000: 130–220 ms; at 50,000: 1.90–2.40 s; the fastest against the fastest 14.6×" in row
