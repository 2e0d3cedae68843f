from .models import Role, User, WhitelistRule


def admin_emails() -> list[str]:
    return list(User.objects.filter(role=Role.ADMIN).order_by("email").values_list("email", flat=True))


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
