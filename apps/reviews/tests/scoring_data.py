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
