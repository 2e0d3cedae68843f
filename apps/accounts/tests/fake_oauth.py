"""A fake OAuth 2 provider for the tests: a threaded http.server on 127.0.0.1 that speaks what
the portal's three providers call, each at its real path:

- MyMLH: /oauth/authorize, /oauth/token, the member's data at /v4/users/me;
- GitHub (its Enterprise layout, which allauth's GITHUB_URL setting reads):
  /login/oauth/authorize, /login/oauth/access_token, /api/v3/user and /api/v3/user/emails (the
  addresses with their verified flags);
- Google: /o/oauth2/v2/auth, /token (which answers an OpenID id_token too, as Google does) and
  /oauth2/v2/userinfo.

Authorize consents at once (or refuses, when `consent` is False) and redirects back with a code;
what the provider then says is whatever the test put in `profile` (for GitHub, its `emails`
entry is the /user/emails answer). Point MYMLH_AUTH_URL and MYMLH_API_URL at `url`, and
GitHub's and Google's adapters with `point_github_and_google`."""

from __future__ import annotations

import json
import secrets
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlencode, urlsplit

import jwt

AUTHORIZE_PATHS = ("/oauth/authorize", "/login/oauth/authorize", "/o/oauth2/v2/auth")
TOKEN_PATHS = ("/oauth/token", "/login/oauth/access_token", "/token")
GOOGLE_ISSUER = "https://accounts.google.com"  # what allauth's Google adapter checks the id_token's `iss` against


@dataclass
class FakeProvider:
    server: ThreadingHTTPServer
    profile: dict = field(default_factory=dict)
    consent: bool = True
    codes: dict[str, dict] = field(default_factory=dict)
    tokens: dict[str, dict] = field(default_factory=dict)
    scopes_asked: list[str] = field(default_factory=list)
    client_ids: dict[str, str] = field(default_factory=dict)  # code → the client id that asked

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def _id_token(profile: dict, client_id: str) -> str:
    """An OpenID id_token of the profile's claims. allauth skips its signature when it came
    straight from the token endpoint (as here), and checks issuer, audience and expiry."""
    now = int(time.time())
    claims = {
        "iss": GOOGLE_ISSUER,
        "aud": client_id,
        "iat": now,
        "exp": now + 600,
        "jti": secrets.token_hex(8),
        **{k: v for k, v in profile.items() if k != "emails"},
    }
    return jwt.encode(claims, "fake-provider-key-not-checked-by-allauth", algorithm="HS256")


def start() -> FakeProvider:
    fake: FakeProvider

    class Handler(BaseHTTPRequestHandler):
        def _json(self, status: int, body) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _token_data(self) -> dict | None:
            # "Bearer <token>" (MyMLH, Google) or "token <token>" (GitHub).
            token = (self.headers.get("Authorization") or "").rsplit(" ", 1)[-1]
            return fake.tokens.get(token)

        def do_GET(self):  # noqa: N802 (http.server's naming)
            url = urlsplit(self.path)
            query = {k: v[0] for k, v in parse_qs(url.query).items()}
            if url.path in AUTHORIZE_PATHS:
                fake.scopes_asked = query.get("scope", "").split()
                if fake.consent:
                    code = secrets.token_urlsafe(8)
                    fake.codes[code] = dict(fake.profile)
                    fake.client_ids[code] = query.get("client_id", "")
                    answer = {"code": code, "state": query.get("state", "")}
                else:
                    answer = {"error": "access_denied", "state": query.get("state", "")}
                self.send_response(302)
                self.send_header("Location", query["redirect_uri"] + "?" + urlencode(answer))
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            data = self._token_data()
            if url.path not in ("/v4/users/me", "/api/v3/user", "/api/v3/user/emails", "/oauth2/v2/userinfo"):
                self._json(404, {})
            elif data is None:
                self._json(401, {"error": "invalid_token"})
            elif url.path == "/api/v3/user/emails":
                self._json(200, data.get("emails", []))
            else:
                self._json(200, {k: v for k, v in data.items() if k != "emails"})

        def do_POST(self):  # noqa: N802
            length = int(self.headers.get("Content-Length") or 0)
            form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
            path = urlsplit(self.path).path
            if path in TOKEN_PATHS and form.get("code") in fake.codes:
                token = secrets.token_urlsafe(12)
                client_id = fake.client_ids.pop(form["code"], "")
                fake.tokens[token] = fake.codes.pop(form["code"])
                answer = {"access_token": token, "token_type": "Bearer", "expires_in": 3600}
                if path == "/token":
                    answer["id_token"] = _id_token(fake.tokens[token], client_id)
                self._json(200, answer)
            else:
                self._json(400, {"error": "invalid_grant"})

        def log_message(self, *args):
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    fake = FakeProvider(server)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return fake


def point_github_and_google(fake: FakeProvider, monkeypatch) -> None:
    """allauth's GitHub and Google adapters read their addresses once, at import (GITHUB_URL,
    Google's *_URL provider settings): the tests set them on the classes instead."""
    from allauth.socialaccount.providers.github.views import GitHubOAuth2Adapter
    from allauth.socialaccount.providers.google.views import GoogleOAuth2Adapter

    for name, path in {
        "authorize_url": "/login/oauth/authorize",
        "access_token_url": "/login/oauth/access_token",
        "profile_url": "/api/v3/user",
        "emails_url": "/api/v3/user/emails",
    }.items():
        monkeypatch.setattr(GitHubOAuth2Adapter, name, fake.url + path)
    for name, path in {
        "authorize_url": "/o/oauth2/v2/auth",
        "access_token_url": "/token",
        "identity_url": "/oauth2/v2/userinfo",
    }.items():
        monkeypatch.setattr(GoogleOAuth2Adapter, name, fake.url + path)


def github_user(email: str, *, verified: bool = True, uid: int = 583231) -> dict:
    """GitHub's /user (its public email, which may be none) and /user/emails answers."""
    return {
        "id": uid,
        "login": "octocat",
        "email": None,
        "emails": [{"email": email, "verified": verified, "primary": True, "visibility": "private"}],
    }


def google_user(email: str, *, verified: bool = True, uid: str = "10769150350006150715113082367") -> dict:
    """Google's OpenID claims (the id_token's and /userinfo's); `uid` is the `sub` claim."""
    return {"sub": uid, "email": email, "email_verified": verified, "name": "Grace Hopper"}
