"""The API and its OpenAPI schema agree, operation by operation (schemathesis).

Every operation of the generated schema is called in-process (WSGI, inside the test's
transaction, no live server) as the role its permission asks for: an organizer for organizer
calls, a reviewer for review calls, a volunteer for the door, a student for an applicant's own
calls and a signed-out visitor for the open ones. Data are generated both ways:

- positive (what the schema allows): the answer must not refuse it as malformed (no 400, 413,
  415 or 422), and must be documented (status, content type, body);
- negative (what the schema forbids): the answer must refuse it with a 4xx.

Path parameters of positive cases name real rows of a portal built by the factories (the
applicant, the reviewer's assignment, a mailing, a fresh reset link...), so the success
answers are exercised, not only 404s; negative cases get both random and real paths, so a
forbidden body sent to a real row is what is refused. Each operation is its own test per mode,
so pytest-xdist shares them out; examples are bounded and derandomized, so every run is the
same.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
import schemathesis
from allauth.account.forms import default_token_generator
from allauth.account.models import EmailAddress, EmailConfirmationHMAC
from allauth.account.utils import user_pk_to_url_str
from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.test import Client
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.plumbing import build_mock_request
from hypothesis import HealthCheck, Phase, given, reject
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from rest_framework.permissions import AllowAny, IsAuthenticated
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.failures import FailureGroup
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
)

from apps.accounts.models import Role, User, WhitelistRule
from apps.applications.models import Team
from apps.checkin import tickets
from apps.checkin.models import Checkpoint, Ticket
from apps.core.permissions import CanCheckIn, CanReview, IsAdmin
from apps.core.schema import NO_NUL_PATTERN
from apps.core.tests.factories import ApplicationFactory, OrganizerFactory, UserFactory
from apps.core.tests.openapi import SCHEMA, WSGI_APP, in_process_request
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status, ensure_current_cycle
from apps.mailings.models import Mailing
from apps.resumes.services import resume_upload
from apps.reviews import rubric
from apps.reviews import services as review_services
from apps.travel import receipts as travel_receipts
from apps.travel.models import TravelGrant, TravelReceipt, TravelRequest

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
    positive_data_acceptance,
]
# A fixed CSRF secret: the API wants the X-CSRFToken header equal to the csrftoken cookie.
CSRF_TOKEN = "a" * 32
# The in-process client does not decompress; the name lists answer gzip to those who ask.
HEADERS = {"X-CSRFToken": CSRF_TOKEN, "Accept-Encoding": "identity"}
# Per operation and mode, kept small so the whole run stays near a minute and a half of CPU
# (shared out by the workers); CONFORMANCE_EXAMPLES=50 gives a deeper run. Six, not eight, since
# `make test` came near its ten minutes on this 2-core machine: drawing the cases is 40 % of
# this test's time (schemathesis' bodies, about 45 ms each) and each case is a call.
EXAMPLES = int(os.environ.get("CONFORMANCE_EXAMPLES", "6"))
# Set to a file name to record every mismatch instead of stopping at the first (a survey).
SURVEY = os.environ.get("CONFORMANCE_SURVEY", "")


def _long_texts_without_quantifiers(node):
    """The schema, with each long text's NUL refusal said the other way round: not "only
    characters other than NUL" (a pattern) but "no NUL" (`not` a pattern), which is the same
    set of strings.

    schemathesis folds a pattern and its field's maxLength into one quantifier, `[^\\x00]{0,N}`,
    which its regex engine compiles for each strategy it builds: 0.5 s for N = 100,000, up to
    ten times a test, where N = 1,000 takes 5 ms. The published schema keeps its pattern.
    """
    if isinstance(node, list):
        return [_long_texts_without_quantifiers(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _long_texts_without_quantifiers(value) for key, value in node.items()}
    if node.get("pattern") == NO_NUL_PATTERN and node.get("maxLength", 0) >= 10_000:
        del node["pattern"]
        node["not"] = {"pattern": r"\u0000"}
    return node


# Positive cases keep each list and each map they send at COLLECTION_SIZE entries at most.
COLLECTION_SIZE = 3


def _bounded(node):
    """`node` with an upper bound on each unbounded list (maxItems) and map (maxProperties)."""
    if isinstance(node, list):
        return [_bounded(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _bounded(value) for key, value in node.items()}
    if node.get("type") == "array" and "maxItems" not in node:
        node["maxItems"] = max(COLLECTION_SIZE, node.get("minItems", 0))
    if isinstance(node.get("additionalProperties"), dict) and "maxProperties" not in node:
        node["maxProperties"] = max(COLLECTION_SIZE, node.get("minProperties", 0))
    return node


def _refs(node, components: dict) -> set[str]:
    """The names of the components `node` refers to, directly or through other components."""
    found: set[str] = set()
    todo = [node]
    while todo:
        item = todo.pop()
        if isinstance(item, list):
            todo.extend(item)
        elif isinstance(item, dict):
            ref = item.get("$ref", "")
            if ref.startswith("#/components/schemas/") and (name := ref.rsplit("/", 1)[1]) not in found:
                found.add(name)
                todo.append(components[name])
            todo.extend(value for key, value in item.items() if key != "$ref")
    return found


def _small_requests(schema: dict) -> dict:
    """The schema with the lists and maps of what callers send bounded (`_bounded`): every
    request drawn from it is one the published schema allows too, and the answers are checked
    against the published shapes (a component the answers use as well is left as it is).

    Lists nest in this API (sections, their questions, each question's options and its
    translations' option labels), and an unbounded draw at each level multiplied: drawing the
    question set's bodies took seconds a test, most of the conformance run's CPU, for lists
    whose length no view treats differently past the first few. Negative cases are drawn from
    the schema as published: a list longer than a bound of ours is no error of the caller's.
    """
    components = schema["components"]["schemas"]
    operations = [op for item in schema["paths"].values() for op in item.values() if isinstance(op, dict)]
    sent = [part for op in operations for part in (op.get("requestBody"), op.get("parameters")) if part]
    answered = _refs([op.get("responses", {}) for op in operations], components)
    only_sent = _refs(sent, components) - answered
    paths = {
        path: {
            method: (
                {**op, **{key: _bounded(op[key]) for key in ("requestBody", "parameters") if key in op}}
                if isinstance(op, dict)
                else op
            )
            for method, op in item.items()
        }
        for path, item in schema["paths"].items()
    }
    bounded = {name: _bounded(c) if name in only_sent else c for name, c in components.items()}
    return {**schema, "paths": paths, "components": {**schema["components"], "schemas": bounded}}


def _schemathesis_api(schema: dict):
    api = schemathesis.openapi.from_dict(schema)
    api.config.generation.update(
        deterministic=True,
        # The session cookie is supplied per role below, not generated.
        with_security_parameters=False,
        database="none",
    )
    return api


api = _schemathesis_api(_long_texts_without_quantifiers(SCHEMA))
positive_api = _schemathesis_api(_small_requests(_long_texts_without_quantifiers(SCHEMA)))


# --- who calls what ----------------------------------------------------------------------


def _roles() -> dict[tuple[str, str], str]:
    """(METHOD, path) → the role that may call it, read from the view's permission classes."""
    generator = SchemaGenerator()
    generator._initialise_endpoints()
    roles = {}
    for path, _regex, method, callback in generator.endpoints:
        view = generator.create_view(callback, method)
        view.request = build_mock_request(method, path, view, None)
        permissions = view.get_permissions()
        kinds = {type(p) for p in permissions}
        if IsAdmin in kinds:
            role = "organizer"
        elif CanReview in kinds:
            role = "reviewer"
        elif CanCheckIn in kinds:
            role = "volunteer"
        elif IsAuthenticated in kinds:
            role = "student"
        elif all(isinstance(p, AllowAny) for p in permissions):
            role = "visitor"
        else:  # pragma: no cover - a new permission class must be given a role here
            raise AssertionError(f"{method} {path}: no role for {kinds}")
        roles[(method, path)] = role
    return roles


ROLES = _roles()
# The schema document and its docs page are not operations of the schema.
OPERATIONS = sorted(
    (op for op in ROLES if op[0].lower() in SCHEMA["paths"].get(op[1], {})), key=lambda op: (op[1], op[0])
)

# The applicant's application and the cycle as an operation needs them to do its work (the
# default: an open cycle, a submitted application). Any other state only answers 409, which
# is documented but exercises nothing.
STATES = {
    ("POST", "/api/applications/save"): ("open", "started"),
    ("POST", "/api/applications/confirm"): ("released", "accepted"),
    ("POST", "/api/applications/confirm-waitlist"): ("released", "waitlisted"),
    ("POST", "/api/applications/decline"): ("released", "accepted"),
    ("GET", "/api/checkin/ticket"): ("released", "confirmed"),
    ("GET", "/api/checkin/ticket.ics"): ("released", "confirmed"),
    ("POST", "/api/checkin/ticket/reissue"): ("released", "confirmed"),
    ("POST", "/api/checkin/ticket/reissue/{email}"): ("released", "confirmed"),
    ("POST", "/api/checkin/scan"): ("released", "confirmed"),
    ("POST", "/api/checkin/check-in"): ("released", "confirmed"),
    ("POST", "/api/checkin/walk-in"): ("released", "confirmed"),
}
DEFAULT_STATE = ("open", "submitted")


# --- the portal --------------------------------------------------------------------------


@dataclass
class Portal:
    """The rows the calls name, and who calls."""

    users: dict[str, User | None]
    student: User
    reviewer: User
    assigned: object  # the reviewer's assigned application
    mailing: Mailing
    rule: WhitelistRule
    unverified: User
    extra: dict = field(default_factory=dict)

    def path_values(self, method: str, path: str) -> dict:
        """Real values for the operation's path parameters (made afresh for one-use links)."""
        values = {
            "email": self.student.email,
            "reviewer_email": self.reviewer.email,
            "member": self.reviewer.email,
            "applicant_email": self.assigned.email,
            "index": 0,
            "teamcode": "123456",
            "rule_id": self.rule.pk,
            "mailing_id": self.mailing.pk,
            "application_id": self.assigned.pk,
            "checkpoint_id": self.extra.get("checkpoint_id", 0),
            "receipt_id": self.extra.get("receipt_id", 0),
        }
        if path == "/api/auth/verify/{key}":
            address = EmailAddress.objects.get(user=self.unverified)
            values["key"] = EmailConfirmationHMAC(address).key
        elif path == "/api/auth/reset_password/{key}":
            self.student.refresh_from_db()
            values["key"] = f"{user_pk_to_url_str(self.student)}-{default_token_generator.make_token(self.student)}"
        return values


PDF = b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n%%EOF\n"


def build_portal(state: tuple[str, str]) -> Portal:
    cycle_status, student_status = state
    organizer = OrganizerFactory(email="grace@princeton.edu")
    reviewer = UserFactory(email="rita@princeton.edu", role=Role.REVIEWER)
    volunteer = UserFactory(email="vera@princeton.edu", role=Role.VOLUNTEER)
    student = UserFactory(email="ada@princeton.edu")
    Team.objects.get_or_create(cycle=current_cycle(), code="123456")
    application = ApplicationFactory(user=student, status=student_status, teamcode="123456")
    resume_upload(user=student, upload=ContentFile(PDF, name="resume.pdf"))
    ApplicationFactory(user=UserFactory(email="alan@princeton.edu"), status="waitlisted", teamcode="123456")
    ApplicationFactory(user=UserFactory(email="edsger@mit.edu"), status="started")
    assigned = ApplicationFactory(user=UserFactory(email="barbara@mit.edu"), first="Barbara", last="Liskov")
    review_services.assign(reviewer=reviewer, application_id=assigned.pk)
    rubric.ensure_rubric(current_cycle())
    confirmed = ApplicationFactory(user=UserFactory(email="katherine@mit.edu"), status="confirmed")
    cycle_set_status(cycle=current_cycle(), status=cycle_status)
    ticket = tickets.issue_if_missing(application_id=confirmed.pk) or Ticket.objects.get(
        application=confirmed, voided_at__isnull=True
    )
    if application.status == "confirmed":
        tickets.issue_if_missing(application_id=application.pk)
    rule = WhitelistRule.objects.create(kind=WhitelistRule.Kind.PATTERN, value=r".*@example\.org")
    WhitelistRule.objects.create(kind=WhitelistRule.Kind.EMAIL, value="guest@example.com")
    mailing = Mailing.objects.create(
        subject="Hello", audience="accepted", html="<p>Hi</p>", send_at="2030-01-01T00:00Z"
    )
    unverified = UserFactory(email="new@princeton.edu", verified=False)
    # Event-day checkpoints, and the student's travel grant with a receipt to review.
    checkpoint = Checkpoint.objects.create(cycle=current_cycle(), name="Saturday lunch", kind="meal")
    TravelRequest.objects.create(
        application=application, amount=300, currency="EUR", origin="Lisbon", country="Portugal"
    )
    grant = TravelGrant.objects.create(application=application, amount=300)
    receipt = TravelReceipt.objects.create(
        grant=grant,
        path=travel_receipts.storage().save("receipts/conformance.pdf", ContentFile(PDF)),
        size=len(PDF),
        content_type="application/pdf",
        amount=100,
    )
    return Portal(
        users={
            "visitor": None,
            "student": student,
            "organizer": organizer,
            "reviewer": reviewer,
            "volunteer": volunteer,
        },
        student=student,
        reviewer=reviewer,
        assigned=assigned,
        mailing=mailing,
        rule=rule,
        unverified=unverified,
        extra={
            "token": tickets.token_of(ticket),
            "scores": {str(c.pk): c.scale_max for c in rubric.criteria_of(current_cycle())},
            "checkpoint_id": checkpoint.pk,
            "receipt_id": receipt.pk,
        },
    )


ROLE_OF_USER = {"organizer": Role.ADMIN, "reviewer": Role.REVIEWER, "volunteer": Role.VOLUNTEER, "student": Role.USER}


def session_cookies(portal: Portal, role: str) -> dict:
    """A fresh session for each case: a logout, a demotion or a password reset in an earlier
    case must not turn the later ones into signed-out calls."""
    cookies = {settings.CSRF_COOKIE_NAME: CSRF_TOKEN}
    user = portal.users[role]
    if user is None:
        return cookies
    # An earlier case may have deleted the account (delete-account) or changed its role
    # (staff-role, demote).
    if not User.objects.filter(pk=user.pk).exists():
        user = portal.users[role] = UserFactory(email=user.email, role=ROLE_OF_USER[role])
        if role == "student":
            portal.student = user
    elif not User.objects.filter(pk=user.pk, role=ROLE_OF_USER[role]).exists():
        User.objects.filter(pk=user.pk).update(role=ROLE_OF_USER[role])
    client = Client()
    client.force_login(user)
    cookies[settings.SESSION_COOKIE_NAME] = client.cookies[settings.SESSION_COOKIE_NAME].value
    return cookies


# --- the run -----------------------------------------------------------------------------


def _strategy(method: str, path: str, mode: GenerationMode, portal: Portal):
    operation = (positive_api if mode is GenerationMode.POSITIVE else api)[path][method]
    params = {p["name"] for p in SCHEMA["paths"][path][method.lower()].get("parameters", []) if p["in"] == "path"}
    real = {k: v for k, v in portal.path_values(method, path).items() if k in params}
    if not params:
        return operation.as_strategy(generation_mode=mode)
    with_real = operation.as_strategy(generation_mode=mode, path_parameters=real)
    if mode is GenerationMode.POSITIVE:
        return with_real
    others = [p for p in SCHEMA["paths"][path][method.lower()].get("parameters", []) if p["in"] != "path"]
    has_more = bool(others or SCHEMA["paths"][path][method.lower()].get("requestBody"))
    random_path = operation.as_strategy(generation_mode=mode)
    return st.one_of(random_path, with_real) if has_more else random_path


def _refresh_one_use_values(case, portal: Portal, method: str, path: str) -> None:
    """A positive case's one-use link (verify, reset) is made for that case."""
    if path in ("/api/auth/verify/{key}", "/api/auth/reset_password/{key}"):
        meta = case.meta
        if meta is not None and meta.generation.mode.is_positive:
            case.path_parameters["key"] = portal.path_values(method, path)["key"]


def _fill_body(case, **values) -> None:
    """Put real values into a positive case's JSON body (when it is an object that has the keys)."""
    if isinstance(case.body, dict):
        for key, value in values.items():
            if key in case.body:
                case.body[key] = value


# Fields of a body that must name something real to do anything: a positive case gets the real
# value (a random one is refused as the API says, with a 400 naming the field).
REAL_BODY_VALUES = {
    # A ticket is a signed token: no schema can describe a valid signature.
    ("POST", "/api/checkin/scan"): lambda case, portal: _fill_body(case, token=portal.extra["token"]),
    # Deleting your account means typing your own address, exactly.
    ("POST", "/api/privacy/delete-account"): lambda case, portal: _fill_body(case, email=portal.student.email),
    # Only organizers and reviewers can be given applications to review.
    ("POST", "/api/reviews/auto-assign"): lambda case, portal: _fill_body(case, reviewers=[portal.reviewer.email]),
}


def _dates_in_order(case, portal) -> None:
    """The generated dates, sorted into an order the cycle accepts (due <= start <= end, both
    confirmation deadlines in order, everything by the end): their order is a relation
    between fields, which a JSON schema can't state."""
    dates = case.body.get("dates") if isinstance(case.body, dict) else None
    if isinstance(dates, dict) and set(DATE_ORDER) <= set(dates):
        for name, value in zip(DATE_ORDER, sorted(dates[name] for name in DATE_ORDER), strict=True):
            dates[name] = value
        # The data is kept until after the event: a retention date, if any, is past the end.
        if case.body.get("retention_date") is not None and case.body["retention_date"] <= dates["end"]:
            case.body["retention_date"] = None


DATE_ORDER = (
    "due",
    "start",
    "confirmation_first_deadline",
    "confirmation_second_deadline",
    "waitlist_deadline",
    "housing",
    "end",
)
REAL_BODY_VALUES[("POST", "/api/applications/cycle/config")] = _dates_in_order


def _existing_team(case, portal) -> None:
    """Joining a team names one that exists (a new team's code may be any)."""
    if isinstance(case.body, dict) and case.body.get("team_choice") == "join" and case.body.get("teamcode"):
        case.body["teamcode"] = "123456"


REAL_BODY_VALUES[("POST", "/api/applications/save")] = _existing_team
# A checkpoint scan is of a ticket (a signed token), like the door's.
REAL_BODY_VALUES[("POST", "/api/checkin/checkpoints/{checkpoint_id}/scan")] = lambda case, portal: _fill_body(
    case, token=portal.extra["token"]
)
# A receipt is a PDF or an image, checked by its bytes.
REAL_BODY_VALUES[("POST", "/api/travel/receipts")] = lambda case, portal: _fill_body(case, file=PDF)
# A resume is a PDF, checked by its bytes.
REAL_BODY_VALUES[("POST", "/api/resume/upload")] = lambda case, portal: _fill_body(case, resume=PDF)
# Scores name the criteria of this cycle's rubric (which organizers edit), each in its scale.
REAL_BODY_VALUES[("PUT", "/api/reviews/applications/{application_id}/review")] = lambda case, portal: _fill_body(
    case, scores=portal.extra["scores"]
)

# Checks left out for one operation, each with the reason: a rule the schema can't carry, so
# input the schema allows is still refused (with a 400 naming the field). Negative data, the
# documented answers and their bodies are still checked for these operations.
_CROSS_FIELD = "relations between fields or items (a JSON schema describes each value alone)"
EXCLUDED: dict[tuple[str, str], dict] = {
    ("POST", "/api/auth/language"): {
        positive_data_acceptance: "The languages taken are the operator's LANGUAGES setting, read when the "
        "call comes; a schema generated once can't list them, so it describes a short string."
    },
    # An automated email's version is for an enabled language (see POST auth/language).
    ("GET", "/api/mailings/templates"): {
        positive_data_acceptance: "`language` is one of the operator's LANGUAGES, read when the call "
        "comes; a schema generated once can't list them, so it describes a short string."
    },
    ("PUT", "/api/mailings/templates/{key}"): {positive_data_acceptance: "`language`, as in GET templates."},
    ("DELETE", "/api/mailings/templates/{key}"): {positive_data_acceptance: "`language`, as in GET templates."},
    ("POST", "/api/mailings/templates/{key}/preview"): {positive_data_acceptance: "`language`, as in GET templates."},
    ("POST", "/api/mailings/templates/{key}/test"): {positive_data_acceptance: "`language`, as in GET templates."},
    ("POST", "/api/applications/application"): {
        positive_data_acceptance: "A submission's answers are checked against the cycle's question set "
        "(required questions, each type's encoding, the options) and the school against the school list, "
        "which organizers edit at run time; the draft save takes the same body and is checked in full."
    },
    ("PUT", "/api/applications/{email}"): {
        positive_data_acceptance: "An organizer's edit is validated like a submission (see POST application)."
    },
    ("PUT", "/api/applications/questions"): {
        positive_data_acceptance: "A question set's rules are " + _CROSS_FIELD + ": question_ids unique "
        "across sections, conditional_on naming a yes/no question of an earlier section, options for the "
        "choice types only."
    },
    ("PUT", "/api/applications/rsvp-questions"): {
        positive_data_acceptance: "The RSVP set has the question set's rules (see PUT questions), and "
        "no resume question."
    },
    ("PUT", "/api/reviews/rubric"): {
        positive_data_acceptance: "A rubric's rules are " + _CROSS_FIELD + ": scale_min below scale_max, "
        "criterion names unique."
    },
    ("POST", "/api/mailings"): {
        positive_data_acceptance: "A batch email's rules are " + _CROSS_FIELD + ": a custom audience needs "
        "`emails`, and the body needs `markdown` or the `html` file."
    },
    ("POST", "/api/mailings/audiences/count"): {
        positive_data_acceptance: "An audience's argument depends on the audience named: "
        + _CROSS_FIELD
        + ": `custom` needs `emails` holding an address, `filter` needs `filters` in the table's filter "
        "grammar over the question set (which organizers edit), `selection` needs `ids`."
    },
    ("POST", "/api/mailings/preview"): {
        positive_data_acceptance: "The audience's argument, as in POST audiences/count."
    },
    ("POST", "/api/mailings/test"): {
        positive_data_acceptance: "A test send needs `markdown` or `html` that is not blank (one of two "
        "fields, " + _CROSS_FIELD + "), and the audience's argument, as in POST audiences/count."
    },
    ("GET", "/api/applications/all"): {
        positive_data_acceptance: "`filters` is a JSON document inside the query string, checked by the "
        "table's filter grammar, and `after` / `before` are cursors the previous page handed out (bound to "
        "the table and the sort): random text in either is refused with a 400 naming it."
    },
    ("GET", "/api/applications/export"): {
        positive_data_acceptance: "`filters` is a JSON document inside the query string, in the export's "
        "`$ne` / `$in` grammar over the question set's fields (which organizers edit)."
    },
    ("POST", "/api/travel/receipts/{receipt_id}/review"): {
        positive_data_acceptance: "A rejection needs a `reason` that is not blank, an approval none: "
        + _CROSS_FIELD
        + "."
    },
    ("POST", "/api/integrations/webhooks"): {
        positive_data_acceptance: "A webhook URL must resolve to a public address (the guard against server-side "
        "request forgery looks the host up at the moment of saving), which no JSON schema can say."
    },
    ("POST", "/api/integrations/chat-channels"): {
        positive_data_acceptance: "An incoming-webhook URL is checked like a webhook's (see POST webhooks)."
    },
    ("POST", "/api/applications/batch-status"): {
        positive_data_acceptance: "Who a batch acts on is one of two fields, "
        + _CROSS_FIELD
        + ": `emails` or `filters`, never both nor neither, and `filters` in the table's filter grammar "
        "(its keys and values, as GET all checks them)."
    },
    ("POST", "/api/applications/status/{email}"): {
        positive_data_acceptance: "`travel_reimbursement` true goes with an offer of a place, "
        + _CROSS_FIELD
        + ": `status` accepted or waitlist_accepted, else a 400 naming the field."
    },
    ("POST", "/api/applications/assign-applications"): {
        positive_data_acceptance: "`emails` or `filters`, as in POST batch-status."
    },
    ("POST", "/api/applications/whitelistpattern/{value}"): {
        positive_data_acceptance: "The value must be a regular expression RE2 compiles (linear-time "
        "matching); a JSON schema can't say which text is one."
    },
}


def _can_be_invalid(method: str, path: str) -> bool:
    """Whether the operation takes anything that can be made invalid: a body, a query, or a path
    parameter with a constraint (any text at all is a valid plain-string path segment)."""
    operation = SCHEMA["paths"][path][method.lower()]
    if operation.get("requestBody"):
        return True
    for parameter in operation.get("parameters", []):
        schema = parameter.get("schema", {})
        if parameter["in"] != "path" or schema.get("type") != "string" or set(schema) - {"type", "description"}:
            return True
    return False


def _cases(state: tuple[str, str]) -> list:
    return [
        pytest.param((method, path), mode, id=f"{method} {path} {mode.value}")
        for method, path in OPERATIONS
        if STATES.get((method, path), DEFAULT_STATE) == state
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)
        # Nothing to make invalid: a negative case can't be generated.
        if mode is GenerationMode.POSITIVE or _can_be_invalid(method, path)
    ]


