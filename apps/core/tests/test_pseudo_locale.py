"""No English escapes translation on what an applicant meets: a pseudo-locale sweep.

A pseudo catalogue is built here from the strings the code marks (the shipped Spanish
catalogue holds exactly those: test_translations.py), every one turned into accented, longer
text with its placeholders and markup kept ("Hi %(first_name)s," → "⟦Ĥí %(first_name)s,··⟧"),
compiled with msgfmt into a scratch LOCALE_PATHS folder as the language `qps`. Then every page
an applicant reaches, every automated email and the refusals the API gives an applicant are
rendered in it, and their visible text must hold no run of plain Latin letters: any English
word left is a string that was never marked for translation (or is formatted outside the
active language). Only the proper names and values listed in ALLOWED may stay as they are.

The islands' own text is the frontend's (frontend/src/features/accounts/untranslated-text.test.tsx
does the same for the sign-in screens); here the props are left out, except the sentences the
server writes into them for the island to show (SERVER_PROPS).
"""

from __future__ import annotations

import datetime
import json
import re
import shutil
import subprocess
from decimal import Decimal
from html import unescape
from pathlib import Path
from uuid import uuid4

import pytest
from django.conf import settings
from django.test import RequestFactory
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import translation

from apps.core.tests.factories import ApplicationFactory, OrganizerFactory, UserFactory
from apps.cycles.models import Cycle, CycleStatus
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from apps.mailings import automated

ROOT = Path(__file__).resolve().parents[3]
SPANISH = ROOT / "locale" / "es" / "LC_MESSAGES" / "django.po"
PSEUDO = "qps"

# Entries whose text is a format, not words: translated, they would break the dates.
FORMATS = {"email date format", "email time format"}
# Django's own words in the dates the emails show (its catalogues name the months; the pseudo
# language has none of its own), so a date written in English is caught like any other text.
DJANGO_WORDS = [
    *"January February March April May June July August September October November December".split(),
    *"Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split(),
    "AM",
    "PM",
    "a.m.",
    "p.m.",
]

# What may stay as written, each for its reason. Nothing else of Latin letters may show.
ALLOWED = [
    # The event's name and the site's brand (settings, and the factories' default).
    settings.EVENT_NAME,
    "HackPortal",
    # The footer's links to social networks: brand names.
    "Instagram",
    "Facebook",
    # The sign-in providers, named by their brands (apps.accounts.social.PROVIDERS).
    "GitHub",
    "Google",
    "MyMLH",
    # Applicants' names as the factories and the emails' samples make them.
    "Ada",
    "Lovelace",
    # A currency's ISO code beside an amount.
    "USD",
    # The MLH trust badge's artwork, MLH's own words (its name for assistive technology, the
    # aria-label, is translated).
    "MLH",
    "SEASON",
]
# Organizer-written or applicant-written values a test email carries: content, not the portal's words.
CONTENT = {
    "location": "Ŝáñ Ĵúáñ",
    "housing_link": "https://housing.example.org/form",
    "receipt_name": "ŧíçķéŧ.pdf",
    "reason": "—",
}
# An address, masked too ("a***@princeton.edu", the unsubscribe page).
ADDRESS = re.compile(r"[^\s<>()\"']+@[\w-]+(\.[\w-]+)+")
# A link, or a path ("/dashboard"): not a "/" between two words.
URL = re.compile(r"(https?://|mailto:)[^\s\"'<>()]*|(?<!\w)/[^\s\"'<>]*")
ENGLISH = re.compile(r"[A-Za-z]{2,}")


# --- The pseudo catalogue ------------------------------------------------------------------

_ACCENTED = dict(
    zip(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
        "áƀçđéƒĝĥíĵķĺɱñóþǫŕšŧúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓṔǪŔŠŦÚṼŴẊÝŽ",
        strict=True,
    )
)
# Kept as they are: an escape of the .po text, a placeholder, a tag, an entity.
_KEEP = re.compile(r"\\.|%\(\w+\)[sdi]|%[sdi%]|<[^>]*>|&#?\w+;|\{\w*\}")


def pseudo(text: str) -> str:
    """`text` (as a .po file writes it, escapes included) in the pseudo language: its letters
    accented, its placeholders, tags and escapes kept, and about 30 % longer, in brackets, so a
    clipped or concatenated string shows too."""
    out, at, letters = [], 0, 0
    for keep in _KEEP.finditer(text):
        piece = text[at : keep.start()]
        letters += sum(c.isalpha() for c in piece)
        out += ["".join(_ACCENTED.get(c, c) for c in piece), keep.group(0)]
        at = keep.end()
    piece = text[at:]
    letters += sum(c.isalpha() for c in piece)
    out.append("".join(_ACCENTED.get(c, c) for c in piece))
    return "⟦" + "".join(out) + "·" * max(1, round(letters * 0.3)) + "⟧"


_FIELD = re.compile(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?) "(.*)"$')
_MORE = re.compile(r'^"(.*)"$')


