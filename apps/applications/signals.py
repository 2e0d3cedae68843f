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

# Status changes the status machine made, sent inside the transaction that wrote them (after
# the rows and their history are written; once per single move, once per chunk of a bulk
# move), so a receiver's own writes commit or roll back with the change: apps.checkin issues a
# confirmation's ticket, and voids the ticket of someone who is no longer confirmed, in the
# same transaction, so the page that reads the status after it reads the ticket too. Anything
# a receiver sends out (mail, a task) it queues with transaction.on_commit.
# Argument: changes, a list of (application_id, old, new) status values with old != new.
status_changed = Signal()
