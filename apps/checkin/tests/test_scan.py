"""POST /api/checkin/scan and /check-in, GET search and stats: the door's calls."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts.models import Role
from apps.applications.models import ApplicationEvent, RsvpAnswers
from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.organizer_data import other_cycle
from apps.checkin import checkins, tickets, tokens
from apps.checkin.models import CheckIn
from apps.core.exceptions import ApplicationError
from apps.core.tests.factories import ApplicationFactory, UserFactory
from apps.core.tests.round_trips import counting_round_trips

from .helpers import applicant, scan, staff_client, ticket_for, token

pytestmark = pytest.mark.django_db


@pytest.fixture
def volunteer():
    return staff_client(Role.VOLUNTEER, email="sam@princeton.edu")


@pytest.fixture
def ada():
    return applicant("ada@princeton.edu", first="Ada", last="Lovelace")


def test_a_scan_checks_the_holder_in_and_shows_what_the_door_needs(volunteer, ada):
    ticket = ticket_for(ada)
    response = scan(volunteer, token(ticket))
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["result"] == "checked_in"
    person = body["person"]
    assert person["name"] == "Ada Lovelace"
    assert person["email"] == "ada@princeton.edu"
    assert person["school"] == "Princeton University"
    assert person["tshirt_size"] == "M"
    assert person["dietary_restrictions"] == "Vegan,Nut allergy"
    # A volunteer sees whether to let them in, never the application's status.
    assert person["status"] is None
    assert person["door"] == "checked_in"
    assert person["checked_in_by"] == "sam@princeton.edu"
    assert person["checked_in_at"]
    ada.refresh_from_db()
    assert ada.status == S.CHECKED_IN
    record = CheckIn.objects.get(application=ada)
    assert record.ticket_id == ticket.pk and record.method == "scan"
    # Through the status machine: the history says who did it.
    event = ApplicationEvent.objects.filter(application=ada, field="status").first()
    assert (event.from_value, event.to_value, event.actor_id) == ("confirmed", "checked_in", volunteer.user.pk)


def test_the_same_scan_id_again_gets_the_same_answer_and_no_second_record(volunteer, ada):
    ticket = ticket_for(ada)
    scan_id = str(uuid.uuid4())
    first = scan(volunteer, token(ticket), scan_id)
    again = scan(volunteer, token(ticket), scan_id)
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json()
    assert CheckIn.objects.filter(application=ada).count() == 1
    assert ApplicationEvent.objects.filter(application=ada, to_value="checked_in").count() == 1


def test_a_second_scan_is_refused_saying_when_and_by_whom(volunteer, ada):
    ticket = ticket_for(ada)
    assert scan(volunteer, token(ticket)).status_code == 200
    other = staff_client(Role.ADMIN)
    response = scan(other, token(ticket))
    assert response.status_code == 409
    body = response.json()
    assert body["result"] == "already_checked_in"
    assert body["message"].startswith("Already checked in at ")
    assert body["message"].endswith(" by sam@princeton.edu.")
    assert body["person"]["email"] == "ada@princeton.edu"
    assert body["errors"] == {}
    assert CheckIn.objects.count() == 1


@pytest.mark.parametrize(
    ("status", "reason"),
    [
        (S.WAITLISTED, "Not confirmed: on the waitlist."),
        (S.ACCEPTED, "Not confirmed: accepted, but the spot was never confirmed."),
        (S.DECLINED, "Not confirmed: the spot was declined."),
        (S.REJECTED, "Not confirmed: the application was rejected."),
        (S.SUBMITTED, "Not confirmed: the application has no decision yet."),
        (S.WAITLIST_CONFIRMED, "Not confirmed: chose to stay on the waitlist; no spot was offered."),
    ],
)
def test_someone_not_confirmed_is_refused_with_the_reason(volunteer, status, reason):
    """The organizer hears the decision; the volunteer only that the person is not confirmed."""
    application = applicant("bob@princeton.edu", status=status)
    organizer = staff_client(Role.ADMIN)
    for client, message, shown_status in ((organizer, reason, status), (volunteer, "Not confirmed.", None)):
        response = client.post(
            "/api/checkin/check-in",
            {"application_id": application.pk, "scan_id": str(uuid.uuid4())},
            content_type="application/json",
        )
        assert response.status_code == 409
        assert response.json()["message"] == message
        assert response.json()["result"] == "not_confirmed"
        assert response.json()["person"]["status"] == shown_status
        assert response.json()["person"]["door"] == "not_confirmed"
        assert response.json()["person"]["reason"] == message
    assert not CheckIn.objects.exists()
    application.refresh_from_db()
    assert application.status == status


def test_a_ticket_whose_holder_declined_since_is_refused(volunteer, ada):
    """A ticket outlives nothing: the status decides at the door."""
    from apps.applications import status_machine

    ticket = ticket_for(ada)
    status_machine.transition(application_id=ada.pk, to=S.DECLINED)
    response = scan(volunteer, token(ticket))
    assert response.status_code == 409
    assert response.json()["message"] == "Not confirmed."
    assert response.json()["result"] == "not_confirmed"


def test_a_replaced_ticket_is_refused_and_the_new_one_works(volunteer, ada):
    old = ticket_for(ada)
    new = tickets.reissue(application_id=ada.pk, by_applicant=True)
    response = scan(volunteer, token(old))
    assert response.status_code == 409
    assert response.json()["message"] == "This ticket was replaced by a newer one."
    assert response.json()["result"] == "replaced"
    assert not CheckIn.objects.exists()
    assert scan(volunteer, token(new)).status_code == 200


def test_a_ticket_replaced_after_the_scan_read_it_is_refused_and_nothing_is_recorded(volunteer, ada):
    """The scan reads the ticket live, then the holder reissues it before the check-in holds
    their row: the check-in (the one statement on PostgreSQL, then the transaction; the
    transaction alone on SQLite) re-checks the ticket once the row is locked and refuses it as
    replaced, instead of recording a check-in by a voided ticket."""
    read = ticket_for(ada)
    new = tickets.reissue(application_id=ada.pk, by_applicant=True)
    assert read.voided_at is None  # what the scan read
    with pytest.raises(ApplicationError) as refused:
        checkins._check_in(ada, scan_id=uuid.uuid4(), user=volunteer.user, method=CheckIn.Method.SCAN, ticket=read)
    assert refused.value.status == 409
    assert refused.value.extra["result"] == "replaced"
    assert str(refused.value.message) == "This ticket was replaced by a newer one."
    assert not CheckIn.objects.exists()
    ada.refresh_from_db()
    assert ada.status == "confirmed"
    assert not ApplicationEvent.objects.filter(application=ada, to_value="checked_in").exists()
    assert scan(volunteer, token(new)).status_code == 200


@pytest.mark.parametrize(
    "bad",
    [
        "forged",
        "tampered",
        "wrong_version",
        "garbage",
        "empty",
        "number",
        "overlong",
        "unknown_code",
    ],
)
def test_forged_tampered_and_garbled_tokens_are_a_400(volunteer, ada, bad):
    ticket = ticket_for(ada)
    good = token(ticket)
    code, version, signature = good.split(".")
    value = {
        "forged": f"{code}.{version}.{'A' * 22}",
        "tampered": f"{code[:-1]}{'B' if code[-1] != 'B' else 'C'}.{version}.{signature}",
        # Correctly signed (as if the key leaked for a moment) but never issued under this code.
        "wrong_version": tokens.sign(code, ticket.version + 1),
        "garbage": "not a ticket at all",
        "empty": "",
        "number": 12345,
        "overlong": "x" * 3000,
        "unknown_code": tokens.sign(tokens.new_code(), 1),
    }[bad]
    response = volunteer.post(
        "/api/checkin/scan", {"token": value, "scan_id": str(uuid.uuid4())}, content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["message"] == "This isn't a valid ticket."
    assert response.json()["result"] == "invalid"
    assert not CheckIn.objects.exists()


def test_an_earlier_cycles_ticket_is_refused(volunteer):
    old = ApplicationFactory(user=UserFactory(email="old@princeton.edu"), status=S.CONFIRMED, cycle=other_cycle())
    ticket = ticket_for(old)
    response = scan(volunteer, token(ticket))
    assert response.status_code == 409
    assert response.json()["result"] == "other_event"
    assert not CheckIn.objects.exists()


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"token": "x"},
        {"scan_id": str(uuid.uuid4())},
        {"token": "x", "scan_id": "not-a-uuid"},
        {"token": "x", "scan_id": str(uuid.uuid4()), "device": "d" * 65},
    ],
)
def test_malformed_scans_are_a_400_with_a_message(volunteer, body):
    response = volunteer.post("/api/checkin/scan", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["message"]


def _statements(trips) -> list[str]:
    """The statements of a block, less the savepoints the test's own transaction adds."""
    return [sql for sql in trips if sql.split()[0] not in ("SAVEPOINT", "RELEASE", "ROLLBACK")]


