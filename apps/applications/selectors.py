"""Reads for the applicant's side: own application, the school and country lists.

The question set an application answers is the cycle's (apps/cycles/selectors.py)."""

from __future__ import annotations

import csv
import functools
import gzip
import hashlib
import json
from pathlib import Path
from typing import NamedTuple

from django.db import connection

from apps.core.db import prepared_statement
from apps.cycles.models import Cycle
from apps.cycles.selectors import question_set
from apps.resumes.selectors import has_resume  # noqa: F401 - validation reads it from here

from . import status_cache
from .models import Application
from .status_machine import visible_status

DATA_DIR = Path(__file__).resolve().parent / "data"
COLLEGE_NOT_PRESENT = "College Not Present"


# --- Schools and countries --------------------------------------------------------------
# Read once per process: the files ship with the code, so they change only with a deploy.


def _read_names(filename: str) -> tuple[str, ...]:
    names: list[str] = []
    seen: set[str] = set()
    for line in (DATA_DIR / filename).read_text(encoding="utf-8").splitlines():
        name = line.strip()
        if name and name not in seen:
            seen.add(name)
            names.append(name)
    return tuple(names)


@functools.cache
def school_names() -> tuple[str, ...]:
    """The verified school list (see docs/DATA-SOURCES.md) plus 'College Not Present'."""
    names = _read_names("schools.txt")
    return names if COLLEGE_NOT_PRESENT in names else (*names, COLLEGE_NOT_PRESENT)


@functools.cache
def school_set() -> frozenset[str]:
    return frozenset(school_names())


@functools.cache
def school_aliases() -> tuple[tuple[str, str], ...]:
    """(alias, school name) pairs from data/school_aliases.csv: the short names people type
    ("UCLA", "MIT") for schools of the list. An alias may name several schools ("UW").

    The file is ours (see docs/DATA-SOURCES.md); a test keeps every name in the school list.
    A row naming no listed school is skipped, so the picker never offers a name that the
    validation would refuse.
    """
    listed = school_set()
    with (DATA_DIR / "school_aliases.csv").open(encoding="utf-8", newline="") as handle:
        rows = [(row["alias"].strip(), row["name"].strip()) for row in csv.DictReader(handle)]
    return tuple(dict.fromkeys((alias, name) for alias, name in rows if alias and name in listed))


@functools.cache
def country_names() -> tuple[str, ...]:
    return _read_names("countries.txt")


@functools.cache
def country_set() -> frozenset[str]:
    return frozenset(country_names())


