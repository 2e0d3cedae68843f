"""Mail to any audience: every status, the accounts that never started, the table's current
filter and its picked rows; each counted before scheduling, by the same definition the
scheduling uses; and a test of the draft sent to the organizer writing it."""

from __future__ import annotations

import json

import pytest
from django.core import mail
from django.utils import timezone

from apps.accounts.models import Role
from apps.applications.models import ApplicationStatus as S
from apps.core.tests.factories import ApplicationFactory, UserFactory
from apps.mailings import audiences
from apps.mailings.models import Delivery, Mailing

pytestmark = pytest.mark.django_db


@pytest.fixture
def people():
    made = {
        "confirmed": ApplicationFactory(user=UserFactory(email="c@x.edu"), status=S.CONFIRMED, school="Yale"),
        "checked_in": ApplicationFactory(user=UserFactory(email="i@x.edu"), status=S.CHECKED_IN, school="Yale"),
        "waitlist_confirmed": ApplicationFactory(user=UserFactory(email="w@x.edu"), status=S.WAITLIST_CONFIRMED),
        "declined": ApplicationFactory(user=UserFactory(email="d@x.edu"), status=S.DECLINED),
        "submitted": ApplicationFactory(user=UserFactory(email="s@x.edu"), status=S.SUBMITTED),
    }
    UserFactory(email="never@x.edu")  # registered, never started
    UserFactory(email="unverified@x.edu", verified=False)  # never finished registering
    UserFactory(email="staff@x.edu", role=Role.VOLUNTEER)
    return made


def count(client, **body):
    return client.post("/api/mailings/audiences/count", body, content_type="application/json")


def schedule(client, **fields):
    body = {
        "subject": "Hello",
        "markdown": "Hi {{ first_name }}",
        "send_at": timezone.now().isoformat(),
        **fields,
    }
    return client.post("/api/mailings", body, content_type="application/json")


def recipients(mailing_id: int) -> set[str]:
    return set(Delivery.objects.filter(mailing_id=mailing_id).values_list("email", flat=True))


def test_every_status_and_the_new_audiences_are_offered():
    names = audiences.names()
    assert set(S.values) <= set(names)
    assert {"never_started", "filter", "selection", "custom"} <= set(names)
    assert names[-1] == "custom"


@pytest.mark.parametrize(
    ("audience", "expected"),
    [
        ("confirmed", {"c@x.edu"}),
        ("checked_in", {"i@x.edu"}),
        ("waitlist_confirmed", {"w@x.edu"}),
        ("declined", {"d@x.edu"}),
        # Verified applicant accounts with no application this cycle: not the unverified, not staff.
        ("never_started", {"never@x.edu"}),
    ],
)
def test_each_audience_counts_before_scheduling_what_scheduling_records(admin_client, people, audience, expected):
    r = count(admin_client, audience=audience)
    assert r.status_code == 200, r.json()
    assert r.json() == {"audience": audience, "recipients": len(expected)}
    created = schedule(admin_client, audience=audience)
    assert created.status_code == 201, created.json()
    assert created.json()["recipients"] == len(expected)
    assert recipients(created.json()["id"]) == expected


def test_the_list_of_counts_includes_never_started(admin_client, people):
    counts = {row["audience"]: row["recipients"] for row in admin_client.get("/api/mailings/audiences").json()}
    assert counts["never_started"] == 1
    assert counts["confirmed"] == 1
    assert "filter" not in counts and "selection" not in counts


@pytest.mark.parametrize(
    "filters",
    [
        {"selection": "confirmed", "school": "yale"},
        "selection=confirmed&school=yale",
        # The table's address also holds its sort and page: they change nobody's membership.
        "?selection=confirmed&school=yale&sort=-email&page=2",
    ],
)
def test_the_tables_filter_is_an_audience(admin_client, people, filters):
    r = count(admin_client, audience="filter", filters=filters)
    assert r.json()["recipients"] == 2
    table = admin_client.get(
        "/api/applications/all", {"filters": json.dumps({"selection": "confirmed", "school": "yale"})}
    ).json()
    assert table["total"] == 2
    created = schedule(admin_client, audience="filter", filters=filters)
    assert created.status_code == 201, created.json()
    assert recipients(created.json()["id"]) == {"c@x.edu", "i@x.edu"}
    assert Mailing.objects.get(pk=created.json()["id"]).audience == "filter"