def marked_strings() -> list[dict]:
    """Every entry of the catalogue: {"msgctxt"?, "msgid", "msgid_plural"?}, text as written."""
    found = []
    for block in re.split(r"\n\s*\n", SPANISH.read_text(encoding="utf-8")):
        fields: dict[str, str] = {}
        current = None
        for line in block.splitlines():
            if line.startswith("#"):
                continue
            if match := _FIELD.match(line):
                current = match.group(1)
                fields[current] = match.group(2)
            elif (match := _MORE.match(line)) and current:
                fields[current] += match.group(1)
        if fields.get("msgid"):
            found.append({k: v for k, v in fields.items() if not k.startswith("msgstr")})
    return found


def pseudo_catalogue(folder: Path, code: str = PSEUDO) -> Path:
    """The pseudo catalogue compiled under `folder` (a LOCALE_PATHS entry) as language `code`:
    `qps` here; the pseudo-locale gallery (e2e/test_pseudo_locale_gallery.py) serves it as `es`,
    the code the islands load catalogs for."""
    lines = [
        'msgid ""',
        'msgstr ""',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        f'"Language: {code}\\n"',
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
        "",
    ]
    entries = marked_strings() + [{"msgid": word} for word in DJANGO_WORDS]
    for entry in entries:
        if "msgctxt" in entry:
            lines.append(f'msgctxt "{entry["msgctxt"]}"')
        lines.append(f'msgid "{entry["msgid"]}"')
        same = entry.get("msgctxt") in FORMATS
        if "msgid_plural" in entry:
            lines.append(f'msgid_plural "{entry["msgid_plural"]}"')
            lines.append(f'msgstr[0] "{entry["msgid"] if same else pseudo(entry["msgid"])}"')
            plural = entry["msgid_plural"]
            lines.append(f'msgstr[1] "{plural if same else pseudo(plural)}"')
        else:
            lines.append(f'msgstr "{entry["msgid"] if same else pseudo(entry["msgid"])}"')
        lines.append("")
    target = folder / code / "LC_MESSAGES"
    target.mkdir(parents=True)
    (target / "django.po").write_text("\n".join(lines), encoding="utf-8")
    subprocess.run(["msgfmt", "-o", str(target / "django.mo"), str(target / "django.po")], check=True)
    return folder


@pytest.fixture(scope="module")
def pseudo_locale(tmp_path_factory) -> Path:
    if shutil.which("msgfmt") is None:
        pytest.fail("GNU gettext (msgfmt) is needed: apt-get install gettext")
    return pseudo_catalogue(tmp_path_factory.mktemp("pseudo-locale"))


@pytest.fixture
def in_pseudo(settings, pseudo_locale):
    """The pseudo language as the only one enabled: every request and rendering speaks it."""
    settings.LOCALE_PATHS = [str(pseudo_locale)]
    settings.LANGUAGES = [(PSEUDO, "Pseudo")]
    settings.LANGUAGE_CODE = PSEUDO
    with translation.override(PSEUDO):
        yield


# --- What is left in English ----------------------------------------------------------------

_HIDDEN = re.compile(r"<(script|style)\b.*?</\1\s*>", re.S | re.I)
_SHOWN_ATTRIBUTES = re.compile(r'\b(?:alt|title|aria-label|placeholder)="([^"]*)"')


# The dashboard's first paint (templates/dashboard.html) is the island's text drawn by the
# server, in the words of the islands' catalogs (apps/applications/first_paint.py): those are
# checked where the catalogs are (frontend/src/features/dashboard/first-paint.test.tsx, every
# word translated in each catalog), and the pseudo language has none.
_FIRST_PAINT = re.compile(r"<!-- first paint -->.*?<!-- /first paint -->", re.S)


def visible_text(html: str) -> str:
    """What a person reads of a page or an email: its text and the attributes read aloud or
    shown, without scripts (the islands' props included), styles and an island's first paint."""
    html = _FIRST_PAINT.sub(" ", html)
    html = _HIDDEN.sub(" ", html)
    attributes = _SHOWN_ATTRIBUTES.findall(html)
    return unescape(" ".join([re.sub(r"<[^>]+>", " ", html), *attributes]))


def english(text: str) -> list[str]:
    """The runs of plain Latin letters in `text` once the allowed names, addresses and links
    are taken out: words no translation produced."""
    text = ADDRESS.sub(" ", text)
    text = URL.sub(" ", text)
    for allowed in sorted([*ALLOWED, *CONTENT.values()], key=len, reverse=True):
        text = text.replace(allowed, " ")
    return sorted(set(ENGLISH.findall(text)))


def test_the_pseudo_transformation_keeps_placeholders_and_leaves_no_latin_letter():
    text = 'Hi %(first_name)s, open <a href=\\"%(link)s\\">the link</a> &amp; {name}.'
    made = pseudo(text)
    for kept in ("%(first_name)s", "%(link)s", '<a href=\\"%(link)s\\">', "</a>", "&amp;", "{name}"):
        assert kept in made
    assert english(re.sub(r"%\(\w+\)s|<[^>]*>|&amp;|\{name\}", "", made)) == []
    assert len(made) > len(text)