@functools.cache
def name_list_response_body(kind: str) -> tuple[bytes, bytes, str]:
    """The JSON body of GET schools / countries, its gzipped form and its ETag, computed once.

    The school list is about 450 kB of JSON and 100 kB gzipped, hence the second form.
    """
    names = {"schools": school_names, "countries": country_names}[kind]()
    body = json.dumps(list(names), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return body, gzip.compress(body, mtime=0), '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


# --- Applications -----------------------------------------------------------------------


def own_application(*, user, cycle: Cycle) -> Application | None:
    # One row at most (one application per cycle and user); ordering by pk keeps first() from
    # following Application's default ordering into a join with the cycles table.
    return Application.objects.filter(cycle=cycle, user=user).order_by("pk").first()


def _answer_payload(answer) -> dict:
    """One answer as the contract sends it; `detail` only when the applicant described an
    "Other" or "Prefer to self-describe" choice."""
    payload = {"question_id": answer.question_id, "answer": answer.value}
    if answer.detail:
        payload["detail"] = answer.detail
    return payload


def answer_sections(application: Application, sections: list[dict], answers: list | None = None) -> list[dict]:
    """An application's answers as the contract's `sections`: one entry per section of the
    question set, in order (so section i of the answers is section i of the questions), then
    answers to questions no longer in the set, grouped by the section they were given in.

    `answers` are the application's Answer rows when the caller already holds them (a submit
    just wrote them); otherwise they are read."""
    rows = application.answers.all() if answers is None else answers
    stored = {a.question_id: a for a in rows}
    out = []
    for section in sections:
        answers = []
        for question in section["questions"]:
            answer = stored.pop(question["question_id"], None)
            if answer is not None:
                answers.append(_answer_payload(answer))
        out.append({"section_name": section["section_name"], "answers": answers})
    leftovers: dict[str, list[dict]] = {}
    for answer in sorted(stored.values(), key=lambda a: a.pk):
        leftovers.setdefault(answer.section_name, []).append(_answer_payload(answer))
    out.extend({"section_name": name, "answers": answers} for name, answers in leftovers.items())
    return out


def empty_application_payload(email: str) -> dict:
    return {
        "first": "",
        "last": "",
        "school": "",
        "school_other": "",
        "sections": [],
        "checkboxes": [False, False, False],
        "teamcode": None,
        "team_choice": None,
        "email": email,
        **visible_status(None, ""),
    }


def application_payload(
    application: Application | None,
    *,
    cycle: Cycle,
    email: str = "",
    sections: list[dict] | None = None,
    answers: list | None = None,
    for_applicant: bool = True,
) -> dict:
    """An application in the contract's shape (GET application).

    For the applicant, decisions stay hidden until release (status_machine.visible_status);
    organizers pass for_applicant=False to see the recorded status. `sections` and `answers`
    save their reads when the caller already has them.
    """
    if application is None:
        return empty_application_payload(email)
    if sections is None:
        sections = question_set(cycle)
    checkboxes = list(application.checkboxes or [])[:3]
    checkboxes += [False] * (3 - len(checkboxes))
    if for_applicant:
        status = visible_status(application, cycle.status)
    else:
        status = {
            "status": application.status,
            "travel_reimbursement": application.travel_reimbursement,
            "housing_accommodations": application.housing_accommodations,
            "teamcode": application.teamcode or None,
        }
    return {
        "first": application.first,
        "last": application.last,
        "school": application.school,
        "school_other": application.school_other,
        "sections": answer_sections(application, sections, answers),
        "checkboxes": [bool(v) for v in checkboxes],
        # The answer to "Are you starting a new team?" as saved, so a draft reopens as it was.
        "team_choice": application.team_choice or None,
        "email": application.email,
        **status,
    }


class _StatusRow(NamedTuple):
    """The columns of an application that visible_status reads."""

    status: str
    travel_reimbursement: bool
    housing_accommodations: bool
    teamcode: str | None


_STATUS_COLUMNS = _StatusRow._fields


@functools.cache
def _status_statement(vendor: str) -> tuple[str, tuple[str, ...]]:
    """The SQL of the status read and the order of its parameters, compiled by the ORM once per
    process (and database vendor): the same query as
    Application.objects.filter(cycle=…, user=…).values_list(*columns)[:1]."""
    marks = {-1: "cycle", -2: "user"}
    query = Application.objects.filter(cycle_id=-1, user_id=-2).order_by().values_list(*_STATUS_COLUMNS)[:1]
    sql, params = query.query.sql_with_params()
    return sql, tuple(marks[p] for p in params)


def applicant_status(*, user, cycle: Cycle) -> dict:
    """GET status: the visible status of the user's application to the cycle.

    Students poll it. The row it reads is cached per user under a version every change of it
    replaces (apps/applications/status_cache.py): after warm-up the call makes no database
    round trip. The read itself runs without the ORM's compiler: compiling took about 0.4 ms of
    CPU per call, as much as everything else the request did after the session. The SQL is
    still the ORM's (_status_statement), compiled once per process."""
    row = status_cache.row(cycle_id=cycle.pk, user=user, read=lambda: _status_row(user_id=user.pk, cycle=cycle))
    if row is None:
        return visible_status(None, cycle.status)
    return visible_status(_StatusRow(*row), cycle.status)


def _status_row(*, user_id: int, cycle: Cycle) -> _StatusRow | None:
    """The user's status row in the cycle, from the database (None: no application)."""
    sql, order = _status_statement(connection.vendor)
    values = {"cycle": cycle.pk, "user": user_id}
    with connection.cursor() as cursor:
        with prepared_statement():  # one user's application in one cycle: a unique key
            cursor.execute(sql, [values[name] for name in order])
        row = cursor.fetchone()
    if row is None:
        return None
    status, travel, housing, teamcode = row
    # bool(): SQLite hands booleans back as 0 and 1 (the ORM's converters are skipped here).
    return _StatusRow(status, bool(travel), bool(housing), teamcode)
