"""The suite's own order: the long tests are dealt first (conftest.py), so that a parallel run
starts them at once instead of ending with one of them running alone."""

from __future__ import annotations


def test_the_long_tests_are_collected_before_all_others(request):
    items = request.session.items
    marked = [index for index, item in enumerate(items) if item.get_closest_marker("long")]
    assert marked == list(range(len(marked))), [items[i].nodeid for i in marked]
    rehearsal = [i for i, item in enumerate(items) if "test_a_whole_event_keeps_every_invariant" in item.nodeid]
    if rehearsal:  # a run of the whole suite (a subset may leave the rehearsal out)
        assert rehearsal[0] in marked
