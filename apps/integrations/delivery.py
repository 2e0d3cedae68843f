"""Posting one webhook: the request, signed, to the address the guard resolved.

The connection goes to the address `address_guard.resolve` checked, not to whatever the name
resolves to a moment later; the Host header and TLS (SNI and the certificate's name) still use
the host name.
"""

from __future__ import annotations

import http.client
import socket
import ssl

from django.conf import settings

from .address_guard import Target


class ReceiverUnavailable(ConnectionError):
    """The receiver is down or busy (5xx, 408, 429, no connection): another attempt later may
    succeed (the outbox counts a ConnectionError as transient and backs off)."""

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


class ReceiverRefused(Exception):
    """The receiver answered with a 4xx other than 408 and 429: trying again will not help."""

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


class _PinnedHTTPConnection(http.client.HTTPConnection):
    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self._address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self._address = address

    def connect(self) -> None:
        sock = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


def post(target: Target, body: bytes, headers: dict[str, str]) -> int:
    """POST `body` and return the status; a status that is not 2xx raises one of the two
    errors above."""
    kind = _PinnedHTTPSConnection if target.scheme == "https" else _PinnedHTTPConnection
    connection = kind(target.host, target.port, target.addresses[0], settings.WEBHOOKS_TIMEOUT)
    try:
        connection.request(
            "POST",
            target.path,
            body=body,
            headers={"Content-Type": "application/json", "User-Agent": "HackPortal-Webhooks/1", **headers},
        )
        response = connection.getresponse()
        response.read(64 * 1024)  # a receiver's answer is not ours to keep; read a little, close
        status = response.status
    except (OSError, http.client.HTTPException) as exc:
        raise ReceiverUnavailable(f"No answer from the receiver: {exc}") from exc
    finally:
        connection.close()
    if 200 <= status < 300:
        return status
    if status >= 500 or status in (408, 429):
        raise ReceiverUnavailable(f"The receiver answered {status}.", status)
    raise ReceiverRefused(f"The receiver answered {status}.", status)