def test_the_sweep_finds_english(in_pseudo):
    """The check itself: an unmarked word is found, a translated one is not."""
    assert english(visible_text("<p>⟦Ĥí··⟧ Welcome</p>")) == ["Welcome"]
    assert english(visible_text(f'<img alt="Ticket"><p>{translation.gettext("Hi,")}</p>')) == ["Ticket"]


# --- Pages ---------------------------------------------------------------------------------

# Organizer, reviewer and volunteer pages, not yet translated (their islands aren't either).
# This list may only shrink: a new page is covered by this sweep, never added here.
NOT_YET_COVERED = [
    # Django's admin sign-in (organizers), Django's own templates.
    f"{settings.DJANGO_ADMIN_URL}login/",
]
# Routes that are not pages a person reads: a form's target or a provider's callback.
NOT_PAGES = ["logout", "language", "webhooks/ses"]
# The catch-all: every other path is the 404 page.
NOT_FOUND = r"^(?P<path>[\s\S]*)$"

# A university address and one that is not (an account a sign-in provider made).
STUDENT = "ada@princeton.edu"
PERSONAL = "ada@gmail.com"


def page_routes() -> set[str]:
    """Every page route's pattern (the API, Django's admin and allauth's provider routes left out)."""
    found: set[str] = set()

    def walk(entries, prefix: str) -> None:
        for entry in entries:
            if isinstance(entry, URLResolver):
                pattern = prefix + str(entry.pattern)
                if entry.namespace != "admin" and not pattern.startswith(("api/", "accounts/")):
                    walk(entry.url_patterns, pattern)
            elif isinstance(entry, URLPattern) and not (prefix + str(entry.pattern)).startswith("accounts/"):
                # (accounts/: the sign-in providers' redirects, no page of ours)
                found.add(prefix + str(entry.pattern))

    walk(get_resolver().url_patterns, "")
    return found


def applicant_pages(client) -> dict[str, list[tuple[str, str]]]:
    """route → [(what was shown, its HTML)], each page in the states an applicant meets it."""
    from apps.checkin import tickets
    from apps.integrations import calendar
    from apps.mailings import unsubscribe

    shown: dict[str, list[tuple[str, str]]] = {}

    def get(route: str, path: str, who=None, *, method: str = "get", data=None) -> None:
        if who is not None:
            client.force_login(who)
        response = getattr(client, method)(path, data or {})
        if who is not None:
            client.logout()
        assert response.status_code in (200, 400, 404), (path, response.status_code)
        shown.setdefault(route, []).append((path, response.content.decode()))

    for route, path in [
        ("", "/"),
        ("loading", "/loading"),
        ("login", "/login"),
        ("login", "/login?social=cancelled&provider=github"),
        ("register", "/register"),
        ("reset", "/reset"),
        ("reset/<str:key>", "/reset/no-such-key"),
        ("verify/<str:key>", "/verify/no-such-key"),
        ("account-deleted", "/account-deleted"),
        (NOT_FOUND, "/no-such-page"),
        ("unsubscribe", "/unsubscribe?t=broken"),
    ]:
        get(route, path)
    subscribed = unsubscribe.url_for("grace@princeton.edu").split(settings.SITE_URL, 1)[1]
    get("unsubscribe", subscribed)
    get("unsubscribe", subscribed, method="post", data={"action": "unsubscribe"})
    get("unsubscribe", subscribed)
    get("unsubscribe", subscribed, method="post", data={"action": "resubscribe"})

    student = UserFactory(email=STUDENT)
    personal = UserFactory(email=PERSONAL)
    for who in (student, personal):
        get("dashboard", "/dashboard", who)
        get("account/sign-in", "/account/sign-in", who)
        get("apply/blocked", "/apply/blocked", who)
    cycle = current_cycle()
    cycle_set_status(cycle=cycle, status=CycleStatus.OPEN)
    get("apply", "/apply", student)
    get("dashboard", "/dashboard", personal)
    confirmed = ApplicationFactory(status="confirmed").user
    cycle_set_status(cycle=cycle, status=CycleStatus.RELEASED)
    for status in ("accepted", "waitlisted", "rejected", "declined"):
        get("dashboard", "/dashboard", ApplicationFactory(status=status).user)
    get("dashboard", "/dashboard", confirmed)
    assert tickets.live_ticket_of(confirmed)
    feed = calendar.feed_for(confirmed).split(settings.SITE_URL, 1)[1]
    get("calendar/<str:token>.ics", feed)
    return shown


