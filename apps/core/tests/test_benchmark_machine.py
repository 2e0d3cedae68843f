"""The share of CPU time stolen by the hypervisor, which bench.py prints beside the load average."""

from __future__ import annotations

import pytest

from benchmarks import machine


@pytest.mark.parametrize(
    ("before", "after", "share"),
    [
        ((10, 1_000), (10, 2_000), 0.0),
        ((10, 1_000), (110, 2_000), 0.1),
        ((0, 0), (500, 1_000), 0.5),
        # No time passed between the readings, or no /proc/stat: nothing to say.
        ((10, 1_000), (10, 1_000), None),
        ((0, 0), (0, 0), None),
    ],
)
def test_stolen_share(before, after, share):
    assert machine.stolen_share(before, after) == share


def test_stolen_text_says_when_it_could_not_measure():
    assert machine.stolen_text(None) == "not measured (no /proc/stat)"
    assert machine.stolen_text(0.167) == "16.7%"


def test_cpu_ticks_reads_this_machine(tmp_path, monkeypatch):
    stolen, total = machine.cpu_ticks()
    assert 0 <= stolen <= total
    # The first line of /proc/stat: user nice system idle iowait irq softirq steal guest guest_nice.
    fake = tmp_path / "stat"
    fake.write_text("cpu  100 2 30 800 5 0 3 60 0 0\ncpu0 50 1 15 400 2 0 1 30 0 0\n")
    real_path = machine.Path
    monkeypatch.setattr(machine, "Path", lambda name: fake if name == "/proc/stat" else real_path(name))
    assert machine.cpu_ticks() == (60, 1000)
    fake.write_text("garbage\n")
    assert machine.cpu_ticks() == (0, 0)
