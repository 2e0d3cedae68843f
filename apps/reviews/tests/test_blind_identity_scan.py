"""Blind review is blind: a reviewer who fetches every page and API response they can reach
finds no applicant's name, email, email local part, link handle, school or city in any of them,
while what is meant to be read (a free-text answer, with the name masked) is still there.

The routes are walked from the URL configuration (tests/url_walk.py), so a route added later is
scanned too. Pages are scanned whole, their `json_script` props included; file downloads byte
by byte."""

from __future__ import annotations

import pytest

from apps.applications.tests.applicant_data import resume_storage, upload_resume  # noqa: F401
from apps.applications.tests.organizer_data import make_application
from apps.cycles.models import Cycle
from apps.cycles.selectors import current_cycle
from apps.resumes.tests.pdf_data import pdf_with_author

from .scoring_data import assign, client_for, criteria_ids, make_reviewer
from .url_walk import routes

REVIEWER = "rev@princeton.edu"
# Names, schools and cities that occur nowhere in the portal's own lists: the school list is
# public (GET schools), so a city or name found in it would be a false alarm.
PEOPLE = [
    {
        "email": "xiomara.quennell@yale.edu",
        "first": "Xiomara",
        "last": "Quennell",
        "school": "Xanthe Polytechnic",
        "city": "Chillicothe, Ohio",
        "github": "xq-builds",
        "linkedin": "xiomara-qnl-42",
    },
    {
        "email": "zebulon_okafor@mit.edu",
        "first": "Zebulon",
        "last": "Okafor",
        "school": "Okeechobee Institute",
        "city": "Winnemucca, Nevada",
        "github": "zebokafor",
        "linkedin": "zokafor-dev",
    },
    {
        "email": "p.thistlewood@cmu.edu",
        "first": "Pellinore",
        "last": "Thistlewood",
        "school": "Thistledown College",
        "city": "Ogunquit, Maine",
        "github": "pthistle",
        "linkedin": "pellinore-thw",
    },
]
# Someone in the cycle who is not assigned to the reviewer: their id is tried too.
STRANGER = {
    "email": "octavia.ellendale@yale.edu",
    "first": "Octavia",
    "last": "Ellendale",
    "school": "Wyandotte Academy",
    "city": "Oskaloosa, Iowa",
    "github": "obrandy",
    "linkedin": "octavia-bw",
}


def identity(person: dict) -> list[str]:
    """What must never reach the reviewer, in lower case."""
    return [
        w.lower()
        for w in (
            person["first"],
            person["last"],
            person["email"],
            person["email"].split("@")[0],
            person["github"],
            person["linkedin"],
            person["school"],
            person["city"].split(",")[0],
        )
    ]


def why_attend(person: dict) -> str:
    return (
        f"Hi, I'm {person['first']} {person['last']}! I want to build assistive robots. "
        f"See github.com/{person['github']} or write to {person['email']}."
    )


MASKED_WHY = "Hi, I'm [name] [name]! I want to build assistive robots. See [link] or write to [email]."


def answers(person: dict) -> dict[str, str]:
    return {
        "age": "19",
        "country": "Canada",
        "level_of_study": "Undergraduate University (3+ year)",
        "major": "Mechanical Engineering",
        "first_hackathon": "no",
        "languages": "Python,Rust",
        "why_attend": why_attend(person),
        "proud_project": f"{person['first'].upper()} wrote a compiler for an adaptive robot arm.",
        "links": f"github.com/{person['github']},linkedin.com/in/{person['linkedin']}",
        "needs_travel": "yes",
        "travel_from": person["city"],
        "travel_mode": "Train",
        "needs_housing": "no",
        "gender": "Woman",
        "tshirt_size": "M",
    }


@pytest.fixture
def blind_cycle(resume_storage):  # noqa: F811
    Cycle.objects.filter(pk=current_cycle().pk).update(blind_review=True)
    reviewer = make_reviewer(REVIEWER)
    assigned = []
    stranger = None
    for person in [*PEOPLE, STRANGER]:
        application = make_application(
            person["email"],
            first=person["first"],
            last=person["last"],
            school=person["school"],
            teamcode="424242",
            answers=answers(person),
        )
        handle = person["email"].split("@")[0]
        resume = pdf_with_author(f"{person['first']} {person['last']}", handle)
        assert upload_resume(client_for(application.user), resume).status_code == 201
        if person is STRANGER:
            stranger = application
        else:
            assign(reviewer, application)
            assigned.append(application)
    return reviewer, assigned, stranger


def _content(response) -> bytes:
    if getattr(response, "streaming", False):
        return b"".join(response.streaming_content)
    return response.content


