"""What the status machine announces, so the apps that act on a decision depend on
applications and not the reverse (apps/decisions sends the decision emails).

They connect receivers in their AppConfig.ready.
"""

from django.dispatch import Signal

# An organizer's decision changed an application to a decision that a release announces, in a
# cycle already released: no later release would announce it, so it is announced at once. Sent
# once the decision has committed (from transaction.on_commit, so never for a rolled-back one).
# Argument: application_id.
decision_changed_after_release = Signal()

# Any status change the status machine made, sent once its transaction has committed (never for
# a rolled-back one), so receivers may queue work that reads the new state (apps.checkin issues
# a ticket on "confirmed"). Arguments: application_id, old, new (status values; old != new).
status_changed = Signal()
