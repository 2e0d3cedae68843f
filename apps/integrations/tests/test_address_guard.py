"""The guard against server-side request forgery, as a table: which receiver URLs are refused
and why, at the field of the endpoint form and again at delivery."""

from __future__ import annotations

import socket

import pytest
from django.test import override_settings

from apps.integrations import address_guard as guard
from apps.integrations import services
from apps.integrations.models import WebhookDelivery, WebhookEndpoint
from apps.mailings import outbox

REFUSED_PRIVATE = [
    "http://127.0.0.1/hook",  # loopback
    "http://127.8.9.10:8080/hook",
    "http://[::1]/hook",
    "http://10.0.0.5/hook",  # RFC 1918
    "http://172.16.0.1/hook",
    "http://172.31.255.254/hook",
    "http://192.168.1.1/hook",
    "http://169.254.169.254/latest/meta-data",  # link-local: the cloud's metadata service
    "http://[fe80::1]/hook",
    "http://0.0.0.0/hook",  # unspecified
    "http://100.64.0.1/hook",  # carrier-grade NAT
    "http://[::ffff:127.0.0.1]/hook",  # IPv4-mapped loopback
    "http://[fd00::1]/hook",  # unique local
    "http://224.0.0.1/hook",  # multicast
    "http://2130706433/hook",  # 127.0.0.1 written as one number
    "http://0x7f000001/hook",  # … and in hexadecimal
    "http://127.1/hook",  # … and shortened
    "http://[::ffff:10.0.0.1]/hook",  # IPv4-mapped RFC 1918
]


@pytest.mark.parametrize("url", REFUSED_PRIVATE)
def test_private_addresses_are_refused(url):
    with pytest.raises(guard.UnsafeAddress, match="private network"):
        guard.resolve(url, allow_private=False, require_https=False)


@pytest.mark.parametrize("url", ["http://127.0.0.1:9/hook", "http://10.0.0.5/hook", "http://[::1]/x"])
def test_the_setting_allows_private_addresses(url):
    assert guard.resolve(url, allow_private=True, require_https=False).addresses


@pytest.mark.parametrize(
    ("url", "require_https", "message"),
    [
        ("ftp://93.184.216.34/hook", False, guard.NOT_HTTP),
        ("javascript:alert(1)", False, guard.NOT_HTTP),
        ("93.184.216.34/hook", False, guard.NOT_HTTP),
        ("http://93.184.216.34/hook", True, guard.NEEDS_HTTPS),
        ("https://user:pw@93.184.216.34/hook", True, guard.CREDENTIALS),
        ("https:///hook", True, guard.NO_HOST),
        ("https://93.184.216.34:99999/hook", True, guard.BAD_PORT),
        ("https://93.184.216.34:0/hook", True, guard.BAD_PORT),
        ("http://[::1/hook", False, guard.NOT_HTTP),
    ],
)
def test_malformed_or_insecure_urls_are_refused(url, require_https, message):
    with pytest.raises(guard.UnsafeAddress) as refused:
        guard.resolve(url, allow_private=False, require_https=require_https)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    "url", ["https://93.184.216.34/hook", "http://93.184.216.34:8080/a?b=c", "https://[2606:4700::1111]/x"]
)
def test_public_addresses_pass(url):
    target = guard.resolve(url, allow_private=False, require_https=False)
    assert target.addresses and all(guard.is_public(a) for a in target.addresses)


def test_a_name_is_judged_by_every_address_it_resolves_to(monkeypatch):
    monkeypatch.setattr(guard, "_getaddrinfo", lambda host, port: ["93.184.216.34", "10.1.2.3"])
    with pytest.raises(guard.UnsafeAddress, match=r"10\.1\.2\.3"):
        guard.resolve("https://hooks.example.org/x", allow_private=False, require_https=True)


def test_a_name_that_does_not_resolve_is_unreachable(monkeypatch):
    def fail(host, port):
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(guard, "_getaddrinfo", fail)
    with pytest.raises(guard.UnsafeAddress) as refused:
        guard.resolve("https://nowhere.invalid/x", allow_private=False, require_https=True)
    assert str(refused.value) == guard.UNRESOLVED


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url", "https", "message"),
    [
        ("http://127.0.0.1:8000/hook", False, "private network"),
        ("http://169.254.169.254/", False, "private network"),
        ("http://93.184.216.34/hook", True, "https://"),
        ("not a url", False, "http:// or https://"),
    ],
)
def test_the_form_shows_the_refusal_at_the_url_field(admin_client, url, https, message):
    with override_settings(WEBHOOKS_REQUIRE_HTTPS=https, WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=False):
        response = admin_client.post(
            "/api/integrations/webhooks",
            {"url": url, "events": ["application.submitted"]},
            content_type="application/json",
        )
    assert response.status_code == 400
    assert message in response.json()["errors"]["url"][0]
    assert not WebhookEndpoint.objects.exists()


