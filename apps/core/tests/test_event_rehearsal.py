"""A whole event, rehearsed: one cycle from opening to the purge of its data, driven through the
public API by the organizer, the reviewers, the applicants and a volunteer at the door (and the
deadline task, called as Celery beat would), with every invariant of
apps/core/tests/invariants.py checked after every step.

The steps: open → applications with teams → close → auto-assign → blind reviews → ranking →
fill to capacity → travel grants before release, one by a decision's "Travel reimbursement:
Yes" (hidden until then, named in the acceptance email) → release (with its confirmation) →
applicants confirm, decline and give up their spot → the waitlist → an offer expires → the
waitlist refills itself → check-in by scanning tickets → a walk-in who had only a draft, found
by her name typed without its accents → lunch → a batch email in each reader's language → the
next cycle → the retention purge. The
portal runs in English and Spanish: the organizers translate a question, and one applicant
follows the whole cycle in Spanish (their form, the API's messages, their emails).

The applicants' accounts, answers and submissions are made in bulk (a few also apply through
the API, with a resume and a team): the submit is tested where it is the subject. Every
decision, answer and scan goes through the API. REHEARSAL_SIZE sets the number of applicants
(300 by default; `REHEARSAL_SIZE=3000 make pytest` for the large run).
"""

from __future__ import annotations

import datetime
import io
import json
import os
import uuid
import zipfile

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth.hashers import make_password
from django.core import mail
from django.test import TestCase
from django.utils import timezone

from apps.accounts.models import Role, User
from apps.applications import selections, status_machine
from apps.applications.models import AnonymisedApplicationCount, Answer, Application, Team
from apps.applications.models import ApplicationStatus as S
from apps.applications.tests.applicant_data import VALID_ANSWERS, body, resume_storage, upload_resume  # noqa: F401
from apps.core.tests.factories import PASSWORD, OrganizerFactory, UserFactory
from apps.cycles.models import Cycle
from apps.cycles.selectors import current_cycle
from apps.decisions import tasks as decision_tasks
from apps.mailings import services as mailing_services
from apps.mailings.models import Delivery
from apps.privacy import retention
from apps.reviews.tests.scoring_data import ranking_disagreements
from apps.travel.tests.helpers import receipt_file
from conftest import PortalClient

from .invariants import Watch, identity_pattern, leaks
from .test_pages import page_props

SIZE = int(os.environ.get("REHEARSAL_SIZE", "300"))
JSON = "application/json"
# Applicants who apply through the API (the rest are made in bulk).
BY_API = 4
REVIEWERS = 5

# Real transactions, as in production: each request commits. Inside one test transaction every
# request's atomic block was a savepoint, thousands of them, and past 64 PostgreSQL reads each
# row's visibility from its subtransaction log; every recalibration also rewrote all scores
# into a heap that nothing could vacuum. The rehearsal took 318-364 s on PostgreSQL that way,
# 75 s now (SQLite: 37 s either way).
pytestmark = [pytest.mark.django_db(transaction=True)]


def client_of(user) -> PortalClient:
    client = PortalClient()
    client.force_login(user)
    return client


# --- Who takes part --------------------------------------------------------------------------


def person(i: int) -> dict:
    """Applicant i's identity, in words that occur nowhere else in the portal, so a scan for
    them finds only a leak."""
    return {
        "first": f"Quorra{i:05d}",
        "last": f"Vantablack{i:05d}",
        "email": f"zq{i:05d}.applicant@school{i % 7}.edu",
        "handle": f"ghzq{i:05d}",
    }


def identity_words(i: int) -> list[str]:
    p = person(i)
    return [p["first"], p["last"], p["email"], p["email"].split("@")[0], p["handle"]]


def answers_of(i: int) -> dict[str, str]:
    p = person(i)
    return {
        **VALID_ANSWERS,
        "why_attend": f"I'm {p['first']} {p['last']}, write to {p['email']}: I want to build study tools.",
        "links": f"https://github.com/{p['handle']},https://linkedin.com/in/{p['handle']}",
    }


def team_of(i: int) -> str | None:
    """Teams of three, and every fifth applicant alone."""
    return None if i % 5 == 0 else f"{500000 + i // 3}"


def seed_applicants(cycle, n: int) -> None:
    """n verified applicants with submitted applications, made in bulk (the status machine's bulk
    door records their submission)."""
    password = make_password(PASSWORD)
    people = [person(i) for i in range(n)]
    users = User.objects.bulk_create([User(email=p["email"], password=password, role=Role.USER) for p in people])
    EmailAddress.objects.bulk_create([EmailAddress(user=u, email=u.email, primary=True, verified=True) for u in users])
    codes = sorted({c for i in range(n) if (c := team_of(i))})
    teams = {t.code: t for t in Team.objects.bulk_create([Team(cycle=cycle, code=c) for c in codes])}
    applications = Application.objects.bulk_create(
        [
            Application(
                cycle=cycle,
                user=u,
                email=u.email,
                first=p["first"],
                last=p["last"],
                school="Yale University" if i % 2 else "Princeton University",
                team=teams.get(team_of(i)),
                teamcode=team_of(i),
                checkboxes=[True, True, False],
            )
            for i, (u, p) in enumerate(zip(users, people, strict=True))
        ]
    )
    Answer.objects.bulk_create(
        [
            Answer(application=a, question_id=q, value=v)
            for i, a in enumerate(applications)
            for q, v in answers_of(i).items()
        ],
        batch_size=2000,
    )
    status_machine.transition_many(application_ids=[a.pk for a in applications], to=S.SUBMITTED)