def test_a_scan_costs_a_fixed_number_of_queries(volunteer, ada):
    """Session and user come from the cache. On PostgreSQL a scan is one statement, a refusal
    too: it finds the live ticket by its code, moves the status (row lock, current cycle,
    history), records the check-in and reads the ticket with its application, check-in and
    answers, wrapped here in a savepoint because the test runs inside a transaction; in
    production in a transaction of its own with the announcement of the move (BEGIN and
    COMMIT, which psycopg sends without a statement). Elsewhere: the ticket's read, then the status machine's
    transaction (savepoint, the current cycle, the row lock, update, history, the ticket read
    again now that the row is held, the check-in and the release); a refusal stops after the
    ticket."""
    ticket = ticket_for(ada)
    volunteer.get("/api/checkin/stats")  # warm the current cycle, the session and the user
    with counting_round_trips() as trips:
        assert scan(volunteer, token(ticket)).status_code == 200
    postgresql = connection.vendor == "postgresql"
    if postgresql:
        assert len(_statements(trips.statements)) == 1, trips.statements
    assert trips.count <= (3 if postgresql else 9), [sql[:120] for sql in trips.statements]
    assert CheckIn.objects.filter(application=ada, ticket=ticket).count() == 1
    assert ApplicationEvent.objects.filter(application=ada, field="status", to_value="checked_in").count() == 1
    with CaptureQueriesContext(connection) as refused:
        assert scan(volunteer, token(ticket)).status_code == 409
    assert len(_statements(q["sql"] for q in refused)) == 1, [q["sql"][:120] for q in refused]