def staff_pages(client) -> dict[str, list[tuple[str, str]]]:
    """route → [(what was shown, its HTML)]: the reviewers' pages (as a reviewer, with an
    assignment, past its end and once decisions are out; as an organizer), the organizers' review
    pages and the door (as a volunteer and as an organizer)."""
    from apps.accounts.models import Role
    from apps.reviews.services import assign

    shown: dict[str, list[tuple[str, str]]] = {}

    def get(route: str, path: str, who) -> None:
        client.force_login(who)
        response = client.get(path)
        client.logout()
        assert response.status_code == 200, (path, response.status_code)
        shown.setdefault(route, []).append((path, response.content.decode()))

    organizer = UserFactory(email="grace@princeton.edu", role=Role.ADMIN)
    reviewer = UserFactory(email="rev@princeton.edu", role=Role.REVIEWER)
    volunteer = UserFactory(email="sam@princeton.edu", role=Role.VOLUNTEER)
    # Reviewing, before release (the applicant pages left the cycle released; nothing is
    # assigned once decisions are out).
    Cycle.objects.filter(pk=current_cycle().pk).update(status=CycleStatus.CLOSED)
    assign(reviewer=reviewer, application_id=ApplicationFactory().pk)
    for who in (reviewer, organizer):
        get("admin/reviewapps", "/admin/reviewapps", who)
        get("admin/reviewapps/<int:index>", "/admin/reviewapps/0", who)
        get("admin/reviewapps/<int:index>", "/admin/reviewapps/5", who)
    for route in ("admin/assignapps", "admin/rubric", "admin/ranking", "checkin"):
        get(route, f"/{route}", organizer)
    get("checkin", "/checkin", volunteer)
    cycle_set_status(cycle=current_cycle(), status=CycleStatus.RELEASED)
    get("admin/reviewapps", "/admin/reviewapps", reviewer)
    return shown


# The sentences the server writes into an island's props, by page: (the props' id, the keys).
# A list of choices is read by its labels.
SERVER_PROPS = {
    "admin/reviewapps": ("admin-reviewapps-props", ("reviewStatuses",)),
    "admin/reviewapps/<int:index>": ("admin-reviewapps-index-props", ("reviewStatuses",)),
    "apply-blocked": ("apply-blocked-props", ("message", "label")),
    "dashboard": ("dashboard-props", ("universityEmailNeeded",)),
    "login": ("login-props", ("social_error",)),
    "account/sign-in": ("account-sign-in-props", ("university_email_needed",)),
    # A select's options ([{"value", "label"}]): the labels are read.
    "admin/config": ("admin-config-props", ("statuses", "seasons")),
    "admin/integrations": ("admin-integrations-props", ("events",)),
}


def server_prop_text(html: str) -> str:
    texts = []
    for props_id, keys in SERVER_PROPS.values():
        found = re.search(rf'<script id="{props_id}" type="application/json">(.*?)</script>', html, re.S)
        if found:
            props = json.loads(found.group(1))
            for key in keys:
                value = props.get(key)
                if isinstance(value, list):
                    texts += [str(choice["label"]) for choice in value]
                elif value:
                    texts.append(str(value))
    return " ".join(texts)


def organizer_pages(client) -> dict[str, list[tuple[str, str]]]:
    """route → [(what was shown, its HTML)], each organizer page as an organizer meets it: the
    applicant page with an application (its history and decision) and without one."""
    shown: dict[str, list[tuple[str, str]]] = {}
    organizer = OrganizerFactory()
    client.force_login(organizer)
    from apps.applications.organizer import record_changes

    application = ApplicationFactory(status="accepted")
    record_changes(
        application=application,
        actor=organizer,
        changes=[
            ("status", "submitted", "accepted"),
            ("travel_reimbursement", "False", "True"),
            ("answer:q7", "", "x"),
        ],
    )
    for route, path in [
        ("admin", "/admin"),
        ("admin/administrators", "/admin/administrators"),
        ("admin/whitelist-emails", "/admin/whitelist-emails"),
        ("admin/users", "/admin/users"),
        ("admin/users/<str:email>", f"/admin/users/{application.user.email}"),
        ("admin/users/<str:email>", "/admin/users/nobody@princeton.edu"),
        ("admin/stats", "/admin/stats"),
        ("admin/demographics", "/admin/demographics"),
        ("admin/resumebook", "/admin/resumebook"),
    ]:
        response = client.get(path)
        assert response.status_code == 200, (path, response.status_code)
        shown.setdefault(route, []).append((path, response.content.decode()))
    client.logout()
    return shown


# The words the server writes into an organizer island's props, by the props' id: what the
# island shows as it is (cards, status and decision names, groups, the history's field names).
def _labels(options) -> list[str]:
    return [str(option["label"]) for option in options or []]


ORGANIZER_PROPS = {
    "admin-props": lambda p: [t for card in p["cards"] for t in (card["title"], card["description"])],
    "admin-users-props": lambda p: _labels(p["statuses"]) + _labels(p["decisions"]) + _labels(p["selections"]),
    "admin-users-email-props": lambda p: (
        _labels(p["decisions"])
        + [str(entry[key]) for entry in p.get("history") or [] for key in ("label", "by") if entry.get(key)]
        + [entry["how_label"] for entry in p.get("resumeAccess") or []]
    ),
    "admin-demographics-props": lambda p: [
        str(group.get(key, "")) for group in p["groups"] for key in ("label", "description")
    ],
}


def organizer_prop_text(html: str) -> str:
    texts = []
    for props_id, read in ORGANIZER_PROPS.items():
        found = re.search(rf'<script id="{props_id}" type="application/json">(.*?)</script>', html, re.S)
        if found:
            texts += read(json.loads(found.group(1)))
    return " ".join(texts)


