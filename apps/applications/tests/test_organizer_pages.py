"""The organizer pages under /admin/...: only admins get in, and the props carry the first paint."""

from __future__ import annotations

import pytest
from django.urls import reverse

from apps.accounts.models import WhitelistRule
from apps.applications import status_machine
from apps.applications.models import Application, Team
from apps.cycles.selectors import current_cycle
from conftest import make_user, signed_in_client

PAGES = [
    ("/admin/users", "admin-users"),
    ("/admin/users/ada%40princeton.edu", "admin-users-email"),
    ("/admin/administrators", "admin-administrators"),
    ("/admin/config", "admin-config"),
    ("/admin/whitelist-emails", "admin-whitelist-emails"),
    ("/admin/batch", "admin-batch"),
    ("/admin/assignapps", "admin-assignapps"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("url", "page"), PAGES)
def test_an_admin_gets_the_island(admin_client, url, page):
    """An organizer sees the page's island with its props."""
    r = admin_client.get(url)
    assert r.status_code == 200
    assert r.context["page"] == page
    assert f'id="{page}-root"' in r.content.decode()
    assert f'id="{page}-props"' in r.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(("url", "page"), PAGES)
def test_a_student_is_turned_away(student_client, url, page):
    """A signed-in non-admin is never shown the page: the applications list sends them to /login
    (as it always has), which in turn sends a signed-in student on to /dashboard; the others
    send them to /dashboard directly."""
    r = student_client.get(url)
    assert r.status_code == 302
    assert r["Location"] == ("/login" if url == "/admin/users" else "/dashboard")
    assert student_client.get(url, follow=True).redirect_chain[-1][0] == "/dashboard"


@pytest.mark.django_db
@pytest.mark.parametrize(("url", "page"), PAGES)
def test_a_visitor_is_sent_to_login_with_next(client, url, page):
    """A signed-out visitor goes to /login and comes back to the page afterwards."""
    r = client.get(url)
    assert r.status_code == 302
    assert r["Location"].startswith("/login?next=")
    assert r["Location"].split("next=", 1)[1].startswith("%2Fadmin%2F")


@pytest.mark.django_db
@pytest.mark.parametrize(("url", "page"), PAGES)
def test_pages_refuse_unsafe_methods(admin_client, url, page):
    """The pages are read-only views: a POST is refused, not a 500."""
    assert admin_client.post(url).status_code == 405


@pytest.mark.django_db
def test_the_route_names_resolve_to_the_spec_paths():
    assert reverse("admin-users") == "/admin/users"
    assert reverse("admin-user", args=["ada@princeton.edu"]) == "/admin/users/ada@princeton.edu"
    assert reverse("admin-administrators") == "/admin/administrators"
    assert reverse("admin-config") == "/admin/config"
    assert reverse("admin-whitelist") == "/admin/whitelist-emails"
    assert reverse("admin-batch") == "/admin/batch"
    assert reverse("admin-assign") == "/admin/assignapps"


@pytest.mark.django_db
def test_users_page_props_have_page_size_statuses_and_filters_from_the_address(admin_client):
    """The table's page size is 20; the status filter offers all twelve statuses; filters in the URL prefill."""
    r = admin_client.get("/admin/users?first=Ada&status=submitted&bogus=1")
    props = r.context["page_props"]
    assert props["perPage"] == 20
    assert [s["value"] for s in props["statuses"]] == [
        "unsubmitted",
        "started",
        "submitted",
        "waitlisted",
        "waitlist_confirmed",
        "accepted",
        "waitlist_accepted",
        "confirmed",
        "rejected",
        "declined",
        "expired",
        "checked_in",
    ]
    assert props["initialState"] == {
        "filters": {
            "first": "Ada",
            "last": "",
            "email": "",
            "school": "",
            "status": "submitted",
            "teamcode": "",
            "reviews_min": "",
            "selection": "",
            "host": "",
        },
        "sort": "email",
        "page": 1,
    }
    # The named selections (the counts' own) and the host school, for links from a count.
    assert {"value": "admitted", "label": "Admitted"} in props["selections"]
    assert props["hostSchool"] == "Princeton University"


@pytest.mark.django_db
def test_user_detail_props_carry_the_email_and_the_decision_choices(admin_client):
    """The decision select offers the five decisions, submitted labelled 'No Decision'."""
    r = admin_client.get("/admin/users/Ada%40Princeton.EDU")
    props = r.context["page_props"]
    assert props["email"] == "ada@princeton.edu"
    assert props["decisions"] == [
        {"value": "submitted", "label": "No Decision"},
        {"value": "accepted", "label": "Accepted"},
        {"value": "waitlisted", "label": "Waitlisted"},
        {"value": "rejected", "label": "Rejected"},
        {"value": "waitlist_accepted", "label": "Waitlist accepted"},
    ]


@pytest.mark.django_db
def test_administrators_props_list_the_admins_and_who_is_asking(admin_client, organizer):
    make_user("alan@princeton.edu", admin=True)
    make_user("ada@princeton.edu")
    props = admin_client.get("/admin/administrators").context["page_props"]
    assert props == {"admins": ["alan@princeton.edu", "grace@princeton.edu"], "staff": [], "me": "grace@princeton.edu"}


@pytest.mark.django_db
def test_config_props_hold_the_current_config_cycle_and_choices(admin_client):
    cycle = current_cycle()
    props = admin_client.get("/admin/config").context["page_props"]
    assert props["config"]["dates"] == cycle.dates()
    assert props["config"]["status"] == cycle.status
    assert props["config"]["housing_link"] == cycle.housing_link
    assert props["current"] == {"year": cycle.year, "cycle": cycle.season}
    assert [s["value"] for s in props["statuses"]] == [
        "not_open",
        "open",
        "closed",
        "released",
        "confirmation_closed",
        "waitlist_closed",
        "second_confirmation_closed",
    ]
    assert [s["value"] for s in props["seasons"]] == ["fall", "spring"]


@pytest.mark.django_db
def test_whitelist_props_list_every_exception(admin_client):
    email = WhitelistRule.objects.create(kind=WhitelistRule.Kind.EMAIL, value="mentor@example.org")
    pattern = WhitelistRule.objects.create(kind=WhitelistRule.Kind.PATTERN, value=r".*@judges\.example\.org")
    props = admin_client.get("/admin/whitelist-emails").context["page_props"]
    assert props["exceptions"] == [
        {"id": email.pk, "kind": "email", "value": "mentor@example.org"},
        {"id": pattern.pk, "kind": "pattern", "value": r".*@judges\.example\.org"},
    ]


@pytest.mark.django_db
def test_assign_props_suggest_the_admins(admin_client):
    make_user("alan@princeton.edu", admin=True)
    props = admin_client.get("/admin/assignapps").context["page_props"]
    assert props["admins"] == ["alan@princeton.edu", "grace@princeton.edu"]


@pytest.mark.django_db
def test_a_demoted_admin_is_turned_away_at_once(organizer):
    """The role is read on every request: demotion closes the pages immediately."""
    other = make_user("alan@princeton.edu", admin=True)
    c = signed_in_client(other)
    assert c.get("/admin/users").status_code == 200
    other.role = "user"
    other.save(update_fields=["role"])
    r = c.get("/admin/users/alan%40princeton.edu")
    assert r.status_code == 302 and r["Location"] == "/dashboard"


def submitted_application(email: str, *, first: str = "Ada", teamcode: str | None = None) -> Application:
    """A real applicant whose application went through the status machine to submitted."""
    user = make_user(email)
    team = Team.objects.get_or_create(cycle=current_cycle(), code=teamcode)[0] if teamcode else None
    application = Application.objects.create(
        cycle=current_cycle(),
        user=user,
        email=user.email,
        first=first,
        last="Lovelace",
        school="Princeton University",
        team=team,
        teamcode=teamcode,
        checkboxes=[True, True, False],
    )
    status_machine.transition(application_id=application.pk, to="submitted", actor=user)
    application.refresh_from_db()
    return application


@pytest.mark.django_db
def test_users_page_renders_the_first_page_for_the_filters_in_the_address(admin_client):
    """The first page of the table comes with the page, filtered as the address says."""
    submitted_application("ada@princeton.edu", first="Ada")
    submitted_application("bob@princeton.edu", first="Bob")
    props = admin_client.get("/admin/users?first=bo").context["page_props"]
    assert props["initialPage"] == {
        "applications": [
            {
                "email": "bob@princeton.edu",
                "first": "Bob",
                "last": "Lovelace",
                "school": "Princeton University",
                "teamcode": None,
                "status": "submitted",
                "submitted_at": props["initialPage"]["applications"][0]["submitted_at"],
                "score": None,
                "reviews": 0,
            }
        ],
        "total": 1,
        "pages": 1,
        "page": 1,
        "next": None,
        "previous": None,
    }


@pytest.mark.django_db
def test_users_page_with_an_unknown_status_leaves_the_table_to_the_island(admin_client):
    """A bad status in the address is not a 500: the island asks the API, which explains."""
    r = admin_client.get("/admin/users?status=bogus")
    assert r.status_code == 200
    assert r.context["page_props"]["initialPage"] is None


@pytest.mark.django_db
def test_users_page_query_count_does_not_grow_with_the_table(admin_client, django_assert_max_num_queries):
    """The server-rendered first page costs a fixed handful of queries (6 measured), at any size."""
    for i in range(25):
        submitted_application(f"applicant{i}@princeton.edu")
    with django_assert_max_num_queries(10):
        r = admin_client.get("/admin/users")
    assert len(r.context["page_props"]["initialPage"]["applications"]) == 20
    with django_assert_max_num_queries(16):
        r = admin_client.get("/admin/users/applicant3@princeton.edu")
    assert r.context["page_props"]["application"]["email"] == "applicant3@princeton.edu"


@pytest.mark.django_db
def test_user_detail_props_carry_the_application_questions_and_history(admin_client, organizer):
    application = submitted_application("ada@princeton.edu", teamcode="123456")
    status_machine.decide(application_id=application.pk, status="accepted", actor=organizer, travel_reimbursement=True)
    props = admin_client.get("/admin/users/ada@princeton.edu").context["page_props"]
    assert props["application"]["email"] == "ada@princeton.edu"
    assert props["application"]["status"] == "accepted"
    assert props["application"]["travel_reimbursement"] is True
    assert props["application"]["teamcode"] == "123456"
    assert props["sections"], "the current cycle's question set"
    assert {"section_name", "conditional_on", "questions"} <= set(props["sections"][0])
    newest = props["history"][0]
    assert newest["actor"] == "grace@princeton.edu"
    assert {(e["field"], e["to"]) for e in props["history"]} >= {
        ("status", "accepted"),
        ("travel_reimbursement", "True"),
    }


@pytest.mark.django_db
def test_user_detail_of_someone_without_an_application_says_so(admin_client):
    props = admin_client.get("/admin/users/nobody@princeton.edu").context["page_props"]
    assert props["application"] is None
    assert props["history"] == []