@pytest.mark.parametrize("role", [Role.VOLUNTEER, Role.ADMIN])
def test_a_first_scan_and_its_retry_answer_alike(role, ada):
    """Two ways to one answer. On PostgreSQL the first scan answers from the ticket its statement
    read as it was before the check-in, with the status and check-in the statement made; the
    retry of that scan (same scan id) answers from the check-in as the database has it. Both
    give the same person, the RSVP's answers winning over the application's, for a volunteer
    and for an organizer."""
    RsvpAnswers.objects.create(application=ada, answers={"rsvp_tshirt": "L", "rsvp_accessibility": "Step-free"})
    ada.school = "Rutgers University"
    ada.save(update_fields=["school"])
    device = staff_client(role, email="door@princeton.edu")
    value, scan_id = token(ticket_for(ada)), str(uuid.uuid4())
    first = scan(device, value, scan_id)
    again = scan(device, value, scan_id)
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json()
    person = first.json()["person"]
    assert (person["school"], person["tshirt_size"], person["dietary_restrictions"]) == (
        "Rutgers University",
        "L",
        "Vegan,Nut allergy",
    )
    assert person["accessibility_needs"] == "Step-free"
    assert person["status"] == ("checked_in" if role == Role.ADMIN else None)


def test_checking_in_by_application_is_the_search_fallback(volunteer, ada):
    scan_id = str(uuid.uuid4())
    body = {"application_id": ada.pk, "scan_id": scan_id}
    first = volunteer.post("/api/checkin/check-in", body, content_type="application/json")
    assert first.status_code == 200
    assert first.json()["person"]["door"] == "checked_in"
    assert CheckIn.objects.get(application=ada).method == "search"
    replay = volunteer.post("/api/checkin/check-in", body, content_type="application/json")
    assert replay.json() == first.json()
    other = volunteer.post(
        "/api/checkin/check-in",
        {"application_id": ada.pk, "scan_id": str(uuid.uuid4())},
        content_type="application/json",
    )
    assert other.status_code == 409 and other.json()["result"] == "already_checked_in"


def test_checking_in_an_unknown_application_is_a_404(volunteer):
    response = volunteer.post(
        "/api/checkin/check-in",
        {"application_id": 999999, "scan_id": str(uuid.uuid4())},
        content_type="application/json",
    )
    assert response.status_code == 404


def test_one_scan_id_for_two_people_is_refused(volunteer, ada):
    bob = applicant("bob@princeton.edu")
    scan_id = str(uuid.uuid4())
    assert (
        volunteer.post(
            "/api/checkin/check-in", {"application_id": ada.pk, "scan_id": scan_id}, content_type="application/json"
        ).status_code
        == 200
    )
    response = volunteer.post(
        "/api/checkin/check-in", {"application_id": bob.pk, "scan_id": scan_id}, content_type="application/json"
    )
    assert response.status_code == 409
    assert response.json()["errors"] == {"scan_id": ["This scan id was already used for another check-in."]}
    bob.refresh_from_db()
    assert bob.status == S.CONFIRMED