# The first applicant who applies through the API reads the portal in Spanish.
SPANISH = SIZE - BY_API


def preview_subject(event, key: str, language: str) -> str:
    """An automated email's subject as the organizers' preview shows it to a reader of `language`."""
    response = event.admin.post(f"/api/mailings/templates/{key}/preview", {"language": language}, content_type=JSON)
    assert response.status_code == 200, response.json()
    return response.json()["subject"]


def config_body(cycle_config: dict, **changes) -> dict:
    return {**cycle_config, **changes}


class Event:
    """The organizer's, the reviewers' and the door's clients, and the applicants by id."""

    def __init__(self, organizer, reviewers, volunteer) -> None:
        self.organizer = organizer
        self.admin = client_of(organizer)
        self.reviewers = reviewers
        self.volunteer = client_of(volunteer)
        today = timezone.now().date()
        self.dates = {
            "due": today + datetime.timedelta(days=5),
            "confirmation_first_deadline": today + datetime.timedelta(days=6),
            "confirmation_second_deadline": today + datetime.timedelta(days=7),
            "waitlist_deadline": today + datetime.timedelta(days=8),
            "housing": today + datetime.timedelta(days=6),
            "start": today + datetime.timedelta(days=10),
            "end": today + datetime.timedelta(days=12),
        }
        self.retention = today + datetime.timedelta(days=60)

    def config(self, status: str, **extra):
        body = {
            "dates": {k: v.isoformat() for k, v in self.dates.items()},
            "status": status,
            "location": "Friend Center",
            "housing_link": "https://example.edu/housing",
            **extra,
        }
        return self.admin.post("/api/applications/cycle/config", body, content_type=JSON)

    def applicant(self, application_id: int) -> PortalClient:
        return client_of(Application.objects.get(pk=application_id).user)

    def statuses(self, *statuses: str) -> list[Application]:
        return list(Application.objects.filter(cycle=current_cycle(), status__in=statuses).order_by("pk"))


@pytest.fixture
def event(db, resume_storage, settings):  # noqa: F811
    # Two languages, as an event in Barcelona runs it: one applicant reads the portal in Spanish.
    settings.LANGUAGES = [("en", "English"), ("es", "Español")]
    # Its clock: the door's times and the tickets' are told in it, not in the server's UTC.
    settings.EVENT_TIME_ZONE = "Europe/Madrid"
    organizer = OrganizerFactory(email="host@princeton.edu")
    reviewers = [UserFactory(email=f"judge{i}@princeton.edu", role=Role.REVIEWER) for i in range(REVIEWERS)]
    volunteer = UserFactory(email="door@princeton.edu", role=Role.VOLUNTEER)
    return Event(organizer, reviewers, volunteer)


