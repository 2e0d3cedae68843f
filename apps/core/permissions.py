from rest_framework.permissions import BasePermission


class IsAdmin(BasePermission):
    """Signed in with the `admin` role, read from the database on every request."""

    message = "Only organizers can do this."

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and getattr(user, "is_admin", False))