# The configuration and mail pages this sweep renders, as an organizer: each page's frame, title
# and the labels of their props (the island's own text is the frontend's,
# src/app/spanish-organizer-mail.test.tsx).
CONFIGURATION_PAGES = [
    "admin/config",
    "admin/createapp",
    "admin/batch",
    "admin/integrations",
    "admin/automated-emails",
    "admin/travel",
]


def configuration_pages(client) -> dict[str, list[tuple[str, str]]]:
    client.force_login(OrganizerFactory())
    shown = {}
    for route in CONFIGURATION_PAGES:
        response = client.get(f"/{route}")
        assert response.status_code == 200, (route, response.status_code)
        shown[route] = [(f"/{route}", response.content.decode())]
    client.logout()
    return shown


def test_every_page_is_translated(in_pseudo, client, db):
    shown = applicant_pages(client) | organizer_pages(client) | configuration_pages(client)
    for route, renders in staff_pages(client).items():
        shown.setdefault(route, []).extend(renders)
    covered = set(shown) | set(NOT_YET_COVERED) | set(NOT_PAGES)
    assert page_routes() <= covered, f"pages this sweep doesn't render: {sorted(page_routes() - covered)}"
    assert set(NOT_YET_COVERED) <= page_routes(), "a page of NOT_YET_COVERED is gone: take it off the list"

    left = {}
    for route, renders in shown.items():
        for path, body in renders:
            if route.endswith(".ics"):
                text = " ".join(line.partition(":")[2] for line in body.splitlines() if line.startswith("DESCRIPTION"))
                assert text, body
            else:
                text = visible_text(body) + " " + server_prop_text(body) + " " + organizer_prop_text(body)
            words = english(text)
            if words:
                left[path] = words
    assert not left, f"English left on these pages: {left}"


def test_the_error_pages_are_translated(in_pseudo, db):
    from apps.core.pages import server_error, service_unavailable

    request = RequestFactory().get("/somewhere")
    for response in (server_error(request), service_unavailable(request)):
        assert english(visible_text(response.content.decode())) == [], response.content.decode()


# --- Emails --------------------------------------------------------------------------------

DEADLINE = datetime.datetime(2024, 5, 22, 18, 30, tzinfo=datetime.UTC)


def email_contexts(key: str) -> list[dict]:
    """The contexts `key` is sent with, one per variant of its text (with and without a first
    name, each travel and housing offer, a replaced ticket...)."""
    event = automated.event_context(current_cycle())
    person = {"first_name": "Ada", "last_name": "Lovelace", "email": STUDENT}
    base = {**event, **person, "location": CONTENT["location"], "housing_link": CONTENT["housing_link"]}
    variants: list[dict] = [{}, {"first_name": ""}]
    if key.startswith("decision_"):
        variants += [
            {"status": key.removeprefix("decision_"), "travel_reimbursement": travel, "housing_accommodations": housing}
            for travel in (True, False)
            for housing in (True, False)
        ]
    extra: dict = {"link": f"{settings.SITE_URL}/verify/sample-token"}
    if key == "ticket_issued":
        variants += [{"ticket_version": 2}]
        extra["ticket_version"] = 1
    if key == "offer_reminder":
        base = automated.with_moment(base, "deadline", DEADLINE)
        variants += [{"hours_left": 24}]
    if key.startswith("travel_"):
        base = automated.with_amount(base, "receipt_amount", Decimal("1182.40"))
        base = automated.with_amount(base, "amount", Decimal("300"))
        extra |= {"currency": "USD", "receipt_name": CONTENT["receipt_name"], "reason": CONTENT["reason"]}
        variants += [{"receipt_name": ""}, {"due_date": "", "contact_email": ""}]
    if key == "application_received":
        variants += [{"due_date": ""}]
    return [{**base, **extra, **variant} for variant in variants]


@pytest.mark.parametrize("key", automated.AUTOMATED_KEYS)
def test_every_automated_email_is_translated(in_pseudo, db, key):
    left = {}
    for number, context in enumerate(email_contexts(key)):
        subject, text, html = automated.render(key, context)
        for part, shown in (("subject", subject), ("text", text), ("html", visible_text(html))):
            words = english(shown)
            if words:
                left[f"{key} #{number} {part}"] = words
    assert not left, f"English left in emails: {left}"


def test_the_batch_email_layout_and_footer_are_translated(in_pseudo, db):
    from apps.mailings import composer

    rendered = composer.compose(subject="⟦·⟧", markdown="⟦·⟧").render({"first_name": "Ada", "email": STUDENT})
    for shown in (rendered.subject, rendered.text, visible_text(rendered.html)):
        assert english(shown) == [], shown


# --- The API's refusals --------------------------------------------------------------------


def drf_messages() -> set[str]:
    """DRF's fixed field messages ("This field may not be blank."), in English."""
    from rest_framework import fields

    return {
        str(message)
        for field in vars(fields).values()
        if isinstance(field, type) and issubclass(field, fields.Field)
        for message in getattr(field, "default_error_messages", {}).values()
        if "{" not in str(message)
    }


