"""Builders shared by the scoring tests: reviewers, submitted applications, assignments."""

from __future__ import annotations

from apps.accounts.models import Role
from apps.core.tests.factories import ApplicationFactory, UserFactory
from apps.reviews import services
from conftest import PortalClient

JSON = "application/json"


def make_reviewer(email: str, *, role: str = Role.REVIEWER):
    return UserFactory(email=email, role=role)


def client_for(user) -> PortalClient:
    client = PortalClient()
    client.force_login(user)
    return client


def applicant(email: str, *, school: str = "Yale University", first: str = "Zelda", last: str = "Quimby", **kw):
    return ApplicationFactory(user=UserFactory(email=email), first=first, last=last, school=school, **kw)


def assign(reviewer, application) -> None:
    services.assign(reviewer=reviewer, application_id=application.pk)


def review_url(application, what: str = "review") -> str:
    return f"/api/reviews/applications/{application.pk}/{what}"


def criteria_ids(client) -> list[int]:
    return [c["id"] for c in client.get("/api/reviews/rubric").json()["criteria"]]


def score(client, application, values: list[int], comment: str = ""):
    ids = criteria_ids(client)
    body = {"scores": {str(i): v for i, v in zip(ids, values, strict=True)}, "comment": comment}
    return client.put(review_url(application), body, content_type=JSON)


def ranking_disagreements(cycle) -> list[str]:
    """Where the stored ranking differs from the maths over the cycle's scores (scoring.rank_rows,
    run here): a summary for exactly the applications with a usable review, ranks and review
    counts equal, scores within a ten-millionth (a recalibration leaves drift below ranking.DRIFT
    unwritten: the promise is written here apart from that constant, so changing it fails), and
    every application's sort key its summary's score to 6 decimals, "no score" without one.
    Empty when they agree."""
    from apps.applications.models import NO_REVIEW_SCORE, Application
    from apps.reviews import scoring
    from apps.reviews.models import ReviewScore, ReviewSummary
    from apps.reviews.rubric import criteria_of

    rows = ReviewScore.objects.filter(review__application__cycle=cycle, review__outcome="scored").values_list(
        "review__reviewer_id", "review__application_id", "criterion_id", "value"
    )
    specs = [scoring.CriterionSpec(c.pk, float(c.weight), c.scale_min, c.scale_max) for c in criteria_of(cycle)]
    result = scoring.rank_rows(list(rows), specs)
    stored = {s.application_id: s for s in ReviewSummary.objects.filter(application__cycle=cycle)}
    problems = []
    if stored.keys() != result.applications.keys():
        problems.append(f"summaries for {sorted(stored.keys() ^ result.applications.keys())} (only one side)")
    order = [a for a in result.order() if result.applications[a].score is not None]
    for app, res in result.applications.items():
        row = stored.get(app)
        if row is None:
            continue
        if row.rank != order.index(app) + 1 or row.reviews != res.reviews:
            problems.append(
                f"{app}: rank {row.rank}, {row.reviews} reviews; the maths: {order.index(app) + 1}, {res.reviews}"
            )
        if abs(row.score - res.score) > 1e-7 or abs(row.raw_score - res.raw_score) > 1e-7:
            problems.append(f"{app}: score {row.score}, raw {row.raw_score}; the maths: {res.score}, {res.raw_score}")
    for app, key in Application.objects.filter(cycle=cycle).values_list("pk", "review_score_key"):
        expected = round(stored[app].score, 6) if app in stored and stored[app].score is not None else NO_REVIEW_SCORE
        if key != expected:
            problems.append(f"{app}: sort key {key}, its summary gives {expected}")
    return problems
