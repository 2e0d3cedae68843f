"""The upload endpoints' one rule for a body that is too large, checked before it is read."""

from __future__ import annotations

from apps.core.exceptions import ApplicationError

# Multipart framing around one uploaded file is a few hundred bytes; a body far larger than the
# file limit plus this is refused from its Content-Length, before it is parsed.
MULTIPART_ALLOWANCE = 64 * 1024


def refuse_oversized_upload(request, max_file_bytes: int, message: str, field: str) -> None:
    """Raise a 413 with `message` at `field` when the declared body is larger than one file of
    `max_file_bytes` and its framing (a missing or unreadable length counts as 0)."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > max_file_bytes + MULTIPART_ALLOWANCE:
        raise ApplicationError(message, status=413, errors={field: [message]})