def test_the_refusals_an_applicant_gets_are_translated(in_pseudo, client, db):
    """The one error shape's message and field errors, from the portal's words and Django's
    and DRF's (their own catalogues: absent for the pseudo language, so only the portal's are
    looked at where the message is theirs)."""
    answers = []

    def refused(method: str, path: str, body=None, **kwargs):
        response = getattr(client, method)(path, body, content_type="application/json", **kwargs)
        assert response.status_code >= 400, (path, response.status_code)
        answers.append((path, response.json()))

    refused("post", "/api/auth/login", {"email": STUDENT, "password": "wrong-password-1!"})
    refused("post", "/api/auth/register", {"email": PERSONAL, "password": "Coffee-Beans-42"})
    refused("post", "/api/auth/reset_password/no-such-token", {"password": "Coffee-Beans-42"})
    refused("get", "/api/no/such/endpoint")
    refused("get", "/api/applications/status")
    client.force_login(UserFactory(email=STUDENT))
    refused("post", "/api/applications/save", {})
    cycle_set_status(cycle=current_cycle(), status=CycleStatus.OPEN)
    refused("post", "/api/applications/application", {"sections": "no"})
    refused("post", "/api/applications/confirm", {})
    left = {}
    for path, body in answers:
        texts = [body["message"], *(m for messages in body.get("errors", {}).values() for m in messages)]
        words = english(" ".join(texts))
        if words:
            left[path] = (words, body)
    assert not left, f"English left in the API's refusals: {left}"


def test_the_admin_homes_words_are_translated(in_pseudo, client, db):
    """The admin home's answer: the cycle's status, its next date, the funnel's stages and the
    to-dos, each named in the organizer's language (the island shows them as they come)."""
    cycle = current_cycle()
    cycle.end = datetime.date(2999, 1, 1)
    cycle.save()
    client.force_login(UserFactory(email="grace@princeton.edu", role="admin"))
    body = client.get("/api/admin/home").json()
    texts = [body["cycle"]["status_label"], body["next_deadline"]["label"], body["registered"]["label"]]
    texts += [stage["label"] for stage in body["funnel"] + body["beside"]]
    texts += [todo["label"] for todo in body["todos"]]
    assert english(" ".join(texts)) == [], texts


def test_the_refusals_an_organizer_gets_are_translated(in_pseudo, client, db):
    """What the applications, decisions, people and reports endpoints answer an organizer who
    can't do what they asked: the message, the field errors and a batch's reasons."""
    client.force_login(UserFactory(email="grace@princeton.edu", role="admin"))
    confirmed = ApplicationFactory(status="confirmed").user.email
    answers = []

    def answer(method: str, path: str, body=None, *, status: int):
        response = getattr(client, method)(path, body, content_type="application/json")
        assert response.status_code == status, (path, response.status_code, response.content)
        answers.append((path, response.json()))

    answer("post", f"/api/applications/status/{confirmed}", {"status": "rejected"}, status=409)
    answer("post", "/api/applications/status/nobody@princeton.edu", {"status": "rejected"}, status=404)
    answer("get", "/api/applications/nobody@princeton.edu", status=404)
    answer("post", "/api/auth/promote", {"email": "nobody@princeton.edu"}, status=404)
    answer("get", "/api/resume/download-all", status=404)
    answer("get", "/api/resume/download-all?for=sponsors", status=404)
    batch = {"emails": f"{confirmed}, nobody@princeton.edu, not-an-address", "status": "rejected"}
    answer("post", "/api/applications/batch-status", batch, status=200)
    left = {}
    for path, body in answers:
        texts = [body.get("message", ""), *(m for messages in body.get("errors", {}).values() for m in messages)]
        texts += [item["reason"] for key in ("failed", "skipped") for item in body.get(key, [])]
        words = english(" ".join(texts))
        if words:
            left[path] = (words, body)
    assert not left, f"English left in the API's answers to an organizer: {left}"