@pytest.mark.long
def test_a_whole_event_keeps_every_invariant_at_every_step(event):
    mail.outbox.clear()
    cycle = current_cycle()
    watch = Watch(cycle, event.admin)

    # --- Open ------------------------------------------------------------------------------
    # The end typed six days before the start: the answer names every date that puts out of
    # order (the end, and each deadline now after it), and nothing of the save is kept.
    early_end = {**event.dates, "end": event.dates["start"] - datetime.timedelta(days=6)}
    refused = event.config("open", dates={k: v.isoformat() for k, v in early_end.items()}, location="Nowhere")
    assert refused.status_code == 400, refused.json()
    assert set(refused.json()["errors"]) == {
        "dates.end",
        "dates.confirmation_first_deadline",
        "dates.confirmation_second_deadline",
        "dates.waitlist_deadline",
        "dates.housing",
    }
    assert current_cycle().location != "Nowhere"
    assert event.config("open").status_code == 200, event.config("open").json()
    rubric = event.admin.get("/api/reviews/rubric").json()
    criteria = [
        {k: c[k] for k in ("id", "name", "description", "scale_min", "scale_max", "weight")} for c in rubric["criteria"]
    ]
    response = event.admin.put("/api/reviews/rubric", {"criteria": criteria, "blind": True}, content_type=JSON)
    assert response.status_code == 200, response.json()
    # The organizers give one question with options a Spanish text and Spanish option labels.
    sections = event.admin.get("/api/applications/questions").json()
    translated = next(q for section in sections for q in section["questions"] if q.get("options"))
    spanish_labels = {option: f"Opción {n + 1}" for n, option in enumerate(translated["options"])}
    translated["translations"] = {"es": {"question_text": "Pregunta traducida", "options": spanish_labels}}
    response = event.admin.put("/api/applications/questions", sections, content_type=JSON)
    assert response.status_code == 200, response.json()
    watch.check("open", released=False)

    # --- Applications, with teams -------------------------------------------------------------
    seed_applicants(cycle, SIZE - BY_API)
    for i in range(SIZE - BY_API, SIZE):
        p = person(i)
        user = UserFactory(email=p["email"])
        client = client_of(user)
        if i == SPANISH:
            assert client.post("/api/auth/language", {"language": "es"}, content_type=JSON).status_code == 200
            # Their form reads in Spanish where the organizers gave it, in English elsewhere.
            mine = {
                q["question_id"]: q
                for section in client.get("/api/applications/questions").json()
                for q in section["questions"]
            }
            assert mine[translated["question_id"]]["question_text"] == "Pregunta traducida"
            assert mine[translated["question_id"]]["option_labels"] == spanish_labels
            assert mine[translated["question_id"]]["options"] == translated["options"]  # answered by key
        assert upload_resume(client).status_code == 201
        # Two new teams' founders, each joined by the next applicant.
        teamcode = f"{700000 + (i - SIZE + BY_API) // 2}"
        submitted = client.post(
            "/api/applications/application",
            body(answers_of(i), first=p["first"], last=p["last"], teamcode=teamcode),
            content_type=JSON,
        )
        assert submitted.status_code == 200, submitted.json()
        if i == SPANISH:
            assert submitted.json()["message"] == "Solicitud enviada correctamente"
        assert client.get("/api/applications/status").json()["teamcode"] == teamcode
    assert Application.objects.filter(cycle=cycle, status=S.SUBMITTED).count() == SIZE
    assert Team.objects.filter(cycle=cycle, code="700000").get().applications.count() == 2
    # Each "we received your application" email is the one the organizers' preview shows a
    # reader of the recipient's language: Spanish for the Spanish applicant, English for the rest.
    received = {m.to[0]: m.subject for m in mail.outbox}
    assert len(received) == BY_API
    for i in range(SIZE - BY_API, SIZE):
        language = "es" if i == SPANISH else "en"
        assert received[person(i)["email"]] == preview_subject(event, "application_received", language)
    assert preview_subject(event, "application_received", "es") != preview_subject(event, "application_received", "en")
    # The demographics read in Spanish count what they count in English, bar for bar, and show
    # the organizers' own translation; the Spanish applicant's data export names that question
    # as their form asked it.
    demographics = {
        language: {
            entry["question_id"]: entry
            for entry in event.admin.get(
                "/api/applications/demographics", {"group": "applied"}, HTTP_ACCEPT_LANGUAGE=language
            ).json()
        }
        for language in ("en", "es")
    }
    assert demographics["en"].keys() == demographics["es"].keys() and translated["question_id"] in demographics["es"]
    for question_id, entry in demographics["en"].items():
        bars = [row["count"] for row in entry["data"]]
        assert bars == [row["count"] for row in demographics["es"][question_id]["data"]], question_id
    shown = demographics["es"][translated["question_id"]]
    assert shown["question_text"] == "Pregunta traducida"
    assert {row["label"] for row in shown["data"]} <= set(spanish_labels.values())
    spanish_application = Application.objects.get(cycle=cycle, email=person(SPANISH)["email"])
    export = event.applicant(spanish_application.pk).get("/api/privacy/export")
    assert export.status_code == 200
    data = json.loads(zipfile.ZipFile(io.BytesIO(b"".join(export.streaming_content))).read("data.json"))
    exported = {a["question_id"]: a["question"] for a in data["applications"][0]["answers"]}
    assert exported[translated["question_id"]] == "Pregunta traducida"
    watch.check("applications", released=False)

    # --- Close -------------------------------------------------------------------------------
    assert event.config("closed").status_code == 200
    # Applying after the close is refused.
    late = client_of(UserFactory(email="late@school.edu"))
    assert late.post("/api/applications/application", body(), content_type=JSON).status_code == 409
    watch.check("close", released=False)

    # --- Auto-assign -------------------------------------------------------------------------
    response = event.admin.post(
        "/api/reviews/auto-assign",
        {"reviewers": [r.email for r in event.reviewers], "per_application": 1},
        content_type=JSON,
    )
    assert response.status_code == 200, response.json()
    assert response.json()["applications"] == SIZE
    watch.check("auto-assign", released=False)

    # --- Blind reviews: every response a reviewer reads is scanned for every applicant ----------
    pattern = identity_pattern(w for i in range(SIZE) for w in identity_words(i))
    found: dict[str, set[str]] = {}

    def scan(what: str, response) -> None:
        content = b"".join(response.streaming_content) if response.streaming else response.content
        if words := leaks(content, pattern):
            found[what] = words

    unreviewed = 0
    for reviewer in event.reviewers:
        client = client_of(reviewer)
        ids = {c["id"]: (c["scale_min"], c["scale_max"]) for c in client.get("/api/reviews/rubric").json()["criteria"]}
        assigned = client.get("/api/reviews/assigned")
        scan("assigned", assigned)
        assert assigned.json()["blind"] is True
        for item in assigned.json()["assigned"]:
            pk, index = item["application_id"], item["index"]
            url = f"/api/reviews/applications/{pk}/review"
            scan(url, client.get(url))
            if index % 10 == 0:
                scan(f"/admin/reviewapps/{index}", client.get(f"/admin/reviewapps/{index}"))
                scan(f"resume {pk}", client.get(f"/api/reviews/applications/{pk}/resume"))
            if pk % 15 == 0:
                unreviewed += 1  # left for later: "awaiting review" holds some
                continue
            scores = {str(c): low + (pk * 7 + c) % (high - low + 1) for c, (low, high) in ids.items()}
            saved = client.put(url, {"scores": scores, "comment": "Clear plan, solid team."}, content_type=JSON)
            assert saved.status_code == 200, saved.json()
            scan(f"PUT {url}", saved)
        scan("assigned after", client.get("/api/reviews/assigned"))
    assert found == {}
    # The API-made applicants' resumes were among those fetched.
    watch.check("blind reviews", released=False)

    # --- Ranking -----------------------------------------------------------------------------
    ranking = event.admin.get("/api/reviews/ranking", {"page_size": 200}).json()
    counts = selections.count(cycle, ["reviewed", "awaiting_review"])
    assert ranking["total"] == counts["reviewed"] == SIZE - unreviewed
    assert counts["awaiting_review"] == unreviewed
    ranks = [row["rank"] for row in ranking["rows"]]
    assert ranks == sorted(ranks)
    # What the recalibrations after each save left (each writes only the summaries and sort
    # keys that moved) is the maths over all the scores, and the table's sort keys follow it.
    assert ranking["recalculating"] is False
    assert ranking_disagreements(cycle) == []
    watch.check("ranking", released=False)

    # --- Fill to capacity --------------------------------------------------------------------
    plan = {"capacity": SIZE // 3, "attendance_rate": 1, "waitlist_size": SIZE // 6, "keep_teams": True}
    preview = event.admin.post("/api/reviews/fill-to-capacity", {**plan, "dry_run": True}, content_type=JSON)
    assert preview.status_code == 200, preview.json()
    n = preview.json()["counts"]["accept"]
    assert 0 < n <= SIZE // 3
    # Without the confirmed count nothing happens.
    refused = event.admin.post("/api/reviews/fill-to-capacity", {**plan, "dry_run": False}, content_type=JSON)
    assert refused.status_code == 409
    watch.check("fill to capacity refused", released=False, bulk=True)
    filled = event.admin.post(
        "/api/reviews/fill-to-capacity", {**plan, "dry_run": False, "confirm_count": n}, content_type=JSON
    )
    assert filled.status_code == 200, filled.json()
    assert selections.count(cycle, ["accepted"])["accepted"] == n
    watch.check("fill to capacity", released=False, bulk=True)

    # The scored rest is rejected in one batch; the unscored stay undecided.
    rest = [
        a.email for a in Application.objects.filter(cycle=cycle, status=S.SUBMITTED, review_summary__reviews__gte=1)
    ]
    batch = event.admin.post(
        "/api/applications/batch-status", {"emails": rest, "status": "rejected"}, content_type=JSON
    )
    assert batch.status_code == 200, batch.json()
    assert len(batch.json()["approved"]) == len(rest) and batch.json()["emailed"] == 0
    watch.check("batch reject", released=False, bulk=True)

    # --- An early travel grant: told with the decision, not before ------------------------------
    budget = {"amount": "250.00", "currency": "USD", "receipts_due": None}
    assert event.admin.put("/api/travel/budget", budget, content_type=JSON).status_code == 200
    early = event.statuses(S.ACCEPTED)[0]
    granted = event.admin.put(f"/api/travel/grants/{early.pk}", {"amount": "250.00"}, content_type=JSON)
    assert granted.status_code == 200, granted.json()
    # Nothing of it reaches the applicant yet: their card, a receipt, their dashboard.
    assert event.applicant(early.pk).get("/api/travel/mine").json()["grant"] is None
    receipt = {"file": receipt_file(), "amount": "10.00"}
    assert event.applicant(early.pk).post("/api/travel/receipts", receipt).status_code == 404
    dashboard = page_props(event.applicant(early.pk).get("/dashboard"), "dashboard")
    assert dashboard["status"] == S.SUBMITTED and dashboard["travelGrant"] is None
    # A decision's "Travel reimbursement: Yes" is a grant too (the default amount): refused
    # while the budget can't cover it, changing nothing; granted once it can.
    second = event.statuses(S.ACCEPTED)[1]
    with_travel = {"status": "accepted", "travel_reimbursement": True}
    url = f"/api/applications/status/{second.email}"
    refused = event.admin.post(url, with_travel, content_type=JSON)
    assert refused.status_code == 409 and "travel_reimbursement" in refused.json()["errors"], refused.json()
    budget["amount"] = "350.00"
    assert event.admin.put("/api/travel/budget", budget, content_type=JSON).status_code == 200
    assert event.admin.post(url, with_travel, content_type=JSON).status_code == 200
    mine = event.applicant(second.pk).get("/api/travel/mine").json()
    assert mine["grant"] is None
    # Their travel form starts from where their application said they live, asked once.
    lives = Answer.objects.get(application=second, question_id="country").value
    assert mine["request"] is None and mine["answered"] == {"origin": "", "country": lives} and lives
    watch.check("early travel grant", released=False)

    # --- Release, with its confirmation --------------------------------------------------------
    total = event.admin.get("/api/applications/cycle/release-preview").json()["total"]
    counts = selections.count(cycle, ["accepted", "waitlisted", "rejected", "submitted", "undecided"])
    assert total == counts["accepted"] + counts["waitlisted"] + counts["rejected"]
    assert total == counts["submitted"] - counts["undecided"] > 0
    assert event.config("released").status_code == 409
    assert event.config("released", confirm_emails=total - 1).status_code == 409
    watch.check("release refused", released=False, bulk=True)
    sent = len(mail.outbox)  # the "we received your application" emails of the first submits
    assert event.config("released", confirm_emails=total).status_code == 200
    assert len(mail.outbox) - sent == total
    # Each decision email is the one its template's preview shows in the recipient's language,
    # and says the decision the application has.
    subjects = {
        (status, language): preview_subject(event, f"decision_{status}", language)
        for status in ("accepted", "waitlisted", "rejected")
        for language in ("en", "es")
    }
    spanish_email = person(SPANISH)["email"]
    decided = dict(Application.objects.filter(cycle=cycle).values_list("email", "status"))
    for message in mail.outbox[sent:]:
        language = "es" if message.to[0] == spanish_email else "en"
        assert message.subject == subjects[(decided[message.to[0]], language)], message.to
    # The early grant's applicant reads its amount in their acceptance email, not the spec's
    # $100, and on their card and dashboard (check_travel_told: the two agree).
    told = next(m for m in mail.outbox[sent:] if m.to == [early.email])
    assert "up to 250.00 USD" in told.body and "$100" not in told.body, told.body
    told_second = next(m for m in mail.outbox[sent:] if m.to == [second.email])
    assert "up to 100.00 USD" in told_second.body and "$100" not in told_second.body, told_second.body
    assert event.applicant(second.pk).get("/api/travel/mine").json()["grant"]["amount"] == "100.00"
    assert event.applicant(early.pk).get("/api/travel/mine").json()["grant"]["amount"] == "250.00"
    watch.check("release", released=True, release_step=True, bulk=True)
    # The organizers take it back (no receipt yet): the budget is whole again for the door.
    assert event.admin.delete(f"/api/travel/grants/{early.pk}").status_code == 204
    assert event.applicant(early.pk).get("/api/travel/mine").json()["grant"] is None
    watch.check("early grant withdrawn", released=True)
    # A second save of "released" sends nothing new.
    assert event.config("released").status_code == 200
    watch.check("release again", released=True, bulk=True)

    # --- The RSVP form: the organizers require a phone number and ask the t-shirt size ----------
    rsvp_set = [
        {
            "section_name": "Before the event",
            "conditional_on": None,
            "questions": [
                {
                    "question_id": "rsvp_phone",
                    "question_text": "Phone",
                    "question_type": "short_answer",
                    "required": True,
                },
                {
                    "question_id": "rsvp_tshirt",
                    "question_text": "T-shirt size",
                    "question_type": "multiple_choice",
                    "options": ["S", "M", "L"],
                    "required": False,
                },
            ],
        }
    ]
    assert event.admin.put("/api/applications/rsvp-questions", rsvp_set, content_type=JSON).status_code == 200
    sizes: dict[int, str] = {}

    def rsvp(pk: int) -> dict:
        sizes[pk] = "SML"[pk % 3]
        answers = [{"question_id": "rsvp_phone", "answer": f"+1 609 555 {pk:04d}"}]
        answers.append({"question_id": "rsvp_tshirt", "answer": sizes[pk]})
        return {"sections": [{"section_name": "Before the event", "answers": answers}]}

    # --- Applicants answer: confirm, decline, give up the spot -----------------------------------
    accepted = event.statuses(S.ACCEPTED)
    tokens: dict[int, str] = {}
    for k, application in enumerate(accepted):
        client = event.applicant(application.pk)
        if k % 5 == 4:
            response = client.post("/api/applications/decline")
            assert response.json()["status"] == S.DECLINED
            continue
        if k % 5 == 3:
            continue  # no answer yet
        if k == 0:
            # Without the required RSVP answer: refused at the field, nothing changes.
            refused = client.post("/api/applications/confirm", {}, content_type=JSON)
            assert refused.status_code == 400 and "rsvp_phone" in refused.json()["errors"], refused.json()
            assert Application.objects.get(pk=application.pk).status == S.ACCEPTED
        response = client.post("/api/applications/confirm", rsvp(application.pk), content_type=JSON)
        assert response.status_code == 200 and response.json()["status"] == S.CONFIRMED, response.json()
        # The ticket is there as soon as the confirmation answers.
        ticket = client.get("/api/checkin/ticket")
        assert ticket.status_code == 200
        tokens[application.pk] = ticket.json()["token"]
    watch.check("applicants confirm and decline", released=True)

    gave_up = event.statuses(S.CONFIRMED)[::7]
    for application in gave_up:
        response = event.applicant(application.pk).post("/api/applications/decline")
        assert response.status_code == 200 and response.json()["status"] == S.DECLINED
    watch.check("applicants give up their spots", released=True)
    capacity = event.admin.get("/api/reviews/capacity").json()
    assert capacity["spots_filled"] == len(tokens) - len(gave_up)

    # --- The waitlist ------------------------------------------------------------------------
    waitlisted = event.statuses(S.WAITLISTED)
    for k, application in enumerate(waitlisted):
        client = event.applicant(application.pk)
        action = "decline" if k % 4 == 3 else "confirm-waitlist"
        assert client.post(f"/api/applications/{action}").status_code == 200
    watch.check("waitlist answers", released=True)

    # Offers from the waitlist for the freed spots, in one batch that also names people who
    # answered already: those are skipped, each named with the reason.
    staying = event.statuses(S.WAITLIST_CONFIRMED)
    offered = staying[: len(gave_up) + 2]
    answered = event.statuses(S.CONFIRMED)[:2] + event.statuses(S.DECLINED)[:2]
    batch = event.admin.post(
        "/api/applications/batch-status",
        {"emails": [a.email for a in offered + answered], "status": "waitlist_accepted"},
        content_type=JSON,
    )
    assert batch.status_code == 200, batch.json()
    assert sorted(batch.json()["approved"]) == sorted(a.email for a in offered)
    assert {s["email"] for s in batch.json()["skipped"]} == {a.email for a in answered}
    assert batch.json()["emailed"] == len(offered)
    watch.check("waitlist offers", released=True, bulk=True)

    # One more, decided alone; a declined applicant can't be re-decided without Override.
    single = staying[len(offered)]
    decided = event.admin.post(
        f"/api/applications/status/{single.email}", {"status": "waitlist_accepted"}, content_type=JSON
    )
    assert decided.status_code == 200
    declined = event.statuses(S.DECLINED)[0]
    refused = event.admin.post(f"/api/applications/status/{declined.email}", {"status": "accepted"}, content_type=JSON)
    assert refused.status_code == 409
    watch.check("a waitlist offer decided alone", released=True)

    for application in [*offered, single]:
        client = event.applicant(application.pk)
        assert client.post("/api/applications/confirm", rsvp(application.pk), content_type=JSON).status_code == 200
        tokens[application.pk] = client.get("/api/checkin/ticket").json()["token"]
    watch.check("waitlist offers confirmed", released=True)

    # --- Deadlines: the reminders, and an offer that expires -----------------------------------
    # Offers stay open a day from now on. One unanswered offer was made two days ago (the clock
    # is driven by its offer time), and the deadline task runs, twice: safe to repeat.
    saved = event.admin.post("/api/applications/cycle/offer-settings", {"offer_days": 1}, content_type=JSON)
    assert saved.status_code == 200, saved.json()
    unanswered = event.statuses(S.ACCEPTED)
    late = unanswered[0]
    Application.objects.filter(pk=late.pk).update(offered_at=timezone.now() - datetime.timedelta(days=2))
    sent = len(mail.outbox)
    with TestCase.captureOnCommitCallbacks(execute=True):
        decision_tasks.expire_offers()
        decision_tasks.expire_offers()
    assert Application.objects.get(pk=late.pk).status == S.EXPIRED
    # One expiry email, and each other open offer reminded once (a day before its deadline).
    assert len(mail.outbox) - sent == 1 + len(unanswered) - 1
    watch.check("an offer expires", released=True)

    # --- The waitlist refills itself ----------------------------------------------------------
    before = event.admin.get("/api/reviews/waitlist-refill").json()
    assert before["enabled"] is False and before["free"] > 0
    planned = {row["application_id"] for row in before["next"] if row["next"]}
    switched_on = event.admin.post("/api/reviews/waitlist-refill", {"enabled": True}, content_type=JSON)
    assert switched_on.status_code == 200, switched_on.json()
    refilled = set(
        Application.objects.filter(cycle=cycle, events__source=status_machine.BY_WAITLIST).values_list("pk", flat=True)
    )
    assert refilled and planned <= refilled and len(refilled) <= before["free"]
    watch.check("the waitlist refills", released=True)
    # A spot given up now goes straight to the next person waiting, when it frees a place below
    # the target (the organizer's own offers may have gone past it: then it offers none). A team
    # waitlisted together is offered whole or passed over, so the spots freed must fit one
    # waiting unit (a person alone, or every waiting member of a team), counted here from the
    # rows themselves rather than from the refill's own preview.
    leaving = event.statuses(S.CONFIRMED)[-1]
    waiting = selections.count(cycle, ["waitlisted"])["waitlisted"]
    plan = event.admin.get("/api/reviews/waitlist-refill").json()
    free_after = plan["target"] - (plan["admitted"] - 1) if plan["target"] is not None else 0
    unit_sizes: dict[str, int] = {}
    for pk, teamcode in Application.objects.filter(
        cycle=cycle, status__in=(S.WAITLISTED, S.WAITLIST_CONFIRMED)
    ).values_list("pk", "teamcode"):
        key = teamcode or f"alone-{pk}"
        unit_sizes[key] = unit_sizes.get(key, 0) + 1
    one_fits = any(size <= free_after for size in unit_sizes.values())
    assert event.applicant(leaving.pk).post("/api/applications/decline").status_code == 200
    tokens.pop(leaving.pk, None)
    after = selections.count(cycle, ["waitlisted"])["waitlisted"]
    assert (after < waiting) if one_fits else (after == waiting), (plan, free_after, unit_sizes, waiting, after)
    watch.check("a spot given up is refilled", released=True)

    # --- Check-in at the door -----------------------------------------------------------------
    confirmed = {a.pk for a in event.statuses(S.CONFIRMED)}
    door = sorted(confirmed)[: max(1, len(confirmed) * 4 // 5)]
    # One of them lost their phone and reissued the ticket on the way: the old one admits no one
    # (the door's lock re-checks it even mid-reissue), the new one does, below.
    reissuer = door[0]
    holder = event.applicant(reissuer)
    reissued = holder.post("/api/checkin/ticket/reissue", {}, content_type=JSON)
    assert reissued.status_code == 201, reissued.json()
    old_token, tokens[reissuer] = tokens[reissuer], holder.get("/api/checkin/ticket").json()["token"]
    refused = event.volunteer.post(
        "/api/checkin/scan", {"token": old_token, "scan_id": str(uuid.uuid4())}, content_type=JSON
    )
    assert refused.status_code == 409 and refused.json()["result"] == "replaced", refused.json()
    watch.check("a ticket reissued before the door", released=True, reissued=[reissuer])
    door_time: dict[int, str] = {}
    for pk in door:
        scan_id = str(uuid.uuid4())
        response = event.volunteer.post(
            "/api/checkin/scan", {"token": tokens[pk], "scan_id": scan_id}, content_type=JSON
        )
        assert response.status_code == 200, response.json()
        # The card shows the size given in the RSVP form.
        assert response.json()["person"]["tshirt_size"] == sizes[pk]
        # The same scan sent again (a retry) gets the same answer and changes nothing.
        again = event.volunteer.post("/api/checkin/scan", {"token": tokens[pk], "scan_id": scan_id}, content_type=JSON)
        assert again.json() == response.json()
        door_time[pk] = response.json()["person"]["checked_in_at"]
    # The holder's ticket tells the moment the door told, on the same clock, and names it.
    ticket = holder.get("/api/checkin/ticket").json()
    assert (ticket["checked_in_at"], ticket["event"]["time_zone"]) == (door_time[reissuer], "Europe/Madrid")
    assert datetime.datetime.fromisoformat(door_time[reissuer]).utcoffset() in (
        datetime.timedelta(hours=1),
        datetime.timedelta(hours=2),
    )
    # A spot given up took its ticket with it.
    for application in gave_up:
        response = event.volunteer.post(
            "/api/checkin/scan", {"token": tokens[application.pk], "scan_id": str(uuid.uuid4())}, content_type=JSON
        )
        assert response.status_code in (404, 409), response.json()
    assert selections.count(cycle, ["checked_in"])["checked_in"] == len(door)
    watch.check("check-in", released=True)

    # --- A walk-in with a draft: started an application, never submitted it, came anyway -------
    # The desk's search finds the draft and says why it may not come in; the walk-in takes the
    # draft over (the same account, one application), through every status to checked in.
    late = User.objects.create_user(email="late.draft@yale.edu", password=PASSWORD)
    draft = Application.objects.create(cycle=cycle, user=late, email=late.email, first="Léa", last="Lâte")
    found = event.admin.get("/api/checkin/search", {"q": "late.draft"}).json()["results"]
    assert [(r["door"], r["reason"]) for r in found] == [
        ("not_confirmed", "Not confirmed: the application was started, never submitted.")
    ], found
    # Typed as a volunteer's keyboard types it, her name finds her as her address does; and the
    # organizers' table finds the same one person by it.
    by_name = event.volunteer.get("/api/checkin/search", {"q": "lea late"}).json()["results"]
    assert [r["application_id"] for r in by_name] == [r["application_id"] for r in found] == [draft.pk]
    table = event.admin.get("/api/applications/all", {"filters": json.dumps({"first": "LEA", "last": "late"})}).json()
    assert [row["email"] for row in table["applications"]] == [late.email]
    walk_in = {
        "email": late.email,
        "first_name": "Léa",
        "last_name": "Lâte",
        "school": "Yale University",
        "code_of_conduct": True,
    }
    walked = event.admin.post("/api/checkin/walk-in", walk_in, content_type=JSON)
    assert walked.status_code == 201, walked.json()
    again = event.admin.post("/api/checkin/walk-in", walk_in, content_type=JSON)
    assert again.status_code == 409 and "applied already" in again.json()["message"], again.json()
    assert list(Application.objects.filter(user=late).values_list("pk", "status")) == [(draft.pk, S.CHECKED_IN)]
    assert selections.count(cycle, ["checked_in"])["checked_in"] == len(door) + 1
    assert event.admin.get("/api/checkin/stats").json()["checked_in"] == len(door) + 1
    watch.check("a draft walks in", released=True)

    # --- Lunch: a checkpoint scanned with the same tickets, once a person -----------------------
    made = event.admin.post("/api/checkin/checkpoints", {"name": "Saturday lunch", "kind": "meal"}, content_type=JSON)
    assert made.status_code == 201, made.json()
    lunch = f"/api/checkin/checkpoints/{made.json()['id']}/scan"
    for pk in door:
        scanned = event.volunteer.post(lunch, {"token": tokens[pk], "scan_id": str(uuid.uuid4())}, content_type=JSON)
        assert scanned.status_code == 200 and scanned.json()["result"] == "passed", scanned.json()
    twice = event.volunteer.post(lunch, {"token": tokens[door[0]], "scan_id": str(uuid.uuid4())}, content_type=JSON)
    assert twice.status_code == 409 and twice.json()["result"] == "already_passed", twice.json()
    counts = event.admin.get("/api/checkin/checkpoints").json()["checkpoints"]
    assert [c["passed"] for c in counts] == [len(door)]
    watch.check("lunch", released=True)

    # --- A batch email, with a Spanish version ----------------------------------------------
    # Each recipient's preview is the email they get, to the letter: the Spanish reader's in
    # Spanish, another in English.
    spanish_email, english_email = person(SPANISH)["email"], person(SPANISH + 1)["email"]
    draft_mail = {
        "subject": "Doors open at 9",
        "markdown": "Hello {{ first_name }}, bring your laptop.",
        "audience": "custom",
        "emails": f"{spanish_email}, {english_email}",
        "translations": {"es": {"subject": "Abrimos a las 9", "markdown": "Hola {{ first_name }}, trae tu portátil."}},
    }
    previews = {}
    for index in (0, 1):
        shown = event.admin.post("/api/mailings/preview", {**draft_mail, "recipient": index}, content_type=JSON)
        assert shown.status_code == 200, shown.json()
        previews[shown.json()["recipient"]["email"]] = shown.json()
    assert (previews[spanish_email]["version"], previews[english_email]["version"]) == ("es", "")
    scheduled = event.admin.post(
        "/api/mailings", {**draft_mail, "send_at": timezone.now().isoformat()}, content_type=JSON
    )
    assert scheduled.status_code == 201, scheduled.json()
    before_batch = len(mail.outbox)
    mailing_services.send_due_mailings()
    batch = {message.to[0]: message for message in mail.outbox[before_batch:]}
    assert set(batch) == {spanish_email, english_email}
    for email, shown in previews.items():
        assert (batch[email].subject, batch[email].body) == (shown["subject"], shown["text"]), email
    watch.check("a batch email in each reader's language", released=True)

    # --- Travel: grants never go past the budget ----------------------------------------------
    budget = {"amount": "500.00", "currency": "USD", "receipts_due": None}
    assert event.admin.put("/api/travel/budget", budget, content_type=JSON).status_code == 200
    granted = event.admin.put(f"/api/travel/grants/{door[0]}", {"amount": "300.00"}, content_type=JSON)
    assert granted.status_code == 200, granted.json()
    over = event.admin.put(f"/api/travel/grants/{door[-1]}", {"amount": "300.00"}, content_type=JSON)
    assert over.status_code == 409 and "amount" in over.json().get("errors", {}), over.json()
    assert len(door) == 1 or Application.objects.get(pk=door[-1]).travel_reimbursement is False
    watch.check("travel grants", released=True)

    # The release can no longer be undone: people answered and came.
    preview = event.admin.get("/api/applications/cycle/unrelease-preview").json()
    assert preview["answered"] > 0
    assert event.config("closed", confirm_unrelease=preview["total"]).status_code == 409
    watch.check("un-release refused", released=True, bulk=True)

    # --- The next cycle -----------------------------------------------------------------------
    assert event.config("released", retention_date=event.retention.isoformat()).status_code == 200
    watch.check("retention date set", released=True, bulk=True)
    before = selections.count(cycle, selections.NAMES)
    switched = event.admin.post(
        "/api/applications/cycle/current", {"year": cycle.year + 1, "cycle": cycle.season}, content_type=JSON
    )
    assert switched.status_code == 200, switched.json()
    following = current_cycle()
    assert following.pk != cycle.pk
    watch.use_cycle(following)
    watch.check("next cycle", released=False)

    # --- The retention purge (the daily task, on the retention day) --------------------------------
    sent = len(mail.outbox)
    reports = retention.purge_expired(today=event.retention)
    assert [r.cycle for r in reports] == [retention.cycle_label(cycle)]
    assert not Application.objects.filter(cycle=cycle).exists()
    assert Cycle.objects.get(pk=cycle.pk).purged_at is not None
    # The statistics keep counting what was purged, and nothing of the people is left.
    kept = selections.count(cycle, [n for n in selections.NAMES if selections.get(n).extra is None], anonymised=True)
    assert kept == {n: before[n] for n in kept}
    # Every applicant, and the walk-in who came with a draft.
    assert sum(AnonymisedApplicationCount.objects.filter(cycle=cycle).values_list("count", flat=True)) == SIZE + 1
    leftover = Delivery.objects.filter(email__in=[person(i)["email"] for i in range(SIZE)])
    assert not leftover.exists()
    assert len(mail.outbox) == sent
    watch.check("retention purge", released=False)
    assert len(watch.steps) == 33
