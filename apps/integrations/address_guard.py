"""Where a webhook may be sent: the guard against server-side request forgery.

An organizer types the URL and the server posts to it, so without a guard the portal could be
pointed at its own network: the cloud's metadata service (169.254.169.254), a database on
127.0.0.1, an admin panel on 10.0.0.5. A URL is refused when its host resolves to any address
that is not public (loopback, link-local, RFC 1918 and the other private or reserved ranges),
unless WEBHOOKS_ALLOW_PRIVATE_ADDRESSES is on (a development receiver on the same machine).
Production wants https (WEBHOOKS_REQUIRE_HTTPS).

The check runs when the endpoint is saved (the error shows at the URL field) and again before
every delivery, on the addresses the delivery then connects to (`resolve`), so a name that
later resolves elsewhere (DNS rebinding) is refused at the moment it matters.

At save, an address nothing answers at is refused too (`check_reachable`): a TCP connection to
the addresses `resolve` found and allowed, within WEBHOOKS_CONNECT_CHECK_TIMEOUT seconds. No
request is sent (so no redirect is followed): a typo in the host or port shows at the field
instead of as a column of failed deliveries.
"""

from __future__ import annotations

import ipaddress
import socket
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext_lazy as _

NOT_HTTP = _("Enter an http:// or https:// address.")
NEEDS_HTTPS = _("Webhooks must use https:// here.")
NO_HOST = _("The address has no host name.")
CREDENTIALS = _("Put no user name or password in the address; the signature authenticates the portal.")
UNRESOLVED = _("This host could not be found, so nothing could be delivered to it.")
PRIVATE = _("This address leads to a private network ({address}); webhooks may only go to public addresses.")
BAD_PORT = _("The port is not a valid number.")
UNREACHABLE = _(
    "Nothing answered at {host} on port {port}: the connection was refused or timed out. Check the host "
    "name and the port, and that the receiver is running."
)


class UnsafeAddress(ValueError):
    """A URL the portal must not post to; the message is for the organizer."""


@dataclass(frozen=True)
class Target:
    scheme: str
    host: str
    port: int
    path: str
    addresses: tuple[str, ...]


def is_public(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    mapped = getattr(ip, "ipv4_mapped", None)
    if mapped is not None:
        ip = mapped
    return ip.is_global and not ip.is_multicast


def _getaddrinfo(host: str, port: int) -> list[str]:
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [info[4][0] for info in infos]


def resolve(url: str, *, allow_private: bool | None = None, require_https: bool | None = None) -> Target:
    """The URL's parts and the addresses to connect to, or UnsafeAddress saying why not."""
    if allow_private is None:
        allow_private = settings.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES
    if require_https is None:
        require_https = settings.WEBHOOKS_REQUIRE_HTTPS
    try:
        parts = urlsplit(url.strip())
    except ValueError as exc:  # an unclosed "[" of an IPv6 address, say
        raise UnsafeAddress(NOT_HTTP) from exc
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise UnsafeAddress(NOT_HTTP)
    if require_https and scheme != "https":
        raise UnsafeAddress(NEEDS_HTTPS)
    if parts.username is not None or parts.password is not None:
        raise UnsafeAddress(CREDENTIALS)
    host = parts.hostname
    if not host:
        raise UnsafeAddress(NO_HOST)
    try:
        port = parts.port if parts.port is not None else (443 if scheme == "https" else 80)
    except ValueError as exc:
        raise UnsafeAddress(BAD_PORT) from exc
    if port == 0:
        raise UnsafeAddress(BAD_PORT)
    try:
        addresses = tuple(dict.fromkeys(_getaddrinfo(host, port)))
    except (OSError, UnicodeError) as exc:
        raise UnsafeAddress(UNRESOLVED) from exc
    if not addresses:
        raise UnsafeAddress(UNRESOLVED)
    if not allow_private:
        for address in addresses:
            if not is_public(address.split("%", 1)[0]):
                raise UnsafeAddress(PRIVATE.format(address=address))
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return Target(scheme=scheme, host=host, port=port, path=path, addresses=addresses)


def _connect(address: str, port: int, timeout: float) -> None:
    socket.create_connection((address, port), timeout=timeout).close()


def check_reachable(target: Target, *, timeout: float | None = None) -> None:
    """UnsafeAddress unless one of the target's (already allowed) addresses accepts a TCP
    connection, all of them within `timeout` seconds together; 0 skips the check."""
    if timeout is None:
        timeout = settings.WEBHOOKS_CONNECT_CHECK_TIMEOUT
    if timeout <= 0:
        return
    deadline = time.monotonic() + timeout
    for address in target.addresses:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        try:
            _connect(address, target.port, left)
        except OSError:
            continue
        return
    raise UnsafeAddress(UNREACHABLE.format(host=target.host, port=target.port))


def check_for_saving(url: str) -> Target:
    """A URL being saved: allowed and resolvable (`resolve`), and something answers there."""
    target = resolve(url)
    check_reachable(target)
    return target
