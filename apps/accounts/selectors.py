from .models import Role, User, WhitelistRule


def admin_emails() -> list[str]:
    return list(User.objects.filter(role=Role.ADMIN).order_by("email").values_list("email", flat=True))


STAFF_ORDER = {Role.ADMIN: 0, Role.REVIEWER: 1, Role.VOLUNTEER: 2}


def staff() -> list[dict]:
    """Every account with a staff role: organizers, reviewers, volunteers, by role then email."""
    rows = User.objects.filter(role__in=list(STAFF_ORDER)).values_list("email", "role")
    return [{"email": e, "role": r} for e, r in sorted(rows, key=lambda row: (STAFF_ORDER[row[1]], row[0]))]


def whitelist_patterns() -> list[str]:
    """Pattern rules only: single-address exceptions are never shown to the public."""
    return list(
        WhitelistRule.objects.filter(kind=WhitelistRule.Kind.PATTERN).order_by("value").values_list("value", flat=True)
    )


def whitelist_exceptions() -> list[dict]:
    return [
        {"id": rule.pk, "kind": rule.kind, "value": rule.value}
        for rule in WhitelistRule.objects.order_by("kind", "value")
    ]