def test_search_finds_by_name_or_email_in_constant_queries(volunteer, django_assert_max_num_queries):
    for n in range(25):
        applicant(f"person{n}@princeton.edu", first=f"Grace{n}", last="Hopper")
    applicant("ada@princeton.edu", status=S.WAITLISTED, first="Ada", last="Lovelace")
    ApplicationFactory(user=UserFactory(email="draft@princeton.edu"), status=S.STARTED, first="Ada", last="Draft")
    volunteer.get("/api/checkin/stats")
    with django_assert_max_num_queries(4):
        response = volunteer.get("/api/checkin/search", {"q": "hopper"})
    results = response.json()["results"]
    assert len(results) == 20
    assert {(r["door"], r["status"], r["reason"]) for r in results} == {("confirmed", None, None)}
    body = volunteer.get("/api/checkin/search", {"q": "ada lovelace"}).json()["results"]
    assert [r["email"] for r in body] == ["ada@princeton.edu"]
    # The volunteer hears what to say at the door, not the decision.
    assert body[0]["status"] is None and body[0]["checked_in_at"] is None
    assert (body[0]["door"], body[0]["reason"]) == ("not_confirmed", "Not confirmed.")
    assert "waitlisted" not in str(body)
    by_email = volunteer.get("/api/checkin/search", {"q": "PERSON3@"}).json()["results"]
    assert [r["email"] for r in by_email] == ["person3@princeton.edu"]
    # A draft is found, last, with why it may not come in: the desk can register them as a
    # walk-in (test_walk_in.py), instead of hearing that nobody matches.
    assert [r["email"] for r in volunteer.get("/api/checkin/search", {"q": "ada"}).json()["results"]] == [
        "ada@princeton.edu",
        "draft@princeton.edu",
    ]
    (draft,) = volunteer.get("/api/checkin/search", {"q": "draft"}).json()["results"]
    assert (draft["door"], draft["status"], draft["reason"]) == ("not_confirmed", None, "Not confirmed.")


@pytest.mark.parametrize("q", ["maria lopez", "MARIA LÓPEZ", "lopez", "María", "ria lo"])
def test_search_finds_a_name_typed_without_its_accents(volunteer, q):
    """A volunteer's keyboard has no accents to spare: "Maria Lopez" finds María López."""
    applicant("maria@umontreal.ca", first="María", last="López")
    applicant("mario@umontreal.ca", first="Mario", last="Lopes")
    results = volunteer.get("/api/checkin/search", {"q": q}).json()["results"]
    assert [r["name"] for r in results] == ["María López"]


@pytest.mark.parametrize("q", ["", "a", " a ", "x" * 101])
def test_search_needs_2_to_100_characters(volunteer, q):
    response = volunteer.get("/api/checkin/search", {"q": q})
    assert response.status_code == 400
    assert response.json()["message"]


def test_stats_count_the_expected_and_the_checked_in(volunteer, django_assert_max_num_queries):
    people = [applicant(f"p{n}@princeton.edu") for n in range(3)]
    applicant("w@princeton.edu", status=S.WAITLISTED)
    volunteer.post(
        "/api/checkin/check-in",
        {"application_id": people[0].pk, "scan_id": str(uuid.uuid4())},
        content_type="application/json",
    )
    with django_assert_max_num_queries(3):
        response = volunteer.get("/api/checkin/stats")
    assert response.json() == {"confirmed": 3, "checked_in": 1, "time_zone": "UTC"}


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("post", "/api/checkin/scan"),
        ("post", "/api/checkin/check-in"),
        ("get", "/api/checkin/search?q=ada"),
        ("get", "/api/checkin/stats"),
    ],
)
def test_the_door_is_for_organizers_and_volunteers_only(client, method, url):
    assert getattr(client, method)(url, {}, content_type="application/json").status_code == 401
    for role in (Role.USER, Role.REVIEWER):
        response = getattr(staff_client(role), method)(url, {}, content_type="application/json")
        assert response.status_code == 403
        assert response.json()["message"] == "Only organizers and volunteers can do this."


