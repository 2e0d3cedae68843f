"""Every count an organizer sees agrees with every other page's, and with the rows behind it.

A cycle with applicants in every status (some at the host school, some scored by a reviewer),
then the same number read from each place that shows it: the named selections' count, the
applications table's total under the same filter (the API and the /admin/users page's props),
the CSV export's rows (the API and `export_applications`), the statistics (the API and the
cards' filters in the page's props), the ranking's capacity panel, fill to capacity's preview,
the demographics groups, the check-in door and the mail audiences.
"""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.core.management import call_command

from apps.accounts.models import Role
from apps.applications import selections
from apps.applications.models import Answer, Application
from apps.applications.models import ApplicationStatus as S
from apps.checkin import checkins
from apps.core.tests.factories import ApplicationFactory, UserFactory
from apps.cycles.selectors import current_cycle
from apps.mailings import audiences
from apps.reports import statistics
from apps.reviews.models import Review, ReviewScore
from apps.reviews.ranking import refresh_summaries
from apps.reviews.rubric import criteria_of
from apps.reviews.services import assign

pytestmark = pytest.mark.django_db

HOST = "Princeton University"
# Per status: (at the host school, elsewhere).
SEED = {
    S.UNSUBMITTED: (1, 1),
    S.STARTED: (2, 1),
    S.SUBMITTED: (3, 2),
    S.WAITLISTED: (1, 2),
    S.WAITLIST_CONFIRMED: (1, 1),
    S.ACCEPTED: (2, 1),
    S.WAITLIST_ACCEPTED: (1, 1),
    S.CONFIRMED: (3, 2),
    S.REJECTED: (2, 3),
    S.DECLINED: (1, 2),
    S.CHECKED_IN: (2, 1),
    S.EXPIRED: (1, 1),
}


@pytest.fixture
def cycle(db):
    reviewer = UserFactory(email="reviewer@princeton.edu", role=Role.REVIEWER)
    criteria = criteria_of(current_cycle())
    n = 0
    for status, (host, elsewhere) in SEED.items():
        for school, how_many in ((HOST, host), ("Yale University", elsewhere)):
            for _ in range(how_many):
                n += 1
                application = ApplicationFactory(
                    user=UserFactory(email=f"p{n}@school.edu"), status=status, school=school, first=f"P{n}"
                )
                if status not in selections.DRAFTS:
                    Answer.objects.create(application=application, question_id="first_generation", value="yes")
                # Every other submitted application has a scored review: "reviewed" and
                # "awaiting review" then both hold some.
                if status not in selections.DRAFTS and n % 2 == 0:
                    assign(reviewer=reviewer, application_id=application.pk)
                    review = Review.objects.create(reviewer=reviewer, application=application, outcome="scored")
                    ReviewScore.objects.bulk_create(
                        [ReviewScore(review=review, criterion=c, value=3) for c in criteria]
                    )
    # The summaries the table filters on and the selections count by.
    refresh_summaries(current_cycle())
    return current_cycle()


def seeded(statuses) -> int:
    return sum(sum(SEED[s]) for s in statuses)


def table_total(client, filters: dict) -> int:
    r = client.get("/api/applications/all", {"filters": json.dumps(filters), "per_page": 1})
    assert r.status_code == 200, r.json()
    return r.json()["total"]


def csv_rows(client, params: dict) -> int:
    r = client.get("/api/applications/export", params)
    assert r.status_code == 200
    return len(list(csv.DictReader(io.StringIO(b"".join(r.streaming_content).decode()))))


def command_rows(*where: str) -> int:
    out = io.StringIO()
    call_command("export_applications", *[f"--where={w}" for w in where], stdout=out)
    return len(list(csv.DictReader(io.StringIO(out.getvalue()))))


def test_each_status_counts_the_same_in_the_table_the_selections_and_the_export(admin_client, cycle):
    counts = selections.count(cycle, [f"status:{s}" for s in S.values])
    for status in S.values:
        expected = seeded([status])
        assert counts[f"status:{status}"] == expected, status
        assert table_total(admin_client, {"status": status}) == expected, status
        assert csv_rows(admin_client, {"status": status}) == expected, status
        assert csv_rows(admin_client, {"filters": json.dumps({"status": status})}) == expected, status


