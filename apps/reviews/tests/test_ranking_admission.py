"""The ranking (summaries from the scores, constant queries), fill to capacity through the
status machine, the capacity figures, the exports and the table's score sort and filter."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext

from apps.accounts.models import Role
from apps.applications.models import Application, ApplicationEvent
from apps.applications.models import ApplicationStatus as S
from apps.cycles.selectors import current_cycle
from apps.reviews.models import AdmissionPlan, Review, ReviewScore, ReviewSummary
from apps.reviews.ranking import refresh_summaries
from apps.reviews.rubric import criteria_of

from .scoring_data import JSON, applicant, assign, client_for, make_reviewer, ranking_disagreements, score

pytestmark = pytest.mark.django_db


def scored(reviewer, application, values, comment=""):
    """A scored review written straight to the tables (the API's own path is tested elsewhere)."""
    assign(reviewer, application)
    review = Review.objects.create(reviewer=reviewer, application=application, outcome="scored", comment=comment)
    criteria = criteria_of(current_cycle())
    ReviewScore.objects.bulk_create(
        [ReviewScore(review=review, criterion=c, value=v) for c, v in zip(criteria, values, strict=True)]
    )


@pytest.fixture
def board():
    """Six applicants scored by two reviewers: app i gets (i+2, i+2) from both, so the order is
    app5 > app4 > ... > app0. app1 and app2 share team T1."""
    a, b = make_reviewer("rev-a@princeton.edu"), make_reviewer("rev-b@princeton.edu")
    boss = make_reviewer("boss@princeton.edu", role=Role.ADMIN)
    apps = [applicant(f"app{i}@yale.edu", first=f"F{i}") for i in range(6)]
    for i, app in enumerate(apps):
        scored(a, app, [i + 2, i + 2], comment=f'=HYPERLINK("x",{i})' if i == 0 else "")
        scored(b, app, [i + 3, i + 1])
    Application.objects.filter(pk__in=[apps[1].pk, apps[2].pk]).update(teamcode="T1")
    return {"a": a, "b": b, "boss": boss, "apps": apps}


def test_the_ranking_orders_by_combined_score_in_a_constant_number_of_queries(board):
    boss = client_for(board["boss"])
    first = boss.get("/api/reviews/ranking")
    # Never calibrated: the page answers at once with nothing ranked yet and queues the
    # recalibration (which the test client runs after the response, as a worker would).
    assert first.status_code == 200
    assert first.json()["recalculating"] is True and first.json()["rows"] == []
    body = boss.get("/api/reviews/ranking").json()
    assert body["recalculating"] is False
    assert [row["email"] for row in body["rows"]] == [f"app{i}@yale.edu" for i in range(5, -1, -1)]
    assert [row["rank"] for row in body["rows"]] == [1, 2, 3, 4, 5, 6]
    assert body["rows"][0]["reviews"] == 2 and body["rows"][0]["name"] == "F5 Quimby"
    assert body["total"] == 6
    assert {r["email"] for r in body["reviewers"]} == {"rev-a@princeton.edu", "rev-b@princeton.edu"}
    assert [a["name"] for a in body["agreement"]] == ["Technical", "Personal"]
    assert body["refreshed_at"]
    with CaptureQueriesContext(connection) as few:
        boss.get("/api/reviews/ranking?page_size=2&page=2")
    for i in range(20):
        applicant(f"extra{i}@yale.edu")
        scored(board["a"], Application.objects.get(email=f"extra{i}@yale.edu"), [5, 5])
    refresh_summaries(current_cycle())
    with CaptureQueriesContext(connection) as many:
        r = boss.get("/api/reviews/ranking?page_size=50")
    assert len(r.json()["rows"]) == 26
    assert len(many) == len(few), [q["sql"] for q in many.captured_queries]
    # The budget: session, user, the ranking state, the page, the rubric.
    assert len(many) <= 5, [q["sql"] for q in many.captured_queries]


def test_a_request_after_a_review_change_serves_the_last_ranking_and_only_queues_the_recalibration(board, monkeypatch):
    from apps.reviews import scoring, tasks

    boss, a = client_for(board["boss"]), client_for(board["a"])
    refresh_summaries(current_cycle())
    with CaptureQueriesContext(connection) as fresh:
        before = boss.get("/api/reviews/ranking").json()
    assert before["recalculating"] is False

    queued = []
    monkeypatch.setattr(tasks.refresh_ranking, "delay", lambda cycle_id: queued.append(cycle_id))

    def no_full_rank(*args, **kwargs):
        raise AssertionError("a request ran the full recalibration")

    monkeypatch.setattr(scoring, "rank", no_full_rank)
    app0 = board["apps"][0]
    assert score(a, app0, [10, 10]).status_code == 200
    with CaptureQueriesContext(connection) as stale:
        after = boss.get("/api/reviews/ranking").json()
    assert after["recalculating"] is True and after["changed_at"] > after["refreshed_at"]
    # The last ranking, as it was: same order, same total, same number of queries.
    assert [r["email"] for r in after["rows"]] == [r["email"] for r in before["rows"]]
    assert len(stale) == len(fresh), [q["sql"] for q in stale.captured_queries]
    # Queued by the save, once (the claim), not by the read as well.
    assert queued == [current_cycle().pk]


def test_a_read_queues_the_recalibration_again_only_once_the_changes_own_claim_could_be_lost(board, monkeypatch):
    from django.core.cache import cache

    from apps.reviews import ranking_state, tasks
    from apps.reviews.models import RankingState

    boss, a = client_for(board["boss"]), client_for(board["a"])
    cycle = current_cycle()
    refresh_summaries(cycle)
    queued, claims = [], []
    monkeypatch.setattr(tasks.refresh_ranking, "delay", lambda cycle_id: queued.append(cycle_id))
    real_add, claim = cache.add, ranking_state.claim_key(cycle.pk)

    def add(key, *args, **kwargs):  # the claim's round trips, among the cache's others
        if key == claim:
            claims.append(key)
        return real_add(key, *args, **kwargs)

    monkeypatch.setattr(ranking_state.cache, "add", add)
    assert score(a, board["apps"][0], [10, 10]).status_code == 200
    assert queued == [cycle.pk] and claims == [claim]
    # The task is lost: its claim is gone (as when it expires), and nothing ran.
    cache.delete(ranking_state.claim_key(cycle.pk))
    # Right after the change a read serves the stale ranking without asking Redis at all...
    assert boss.get("/api/reviews/ranking").json()["recalculating"] is True
    assert queued == [cycle.pk] and len(claims) == 1
    # ... and once the change is a claim's life old, a read queues it again, once.
    state = RankingState.objects.get(cycle=cycle)
    age = state.changed_at - state.refreshed_at + timedelta(seconds=ranking_state.CLAIM_SECONDS)
    RankingState.objects.filter(cycle=cycle).update(
        changed_at=F("changed_at") - age, refreshed_at=F("refreshed_at") - age
    )
    for _ in range(2):
        assert boss.get("/api/reviews/ranking").json()["recalculating"] is True
    assert queued == [cycle.pk, cycle.pk] and len(claims) == 3
    # Fresh again, nothing is queued.
    refresh_summaries(cycle)
    cache.delete(ranking_state.claim_key(cycle.pk))
    assert boss.get("/api/reviews/ranking").json()["recalculating"] is False
    assert queued == [cycle.pk, cycle.pk]


def test_a_review_save_rescores_its_application_at_once_in_a_constant_number_of_queries(
    board, monkeypatch, django_assert_num_queries
):
    from apps.reviews import ranking_state, tasks

    monkeypatch.setattr(tasks.refresh_ranking, "delay", lambda cycle_id: None)
    cycle = current_cycle()
    refresh_summaries(cycle)
    app0 = board["apps"][0]
    old = ReviewSummary.objects.get(application=app0)
    assert score(client_for(board["a"]), app0, [10, 10]).status_code == 200
    new = ReviewSummary.objects.get(application=app0)
    # Rescored with the stored calibration: higher at once, still 2 reviews; the rank is the
    # last recalibration's until the next one.
    assert new.score > old.score and new.raw_score > old.raw_score and new.reviews == 2
    assert new.rank == old.rank == 6
    # ... and so is the table's sort key, in the same transaction: the score to KEY_DIGITS
    # decimals, as the recalibration writes it (which then has nothing to rewrite for it).
    key = Application.objects.get(pk=app0.pk).review_score_key
    assert key == pytest.approx(new.score, abs=10**-ranking_state.KEY_DIGITS) and key == round(key, 6)
    assert ranking_state.KEY_DIGITS == 6
    # The calibration it used: every reviewer's figures by id, and the pool's.
    state = ranking_state.RankingState.objects.get(cycle=cycle)
    assert state.pooled_mean is not None and all(r["reviewer_id"] for r in state.reviewers)
    # A new application's first review: a summary without a rank, whatever the cycle's size.
    lone = applicant("lone@yale.edu")
    assign(board["a"], lone)
    for i in range(30):
        scored(board["b"], applicant(f"bulk{i}@yale.edu"), [4, 4])
    # Three reads (state, rubric, scores) and two writes (the application's sort key, the
    # summary), however many applications there are.
    with django_assert_num_queries(5):
        ranking_state.rescore(cycle.pk, lone.pk)
    assert ReviewSummary.objects.filter(application=lone).count() == 0
    assert score(client_for(board["a"]), lone, [7, 7]).status_code == 200
    summary = ReviewSummary.objects.get(application=lone)
    assert summary.reviews == 1 and summary.rank is None and summary.score is not None


def test_a_review_change_marks_the_ranking_stale_and_the_task_refreshes_it(board):
    boss, a = client_for(board["boss"]), client_for(board["a"])
    boss.get("/api/reviews/ranking")
    app0 = board["apps"][0]
    # rev-a now loves app0: after the save (the task runs eagerly in tests) it moves up.
    assert score(a, app0, [10, 10]).status_code == 200
    assert ReviewSummary.objects.get(application=app0).rank < 6
    body = boss.get("/api/reviews/ranking").json()
    assert body["rows"][-1]["email"] != "app0@yale.edu" and body["recalculating"] is False


def test_min_reviews_filters_and_bad_parameters_are_400(board):
    boss = client_for(board["boss"])
    lone = applicant("lone@yale.edu")
    scored(board["a"], lone, [9, 9])
    refresh_summaries(current_cycle())
    assert boss.get("/api/reviews/ranking").json()["total"] == 7
    assert boss.get("/api/reviews/ranking?min_reviews=2").json()["total"] == 6
    for query in ("min_reviews=-1", "page=0", "page_size=201", "page=abc", "min_reviews=99999999999"):
        r = boss.get(f"/api/reviews/ranking?{query}")
        assert r.status_code == 400 and r.json()["message"], query
    assert client_for(board["a"]).get("/api/reviews/ranking").status_code == 403


def fill(client, **body):
    base = {"capacity": 2, "attendance_rate": 1, "waitlist_size": 1, "keep_teams": False, "dry_run": True}
    return client.post("/api/reviews/fill-to-capacity", {**base, **body}, content_type=JSON)


def test_fill_to_capacity_previews_then_records_decisions_through_the_status_machine(board):
    boss = client_for(board["boss"])
    # capacity 2 at 50% attendance: admit 4.
    preview = fill(boss, capacity=2, attendance_rate=0.5, waitlist_size=1)
    assert preview.status_code == 200, preview.json()
    body = preview.json()
    assert [r["email"] for r in body["accept"]] == ["app5@yale.edu", "app4@yale.edu", "app3@yale.edu", "app2@yale.edu"]
    assert [r["email"] for r in body["waitlist"]] == ["app1@yale.edu"]
    assert body["counts"] == {"accept": 4, "waitlist": 1, "already_admitted": 0, "teams_kept": 0, "target": 4}
    # Nothing recorded by a preview; a wrong confirmation is refused.
    assert not AdmissionPlan.objects.exists()
    wrong = fill(boss, capacity=2, attendance_rate=0.5, waitlist_size=1, dry_run=False, confirm_count=3)
    assert wrong.status_code == 409 and "confirm_count" in wrong.json()["errors"]
    done = fill(boss, capacity=2, attendance_rate=0.5, waitlist_size=1, dry_run=False, confirm_count=4)
    assert done.status_code == 200
    statuses = {a.email: a.status for a in (Application.objects.filter(cycle=current_cycle()))}
    assert [statuses[f"app{i}@yale.edu"] for i in range(6)] == [
        S.SUBMITTED,
        S.WAITLISTED,
        S.ACCEPTED,
        S.ACCEPTED,
        S.ACCEPTED,
        S.ACCEPTED,
    ]
    assert ApplicationEvent.objects.filter(field="status", to_value="accepted", actor=board["boss"]).count() == 4
    assert AdmissionPlan.objects.get().capacity == 2
    # Run again: already 4 admitted, nobody more to accept.
    assert fill(boss, capacity=2, attendance_rate=0.5).json()["counts"]["accept"] == 0
    cap = boss.get("/api/reviews/capacity").json()
    assert cap == {
        "capacity": 2,
        "attendance_rate": 0.5,
        "waitlist_size": 1,
        "keep_teams": False,
        "accepted": 4,
        "confirmed": 0,
        "checked_in": 0,
        "waitlisted": 1,
        "admitted": 4,
        "spots_filled": 0,
        "spots_left": 2,
    }


def test_keep_teams_decides_a_team_as_a_unit_and_skips_one_that_does_not_fit(board):
    boss = client_for(board["boss"])
    # 3 spots: app5, app4, app3; then team T1 (app2 + app1) doesn't fit the 0 left.
    body = fill(boss, capacity=3, attendance_rate=1, waitlist_size=2, keep_teams=True).json()
    assert [r["email"] for r in body["accept"]] == ["app5@yale.edu", "app4@yale.edu", "app3@yale.edu"]
    assert [r["email"] for r in body["waitlist"]] == ["app2@yale.edu", "app1@yale.edu"]
    assert body["counts"]["teams_kept"] == 1
    # 4 spots: the team (2) doesn't fit after 3 singles (1 left), so app0 takes the spot.
    body = fill(boss, capacity=4, attendance_rate=1, waitlist_size=1, keep_teams=True).json()
    assert [r["email"] for r in body["accept"]] == ["app5@yale.edu", "app4@yale.edu", "app3@yale.edu", "app0@yale.edu"]
    assert body["waitlist"] == []


@pytest.mark.parametrize(
    "body",
    [{"capacity": 0}, {"attendance_rate": 0}, {"attendance_rate": 1.5}, {"waitlist_size": -1}, {"capacity": "many"}],
)
def test_bad_fill_input_is_400(board, body):
    r = fill(client_for(board["boss"]), **body)
    assert r.status_code == 400 and r.json()["message"]


def test_the_exports_are_formula_safe_and_complete(board):
    boss = client_for(board["boss"])
    r = boss.get("/api/reviews/export/scores.csv")
    assert r.status_code == 200 and r["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(b"".join(r.streaming_content).decode())))
    assert rows[0] == [
        "application_email",
        "name",
        "reviewer",
        "outcome",
        "Technical",
        "Personal",
        "combined",
        "comment",
    ]
    assert len(rows) == 1 + 12
    formula = [row for row in rows if row[-1].startswith("'=")]
    assert formula and formula[0][0] == "app0@yale.edu"
    assert not any(cell.startswith("=") for row in rows for cell in row)
    r = boss.get("/api/reviews/export/reviewers.csv")
    rows = list(csv.reader(io.StringIO(b"".join(r.streaming_content).decode())))
    assert rows[0][:4] == ["reviewer", "reviews", "skipped", "conflicts"]
    assert [row[:2] for row in rows[1:]] == [["rev-a@princeton.edu", "6"], ["rev-b@princeton.edu", "6"]]
    assert client_for(board["a"]).get("/api/reviews/export/scores.csv").status_code == 403


def test_the_table_sorts_by_score_and_filters_by_review_count(board):
    boss = client_for(board["boss"])
    refresh_summaries(current_cycle())
    applicant("unscored@yale.edu")
    r = boss.get("/api/applications/all", {"sort": "-score", "per_page": 3})
    assert r.status_code == 200, r.json()
    body = r.json()
    assert [row["email"] for row in body["applications"]] == ["app5@yale.edu", "app4@yale.edu", "app3@yale.edu"]
    assert body["applications"][0]["reviews"] == 2 and body["applications"][0]["score"] is not None
    # The next page follows by cursor, and the unscored application comes last.
    nxt = boss.get("/api/applications/all", {"sort": "-score", "per_page": 3, "page": 2, "after": body["next"]})
    assert [row["email"] for row in nxt.json()["applications"]] == ["app2@yale.edu", "app1@yale.edu", "app0@yale.edu"]
    last = boss.get("/api/applications/all", {"sort": "-score", "per_page": 3, "page": 3})
    assert [(row["email"], row["score"], row["reviews"]) for row in last.json()["applications"]][-1] == (
        "unscored@yale.edu",
        None,
        0,
    )
    # Sorted by the copy on the application row, which an index holds: no sort over a join,
    # and a page sorted by score costs what page 1 of the default sort costs.
    with CaptureQueriesContext(connection) as by_score:
        boss.get("/api/applications/all", {"sort": "-score", "per_page": 3})
    with CaptureQueriesContext(connection) as by_email:
        boss.get("/api/applications/all", {"per_page": 3})
    page_sql = by_score.captured_queries[-1]["sql"]
    assert '"applications_application"."review_score_key" AS "score_key"' in page_sql, page_sql
    assert len(by_score) == len(by_email)
    assert boss.get("/api/applications/all", {"filters": '{"reviews_min": "2"}'}).json()["total"] == 6
    assert boss.get("/api/applications/all", {"filters": '{"reviews_min": 1}'}).json()["total"] == 6
    assert boss.get("/api/applications/all", {"filters": '{"reviews_min": "0"}'}).json()["total"] == 7
    bad = boss.get("/api/applications/all", {"filters": '{"reviews_min": "lots"}'})
    assert bad.status_code == 400 and bad.json()["message"]


def test_the_plan_reads_candidates_in_chunks_and_stops_when_full(board, monkeypatch, django_assert_max_num_queries):
    from apps.reviews import admission

    monkeypatch.setattr(admission, "CANDIDATE_CHUNK", 2)
    cycle = current_cycle()
    refresh_summaries(cycle)
    # Across chunks: 4 accepted, 1 waitlisted, the same as one read.
    result = admission.plan(cycle=cycle, capacity=4, attendance_rate=1, waitlist_size=1, keep_teams=False)
    assert [r["email"] for r in result["accept"]] == [f"app{i}@yale.edu" for i in (5, 4, 3, 2)]
    assert [r["email"] for r in result["waitlist"]] == ["app1@yale.edu"]
    # Full after the first chunk: the ranking state, the counts and one chunk only.
    with django_assert_max_num_queries(3):
        small = admission.plan(cycle=cycle, capacity=2, attendance_rate=1, waitlist_size=0, keep_teams=False)
    assert small["counts"]["accept"] == 2


def test_a_recalibration_rewrites_only_the_sort_keys_whose_rounded_score_moved(board, monkeypatch):
    """Every recalibration moves every calibrated score by a hair (the pool's mean moves with
    each review); the table's sort keys are the scores rounded (ranking_state.score_key), so a
    recalibration rewrites the application rows whose score really moved, not all of them, and
    the keys it writes are the ones a review's save writes."""
    from apps.reviews import ranking, ranking_state, tasks

    monkeypatch.setattr(tasks.refresh_ranking, "delay", lambda cycle_id: None)
    cycle = current_cycle()
    refresh_summaries(cycle)
    reviewed = ReviewSummary.objects.filter(application__cycle=cycle).count()
    assert reviewed >= 6
    # Nothing changed: nothing to write.
    assert ranking.sync_score_keys(cycle) == 0
    # Every key is its summary's score, rounded.
    for summary in ReviewSummary.objects.filter(application__cycle=cycle).select_related("application"):
        assert summary.application.review_score_key == round(summary.score, ranking_state.KEY_DIGITS)
    # Drift alone (every score moved by less than the key's last digit) rewrites nothing.
    ReviewSummary.objects.filter(application__cycle=cycle).update(score=F("score") + 1e-9)
    assert ranking.sync_score_keys(cycle) == 0
    # A real move of one application's score rewrites its row alone.
    moved = ReviewSummary.objects.filter(application__cycle=cycle).first()
    ReviewSummary.objects.filter(pk=moved.pk).update(score=F("score") + 0.5)
    assert ranking.sync_score_keys(cycle) == 1
    # A review's save writes the key the recalibration would: nothing left to rewrite after it.
    app0 = board["apps"][0]
    assert score(client_for(board["a"]), app0, [1, 1]).status_code == 200
    assert ranking.sync_score_keys(cycle) == 0


def test_a_recalibration_writes_the_summaries_that_moved_and_removes_those_left_without_a_review(board, monkeypatch):
    """Drift (every figure moved by a hair, as one new score moves the pool's mean) writes no
    summary; a summary that really moved is written back to the exact figures with its sort
    key; one whose application lost its reviews is removed, its key back to "no score"; and
    after each, every stored figure stands within ranking.DRIFT of the maths' own."""
    from apps.applications.models import NO_REVIEW_SCORE
    from apps.reviews import ranking, tasks

    monkeypatch.setattr(tasks.refresh_ranking, "delay", lambda cycle_id: None)
    cycle = current_cycle()
    assert refresh_summaries(cycle) == 6

    def stored():
        return {s.application_id: s for s in ReviewSummary.objects.filter(application__cycle=cycle)}

    assert ranking_disagreements(cycle) == []
    first = stored()
    # Drift alone: nothing is written, the drifted figures stand.
    ReviewSummary.objects.filter(application__cycle=cycle).update(score=F("score") + ranking.DRIFT / 4)
    assert refresh_summaries(cycle) == 6
    drifted = stored()
    assert all(drifted[a].refreshed_at == first[a].refreshed_at for a in first)
    assert all(drifted[a].score == first[a].score + ranking.DRIFT / 4 for a in first)
    assert ranking_disagreements(cycle) == []
    # Nothing written and every key in line: not one application's key to look at again.
    assert ranking._recalibrate(cycle) == (6, [])
    # One summary really off: written back alone, with its sort key.
    app3 = board["apps"][3].pk
    ReviewSummary.objects.filter(application_id=app3).update(score=F("score") + 0.5)
    Application.objects.filter(pk=app3).update(review_score_key=F("review_score_key") + 0.5)
    refresh_summaries(cycle)
    after = stored()
    assert [a for a in first if after[a].refreshed_at != first[a].refreshed_at] == [app3]
    assert ranking_disagreements(cycle) == []
    # An application whose reviews are gone: its summary goes, its key says "no score", and
    # the others move up a rank.
    app5 = board["apps"][5].pk
    Review.objects.filter(application_id=app5).delete()
    assert refresh_summaries(cycle) == 5
    assert not ReviewSummary.objects.filter(application_id=app5).exists()
    assert Application.objects.get(pk=app5).review_score_key == NO_REVIEW_SCORE
    assert ranking_disagreements(cycle) == []


@pytest.mark.parametrize(
    "damage",
    ["ranks swapped", "spread", "review count", "score gone", "key off", "key unrounded", "key without a summary"],
)
def test_a_recalibration_puts_right_whatever_stands_out_of_line(board, monkeypatch, damage):
    """Whatever the summaries or the sort keys hold that the scores don't give (a sync cut off
    after its summaries committed, a race with a save, keys an older version wrote unrounded),
    the next recalibration puts right, and writes no other summary."""
    from apps.applications.models import NO_REVIEW_SCORE
    from apps.reviews import tasks

    monkeypatch.setattr(tasks.refresh_ranking, "delay", lambda cycle_id: None)
    cycle = current_cycle()
    refresh_summaries(cycle)
    summaries = ReviewSummary.objects.filter(application__cycle=cycle)
    first, second = (board["apps"][i].pk for i in (2, 3))

    def figures():
        return {
            s.application_id: (s.score, s.raw_score, s.reviews, s.spread, s.rank, s.refreshed_at)
            for s in summaries.all()
        }

    before = figures()
    keys = dict(Application.objects.filter(cycle=cycle).values_list("pk", "review_score_key"))
    bare = applicant("unreviewed@yale.edu")  # no review: no summary, and the key says so
    assert Application.objects.get(pk=bare.pk).review_score_key == NO_REVIEW_SCORE
    damaged = {first}
    if damage == "ranks swapped":
        summaries.filter(application_id=first).update(rank=before[second][4])
        summaries.filter(application_id=second).update(rank=before[first][4])
        damaged = {first, second}
    elif damage == "spread":
        summaries.filter(application_id=first).update(spread=F("spread") + 1)
    elif damage == "review count":
        summaries.filter(application_id=first).update(reviews=7)
    elif damage == "score gone":
        summaries.filter(application_id=first).update(score=None)
    elif damage == "key off":
        Application.objects.filter(pk=first).update(review_score_key=F("review_score_key") + 1)
    elif damage == "key unrounded":
        Application.objects.filter(pk=first).update(review_score_key=before[first][0])
        assert before[first][0] != round(before[first][0], 6)
    else:
        Application.objects.filter(pk=bare.pk).update(review_score_key=1.5)
    refresh_summaries(cycle)
    after = figures()
    assert after.keys() == before.keys()
    for app, figures in before.items():
        assert after[app][:5] == figures[:5], (app, after[app], figures)
    # Only a damaged summary was written again; a damaged key alone writes no summary.
    rewritten = {app for app in before if after[app][5] != before[app][5]}
    assert rewritten == (set() if damage.startswith("key") else damaged)
    assert dict(Application.objects.filter(cycle=cycle).exclude(pk=bare.pk).values_list("pk", "review_score_key")) == {
        pk: key for pk, key in keys.items() if pk != bare.pk
    }
    assert Application.objects.get(pk=bare.pk).review_score_key == NO_REVIEW_SCORE
