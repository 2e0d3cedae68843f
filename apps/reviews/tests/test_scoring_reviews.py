"""The rubric and a reviewer's own review: scores within scale, private comments, skip and
conflict with hand-over, who may read what, and blind mode."""

from __future__ import annotations

import json
import re

import pytest

from apps.accounts.models import Role
from apps.cycles.models import Cycle, CycleStatus
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_make_current
from apps.reviews.models import Assignment, Conflict, Criterion, Review, ReviewStatus

from .scoring_data import JSON, applicant, assign, client_for, criteria_ids, make_reviewer, review_url, score

pytestmark = pytest.mark.django_db


@pytest.fixture
def team():
    """Two reviewers (A and B), an organizer, and two applications, both given to A and B."""
    a = make_reviewer("rev-a@princeton.edu")
    b = make_reviewer("rev-b@princeton.edu")
    boss = make_reviewer("boss@princeton.edu", role=Role.ADMIN)
    apps = [applicant("zelda@yale.edu"), applicant("quentin@mit.edu", school="MIT", first="Quentin", last="Xu")]
    for app in apps:
        assign(a, app)
        assign(b, app)
    return {"a": a, "b": b, "boss": boss, "apps": apps}


# --- Rubric ----------------------------------------------------------------------------------


def test_every_cycle_starts_with_the_default_rubric_and_a_new_cycle_copies_the_last(team):
    boss = client_for(team["boss"])
    body = boss.get("/api/reviews/rubric").json()
    assert [c["name"] for c in body["criteria"]] == ["Technical", "Personal"]
    assert body["blind"] is False and body["locked"] is False
    ids = [c["id"] for c in body["criteria"]]
    r = boss.put(
        "/api/reviews/rubric",
        {
            "criteria": [
                {"id": ids[0], "name": "Tech", "description": "", "scale_min": 0, "scale_max": 5, "weight": 2},
                {"name": "Impact", "description": "What they'd build", "scale_min": 1, "scale_max": 10, "weight": 1.5},
            ],
            "blind": True,
        },
        content_type=JSON,
    )
    assert r.status_code == 200, r.json()
    assert [(c["name"], c["scale_max"], c["weight"]) for c in r.json()["criteria"]] == [
        ("Tech", 5, 2.0),
        ("Impact", 10, 1.5),
    ]
    assert r.json()["blind"] is True
    cycle_make_current(season="spring", year=2031)
    new = Cycle.objects.get(season="spring", year=2031)
    assert list(Criterion.objects.filter(cycle=new).values_list("name", "weight")) == [("Tech", 2), ("Impact", 1.5)]
    assert new.blind_review is True


@pytest.mark.parametrize(
    ("criteria", "key"),
    [
        ([], "criteria"),
        ([{"name": "A", "scale_min": 5, "scale_max": 5, "weight": 1}], "criteria.0.scale_max"),
        ([{"name": "A", "scale_min": 1, "scale_max": 101, "weight": 1}], "criteria.0.scale_max"),
        ([{"name": "A", "scale_min": 1, "scale_max": 10, "weight": 0}], "criteria.0.weight"),
        ([{"name": "A", "scale_min": 1, "scale_max": 10, "weight": 1}] * 2, "criteria.1.name"),
        ([{"name": " ", "scale_min": 1, "scale_max": 10, "weight": 1}], "criteria.0.name"),
        ([{"name": "A", "scale_min": 1, "scale_max": 10, "weight": 1}] * 11, "criteria"),
        ([{"name": "A", "scale_min": "x", "scale_max": 10, "weight": 1}], "criteria.0.scale_min"),
    ],
)
def test_a_bad_rubric_is_refused_with_the_field(team, criteria, key):
    r = client_for(team["boss"]).put("/api/reviews/rubric", {"criteria": criteria, "blind": False}, content_type=JSON)
    assert r.status_code == 400
    assert r.json()["message"]
    assert any(k.startswith(key) for k in r.json()["errors"]), r.json()


def test_a_reviewer_reads_the_rubric_but_cant_change_it(team):
    a = client_for(team["a"])
    assert a.get("/api/reviews/rubric").status_code == 200
    r = a.put("/api/reviews/rubric", {"criteria": [], "blind": False}, content_type=JSON)
    assert r.status_code == 403 and r.json()["message"]