def test_the_refusals_reviewers_and_the_door_get_are_translated(in_pseudo, client, db):
    """The refusals of the reviews' and the door's APIs to the people who use them: a review's
    scores and a rubric's fields, a reviewer on an organizers' route, a scan, the search, a
    walk-in and a checkpoint. A refusal the door acts on keeps its English `result` code. With
    field errors, the islands show those at their fields and a sentence of their own above, not
    the summary `message` (which names the field by its API key): the field errors are read."""
    from apps.accounts.models import Role

    answers = []

    def refused(method: str, path: str, body=None):
        response = getattr(client, method)(path, body, content_type="application/json")
        assert response.status_code >= 400, (path, response.status_code)
        answers.append((path, response.json()))
        return response.json()

    application = ApplicationFactory()
    client.force_login(UserFactory(email="rev@princeton.edu", role=Role.REVIEWER))
    refused("put", f"/api/reviews/applications/{application.pk}/review", {"scores": {}, "comment": ""})
    refused("get", "/api/applications/assigned-applications/rev@princeton.edu")
    client.force_login(UserFactory(email="grace@princeton.edu", role=Role.ADMIN))
    refused(
        "put",
        "/api/reviews/rubric",
        {"criteria": [{"name": " ", "description": "", "scale_min": 5, "scale_max": 1, "weight": 0}], "blind": False},
    )
    refused("get", "/api/reviews/ranking?page=0")
    walk_in = {"email": "x@princeton.edu", "first_name": "A", "last_name": "B", "school": "C"}
    refused("post", "/api/checkin/walk-in", walk_in)
    refused("post", "/api/checkin/checkpoints", {"name": " ", "kind": "meal"})
    client.force_login(UserFactory(email="sam@princeton.edu", role=Role.VOLUNTEER))
    scan = refused("post", "/api/checkin/scan", {"token": "AAAAAAAAAA.1.BBBBBBBBBB", "scan_id": str(uuid4())})
    assert scan["result"] == "invalid"
    refused("get", "/api/checkin/search?q=a")
    left = {}
    for path, body in answers:
        # DRF's own words for a field (a blank checkpoint name) come from DRF's catalogue, which
        # the pseudo language doesn't have: only the portal's are looked at.
        fields = [m for messages in body.get("errors", {}).values() for m in messages if m not in drf_messages()]
        texts = fields if body.get("errors") else [body["message"]]
        words = english(" ".join(texts))
        if words:
            left[path] = (words, body)
    assert not left, f"English left in the API's refusals: {left}"


def test_the_refusals_on_configuration_and_mail_are_translated(in_pseudo, client, db):
    """The organizers' own refusals on the pages swept above: the configuration's dates, the
    question set, a batch email, a webhook endpoint, the travel budget and an automated email."""
    from apps.cycles.selectors import cycle_config

    client.force_login(OrganizerFactory())
    config = cycle_config(current_cycle())
    dates = {**config["dates"], "end": "2000-01-01"}
    answers = []

    def refused(method: str, path: str, body=None):
        response = getattr(client, method)(path, body, content_type="application/json")
        assert response.status_code >= 400, (path, response.status_code, response.content)
        answers.append((path, response.json()))

    refused("post", "/api/applications/cycle/config", {**config, "dates": dates})
    refused("put", "/api/applications/questions", [{"section_name": "", "conditional_on": None, "questions": []}])
    refused("put", "/api/applications/rsvp-questions", "no")
    refused("post", "/api/mailings", {"subject": "⟦·⟧", "audience": "custom", "send_at": "2099-01-01T00:00:00Z"})
    refused("delete", "/api/mailings/999999")
    refused("post", "/api/mailings/templates/verify_email/preview", {"subject": "⟦\n·⟧", "html": "{{ nope }}"})
    refused("post", "/api/mailings/templates/verify_email/preview", {"subject": "⟦·⟧", "html": "{{ ñópé }}"})
    refused("post", "/api/integrations/webhooks", {"url": "ftp://example.org", "events": ["application.submitted"]})
    refused("put", "/api/travel/budget", {"amount": "10", "currency": "US", "receipts_due": None})
    left = {}
    for path, body in answers:
        # A serializer's first error is named by its field ("subject: …"): a key, not words.
        message = re.sub(r"^[\w.]+: ", "", body["message"])
        texts = [message, *(m for messages in body.get("errors", {}).values() for m in messages)]
        words = english(" ".join(texts))
        if words:
            left[path] = (words, body)
    assert not left, f"English left in the API's refusals to an organizer: {left}"


# --- The operator's commands and the admin's names ---------------------------------------------

# What an operator types or the portal names, kept as it is inside a translated line: an option
# (--confirm-emails), a code or setting (not_open, AWS_STORAGE_BUCKET_NAME, fall-2025), and the
# demo's published passwords.
OPERATOR_TOKENS = re.compile(r"--[\w-]+|\b[A-Za-z]+(?:_+[A-Za-z]+)+\b|\b[a-z]+-\d{4}\b|Demo-\w+-\d{4}")
# The system's own words a line quotes (an OS error, Python's JSON error) and a stored file's
# name: not the portal's to translate.
FOREIGN = re.compile(
    r"\[Errno \d+\][^:·⟧]*|No such file or directory|Expecting [^:]*: line \d+ column \d+ \(char \d+\)|\S+\.pdf\b"
)
# Django's and argparse's own options, present in every command's help: theirs, not ours.
DJANGO_OPTIONS = {
    *("help", "version", "verbosity", "settings", "pythonpath"),
    *("traceback", "no_color", "force_color", "skip_checks"),
}


def operator_english(text: str, typed: tuple[str, ...] = ()) -> list[str]:
    """The English words of a command's line, but for what the operator `typed` (a command
    quotes a wrong value back), the tokens above and the system's words."""
    text = FOREIGN.sub(" ", text)
    # A code is also a word ("open", "released"): the statuses typed as codes go too.
    text = OPERATOR_TOKENS.sub(" ", text)
    for value in typed:
        text = text.replace(value, " ")
    text = re.sub(rf"\b(?:{'|'.join(CycleStatus.values)})\b", " ", text)
    return english(text)


