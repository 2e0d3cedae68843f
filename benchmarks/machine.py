"""How much of this machine the benchmarks had: the CPU time a shared virtual machine's
hypervisor gave to other machines while they measured. Apart from bench.py, which needs the
benchmarks' own packages, so that `make test` can table-test it."""

from __future__ import annotations

from pathlib import Path


def cpu_ticks() -> tuple[int, int]:
    """(ticks the hypervisor stole, all ticks) over every core since boot, from /proc/stat; (0, 0)
    where there is none. A load average counts only this machine's own processes: on a shared
    virtual machine the neighbours show as stolen time, which moves every figure here."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return 0, 0
    return (fields[7] if len(fields) > 7 else 0), sum(fields[:8])


def stolen_share(before: tuple[int, int], after: tuple[int, int]) -> float | None:
    """The share of the CPU time between two cpu_ticks() readings that the hypervisor stole."""
    total = after[1] - before[1]
    return (after[0] - before[0]) / total if total > 0 else None


def stolen_text(value: float | None) -> str:
    return "not measured (no /proc/stat)" if value is None else f"{value:.1%}"
