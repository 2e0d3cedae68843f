from rest_framework.permissions import BasePermission


class IsAdmin(BasePermission):
    """Signed in with the `admin` role, read from the database on every request."""

    message = "Only organizers can do this."

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and getattr(user, "is_admin", False))


class CanReview(BasePermission):
    """An organizer or a reviewer (who sees only what is assigned to them)."""

    message = "Only organizers and reviewers can do this."

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and getattr(user, "can_review", False))


class CanCheckIn(BasePermission):
    """An organizer or an event-day volunteer (who can check people in and nothing else)."""

    message = "Only organizers and volunteers can do this."

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and getattr(user, "can_check_in", False))
