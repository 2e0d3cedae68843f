"""Reviewing in Django's admin: every table browsable, a review's page shows its scores, and
nothing can be written from there but an assignment's review status (the rules live in the
services: a scored criterion can't go, summaries are computed)."""

from __future__ import annotations

import pytest
from django.contrib import admin

from apps.accounts.models import User
from apps.cycles.selectors import current_cycle
from apps.reviews.models import (
    AdmissionPlan,
    Assignment,
    Conflict,
    Criterion,
    RankingState,
    Review,
    ReviewScore,
    ReviewSummary,
)
from apps.reviews.ranking import refresh_summaries
from apps.reviews.rubric import criteria_of
from conftest import PortalClient

from .scoring_data import applicant, assign, make_reviewer

pytestmark = pytest.mark.django_db


def root_client() -> PortalClient:
    client = PortalClient()
    client.force_login(User.objects.create_superuser(email="root@princeton.edu", password="Coffee-Beans-42"))
    return client


def test_a_review_page_shows_its_scores_and_every_reviews_page_renders():
    reviewer = make_reviewer("rev-a@princeton.edu")
    application = applicant("zelda@yale.edu")
    assign(reviewer, application)
    review = Review.objects.create(reviewer=reviewer, application=application, outcome="scored", comment="Strong")
    ReviewScore.objects.bulk_create(
        [
            ReviewScore(review=review, criterion=c, value=v)
            for c, v in zip(criteria_of(current_cycle()), [7, 9], strict=True)
        ]
    )
    Conflict.objects.create(reviewer=make_reviewer("rev-b@princeton.edu"), application=application, reason="friend")
    AdmissionPlan.objects.create(cycle=current_cycle(), capacity=100, attendance_rate=0.7)
    refresh_summaries(current_cycle())
    client = root_client()

    page = client.get(f"/django-admin/reviews/review/{review.pk}/change/")
    assert page.status_code == 200
    assert "Strong" in page.content.decode() and "Technical" in page.content.decode()
    for model in (Criterion, Review, Conflict, ReviewSummary, RankingState, AdmissionPlan, Assignment):
        listing = client.get(f"/django-admin/reviews/{model._meta.model_name}/")
        assert listing.status_code == 200, model
        row = model.objects.first()
        assert row is not None, model  # each page is looked at with a row on it
        assert client.get(f"/django-admin/reviews/{model._meta.model_name}/{row.pk}/change/").status_code == 200


@pytest.mark.parametrize("model", [Criterion, Review, Conflict, ReviewSummary, RankingState, AdmissionPlan])
def test_the_computed_and_checked_rows_are_read_only(model):
    model_admin = admin.site._registry[model]
    assert not model_admin.has_add_permission(None)
    assert not model_admin.has_change_permission(None)
    assert not model_admin.has_delete_permission(None)