def test_a_bad_filter_is_a_400_at_the_field(admin_client, people):
    for bad in ({"status": "nope"}, {"colour": "red"}, 42):
        r = count(admin_client, audience="filter", filters=bad)
        assert r.status_code == 400, bad
        assert "filters" in r.json()["errors"], bad
    r = count(admin_client, audience="filter")
    assert r.status_code == 400 and "filters" in r.json()["errors"]


def test_the_picked_rows_are_an_audience(admin_client, people):
    ids = [people["declined"].pk, people["submitted"].pk]
    assert count(admin_client, audience="selection", ids=ids).json()["recipients"] == 2
    created = schedule(admin_client, audience="selection", ids=ids)
    assert created.status_code == 201, created.json()
    assert recipients(created.json()["id"]) == {"d@x.edu", "s@x.edu"}


@pytest.mark.parametrize("bad", [[], ["x"], [-1], "not ids", {"a": 1}, None])
def test_bad_picked_rows_are_a_400_at_the_field(admin_client, people, bad):
    body = {"audience": "selection"} if bad is None else {"audience": "selection", "ids": bad}
    r = count(admin_client, **body)
    assert r.status_code == 400
    assert "ids" in r.json()["errors"]


def test_a_multipart_schedule_takes_the_filter_as_text(admin_client, people):
    r = admin_client.post(
        "/api/mailings",
        {
            "subject": "Hello",
            "markdown": "Hi",
            "send_at": timezone.now().isoformat(),
            "audience": "filter",
            "filters": json.dumps({"status": "declined"}),
        },
    )
    assert r.status_code == 201, r.json()
    assert recipients(r.json()["id"]) == {"d@x.edu"}


def test_the_same_mail_to_another_filter_is_no_duplicate(admin_client, people):
    first = schedule(admin_client, audience="filter", filters={"status": "declined"})
    assert first.status_code == 201
    again = schedule(admin_client, audience="filter", filters={"status": "declined"})
    assert again.status_code == 409
    other = schedule(admin_client, audience="filter", filters={"status": "confirmed"})
    assert other.status_code == 201, other.json()


def test_send_a_test_to_me(admin_client, organizer, people):
    r = admin_client.post(
        "/api/mailings/test",
        {"subject": "Doors open", "markdown": "Hi {{ first_name }}, see you.", "audience": "declined"},
        content_type="application/json",
    )
    assert r.status_code == 200, r.json()
    assert r.json()["message"] == f"A test email was sent to {organizer.email}."
    assert [m.to for m in mail.outbox] == [[organizer.email]]
    assert mail.outbox[0].subject == "[Test] Doors open"
    # Filled in for the audience's first recipient, as the preview shows it.
    assert "Hi Ada, see you." in mail.outbox[0].body
    # Nothing was scheduled.
    assert not Mailing.objects.exists()


def test_a_test_of_an_empty_or_broken_draft_is_a_400(admin_client, people):
    empty = admin_client.post("/api/mailings/test", {"subject": "x"}, content_type="application/json")
    assert empty.status_code == 400 and "markdown" in empty.json()["errors"]
    broken = admin_client.post(
        "/api/mailings/test", {"subject": "x", "markdown": "{{ nope }}"}, content_type="application/json"
    )
    assert broken.status_code == 400
    assert mail.outbox == []


def test_the_list_shows_n_of_m_sent(admin_client, people):
    created = schedule(admin_client, audience="filter", filters={"selection": "confirmed"}).json()
    row = next(m for m in admin_client.get("/api/mailings").json() if m["id"] == created["id"])
    assert (row["recipients"], row["sent"], row["pending"]) == (2, 0, 2)
    Delivery.objects.filter(mailing_id=created["id"], email="c@x.edu").update(state=Delivery.State.SENT)
    row = next(m for m in admin_client.get("/api/mailings").json() if m["id"] == created["id"])
    assert (row["recipients"], row["sent"], row["pending"]) == (2, 1, 1)


def test_organizers_only(client, student_client):
    for c, code in ((client, 401), (student_client, 403)):
        assert count(c, audience="confirmed").status_code == code
        assert c.post("/api/mailings/test", {}, content_type="application/json").status_code == code
