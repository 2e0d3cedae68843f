"""What reviews does when cycles announce something (cycles must not import reviews)."""

from __future__ import annotations


def copy_rubric(sender, *, cycle, previous=None, **kwargs) -> None:
    """A cycle that becomes current gets the previous current cycle's rubric (or the default),
    in the switch's transaction, as it gets its question set."""
    from .rubric import ensure_rubric

    ensure_rubric(cycle, copy_from=previous)
