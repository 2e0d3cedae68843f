"""What the decisions app announces, for the apps above it (apps.integrations) that act on it.

`decisions_released`: a cycle's decisions were released (or released again), sent inside the
release's transaction after the cycle's status is saved, so a receiver's rows commit with it.
Argument: cycle_id.
"""

from django.dispatch import Signal

decisions_released = Signal()