@pytest.mark.parametrize("case", ["already_checked_in", "replaced", "not_confirmed", "invalid", "other_event"])
def test_every_refusal_is_one_statement_too(volunteer, case):
    """On PostgreSQL the refused scan's one statement also read the ticket, and the refusal is
    answered from that read; elsewhere it is the ticket's read alone."""
    from apps.applications import status_machine

    ada = applicant("ada@princeton.edu", **({"cycle": other_cycle()} if case == "other_event" else {}))
    ticket = ticket_for(ada)
    value = token(ticket)
    if case == "already_checked_in":
        assert scan(volunteer, value).status_code == 200
    elif case == "replaced":
        tickets.reissue(application_id=ada.pk, by_applicant=True)
    elif case == "not_confirmed":
        status_machine.transition(application_id=ada.pk, to=S.DECLINED)
    elif case == "invalid":
        ticket.delete()
    volunteer.get("/api/checkin/stats")
    with CaptureQueriesContext(connection) as refused:
        response = scan(volunteer, value)
    assert response.status_code == (400 if case == "invalid" else 409), response.json()
    assert response.json()["result"] == case
    assert len(_statements(q["sql"] for q in refused)) == 1, [q["sql"][:120] for q in refused]
    assert CheckIn.objects.filter(application=ada).count() == (1 if case == "already_checked_in" else 0)


def test_a_scan_with_another_check_ins_scan_id_is_refused_and_moves_nothing(volunteer, ada):
    """The check-in's insert clashes on the scan id (unique): on PostgreSQL the one statement
    is undone whole (status, history, the read with it) and the scan answers from a read of its
    own, as the status machine's transaction does elsewhere."""
    bob = applicant("bob@princeton.edu")
    scan_id = str(uuid.uuid4())
    assert scan(volunteer, token(ticket_for(bob)), scan_id).status_code == 200
    response = scan(volunteer, token(ticket_for(ada)), scan_id)
    assert response.status_code == 409, response.json()
    assert response.json()["errors"] == {"scan_id": ["This scan id was already used for another check-in."]}
    ada.refresh_from_db()
    assert ada.status == S.CONFIRMED
    assert not CheckIn.objects.filter(application=ada).exists()
    assert not ApplicationEvent.objects.filter(application=ada, to_value="checked_in").exists()


def test_a_scan_announces_its_check_in(volunteer, ada):
    """The status machine's announcement follows the one-statement check-in too: a webhook
    endpoint subscribed to check-ins gets its delivery recorded, once."""
    from django.core.cache import cache

    from apps.integrations.models import Event, WebhookDelivery, WebhookEndpoint
    from apps.integrations.services import SUBSCRIPTIONS_KEY

    # Made directly (endpoint_create would try to reach the URL); its cached list is dropped.
    WebhookEndpoint.objects.create(
        url="https://hooks.example.org/door", events=[Event.CHECKIN_CREATED], secret="s" * 32
    )
    cache.delete(SUBSCRIPTIONS_KEY)
    assert scan(volunteer, token(ticket_for(ada))).status_code == 200
    assert list(WebhookDelivery.objects.filter(application_id=ada.pk).values_list("event", flat=True)) == [
        Event.CHECKIN_CREATED
    ]


def test_a_refusal_writes_the_check_in_time_as_the_check_in_did(volunteer, ada):
    """Two ways to one moment: the 409's person (the error shape's extra keys) and the 200's
    (the serializer) write checked_in_at alike, ISO 8601 in the event's time zone."""
    value = token(ticket_for(ada))
    first = scan(volunteer, value).json()["person"]
    second = scan(volunteer, value).json()["person"]
    assert "T" in first["checked_in_at"]
    assert (second["checked_in_at"], second["checked_in_by"]) == (first["checked_in_at"], first["checked_in_by"])


def test_a_race_with_a_deletion_answers_that_the_ticket_names_no_one():
    """The application was deleted while the check-in waited for its row lock: a scan hears
    that the ticket is not valid, a check-in by application that there is no such application,
    never a 500."""
    from apps.checkin import checkins
    from apps.core.exceptions import ApplicationError

    with pytest.raises(ApplicationError) as scanned:
        checkins._after_race(987654, uuid.uuid4(), full=False, method=CheckIn.Method.SCAN)
    assert (scanned.value.status, scanned.value.extra["result"]) == (400, "invalid")
    with pytest.raises(ApplicationError) as searched:
        checkins._after_race(987654, uuid.uuid4(), full=False, method=CheckIn.Method.SEARCH)
    assert searched.value.status == 404


