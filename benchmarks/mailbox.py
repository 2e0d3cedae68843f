"""A mail backend for the load test: each message is written to BENCH_MAIL_DIR/<recipient>.eml
(through a temporary name and a rename, so a reader never sees half a file), where the
simulated student reads its verification link."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from django.conf import settings
from django.core.mail.backends.base import BaseEmailBackend


class MailboxBackend(BaseEmailBackend):
    def send_messages(self, email_messages) -> int:
        folder = Path(settings.BENCH_MAIL_DIR)
        folder.mkdir(parents=True, exist_ok=True)
        for message in email_messages:
            data = message.message().as_bytes()
            for recipient in message.to:
                handle, temporary = tempfile.mkstemp(dir=folder, suffix=".tmp")
                with os.fdopen(handle, "wb") as file:
                    file.write(data)
                os.replace(temporary, folder / f"{recipient.lower()}.eml")
        return len(email_messages)