def test_a_criterion_with_scores_cant_be_removed_and_a_released_rubric_is_locked(team):
    a, boss = client_for(team["a"]), client_for(team["boss"])
    assert score(a, team["apps"][0], [7, 8]).status_code == 200
    keep = boss.get("/api/reviews/rubric").json()["criteria"][:1]
    r = boss.put("/api/reviews/rubric", {"criteria": keep, "blind": False}, content_type=JSON)
    assert r.status_code == 409 and "has scores" in r.json()["message"]
    Cycle.objects.filter(pk=current_cycle().pk).update(status=CycleStatus.RELEASED)
    rubric = boss.get("/api/reviews/rubric").json()
    assert rubric["locked"] is True
    renamed = [{**c, "name": c["name"] + "!"} for c in rubric["criteria"]]
    assert boss.put("/api/reviews/rubric", {"criteria": renamed, "blind": False}, content_type=JSON).status_code == 409
    # The blind setting may still change.
    r = boss.put("/api/reviews/rubric", {"criteria": rubric["criteria"], "blind": True}, content_type=JSON)
    assert r.status_code == 200 and r.json()["blind"] is True


# --- Own review ------------------------------------------------------------------------------


def test_a_reviewer_scores_and_edits_their_review_and_the_assignment_completes(team):
    a = client_for(team["a"])
    app = team["apps"][0]
    assert a.get(review_url(app)).json()["outcome"] is None
    r = score(a, app, [7, 9], comment="Strong projects")
    assert r.status_code == 200, r.json()
    ids = criteria_ids(a)
    assert r.json()["scores"] == {str(ids[0]): 7, str(ids[1]): 9}
    assert r.json()["outcome"] == "scored" and r.json()["comment"] == "Strong projects" and r.json()["editable"]
    assert Assignment.objects.get(reviewer=team["a"], application=app).status == ReviewStatus.COMPLETE
    assert score(a, app, [3, 4]).json()["scores"] == {str(ids[0]): 3, str(ids[1]): 4}
    assert Review.objects.filter(application=app).count() == 1


@pytest.mark.parametrize(
    ("values", "problem"),
    [
        ({"first": 11, "second": 5}, "first"),
        ({"first": 0, "second": 5}, "first"),
        ({"first": 5}, "second"),
        ({"first": 5, "second": "nine"}, "second"),
        ({"first": 5, "second": 5, "999999": 3}, "scores"),
    ],
)
def test_out_of_scale_or_missing_scores_are_refused_by_criterion(team, values, problem):
    a = client_for(team["a"])
    ids = criteria_ids(a)
    names = {"first": str(ids[0]), "second": str(ids[1]), "999999": "999999"}
    body = {"scores": {names[k]: v for k, v in values.items()}}
    r = a.put(review_url(team["apps"][0]), body, content_type=JSON)
    assert r.status_code == 400
    key = "scores" if problem == "scores" else f"scores.{names[problem]}"
    assert key in r.json()["errors"], r.json()
    assert not Review.objects.exists()


@pytest.mark.parametrize(
    "body",
    ["[]", '"x"', "{", json.dumps({"scores": []}), json.dumps({"scores": {"1": 5}, "comment": 7})],
)
def test_malformed_review_bodies_are_400(team, body):
    r = client_for(team["a"]).put(review_url(team["apps"][0]), body, content_type=JSON)
    assert r.status_code == 400 and r.json()["message"]


def test_an_unassigned_application_cant_be_read_or_reviewed(team):
    other = applicant("nobody@yale.edu")
    a = client_for(team["a"])
    for response in (
        a.get(review_url(other)),
        score(a, other, [5, 5]),
        a.post(review_url(other, "skip"), {}, content_type=JSON),
        a.post(review_url(other, "conflict"), {"reason": "friend"}, content_type=JSON),
        a.get("/api/reviews/applications/999999999999999999/review"),
    ):
        assert response.status_code == 404
        assert response.json()["message"] == "This application isn't assigned to you."
    assert client_for(team["a"]).get("/api/reviews/applications/9999999999999999999999/review").status_code == 404


def test_reviews_close_at_release(team):
    a = client_for(team["a"])
    Cycle.objects.filter(pk=current_cycle().pk).update(status=CycleStatus.RELEASED)
    r = score(a, team["apps"][0], [5, 5])
    assert r.status_code == 409 and r.json()["message"] == "Reviews are closed: decisions were released."
    assert a.get(review_url(team["apps"][0])).json()["editable"] is False