def test_a_retry_agrees_with_its_first_answer_when_the_process_lags_a_cycle_switch(volunteer, monkeypatch):
    """The process keeps the current cycle for up to a second after a switch. On PostgreSQL the
    scan's statement reads the current cycle itself, checks the ticket's holder in, and a retry
    of that scan is answered from the same read: 200 both times. Elsewhere the scan goes by the
    kept copy, and refuses both times. Never a 200 and then a 409 for one scan."""
    from apps.checkin import checkins

    ada = applicant("ada@princeton.edu")
    value, scan_id = token(ticket_for(ada)), str(uuid.uuid4())
    stale = other_cycle()
    monkeypatch.setattr(checkins, "current_cycle", lambda: stale)
    first, again = scan(volunteer, value, scan_id), scan(volunteer, value, scan_id)
    assert first.status_code == again.status_code, (first.json(), again.json())
    assert first.json() == again.json()
    checked_in = CheckIn.objects.filter(application=ada).count()
    assert checked_in == (1 if connection.vendor == "postgresql" else 0)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="prepared statements are PostgreSQL's")
def test_the_doors_statement_is_planned_once_per_connection_then_reused(volunteer):
    """PostgreSQL planned the scan's one statement in about 1 ms and ran it in 0.4: a connection
    prepares it the first time it runs it (a compiled read of apps/core/db.py asks for that), and
    every later scan runs the kept plan instead of planning again."""
    first = 2
    people = [applicant(f"door{n}@princeton.edu") for n in range(first + 3)]

    def prepared() -> dict[str, int]:
        with connection.cursor() as cursor:
            cursor.execute("SELECT statement, generic_plans + custom_plans FROM pg_prepared_statements")
            return {statement: runs for statement, runs in cursor.fetchall() if statement.startswith("WITH old AS")}

    assert connection.settings_dict["OPTIONS"]["server_side_binding"] is True
    for person in people[:first]:
        assert scan(volunteer, token(ticket_for(person))).status_code == 200
    # The worker's connection outlives a test: an earlier test may have prepared this statement,
    # or another door statement, already. What counts is which one the next scans ran.
    before = prepared()
    for person in people[first:]:
        assert scan(volunteer, token(ticket_for(person))).status_code == 200
    after = prepared()
    grown = {statement: runs - before.get(statement, 0) for statement, runs in after.items()}
    grown = {statement: more for statement, more in grown.items() if more}
    assert list(grown.values()) == [3], "each later scan ran one prepared statement"
    assert set(grown) <= set(before), "prepared before these scans, by the ones above"
    assert CheckIn.objects.filter(application__in=people).count() == len(people)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the one statement is PostgreSQL's")
def test_the_doors_statement_is_short_enough_for_psycopg_to_keep_it_parsed(volunteer, ada):
    """psycopg turns a statement's %s into $1, $2… by parsing its text, and keeps the result only
    for a statement of at most MAX_CACHED_STATEMENT_LENGTH bytes and MAX_CACHED_STATEMENT_PARAMS
    values. The door's was 20 bytes over once (the ticket's read carried the models' orderings),
    and every scan paid 0.36 ms to parse it again. A column added to the application (or its
    check-in) lengthens it: when this fails, shorten the statement, don't raise the limit."""
    from psycopg import _queries

    sent: list[tuple[str, tuple]] = []

    def keep(execute, sql, params, many, context):
        sent.append((sql, tuple(params or ())))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(keep):
        assert scan(volunteer, token(ticket_for(ada))).status_code == 200
    [(sql, params)] = [(sql, params) for sql, params in sent if sql.startswith("WITH old AS")]
    assert len(sql.encode()) <= _queries.MAX_CACHED_STATEMENT_LENGTH, len(sql.encode())
    assert len(params) <= _queries.MAX_CACHED_STATEMENT_PARAMS, len(params)


def test_every_status_but_confirmed_has_its_reason_at_the_door_in_the_readers_language():
    """Each status an organizer can meet at the door says where the person stands, translated
    (the status's label in an English sentence read "the application is waitlist confirmed")."""
    from django.utils import translation

    from apps.applications.status_machine import NOT_CONFIRMED_REASONS, not_confirmed_reason

    assert set(NOT_CONFIRMED_REASONS) == set(S) - {S.CONFIRMED}
    with translation.override("es"):
        assert not_confirmed_reason(S.WAITLISTED) == "No confirmado: en la lista de espera."
    assert not_confirmed_reason(S.CHECKED_IN) == "Already checked in."