@pytest.mark.django_db
def test_a_name_that_later_resolves_to_a_private_address_is_refused_at_delivery(monkeypatch):
    """DNS rebinding: checked when saved, the name is checked again before each delivery."""
    monkeypatch.setattr(guard, "_getaddrinfo", lambda host, port: ["93.184.216.34"])
    hook = services.endpoint_create(url="https://hooks.example.org/x", events=["application.submitted"])
    row = WebhookDelivery.objects.create(endpoint=hook, event="application.submitted", dedupe_key="k", payload={})
    monkeypatch.setattr(guard, "_getaddrinfo", lambda host, port: ["127.0.0.1"])
    connections = []
    monkeypatch.setattr(socket, "create_connection", lambda *a, **k: connections.append(a))

    services.send_due()

    row.refresh_from_db()
    assert row.state == outbox.State.FAILED
    assert "private network" in row.last_error
    assert connections == [], "no connection was opened"


def _closed_port() -> int:
    """A local port nothing listens on: bound to find a free one, then closed."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _register(client, url: str, path: str = "/api/integrations/webhooks", **body):
    return client.post(path, {"url": url, "events": ["application.submitted"], **body}, content_type="application/json")


@pytest.mark.django_db
def test_an_address_nothing_answers_at_is_refused_at_the_url_field(admin_client):
    port = _closed_port()
    url = f"http://127.0.0.1:{port}/hook"
    with override_settings(WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=True, WEBHOOKS_CONNECT_CHECK_TIMEOUT=2.0):
        response = _register(admin_client, url)
        chat = _register(admin_client, url, "/api/integrations/chat-channels", kind="slack")
    assert response.status_code == 400
    assert response.json()["errors"]["url"] == [guard.UNREACHABLE.format(host="127.0.0.1", port=port)]
    assert "Nothing answered" in chat.json()["errors"]["url"][0], chat.json()
    assert not WebhookEndpoint.objects.exists()


@pytest.mark.django_db
def test_an_unresolvable_host_is_refused_at_the_url_field(admin_client):
    with override_settings(WEBHOOKS_CONNECT_CHECK_TIMEOUT=2.0):
        response = _register(admin_client, "https://no-such-receiver.invalid/hook")
    assert response.status_code == 400
    assert response.json()["errors"]["url"] == [guard.UNRESOLVED]


@pytest.mark.django_db
def test_an_answering_address_is_saved_and_only_connected_to(admin_client):
    """A listening socket that never answers HTTP: the check connects, sends nothing, follows
    nothing, and the endpoint is saved."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        with override_settings(WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=True, WEBHOOKS_CONNECT_CHECK_TIMEOUT=2.0):
            response = _register(admin_client, f"http://127.0.0.1:{port}/hook")
        accepted, _ = listener.accept()
        with accepted:
            accepted.settimeout(1)
            assert accepted.recv(1) == b"", "no request was sent"
    assert response.status_code == 201, response.json()


def test_the_connection_check_keeps_to_the_allowed_addresses(monkeypatch):
    """It connects to what `resolve` allowed (the SSRF check is on the resolved address), never
    to the name again, and a private answer is refused before any connection."""
    monkeypatch.setattr(guard, "_getaddrinfo", lambda host, port: ["10.1.2.3"])
    tried = []
    monkeypatch.setattr(guard, "_connect", lambda address, port, timeout: tried.append((address, port)))
    with pytest.raises(guard.UnsafeAddress, match="private network"):
        guard.check_for_saving("https://hooks.example.org/x")
    assert tried == []

    monkeypatch.setattr(guard, "_getaddrinfo", lambda host, port: ["93.184.216.34"])
    with override_settings(WEBHOOKS_CONNECT_CHECK_TIMEOUT=1.0):
        guard.check_for_saving("https://hooks.example.org/x")
    assert tried == [("93.184.216.34", 443)]


def test_the_connection_check_stops_at_its_timeout(monkeypatch):
    monkeypatch.setattr(guard, "_getaddrinfo", lambda host, port: ["93.184.216.34", "93.184.216.35"])

    def slow(address, port, timeout):
        raise TimeoutError

    monkeypatch.setattr(guard, "_connect", slow)
    with override_settings(WEBHOOKS_CONNECT_CHECK_TIMEOUT=0.5), pytest.raises(guard.UnsafeAddress) as refused:
        guard.check_for_saving("https://hooks.example.org/x")
    assert "Nothing answered at hooks.example.org on port 443" in str(refused.value)