@pytest.fixture(scope="class")
def class_portal(request, django_db_setup, django_db_blocker) -> Iterator[Portal]:
    """The portal of the class's state, built once for the class's tests (in each worker that
    runs some) inside a transaction rolled back after them; each test runs in a savepoint of it
    (pytest-django's `db`), so what a case changes is undone before the next. Building it for
    every test was a fifth of this file's time."""
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            ensure_current_cycle()
            yield build_portal(request.cls.state)
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.fixture
def portal(class_portal: Portal, db) -> Portal:
    """The class's portal as this test starts, its accounts read afresh: an earlier case may have
    changed or replaced the objects (in rows since rolled back). Its stored files stay in place:
    the portal deletes files only once a transaction commits, and none of these does."""
    users = {role: User.objects.get(pk=user.pk) if user else None for role, user in class_portal.users.items()}
    return dataclasses.replace(
        class_portal,
        users=users,
        student=users["student"],
        reviewer=users["reviewer"],
        unverified=User.objects.get(pk=class_portal.unverified.pk),
        extra=dict(class_portal.extra),
    )


class ConformanceIn:
    """The operations that need the application and the cycle in `state`, one test per
    operation and mode (pytest-xdist shares them out)."""

    state: tuple[str, str]

    def test_the_api_answers_as_its_schema_says(self, operation, mode, portal):
        _conform(operation, mode, portal)