def test_reviewer_b_cant_read_a_comments_but_an_organizer_can(team):
    a, b, boss = client_for(team["a"]), client_for(team["b"]), client_for(team["boss"])
    app = team["apps"][0]
    score(a, app, [7, 9], comment="A's private note")
    # B's own review is B's: empty, without A's comment.
    mine = b.get(review_url(app)).json()
    assert mine["comment"] == "" and mine["outcome"] is None
    assert "A's private note" not in b.get(review_url(app)).content.decode()
    r = b.get(review_url(app, "reviews"))
    assert r.status_code == 403
    assert r.json()["message"] == "Only organizers can read other reviewers' reviews and comments."
    everything = boss.get(review_url(app, "reviews"))
    assert everything.status_code == 200
    assert [(x["reviewer"], x["comment"]) for x in everything.json()["reviews"]] == [
        ("rev-a@princeton.edu", "A's private note")
    ]
    # Nor can B change A's review: a PUT only ever writes the caller's own.
    score(b, app, [1, 1], comment="B")
    assert Review.objects.get(reviewer=team["a"]).comment == "A's private note"


def test_a_skip_is_recorded_and_the_least_loaded_reviewer_takes_over(team):
    c = make_reviewer("rev-c@princeton.edu")
    assign(c, applicant("filler@yale.edu"))  # C reviews in this cycle, with 1 open
    a = client_for(team["a"])
    app = team["apps"][0]
    r = a.post(review_url(app, "skip"), {"reason": "Too close to call"}, content_type=JSON)
    assert r.status_code == 200 and r.json() == {"next_reviewer": "rev-c@princeton.edu"}
    review = Review.objects.get(reviewer=team["a"], application=app)
    assert (review.outcome, review.skip_reason) == ("skipped", "Too close to call")
    assert Assignment.objects.filter(reviewer=c, application=app).exists()
    assert Assignment.objects.get(reviewer=team["a"], application=app).status == ReviewStatus.COMPLETE


def test_a_conflict_removes_the_assignment_and_hands_over(team):
    c = make_reviewer("rev-c@princeton.edu")
    assign(c, applicant("filler@yale.edu"))
    a = client_for(team["a"])
    app = team["apps"][1]
    r = a.post(review_url(app, "conflict"), {"reason": "same_school", "note": "Lab partner"}, content_type=JSON)
    assert r.status_code == 200 and r.json()["next_reviewer"] == "rev-c@princeton.edu"
    assert not Assignment.objects.filter(reviewer=team["a"], application=app).exists()
    assert Conflict.objects.get(reviewer=team["a"], application=app).note == "Lab partner"
    # Nobody left the second time: the answer says so.
    r = client_for(c).post(review_url(app, "conflict"), {"reason": "friend"}, content_type=JSON)
    assert r.json() == {"next_reviewer": None}
    bad = client_for(team["b"]).post(review_url(app, "conflict"), {"reason": "enemy"}, content_type=JSON)
    assert bad.status_code == 400 and "reason" in bad.json()["errors"]


# --- The spec's review calls and pages, for reviewers ---------------------------------------


def test_a_reviewer_sees_only_their_own_list(team):
    a = client_for(team["a"])
    # A reviewer's list is read by id; the email routes are organizers' (even for their own address).
    mine = a.get("/api/reviews/assigned")
    assert mine.status_code == 200 and len(mine.json()["assigned"]) == 2
    assert a.get("/api/applications/assigned-applications/rev-a@princeton.edu").status_code == 403
    theirs = a.get("/api/applications/assigned-applications/rev-b@princeton.edu")
    assert theirs.status_code == 403 and theirs.json()["message"]
    assert a.get("/api/applications/application-index/rev-b@princeton.edu/0").status_code == 403
    assert (
        a.put("/api/applications/change-review-status/rev-b@princeton.edu/zelda@yale.edu/complete").status_code == 403
    )
    assert a.post("/api/applications/assign-application/rev-a@princeton.edu/zelda@yale.edu").status_code == 403
    assert a.get("/admin/reviewapps").status_code == 200
    assert a.get("/admin/reviewapps/0").status_code == 200
    assert a.get("/admin/users").status_code == 302
    boss = client_for(team["boss"])
    assert boss.get("/api/applications/assigned-applications/rev-b@princeton.edu").status_code == 200


