"""What a cycle announces, so the apps that act on it depend on cycles and not the reverse.

cycles is below applications (an application belongs to a cycle); it must not import the
apps that react to its changes. They connect receivers in their AppConfig.ready instead.
"""

from django.dispatch import Signal

# A cycle became the current one (switch or recreation), inside the switch's transaction and
# after cycles gave it its question set: receivers that give it more write in the same
# transaction, so a failure rolls the switch back. Arguments: cycle, previous (the former
# current cycle or None).
cycle_became_current = Signal()

# A cycle was set to released and that change has committed (sent from transaction.on_commit,
# so never for a rolled-back release). Sent on every release, also a repeated one: receivers
# must be idempotent (the decision emails are, by their claims). Argument: cycle_id.
cycle_released = Signal()

# Asked (synchronously, before anything changes) what releasing a cycle now would email, so the
# organizer sees the count and confirms it (issue 11: 23 emails went out on one Save, unseen).
# Receivers return a list of {"status", "label", "count"}; cycles adds them up. Argument: cycle_id.
release_emails = Signal()