def _paths(assigned, stranger) -> list[str]:
    """Every route of the site but Django's own admin and signing out, each parameter given
    every value that could make it show an applicant."""
    ids = [str(a.pk) for a in assigned] + [str(stranger.pk)]
    people = [*PEOPLE, STRANGER]
    values: dict[str, list[str]] = {
        "application_id": ids,
        "index": [str(i) for i in range(len(assigned) + 1)],
        "email": [p["email"] for p in people] + [REVIEWER],
        "member": [REVIEWER],
        "reviewer_email": [REVIEWER],
        "applicant_email": [p["email"] for p in people],
        "value": [p["email"] for p in people],
        "teamcode": ["424242"],
        "review_status": ["complete"],
        "key": ["verification"],
        "rule_id": ["1"],
        "mailing_id": ["1"],
        "path": ["nothing-here"],
        # Checkpoints, receipts, webhook endpoints, deliveries and chat channels by id; a
        # provider's name; a calendar feed's token.
        "checkpoint_id": ["1"],
        "receipt_id": ["1"],
        "endpoint_id": ["1"],
        "delivery_id": ["1"],
        "channel_id": ["1"],
        "provider": ["mymlh", "github"],
        "token": ["nothing-here"],
    }
    paths: list[str] = []
    for route in routes():
        if route.template.startswith("django-admin/") or "logout" in route.template:
            continue
        names = [name for _, name in route.params]
        combos = [{}]
        for name in names:
            combos = [{**c, name: v} for c in combos for v in values[name]]
        paths += [route.fill(c) for c in combos]
    return sorted(set(paths))


@pytest.mark.django_db
def test_no_reviewer_facing_response_names_an_applicant(blind_cycle):
    reviewer, assigned, stranger = blind_cycle
    client = client_for(reviewer)
    # The reviewer scores one application first, so the responses of a saved review are in too.
    ids = criteria_ids(client)
    saved = client.put(
        f"/api/reviews/applications/{assigned[0].pk}/review",
        {"scores": {str(i): 5 for i in ids}, "comment": "Solid"},
        content_type="application/json",
    )
    responses = {"PUT review": (saved.status_code, _content(saved))}
    for path in _paths(assigned, stranger):
        response = client.get(path)
        responses[path] = (response.status_code, _content(response))
    assert len(responses) > 150

    leaks = []
    for path, (_status, body) in responses.items():
        text = body.lower()
        for person in [*PEOPLE, STRANGER]:
            leaks += [(path, word) for word in identity(person) if word.encode() in text]
    assert leaks == [], leaks

    # The walk did reach the reviewer's pages and files (not only refusals).
    ok = {path for path, (status, _) in responses.items() if status == 200}
    for application in assigned:
        assert f"/api/reviews/applications/{application.pk}/resume" in ok
        assert f"/api/reviews/applications/{application.pk}/review" in ok
    assert {"/admin/reviewapps", "/admin/reviewapps/0", "/admin/reviewapps/2", "/api/reviews/assigned"} <= ok
    for application in assigned:
        assert responses[f"/api/reviews/applications/{application.pk}/resume"][1].startswith(b"%PDF-")
    # The session outlived the walk: every response was the reviewer's.
    assert client.get("/api/auth/user").json()["email"] == REVIEWER


@pytest.mark.django_db
def test_what_is_meant_to_be_read_is_still_there(blind_cycle):
    reviewer, assigned, _ = blind_cycle
    client = client_for(reviewer)
    for index in range(len(assigned)):
        response = client.get(f"/admin/reviewapps/{index}")
        assert response.status_code == 200
        props = response.context["page_props"]
        shown = {a["question_id"]: a["answer"] for s in props["application"]["sections"] for a in s["answers"]}
        asked = {q["question_id"] for s in props["sections"] for q in s["questions"]}
        # Free text is there, masked; the judged answers too.
        assert shown["why_attend"] == MASKED_WHY
        assert shown["proud_project"] == "[name] wrote a compiler for an adaptive robot arm."
        assert shown["major"] == "Mechanical Engineering"
        assert shown["languages"] == "Python,Rust"
        assert {"why_attend", "proud_project", "major", "languages", "resume", "travel_mode"} <= asked
        # Links, age, location and demographics are not, neither question nor answer.
        for hidden in ("links", "age", "country", "travel_from", "gender", "tshirt_size"):
            assert hidden not in asked and hidden not in shown
        # The page's HTML carries the masked text in its json_script props.
        assert MASKED_WHY.encode() in response.content
        assert props["application"]["school"] == "" and props["application"]["teamcode"] is None


@pytest.mark.django_db
def test_an_organizer_turns_a_question_back_on_for_reviewers(blind_cycle, admin_client):
    reviewer, assigned, _ = blind_cycle
    questions = admin_client.get("/api/applications/questions").json()
    for section in questions:
        for question in section["questions"]:
            if question["question_id"] == "travel_from":
                question["reviewer_visible"] = True
            if question["question_id"] == "why_attend":
                question["reviewer_visible"] = False
    assert (
        admin_client.put("/api/applications/questions", questions, content_type="application/json").status_code == 200
    )
    props = client_for(reviewer).get("/admin/reviewapps/0").context["page_props"]
    shown = {a["question_id"]: a["answer"] for s in props["application"]["sections"] for a in s["answers"]}
    # Shown now, as free text it is masked for the name only: a city is not a name.
    assert shown["travel_from"] == PEOPLE[0]["city"]
    assert "why_attend" not in shown
    # The applicant's own view and the organizers' are untouched by the switch.
    own = client_for(assigned[0].user).get("/api/applications/application").json()
    own_answers = {a["question_id"]: a["answer"] for s in own["sections"] for a in s["answers"]}
    assert own_answers["why_attend"] == why_attend(PEOPLE[0])
    assert own_answers["links"].startswith("github.com/")
    organizer_view = admin_client.get(f"/api/applications/{PEOPLE[0]['email']}").json()
    assert PEOPLE[0]["first"] in organizer_view["first"]