def command_help(name: str) -> str:
    """What `manage.py <name> --help` says of the command and of its own arguments."""
    from django.core.management import get_commands, load_command_class

    command = load_command_class(get_commands()[name], name)
    parser = command.create_parser("manage.py", name)
    helps = [action.help or "" for action in parser._actions if action.dest not in DJANGO_OPTIONS]
    return " ".join([parser.description or "", *helps])


def test_the_operator_commands_speak_the_portals_language(in_pseudo, db, tmp_path, settings, monkeypatch):
    """Each operator command's help and the lines it writes for the operator (not its CSV or
    JSON, which are data) are in LANGUAGE_CODE, even when another language is active around
    it: here English is, and the pseudo language is the portal's."""
    import io

    from django.core.files.storage import storages
    from django.core.management import CommandError, call_command

    from apps.cycles.models import Cycle
    from apps.cycles.services import cycle_make_current
    from apps.demo.management.commands import seed_demo

    said: dict[str, list[str]] = {}

    def run(name: str, *args, refused: bool = False) -> None:
        out, err = io.StringIO(), io.StringIO()
        with translation.override("en"):
            if refused:
                with pytest.raises(CommandError) as error:
                    call_command(name, *args, stdout=out, stderr=err)
                said.setdefault(name, []).append(str(error.value))
                return
            call_command(name, *args, stdout=out, stderr=err)
        # (Every run here writes its CSV or JSON to a file: what is left is for the operator.)
        said.setdefault(name, []).extend([out.getvalue(), err.getvalue()])

    names = [
        "ensure_bucket",
        "dump_questions",
        "load_questions",
        "set_cycle_status",
        "seed_demo",
        "send_due_mailings",
        "purge_cycle_data",
        "export_applications",
    ]
    with translation.override("en"):
        for name in names:
            said[name] = [command_help(name)]

    storages._storages = {}
    run("ensure_bucket", "--check")
    (tmp_path / "not-a-folder").write_text("")
    # A folder that can't be made: a file stands where it should be.
    working = settings.STORAGES
    unwritable = str(tmp_path / "not-a-folder" / "private")
    broken = {"BACKEND": "apps.core.storage.PrivateFileSystemStorage", "OPTIONS": {"location": unwritable}}
    settings.STORAGES = {**working, "resumes": broken}
    storages._storages = {}
    try:
        run("ensure_bucket", refused=True)
    finally:
        settings.STORAGES = working
        storages._storages = {}

    questions = tmp_path / "questions.json"
    run("dump_questions", "--output", str(questions))
    run("load_questions", str(questions))
    run("load_questions", str(tmp_path / "missing.json"), refused=True)
    (tmp_path / "broken.json").write_text("{")
    run("load_questions", str(tmp_path / "broken.json"), refused=True)

    run("set_cycle_status", "party", refused=True)
    run("set_cycle_status", "open")

    monkeypatch.setattr(seed_demo, "NAMES", seed_demo.NAMES[:2])
    run("seed_demo")
    run("seed_demo")
    settings.PRODUCTION = True
    run("seed_demo", refused=True)
    settings.PRODUCTION = False

    run("send_due_mailings")

    run("export_applications", "--output", str(tmp_path / "applications.csv"))
    run("export_applications", "--where", "selection", refused=True)

    old = current_cycle()
    run("purge_cycle_data", f"{old.season}-{old.year}", refused=True)
    run("purge_cycle_data", "summer-1999", refused=True)
    run("purge_cycle_data", "fall-1999", refused=True)
    cycle_make_current(season="spring", year=2031)
    run("purge_cycle_data", f"{old.season}-{old.year}", refused=True)
    Cycle.objects.filter(pk=old.pk).update(retention_date=datetime.date(2024, 6, 1))
    run("purge_cycle_data", f"{old.season}-{old.year}", "--dry-run")
    run("purge_cycle_data", f"{old.season}-{old.year}")

    assert set(said) == set(names)
    typed = ("party", "selection")
    left = {name: operator_english(" ".join(texts), typed) for name, texts in said.items()}
    left = {name: words for name, words in left.items() if words}
    assert not left, f"English left in what the commands say to the operator: {left}\n{said}"


def test_the_admins_names_and_the_choice_labels_are_translated(in_pseudo):
    """Every model's name in Django's admin, every app's, and every choice label of the portal's
    models (brand names aside)."""
    from django.apps import apps

    brands = {"Slack", "Discord"}
    texts = []
    for config in apps.get_app_configs():
        if not config.name.startswith("apps."):
            continue
        models_of_app = list(config.get_models())
        if models_of_app:
            texts.append(str(config.verbose_name))
        for model in models_of_app:
            texts += [str(model._meta.verbose_name), str(model._meta.verbose_name_plural)]
            for field in model._meta.get_fields():
                for _value, label in getattr(field, "choices", None) or []:
                    if str(label) not in brands:
                        texts.append(str(label))
    assert english(" ".join(texts)) == [], [t for t in texts if english(t)]
