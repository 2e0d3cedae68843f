"""The scan's read of a ticket, compiled once per process (apps.core.db.Prepared), gives what the
queryset it was compiled from gives: the same ticket, application, check-in and door answers,
converted the same way on each database, and nothing left to load later."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.applications.models import Application, RsvpAnswers
from apps.checkin.checkins import _TICKET_BY_CODE, with_answers
from apps.checkin.models import CheckIn, Ticket
from apps.core.db import Prepared

from .helpers import applicant, scan, staff_client, ticket_for, token

pytestmark = pytest.mark.django_db


def _orm_read(code: str) -> Ticket | None:
    rows = with_answers(Ticket.objects.select_related("application", "application__check_in"), "application")
    return rows.filter(code=code).first()


def _fields(obj) -> dict:
    return {field.attname: getattr(obj, field.attname) for field in type(obj)._meta.concrete_fields}


def _door_answers(ticket: Ticket) -> dict:
    return {name: value for name, value in vars(ticket).items() if name.startswith("door_")}


def _check_in(application: Application) -> CheckIn | None:
    try:
        return application.check_in
    except CheckIn.DoesNotExist:
        return None


def _assert_same(prepared: Ticket, orm: Ticket) -> None:
    assert _fields(prepared) == _fields(orm)
    assert _door_answers(prepared) == _door_answers(orm) and _door_answers(orm)
    with CaptureQueriesContext(connection) as later:  # every related object came with the row
        application, orm_application = prepared.application, orm.application
        check_in, orm_check_in = _check_in(application), _check_in(orm_application)
    assert later.captured_queries == []
    assert _fields(application) == _fields(orm_application)
    assert (check_in is None) == (orm_check_in is None)
    if check_in is not None:
        assert _fields(check_in) == _fields(orm_check_in)


def test_a_ticket_reads_as_the_queryset_reads_it_before_and_after_its_check_in():
    ada = applicant("ada@princeton.edu", first="Ada", last="Lovelace")
    RsvpAnswers.objects.create(application=ada, answers={"rsvp_tshirt": "L", "rsvp_dietary": "Halal"})
    ticket = ticket_for(ada)

    with CaptureQueriesContext(connection) as one:
        before = _TICKET_BY_CODE.first(code=ticket.code)
    assert len(one) == 1
    _assert_same(before, _orm_read(ticket.code))
    assert before.door_rsvp == {"rsvp_tshirt": "L", "rsvp_dietary": "Halal"}  # JSON, not its text
    assert _check_in(before.application) is None

    assert scan(staff_client(), token(ticket)).status_code == 200
    after = _TICKET_BY_CODE.first(code=ticket.code)
    _assert_same(after, _orm_read(ticket.code))
    record = after.application.check_in
    assert record.method == "scan" and record.at.tzinfo is not None  # a datetime on SQLite too
    assert after.application.status == "checked_in"


def test_an_unknown_code_reads_as_none_and_each_call_takes_its_own_value():
    first, second = ticket_for(applicant("ada@princeton.edu")), ticket_for(applicant("alan@princeton.edu"))
    assert _TICKET_BY_CODE.first(code="no-such-code") is None
    assert _TICKET_BY_CODE.first(code=second.code).pk == second.pk
    assert _TICKET_BY_CODE.first(code=first.code).pk == first.pk


def test_a_value_that_never_reaches_the_sql_is_refused():
    unused = Prepared(lambda code: Ticket.objects.all(), "code")
    with pytest.raises(ValueError, match="parameter"):
        unused.first(code="x")


def test_the_read_inside_a_bigger_statement_reads_as_first_and_hands_back_the_statements_columns():
    """Prepared.first_inside: the door's one statement reads the ticket as a subquery of its
    own. The instance is what first() gives, and the statement's own columns come after."""
    ada = applicant("ada@princeton.edu", first="Ada", last="Lovelace")
    RsvpAnswers.objects.create(application=ada, answers={"rsvp_dietary": "Halal"})
    ticket = ticket_for(ada)
    with CaptureQueriesContext(connection) as one:
        inside, extra = _TICKET_BY_CODE.first_inside(
            ("SELECT ticket_read.*, %s, %s FROM (", [7, "seven"]), (") ticket_read", []), code=ticket.code
        )
    assert len(one) == 1
    assert extra == (7, "seven")
    _assert_same(inside, _TICKET_BY_CODE.first(code=ticket.code))
    _assert_same(inside, _orm_read(ticket.code))
    assert inside.door_rsvp == {"rsvp_dietary": "Halal"}
    nothing, no_columns = _TICKET_BY_CODE.first_inside(
        ("SELECT ticket_read.*, %s FROM (", [1]), (") ticket_read", []), code="no-such-code"
    )
    assert (nothing, no_columns) == (None, ())


def test_a_read_with_columns_beyond_its_own_is_refused_inside_a_statement_before_it_runs():
    """DISTINCT with an ordering the read doesn't select makes the ORM add that column after
    the read's own: inside a bigger statement it would be taken for one of the statement's."""
    ticket = ticket_for(applicant("ada@princeton.edu"))
    read = Prepared(lambda code: Ticket.objects.filter(code=code).distinct().order_by("application__email"), "code")
    assert read.first(code=ticket.code).pk == ticket.pk  # alone, it reads as first() does
    with CaptureQueriesContext(connection) as ran, pytest.raises(ValueError, match="beyond its own"):
        read.first_inside(("SELECT ticket_read.*, 1 FROM (", []), (") ticket_read", []), code=ticket.code)
    assert ran.captured_queries == []
