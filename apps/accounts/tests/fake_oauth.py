"""A fake OAuth 2 provider for the tests: a threaded http.server on 127.0.0.1 serving MyMLH's
three addresses (authorize, token, the member's data). Authorize consents at once (or refuses,
when `consent` is False) and redirects back with a code; the token and the data are whatever
the test put in `profile`. Point MYMLH_AUTH_URL and MYMLH_API_URL at `url`."""

from __future__ import annotations

import json
import secrets
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlencode, urlsplit


@dataclass
class FakeProvider:
    server: ThreadingHTTPServer
    profile: dict = field(default_factory=dict)
    consent: bool = True
    codes: dict[str, dict] = field(default_factory=dict)
    tokens: dict[str, dict] = field(default_factory=dict)
    scopes_asked: list[str] = field(default_factory=list)

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def start() -> FakeProvider:
    fake: FakeProvider

    class Handler(BaseHTTPRequestHandler):
        def _json(self, status: int, body: dict) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):  # noqa: N802 (http.server's naming)
            url = urlsplit(self.path)
            query = {k: v[0] for k, v in parse_qs(url.query).items()}
            if url.path == "/oauth/authorize":
                fake.scopes_asked = query.get("scope", "").split()
                if fake.consent:
                    code = secrets.token_urlsafe(8)
                    fake.codes[code] = dict(fake.profile)
                    answer = {"code": code, "state": query.get("state", "")}
                else:
                    answer = {"error": "access_denied", "state": query.get("state", "")}
                self.send_response(302)
                self.send_header("Location", query["redirect_uri"] + "?" + urlencode(answer))
                self.send_header("Content-Length", "0")
                self.end_headers()
            elif url.path == "/v4/users/me":
                token = (self.headers.get("Authorization") or "").removeprefix("Bearer ")
                if token in fake.tokens:
                    self._json(200, fake.tokens[token])
                else:
                    self._json(401, {"error": "invalid_token"})
            else:
                self._json(404, {})

        def do_POST(self):  # noqa: N802
            length = int(self.headers.get("Content-Length") or 0)
            form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
            if urlsplit(self.path).path == "/oauth/token" and form.get("code") in fake.codes:
                token = secrets.token_urlsafe(12)
                fake.tokens[token] = fake.codes.pop(form["code"])
                self._json(200, {"access_token": token, "token_type": "Bearer", "expires_in": 3600})
            else:
                self._json(400, {"error": "invalid_grant"})

        def log_message(self, *args):
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    fake = FakeProvider(server)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return fake