def test_each_named_selection_counts_the_rows_every_page_selects(admin_client, cycle, django_assert_num_queries):
    with django_assert_num_queries(1):
        counts = selections.count(cycle, selections.NAMES)
    assert counts["registered"] == seeded(S.values)
    assert counts["submitted"] == seeded(selections.PAST_DRAFT)
    assert counts["reviewed"] > 0 and counts["awaiting_review"] > 0
    assert counts["admitted"] == seeded([S.ACCEPTED, S.WAITLIST_ACCEPTED, S.CONFIRMED, S.CHECKED_IN])
    assert counts["confirmed"] == seeded([S.CONFIRMED, S.CHECKED_IN])
    for name in selections.NAMES:
        assert table_total(admin_client, {"selection": name}) == counts[name], name
        assert csv_rows(admin_client, {"selection": name}) == counts[name], name
        # The /admin/users page's first paint: its props hold the same total.
        page = admin_client.get(f"/admin/users?selection={name}")
        assert page.context["page_props"]["initialPage"]["total"] == counts[name], name
    assert command_rows("selection=admitted") == counts["admitted"]
    assert command_rows("selection=confirmed", "host=true") == SEED[S.CONFIRMED][0] + SEED[S.CHECKED_IN][0]


def test_the_statistics_cards_count_what_their_filters_select(admin_client, cycle):
    stats = admin_client.get("/api/applications/stats").json()
    props = admin_client.get("/admin/stats").context["page_props"]
    assert set(props["cardFilters"]) == set(stats)
    # The page draws the counts it brings: the API's, number for number.
    assert props["stats"] == stats
    host = {s: SEED[s][0] for s in SEED}
    assert stats["total_applications"] == seeded(selections.PAST_DRAFT)
    assert stats["princeton_applications"] == sum(host[s] for s in selections.PAST_DRAFT)
    # Confirmed counts the checked in too; submitted = status not started/unsubmitted.
    assert stats["princeton_confirmed"] == host[S.CONFIRMED] + host[S.CHECKED_IN]
    for key, value in stats.items():
        filters = props["cardFilters"][key]
        assert filters == statistics.card_filters(key)
        assert table_total(admin_client, filters) == value, key
        assert csv_rows(admin_client, filters) == value, key


def test_the_capacity_panel_and_fill_to_capacity_use_the_same_counts(admin_client, cycle):
    counts = selections.count(cycle, selections.NAMES)
    capacity = admin_client.get("/api/reviews/capacity").json()
    for name in ("accepted", "confirmed", "waitlisted", "checked_in", "admitted"):
        assert capacity[name] == counts[name] == table_total(admin_client, {"selection": name}), name
    assert capacity["spots_filled"] == counts["confirmed"]
    body = {"capacity": 40, "attendance_rate": 1, "waitlist_size": 0, "keep_teams": False, "dry_run": True}
    preview = admin_client.post("/api/reviews/fill-to-capacity", body, content_type="application/json")
    assert preview.status_code == 200, preview.json()
    fill = preview.json()["counts"]
    assert fill["already_admitted"] == counts["admitted"] == capacity["admitted"]
    assert fill["target"] == 40
    # Undecided scored applications are the candidates: fewer than the room left.
    assert fill["accept"] == min(40 - counts["admitted"], len(preview.json()["accept"]))


def test_demographics_groups_the_check_in_door_and_mail_audiences_agree(admin_client, cycle):
    counts = selections.count(cycle, selections.NAMES)
    for group, name in (("applied", "submitted"), ("accepted", "admitted"), ("confirmed", "confirmed")):
        body = admin_client.get("/api/applications/demographics", {"group": group}).json()
        first_generation = next(q for q in body if q["question_id"] == "first_generation")
        assert {row["label"]: row["count"] for row in first_generation["data"]} == {"Yes": counts[name]}, group
    assert checkins.stats() == {
        "confirmed": counts["confirmed"],
        "checked_in": counts["checked_in"],
        "time_zone": "UTC",
    }
    for status in S.values:
        assert len(audiences.resolve(status).recipients()) == seeded([status]), status


def test_the_count_adds_the_anonymised_only_when_asked(cycle, django_assert_num_queries):
    from apps.applications.models import AnonymisedApplicationCount

    AnonymisedApplicationCount.objects.create(cycle=cycle, status=S.CHECKED_IN, host_school=True, count=4)
    with django_assert_num_queries(1):
        both = selections.count(cycle, ["confirmed", "reviewed"], by_host=True, anonymised=True)
    plain = selections.count(cycle, ["confirmed", "reviewed"], by_host=True)
    assert both["confirmed"] == plain["confirmed"] + 4
    assert both.host("confirmed") == plain.host("confirmed") + 4
    assert both.other("confirmed") == plain.other("confirmed")
    # Nothing of the reviews of the anonymised is kept.
    assert both["reviewed"] == plain["reviewed"]
    assert Application.objects.filter(cycle=cycle, status=S.CHECKED_IN).count() == seeded([S.CHECKED_IN])
