"""What a cycle announces, so the apps that act on it depend on cycles and not the reverse.

cycles is below applications (an application belongs to a cycle); it must not import the
apps that react to its changes. They connect receivers in their AppConfig.ready instead.
(A release is not announced: apps.decisions owns it and calls cycles' status door itself.)
"""

from django.dispatch import Signal

# A cycle became the current one (switch or recreation), inside the switch's transaction and
# after cycles gave it its question set: receivers that give it more write in the same
# transaction, so a failure rolls the switch back (apps.reviews copies the rubric). Arguments:
# cycle, previous (the former current cycle or None).
cycle_became_current = Signal()