def _conformance_class(state: tuple[str, str]) -> type:
    name = "TestIn" + "".join(part.title() for part in state)
    cls = type(name, (ConformanceIn,), {"state": state})
    return pytest.mark.parametrize(("operation", "mode"), _cases(state))(cls)


for _state in sorted({DEFAULT_STATE, *STATES.values()}):
    _cls = _conformance_class(_state)
    globals()[_cls.__name__] = _cls
del _state, _cls


def test_every_operation_is_in_one_class():
    classes = [
        c for c in globals().values() if isinstance(c, type) and issubclass(c, ConformanceIn) and c is not ConformanceIn
    ]
    assert len(classes) == len({DEFAULT_STATE, *STATES.values()})
    covered = [p.values for c in classes for p in _cases(c.state)]
    assert len(covered) == len(set(covered)) > 200  # each case in one class only
    assert {operation for operation, _mode in covered} == set(OPERATIONS)


def _conform(operation, mode, portal: Portal) -> None:
    method, path = operation
    role = ROLES[operation]
    failures: list[dict] = []

    @given(case=_strategy(method, path, mode, portal))
    @hypothesis_settings(
        max_examples=EXAMPLES,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.explicit, Phase.generate] if SURVEY else [Phase.explicit, Phase.generate, Phase.shrink],
        suppress_health_check=list(HealthCheck),
    )
    def run(case):
        # A path parameter of "." or ".." is resolved away by the client, leaving the operation
        # (and possibly /api/): that request is not this operation's.
        segments = [s for v in (case.path_parameters or {}).values() for s in str(v).split("/")]
        if any(s in (".", "..") for s in segments):
            reject()
        _refresh_one_use_values(case, portal, method, path)
        if operation in REAL_BODY_VALUES and case.meta is not None and case.meta.generation.mode.is_positive:
            REAL_BODY_VALUES[operation](case, portal)
        excluded = list(EXCLUDED.get(operation, {}))
        cookies = session_cookies(portal, role)
        with in_process_request():
            if not SURVEY:
                case.call_and_validate(
                    app=WSGI_APP, headers=HEADERS, cookies=cookies, checks=CHECKS, excluded_checks=excluded
                )
                return
            response = case.call(app=WSGI_APP, headers=HEADERS, cookies=cookies)
            try:
                case.validate_response(response, checks=CHECKS, excluded_checks=excluded)
            except FailureGroup as group:
                for failure in group.exceptions:
                    failures.append(
                        {
                            "operation": f"{method} {path}",
                            "mode": mode.value,
                            "role": role,
                            "check": type(failure).__name__,
                            "title": failure.title,
                            "message": failure.message,
                            "status": response.status_code,
                            "body": response.text[:600],
                            "request": repr(case)[:1500],
                        }
                    )
            except Exception as exc:  # noqa: BLE001 - a survey records every kind of failure
                failures.append(
                    {
                        "operation": f"{method} {path}",
                        "mode": mode.value,
                        "role": role,
                        "check": type(exc).__name__,
                        "title": str(exc)[:200],
                        "status": response.status_code,
                        "body": response.text[:600],
                        "request": repr(case)[:1500],
                    }
                )

    run()
    if SURVEY:
        import json

        with open(f"{SURVEY}.{os.environ.get('PYTEST_XDIST_WORKER', 'main')}", "a") as out:
            for failure in failures:
                out.write(json.dumps(failure) + "\n")


def test_a_rate_limited_call_answers_its_documented_429(db):
    """Past its limit a team-code request is refused with 429, and the schema says so."""
    portal = build_portal(DEFAULT_STATE)
    operation = api["/api/applications/teamcode"]["POST"]
    statuses = []
    for _ in range(12):
        case = operation.Case()
        with in_process_request():
            response = case.call(app=WSGI_APP, headers=HEADERS, cookies=session_cookies(portal, "student"))
        case.validate_response(response, checks=[status_code_conformance, response_schema_conformance])
        statuses.append(response.status_code)
    assert statuses[0] == 201
    assert statuses[-1] == 429
