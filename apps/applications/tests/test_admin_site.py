"""Django's admin at /django-admin/: every model registered and browsable, and a status change
made there goes through the status machine."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.contrib import admin
from django.utils import timezone

from apps.accounts.models import User, WhitelistRule
from apps.applications.models import (
    Answer,
    Application,
    ApplicationEvent,
    Team,
)
from apps.cycles.models import Cycle, Question, Section
from apps.mailings.models import Delivery, EmailTemplate, Mailing
from apps.resumes.models import Resume
from apps.reviews.models import Assignment
from conftest import PortalClient

from .organizer_data import make_application, small_question_set

EXPECTED_MODELS = {
    User,
    WhitelistRule,
    Cycle,
    Application,
    Section,
    Question,
    Team,
    Assignment,
    Resume,
    Mailing,
    Delivery,
    EmailTemplate,
}


class FormScraper(HTMLParser):
    """The fields of an admin change form (`<form id="<model>_form">`; the header's logout form
    is skipped), with the values a browser would submit."""

    def __init__(self):
        super().__init__()
        self.data: dict[str, str] = {}
        self.in_form = False
        self.done = False
        self._select: str | None = None
        self._select_first: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if self.done:
            return
        if tag == "form" and (a.get("id") or "").endswith("_form") and a.get("id") != "logout-form":
            self.in_form = True
        if not self.in_form:
            return
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("submit", "button", "file"):
            if a.get("type") in ("checkbox", "radio"):
                if "checked" in a:
                    self.data[name] = a.get("value", "on")
            else:
                self.data[name] = a.get("value") or ""
        elif tag == "select" and name:
            self._select, self._select_first = name, None
        elif tag == "option" and self._select:
            if self._select_first is None:
                self._select_first = a.get("value", "")
                self.data.setdefault(self._select, self._select_first)
            if "selected" in a:
                self.data[self._select] = a.get("value", "")
        elif tag == "textarea" and name:
            self._textarea = name
            self.data[name] = ""

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None
        elif tag == "form" and self.in_form:
            self.in_form, self.done = False, True

    def handle_data(self, data):
        if self._textarea:
            # Django puts a newline after <textarea>; browsers drop it.
            self.data[self._textarea] += data.lstrip("\n") if not self.data[self._textarea] else data


def form_data(response) -> dict[str, str]:
    scraper = FormScraper()
    scraper.feed(response.content.decode())
    return scraper.data


@pytest.fixture
def superuser(db):
    return User.objects.create_superuser(email="root@princeton.edu", password="Coffee-Beans-42")


@pytest.fixture
def su_client(superuser):
    c = PortalClient()
    c.force_login(superuser)
    return c


@pytest.fixture
def one_of_everything(superuser):
    """At least one row of every registered model."""
    small_question_set()
    application = make_application(
        "ada@princeton.edu", first="Ada", teamcode="123456", answers={"age": "19", "major": "Maths"}
    )
    reviewer = User.objects.create_user(email="linus@princeton.edu", role="admin")
    Assignment.objects.create(reviewer=reviewer, application=application, position=1)
    Delivery.objects.create(
        email=application.email,
        template_key="decision_accepted",
        context={"first_name": "Ada"},
        dedupe_key=f"decision:{application.pk}:accepted",
    )
    Resume.objects.create(user=application.user, path="resumes/ada.pdf", size=1234, original_name="ada.pdf")
    mailing = Mailing.objects.create(subject="Welcome", audience="custom", html="<p>Hi</p>", send_at=timezone.now())
    Delivery.objects.create(mailing=mailing, email="ada@princeton.edu")
    EmailTemplate.objects.create(key="verify_email", subject="Verify", html="<p>{{ link }}</p>")
    WhitelistRule.objects.create(kind="pattern", value=r".*@example\.org")
    return application


def test_every_model_is_registered():
    assert EXPECTED_MODELS <= set(admin.site._registry)


def test_every_registered_list_search_and_change_page_renders(su_client, one_of_everything):
    """Each model's list (plain, searched and filtered by its first filter) and an object's
    page render for a superuser."""
    for model, model_admin in admin.site._registry.items():
        meta = model._meta
        base = f"/django-admin/{meta.app_label}/{meta.model_name}/"
        r = su_client.get(base)
        assert r.status_code == 200, base
        if model_admin.search_fields:
            assert su_client.get(base, {"q": "ada"}).status_code == 200, base
        obj = model._default_manager.first()
        if obj is not None:
            assert su_client.get(f"{base}{obj.pk}/change/").status_code == 200, base


def test_application_page_shows_answers_and_history(su_client, one_of_everything):
    r = su_client.get(f"/django-admin/applications/application/{one_of_everything.pk}/change/")
    page = r.content.decode()
    assert "Maths" in page and "history (newest first)" in page.lower()
    assert 'name="status"' not in page, "the status column is not a form field"


def test_applications_cant_be_added_by_hand(su_client, db):
    assert su_client.get("/django-admin/applications/application/add/").status_code == 403


def test_a_status_change_goes_through_the_status_machine(su_client, superuser, one_of_everything):
    """The new status and housing are applied by the status machine and recorded in the history
    with the superuser as the actor; a posted `status` field is ignored. (Travel, a grant:
    apps/decisions/tests/test_admin_travel.py.)"""
    url = f"/django-admin/applications/application/{one_of_everything.pk}/change/"
    data = form_data(su_client.get(url))
    assert "new_status" in data and "answers-TOTAL_FORMS" in data
    data.update(status="rejected", new_status="accepted", new_housing_accommodations="yes", first="Augusta")
    r = su_client.post(url, data)
    assert r.status_code == 302, r.content.decode()[:3000]
    application = Application.objects.get(pk=one_of_everything.pk)
    assert application.status == "accepted"
    assert application.travel_reimbursement is False and application.housing_accommodations is True
    assert application.first == "Augusta"
    events = set(
        ApplicationEvent.objects.filter(application=application, actor=superuser).values_list(
            "field", "from_value", "to_value"
        )
    )
    assert events == {
        ("status", "submitted", "accepted"),
        ("housing_accommodations", "False", "True"),
        ("first", "Ada", "Augusta"),
    }


def test_admin_can_move_a_draft_as_an_operator_correction(su_client, superuser, db):
    """A draft can't be *decided* on, but a superuser's explicit move still passes the door."""
    draft = make_application("draft@yale.edu", status="started")
    url = f"/django-admin/applications/application/{draft.pk}/change/"
    data = form_data(su_client.get(url))
    data["new_status"] = "submitted"
    assert su_client.post(url, data).status_code == 302
    draft.refresh_from_db()
    assert draft.status == "submitted"
    assert ApplicationEvent.objects.filter(application=draft, actor=superuser, to_value="submitted").exists()


def test_saving_without_changes_records_nothing(su_client, one_of_everything):
    url = f"/django-admin/applications/application/{one_of_everything.pk}/change/"
    before = ApplicationEvent.objects.count()
    assert su_client.post(url, form_data(su_client.get(url))).status_code == 302
    assert ApplicationEvent.objects.count() == before
    assert Application.objects.get(pk=one_of_everything.pk).status == "submitted"


def test_answers_and_history_are_read_only(su_client, one_of_everything):
    """Posting changed inline values alters neither answers nor history."""
    url = f"/django-admin/applications/application/{one_of_everything.pk}/change/"
    data = form_data(su_client.get(url))
    data.update({"answers-0-value": "99", "events-0-to_value": "confirmed"})
    assert su_client.post(url, data).status_code == 302
    assert Answer.objects.get(application=one_of_everything, question_id="age").value == "19"
    assert not ApplicationEvent.objects.filter(to_value="confirmed").exists()


def test_question_sets_are_read_only_here(su_client, one_of_everything):
    section = Section.objects.first()
    assert su_client.get("/django-admin/cycles/section/add/").status_code == 403
    r = su_client.post(f"/django-admin/cycles/section/{section.pk}/change/", {"name": "Hacked"})
    assert r.status_code == 403
    assert Section.objects.get(pk=section.pk).name != "Hacked"
    assert Question.objects.filter(question_id="age").exists()


def test_team_page_links_its_members(su_client, one_of_everything):
    team = Team.objects.get(code="123456")
    page = su_client.get(f"/django-admin/applications/team/{team.pk}/change/").content.decode()
    assert "ada@princeton.edu" in page


def test_review_status_can_be_changed_but_positions_cannot(su_client, one_of_everything):
    assignment = Assignment.objects.get()
    url = f"/django-admin/reviews/assignment/{assignment.pk}/change/"
    data = form_data(su_client.get(url))
    data.update(status="complete", position="7")
    assert su_client.post(url, data).status_code == 302
    assignment.refresh_from_db()
    assert assignment.status == "complete" and assignment.position == 1


def test_mailings_can_be_cancelled_from_the_list(su_client, one_of_everything):
    mailing = Mailing.objects.get()
    r = su_client.post(
        "/django-admin/mailings/mailing/",
        {"action": "cancel_mailings", "_selected_action": [str(mailing.pk)]},
    )
    assert r.status_code == 302
    mailing.refresh_from_db()
    assert mailing.status == "cancelled"


def test_staff_who_are_not_superusers_see_nothing_without_permissions(db):
    staff = User.objects.create_user(email="staff@princeton.edu", is_staff=True)
    c = PortalClient()
    c.force_login(staff)
    assert c.get("/django-admin/applications/application/").status_code == 403


def test_anonymous_is_sent_to_the_admin_login(client, db):
    r = client.get("/django-admin/applications/application/")
    assert r.status_code == 302 and "/django-admin/login/" in r["Location"]


def test_school_must_be_one_of_the_list(su_client, one_of_everything):
    url = f"/django-admin/applications/application/{one_of_everything.pk}/change/"
    data = form_data(su_client.get(url))
    data["school"] = "Hogwarts"
    r = su_client.post(url, data)
    assert r.status_code == 200 and "Choose your school from the list." in r.content.decode()
    assert Application.objects.get(pk=one_of_everything.pk).school == "Princeton University"