def test_the_review_page_carries_the_rubric_and_the_callers_review(team):
    a = client_for(team["a"])
    score(a, team["apps"][0], [6, 7], comment="ok")
    props = a.get("/admin/reviewapps/0").context["page_props"]
    assert props["review"]["outcome"] == "scored" and props["review"]["comment"] == "ok"
    assert [c["name"] for c in props["rubric"]["criteria"]] == ["Technical", "Personal"]
    assert props["item"]["application_id"] == team["apps"][0].pk
    assert props["application"]["email"] == "zelda@yale.edu"
    assert props["blind"] is False and props["isOrganizer"] is False


# --- Blind mode -------------------------------------------------------------------------------


IDENTITY = ("zelda", "Zelda", "Quimby", "Yale", "quentin", "Quentin", "MIT")


def names(text: str, word: str) -> bool:
    """Whether `word` stands in `text` on its own, not inside a longer run of letters and
    digits: a page's random tokens (its CSRF token, its nonces) spell a short word by chance,
    and 'OZluJbMIT18w...' once failed the test below in CI."""
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(word)}(?![A-Za-z0-9])", text) is not None


def test_blind_mode_hides_who_the_applicant_is_from_reviewers(team):
    Cycle.objects.filter(pk=current_cycle().pk).update(blind_review=True)
    a = client_for(team["a"])
    score(a, team["apps"][0], [6, 7])
    responses = [
        a.get("/admin/reviewapps"),
        a.get("/admin/reviewapps/0"),
        a.get("/admin/reviewapps/1"),
        a.get("/api/reviews/assigned"),
        a.get(review_url(team["apps"][0])),
        a.get(review_url(team["apps"][1])),
    ]
    for response in responses:
        assert response.status_code == 200
        text = response.content.decode()
        for word in IDENTITY:
            assert not names(text, word), (response.request["PATH_INFO"], word)
    props = responses[1].context["page_props"]
    assert props["blind"] is True and props["application"]["sections"]
    assert props["item"]["application_id"] == team["apps"][0].pk
    # Demographic questions and answers go too, with their section (answers match by question_id).
    assert not [s for s in props["sections"] if "Demographic" in s["section_name"]]
    assert "gender" not in {a["question_id"] for s in props["application"]["sections"] for a in s["answers"]}
    # The organizers' own pages still show everything.
    boss = client_for(team["boss"])
    assert "Zelda" in boss.get("/admin/users/zelda@yale.edu").content.decode()
    assert "zelda@yale.edu" in boss.get("/api/applications/assigned-applications/rev-a@princeton.edu").content.decode()


def test_list_reads_take_a_constant_number_of_queries(team, django_assert_max_num_queries):
    a, boss = client_for(team["a"]), client_for(team["boss"])
    score(client_for(team["b"]), team["apps"][0], [5, 5], comment="B's")
    for i in range(15):
        assign(team["a"], applicant(f"many{i}@yale.edu"))
    # Session, user, the assignments, the outcomes.
    with django_assert_max_num_queries(5):
        assert len(a.get("/api/reviews/assigned").json()["assigned"]) == 17
    with django_assert_max_num_queries(8):
        assert boss.get(review_url(team["apps"][0], "reviews")).status_code == 200


def test_a_burst_of_saves_queues_one_refresh(team, monkeypatch):
    from apps.reviews import ranking_state, tasks

    queued = []
    monkeypatch.setattr(tasks.refresh_ranking, "delay", lambda cycle_id: queued.append(cycle_id))
    cycle_id = current_cycle().pk
    for _ in range(3):
        ranking_state._queue(cycle_id)
    assert queued == [cycle_id]


def test_a_name_inside_a_random_token_is_not_a_leak_and_one_beside_punctuation_is():
    """The blind-mode scan above: a CSRF token that happens to spell a school is no leak, the
    school or the address in a page's text or JSON is."""
    assert not names('"csrfToken": "OZluJbMIT18w6ABq"', "MIT")
    assert names('{"school": "MIT"}', "MIT")
    assert names("<td>zelda@yale.edu</td>", "zelda")
    assert names("Quentin Quimby, MIT.", "Quimby")
