"""Error tracking with Sentry (optional: only when SENTRY_DSN is set), with personal data left out.

The portal holds students' names, addresses, answers, demographics and resumes. None of it may
reach a third party in an error report, so besides Sentry's own `send_default_pii=False` every
event and breadcrumb passes through `scrub_event` / `scrub_breadcrumb` before it leaves:

- the request keeps its method, its path (no query string: unsubscribe and reset tokens live
  there) and a few harmless headers; its body, cookies and every other header are dropped;
- the user is reduced to the account's id;
- stack frames lose their local variables (a serializer's `validated_data`, a row);
- a log call's event and breadcrumbs keep its format string, not the values put into it
  (`"Mail to %s: %s"`, never the address and the subject);
- any value the portal attaches (`extra`, `tags`) under a key that names personal data
  (email, name, answers…) is replaced;
- email addresses are masked in every remaining string (exception values included).

Free text can't be searched for a name or an answer, so the portal's own exception messages
name ids and fields, never what a person wrote.
"""

from __future__ import annotations

import re
from typing import Any

FILTERED = "[Filtered]"
EMAIL_MASK = "[email]"
EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
# Keys whose values are personal data wherever they appear (`extra`, `tags`): a key is split
# into its words (`first_name`, `firstName` → first, name), and any of these words marks it.
PERSONAL_WORDS = {
    "email", "emails", "first", "last", "name", "names", "username", "answer", "answers", "phone",
    "address", "school", "major", "birth", "birthday", "gender", "race", "ethnicity", "dietary",
    "shirt", "resume", "password", "secret", "token", "cookie", "cookies", "session", "sessionid",
    "csrf", "csrftoken", "authorization", "ip",
}  # fmt: skip
_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
# Request headers that say nothing about the person.
SAFE_HEADERS = {"content-type", "content-length", "accept", "user-agent", "x-request-id", "host"}
# Breadcrumb data kept as is (the rest is dropped: a query's parameters, a log call's arguments).
SAFE_BREADCRUMB_DATA = {"method", "status_code", "reason", "db.system", "duration"}


def mask_emails(value: str) -> str:
    return EMAIL.sub(EMAIL_MASK, value)


def is_personal_key(key: object) -> bool:
    return isinstance(key, str) and any(word.lower() in PERSONAL_WORDS for word in _WORDS.findall(key))


def _scrub(value: Any, *, keys: bool, depth: int = 0) -> Any:
    """Emails masked in every string; with `keys`, values under personal keys replaced."""
    if depth > 20:
        return FILTERED
    if isinstance(value, str):
        return mask_emails(value)
    if isinstance(value, dict):
        return {
            key: FILTERED if keys and is_personal_key(key) else _scrub(item, keys=keys, depth=depth + 1)
            for key, item in value.items()
        }
    if isinstance(value, list | tuple):
        return [_scrub(item, keys=keys, depth=depth + 1) for item in value]
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
    logentry = event.get("logentry")
    if isinstance(logentry, dict):
        # The format string alone: the values interpolated into it are a person's data.
        event["logentry"] = {"message": logentry.get("message") or ""}
    if event.get("transaction"):
        event["transaction"] = mask_emails(event["transaction"])
    breadcrumbs = event.get("breadcrumbs")
    if isinstance(breadcrumbs, dict):
        breadcrumbs["values"] = [scrub_breadcrumb(crumb) for crumb in breadcrumbs.get("values") or []]
    elif isinstance(breadcrumbs, list):
        event["breadcrumbs"] = [scrub_breadcrumb(crumb) for crumb in breadcrumbs]
    # What the portal or a library put there by name: keys are judged too.
    for key in ("extra", "tags"):
        if key in event:
            event[key] = _scrub(event[key], keys=True)
    # What the SDK builds (its keys are its own: `name` of the runtime, the trace's ids).
    for key in ("exception", "logentry", "message", "contexts", "threads", "spans"):
        if key in event:
            event[key] = _scrub(event[key], keys=False)
    return event


KEYED_STORES = {"redis", "cache"}


def scrub_breadcrumb(crumb: dict, hint: dict | None = None) -> dict:
    crumb = dict(crumb)
    record = (hint or {}).get("log_record")
    if record is not None:
        crumb["message"] = str(record.msg)  # the format string, not the values
    if isinstance(crumb.get("message"), str):
        crumb["message"] = mask_emails(crumb["message"])
        if crumb.get("category") in KEYED_STORES:
            # A cache or Redis command names its key, and keys hold secrets: the cached
            # session's key is the session cookie, rate limits are keyed by address. The
            # command alone (GET, SETEX…) is what an engineer reads.
            crumb["message"] = crumb["message"].split(" ", 1)[0]
    data = crumb.get("data") or {}
    kept = {key: value for key, value in data.items() if key in SAFE_BREADCRUMB_DATA}
    if isinstance(data.get("url"), str):
        kept["url"] = mask_emails(_strip_query(data["url"]))
    crumb["data"] = kept
    return crumb


def init(dsn: str, *, environment: str, traces_sample_rate: float, release: str | None = None, **options) -> None:
    import sentry_sdk
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration

    sentry_sdk.init(
        dsn=dsn,
        environment=environment,
        release=release or None,
        integrations=[DjangoIntegration(), CeleryIntegration()],
        # Collect no user identity, cookies, bodies, query strings, local variables or query
        # parameters in the first place; the scrubbers are the second line.
        data_collection={
            "user_info": False,
            "cookies": {"mode": "off"},
            "http_headers": {"request": {"mode": "allowlist", "terms": sorted(SAFE_HEADERS)}},
            "http_bodies": [],
            "url_query_params": {"mode": "off"},
            "stack_frame_variables": False,
            "database_query_data": False,
        },
        include_local_variables=False,
        max_request_body_size="never",
        traces_sample_rate=traces_sample_rate,
        before_send=scrub_event,
        before_send_transaction=scrub_event,
        before_breadcrumb=scrub_breadcrumb,
        **options,
    )
