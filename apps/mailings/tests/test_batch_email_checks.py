"""Before and after a batch email: the recipient count of each audience, the warning about
sending the same email twice, and each recipient's delivery state."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from apps.applications.models import ApplicationStatus
from apps.core.tests.factories import ApplicationFactory, UserFactory
from apps.mailings import services
from apps.mailings.models import Delivery, Mailing


def schedule(client, **fields):
    body = {
        "subject": "Doors open at 9",
        "audience": "accepted",
        "send_at": timezone.now().isoformat(),
        "markdown": "Hi {{ first_name }}, doors open at 9.",
        **fields,
    }
    return client.post("/api/mailings", {key: value for key, value in body.items() if value is not None})


@pytest.fixture
def accepted(db):
    return [
        ApplicationFactory(user=UserFactory(email=f"hacker{n}@princeton.edu"), first=f"H{n}", status="accepted")
        for n in range(3)
    ]


# --- How many it goes to ---------------------------------------------------------------


def test_each_audience_is_counted_in_a_constant_number_of_queries(
    admin_client, accepted, django_assert_max_num_queries
):
    ApplicationFactory(status="waitlisted")
    # Session and user, then each registered audience lists its addresses (the current cycle,
    # then its applications in that status): 2 + 2 per status, however many people.
    with django_assert_max_num_queries(2 + 2 * len(ApplicationStatus.values)) as counted:
        r = admin_client.get("/api/mailings/audiences")
    assert r.status_code == 200
    counts = {row["audience"]: row["recipients"] for row in r.json()}
    assert counts["accepted"] == 3 and counts["waitlisted"] == 1 and counts["rejected"] == 0
    assert "custom" not in counts  # a pasted list is counted by the preview
    queries = len(counted.captured_queries)
    for n in range(3, 40):
        ApplicationFactory(user=UserFactory(email=f"more{n}@princeton.edu"), status="accepted")
    with django_assert_max_num_queries(queries):
        assert {row["audience"]: row["recipients"] for row in admin_client.get("/api/mailings/audiences").json()}[
            "accepted"
        ] == 40


def test_the_scheduled_count_is_what_the_preview_counted(admin_client, accepted):
    counted = admin_client.post(
        "/api/mailings/preview", {"audience": "accepted"}, content_type="application/json"
    ).json()["recipients"]
    assert schedule(admin_client).json()["recipients"] == counted == 3


# --- The same email twice --------------------------------------------------------------


def test_the_same_email_to_the_same_audience_is_a_409_until_confirmed(admin_client, accepted):
    first = schedule(admin_client, send_at="2099-05-01T10:00:00Z")
    assert first.status_code == 201, first.json()
    again = schedule(admin_client)
    assert again.status_code == 409, again.json()
    message = again.json()["message"]
    assert message == (
        "The same email to the 'accepted' audience is already scheduled for May 1, 2099 at 10:00 AM UTC. "
        "Confirm to schedule it again."
    )
    assert again.json()["errors"] == {"confirm_duplicate": [message]}
    # The page asks "Schedule it again?" on the code, whatever the message's language.
    assert again.json()["code"] == "duplicate_mailing"
    assert Mailing.objects.count() == 1

    confirmed = schedule(admin_client, confirm_duplicate="true")
    assert confirmed.status_code == 201, confirmed.json()
    assert Mailing.objects.count() == 2


def test_a_sent_email_warns_for_a_week(admin_client, accepted):
    mailing_id = schedule(admin_client).json()["id"]
    services.send_due_mailings()
    again = schedule(admin_client)
    assert again.status_code == 409 and "was sent on" in again.json()["message"]
    Mailing.objects.filter(pk=mailing_id).update(
        send_at=timezone.now() - services.DUPLICATE_WINDOW - datetime.timedelta(minutes=1)
    )
    assert schedule(admin_client).status_code == 201


@pytest.mark.parametrize(
    "change",
    [
        {"subject": "Doors open at 10"},
        {"markdown": "Hi {{ first_name }}, doors open at 10."},
        {"audience": "custom", "emails": "hacker0@princeton.edu"},
    ],
)
def test_a_different_subject_body_or_audience_is_no_duplicate(admin_client, accepted, change):
    assert schedule(admin_client).status_code == 201
    assert schedule(admin_client, **change).status_code == 201


def test_a_cancelled_email_is_no_duplicate(admin_client, accepted):
    mailing_id = schedule(admin_client, send_at="2099-01-01T00:00:00Z").json()["id"]
    admin_client.delete(f"/api/mailings/{mailing_id}")
    assert schedule(admin_client).status_code == 201


def test_a_custom_list_is_the_same_audience_when_it_holds_the_same_addresses(admin_client, accepted):
    assert schedule(admin_client, audience="custom", emails="a@x.edu, b@x.edu").status_code == 201
    same = schedule(admin_client, audience="custom", emails="B@x.edu\nsome words a@x.edu")
    assert same.status_code == 409 and "the same list of addresses" in same.json()["message"]
    assert schedule(admin_client, audience="custom", emails="a@x.edu, c@x.edu").status_code == 201


def test_an_invalid_duplicate_is_a_400_not_a_409(admin_client, accepted):
    """What is wrong with the email itself is said first."""
    schedule(admin_client, markdown="{{ nope }}")
    assert schedule(admin_client).status_code == 201
    assert schedule(admin_client, subject="Doors open at 9 {{ nope }}").status_code == 400


# --- Each recipient's delivery ---------------------------------------------------------


def deliveries(client, mailing_id: int, **params):
    return client.get(f"/api/mailings/{mailing_id}/deliveries", params)


def test_each_recipients_state_and_last_error_with_counts(admin_client, accepted):
    mailing_id = schedule(admin_client).json()["id"]
    before = deliveries(admin_client, mailing_id).json()
    assert before["counts"] == {"pending": 3, "sending": 0, "sent": 0, "failed": 0}
    assert [row["state"] for row in before["deliveries"]] == ["pending"] * 3

    services.send_due_mailings()
    Delivery.objects.filter(mailing_id=mailing_id, email="hacker1@princeton.edu").update(
        state="failed", last_error="550 No such user", sent_at=None
    )
    body = deliveries(admin_client, mailing_id).json()
    assert body["mailing"] == {"id": mailing_id, "subject": "Doors open at 9", "status": "sent"}
    assert body["counts"] == {"pending": 0, "sending": 0, "sent": 2, "failed": 1}
    assert (body["total"], body["pages"], body["page"]) == (3, 1, 1)
    rows = {row["email"]: row for row in body["deliveries"]}
    assert list(rows) == sorted(rows)  # by address
    assert rows["hacker1@princeton.edu"] | {"sent_at": None} == {
        "email": "hacker1@princeton.edu",
        "state": "failed",
        "attempts": 1,
        "last_error": "550 No such user",
        "sent_at": None,
    }
    assert rows["hacker0@princeton.edu"]["state"] == "sent" and rows["hacker0@princeton.edu"]["sent_at"]

    failed = deliveries(admin_client, mailing_id, state="failed").json()
    assert [row["email"] for row in failed["deliveries"]] == ["hacker1@princeton.edu"]
    assert failed["total"] == 1 and failed["counts"]["sent"] == 2


def test_deliveries_come_a_page_at_a_time_in_a_constant_number_of_queries(
    admin_client, db, django_assert_max_num_queries
):
    small = schedule(admin_client, audience="custom", emails="a@x.edu b@x.edu", markdown="Hi").json()["id"]
    with django_assert_max_num_queries(10) as counted:
        assert deliveries(admin_client, small).status_code == 200
    queries = len(counted.captured_queries)

    emails = " ".join(f"r{n:03d}@x.edu" for n in range(120))
    big = schedule(admin_client, audience="custom", emails=emails, markdown="Hello").json()["id"]
    Delivery.objects.filter(mailing_id=big, email__lt="r010").update(state="failed", last_error="refused")
    for params in ({}, {"page": 3}, {"state": "pending", "page": 2}):
        with django_assert_max_num_queries(queries):
            r = deliveries(admin_client, big, **params)
        assert r.status_code == 200
    first, third = deliveries(admin_client, big).json(), deliveries(admin_client, big, page=3).json()
    assert (first["total"], first["pages"], len(first["deliveries"])) == (120, 3, 50)
    assert [row["email"] for row in third["deliveries"]] == [f"r{n:03d}@x.edu" for n in range(100, 120)]
    pending = deliveries(admin_client, big, state="pending", page=2).json()
    assert (pending["total"], pending["pages"], len(pending["deliveries"])) == (110, 3, 50)
    assert pending["deliveries"][0]["email"] == "r060@x.edu"
    assert deliveries(admin_client, big, page=9).json()["deliveries"] == []


@pytest.mark.parametrize("params", [{"state": "lost"}, {"page": "0"}, {"page": "two"}])
def test_deliveries_refuse_a_bad_query(admin_client, accepted, params):
    mailing_id = schedule(admin_client).json()["id"]
    r = deliveries(admin_client, mailing_id, **params)
    assert r.status_code == 400 and r.json()["message"]


def test_deliveries_of_an_unknown_mailing_are_404(admin_client, db):
    assert deliveries(admin_client, 987654).status_code == 404
