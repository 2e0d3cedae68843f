"""Development mail: every message becomes a file under var/mail, plus one log line.

The log line shows the recipients, the subject and every link in the message, so a developer
running `make run` can click a verification link straight from the terminal.
"""

from __future__ import annotations

import logging
import re
import uuid
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.core.mail.backends.base import BaseEmailBackend

logger = logging.getLogger("portal.mail")
LINK_RE = re.compile(r"https?://[^\s\"'<>]+")


def message_links(message) -> list[str]:
    """Every distinct http(s) link in the body and alternatives of a message, in order."""
    bodies = [message.body or ""]
    bodies += [content for content, _mime in getattr(message, "alternatives", [])]
    seen: list[str] = []
    for body in bodies:
        for link in LINK_RE.findall(str(body)):
            if link not in seen:
                seen.append(link)
    return seen


class FileAndLogEmailBackend(BaseEmailBackend):
    def send_messages(self, email_messages) -> int:
        folder = Path(settings.MAIL_DIR)
        folder.mkdir(parents=True, exist_ok=True)
        sent = 0
        for message in email_messages:
            stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
            path = folder / f"{stamp}-{uuid.uuid4().hex[:8]}.eml"
            path.write_bytes(message.message().as_bytes())
            links = message_links(message)
            logger.info(
                "Mail to %s: %r saved as %s%s",
                ", ".join(message.to),
                message.subject,
                path,
                (" links: " + " ".join(links)) if links else "",
            )
            sent += 1
        return sent
