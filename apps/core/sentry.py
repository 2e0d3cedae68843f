"""Error tracking with Sentry (optional: only when SENTRY_DSN is set), with personal data left out.

The portal holds students' names, addresses, answers, demographics and resumes. None of it may
reach a third party in an error report, so besides Sentry's own `send_default_pii=False` every
event and breadcrumb passes through `scrub_event` / `scrub_breadcrumb` before it leaves:

- the request keeps its method, its path (no query string: unsubscribe and reset tokens live
  there) and a few harmless headers; its body, cookies and every other header are dropped;
- the user is reduced to the account's id;
- stack frames lose their local variables (a serializer's `validated_data`, a row);
- any value under a key that names personal data (email, name, answers…) is replaced;
- email addresses are masked in every remaining string (messages, exception values, log lines).
"""

from __future__ import annotations

import re
from typing import Any

FILTERED = "[Filtered]"
EMAIL_MASK = "[email]"
EMAIL = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
# Keys whose values are personal data wherever they appear (extra, contexts, breadcrumb data).
PERSONAL_KEY = re.compile(
    r"(e-?mail|first|last|(^|_)name$|full_?name|answers?|phone|address|school|major|birth|gender|race|"
    r"ethnic|dietary|shirt|resume|password|secret|token|cookie|session|csrf|authorization|ip_address)",
    re.I,
)
# Request headers that say nothing about the person.
SAFE_HEADERS = {"content-type", "content-length", "accept", "user-agent", "x-request-id", "host"}
# Breadcrumb data kept as is (the rest is dropped: a query's parameters, a log call's arguments).
SAFE_BREADCRUMB_DATA = {"method", "status_code", "reason", "db.system", "duration"}


def mask_emails(value: str) -> str:
    return EMAIL.sub(EMAIL_MASK, value)


def _scrub(value: Any, depth: int = 0) -> Any:
    if depth > 20:
        return FILTERED
    if isinstance(value, str):
        return mask_emails(value)
    if isinstance(value, dict):
        return {
            key: FILTERED if isinstance(key, str) and PERSONAL_KEY.search(key) else _scrub(item, depth + 1)
            for key, item in value.items()
        }
    if isinstance(value, list | tuple):
        return [_scrub(item, depth + 1) for item in value]
    return value


def _strip_query(url: str) -> str:
    return url.split("?", 1)[0].split("#", 1)[0]


def _scrub_request(request: dict) -> dict:
    headers = request.get("headers") or {}
    kept = {k: mask_emails(str(v)) for k, v in headers.items() if str(k).lower() in SAFE_HEADERS}
    scrubbed = {"method": request.get("method"), "headers": kept}
    if request.get("url"):
        scrubbed["url"] = mask_emails(_strip_query(request["url"]))
    return scrubbed


def _scrub_frames(container: dict | None) -> None:
    for frame in ((container or {}).get("stacktrace") or {}).get("frames") or []:
        frame.pop("vars", None)


def scrub_event(event: dict, hint: dict | None = None) -> dict:
    """The event with nothing personal left in it (see the module's docstring)."""
    if "request" in event:
        event["request"] = _scrub_request(event["request"] or {})
    user = event.get("user") or {}
    event["user"] = {"id": user["id"]} if user.get("id") else {}
    for exception in (event.get("exception") or {}).get("values") or []:
        _scrub_frames(exception)
    for thread in (event.get("threads") or {}).get("values") or []:
        _scrub_frames(thread)
    if event.get("transaction"):
        event["transaction"] = mask_emails(event["transaction"])
    breadcrumbs = event.get("breadcrumbs")
    if isinstance(breadcrumbs, dict):
        breadcrumbs["values"] = [scrub_breadcrumb(crumb) for crumb in breadcrumbs.get("values") or []]
    elif isinstance(breadcrumbs, list):
        event["breadcrumbs"] = [scrub_breadcrumb(crumb) for crumb in breadcrumbs]
    for key in ("exception", "logentry", "message", "extra", "contexts", "tags", "threads", "spans"):
        if key in event:
            event[key] = _scrub(event[key])
    return event


def scrub_breadcrumb(crumb: dict, hint: dict | None = None) -> dict:
    crumb = dict(crumb)
    if isinstance(crumb.get("message"), str):
        crumb["message"] = mask_emails(crumb["message"])
    data = crumb.get("data") or {}
    kept = {key: value for key, value in data.items() if key in SAFE_BREADCRUMB_DATA}
    if isinstance(data.get("url"), str):
        kept["url"] = mask_emails(_strip_query(data["url"]))
    crumb["data"] = kept
    return crumb


def init(dsn: str, *, environment: str, traces_sample_rate: float, release: str | None = None) -> None:
    import sentry_sdk
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration

    sentry_sdk.init(
        dsn=dsn,
        environment=environment,
        release=release or None,
        integrations=[DjangoIntegration(), CeleryIntegration()],
        send_default_pii=False,
        include_local_variables=False,
        max_request_body_size="never",
        traces_sample_rate=traces_sample_rate,
        before_send=scrub_event,
        before_send_transaction=scrub_event,
        before_breadcrumb=scrub_breadcrumb,
    )
