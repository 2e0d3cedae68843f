"""A living demo portal: an admin, an open cycle, the default questions, ~50 applicants.

Idempotent: everything is looked up before it is made, so a second run changes nothing and
duplicates nothing. Applicants are made through the real services (resume upload, draft save,
submit, the organizer's decision, the applicant's answer), so the data is valid by the same
rules as a real applicant's.
"""

from __future__ import annotations

import datetime
import random
from decimal import Decimal

from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management.base import CommandError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from apps.accounts.models import User
from apps.applications import rsvp, status_machine
from apps.applications import selectors as app_selectors
from apps.applications import services as app_services
from apps.applications.models import Application
from apps.applications.validation import validate_rsvp
from apps.core.management.operator import OperatorCommand
from apps.cycles.models import DEFAULT_DATES, CycleStatus, QuestionType
from apps.cycles.questions import EXCLUSIVE_OPTIONS
from apps.cycles.selectors import question_set, rsvp_question_set
from apps.cycles.services import dates_check, ensure_current_cycle, question_set_ensure
from apps.decisions.cycle_release import save_config
from apps.decisions.travel import decide_with_travel
from apps.resumes.models import Resume
from apps.resumes.services import resume_upload
from apps.reviews import reviewing
from apps.reviews import services as review_services
from apps.reviews.rubric import criteria_of
from apps.travel import grants as travel_grants

ADMIN_EMAIL = "admin@hackportal.edu"
ADMIN_PASSWORD = "Demo-Admin-2026"
APPLICANT_PASSWORD = "Demo-Hacker-2026"
# The demo cycle's travel budget: every offer's travel grant fits (about a dozen of 100.00).
DEMO_TRAVEL_BUDGET = Decimal("3000.00")

# (first, last) of the demo applicants.
NAMES = [
    ("Maya", "Chen"), ("Jonah", "Okafor"), ("Priya", "Raman"), ("Lucas", "Moreau"), ("Amara", "Nwosu"),
    ("Ethan", "Kowalski"), ("Sofia", "Rossi"), ("Daniel", "Kim"), ("Zara", "Haddad"), ("Noah", "Feldman"),
    ("Aisha", "Bello"), ("Leo", "Marchetti"), ("Hana", "Sato"), ("Samuel", "Adeyemi"), ("Ivy", "Thompson"),
    ("Arjun", "Mehta"), ("Clara", "Schmidt"), ("Mateo", "Alvarez"), ("Nia", "Williams"), ("Oscar", "Lindqvist"),
    ("Grace", "Park"), ("Tomas", "Novak"), ("Leila", "Farahani"), ("Ben", "Carter"), ("Chloe", "Dubois"),
    ("Kwame", "Mensah"), ("Elena", "Petrova"), ("Ravi", "Iyer"), ("Julia", "Santos"), ("Felix", "Wagner"),
    ("Mina", "Yoon"), ("Isaac", "Goldberg"), ("Fatima", "Qureshi"), ("Henry", "Walsh"), ("Lucia", "Bianchi"),
    ("Kofi", "Asante"), ("Anna", "Larsen"), ("Diego", "Ramirez"), ("Yuki", "Tanaka"), ("Omar", "Saleh"),
    ("Emily", "Brooks"), ("Viktor", "Horvath"), ("Ines", "Costa"), ("Caleb", "Reid"), ("Tara", "Singh"),
    ("Marco", "Ferri"), ("Ada", "Obi"), ("Liam", "Gallagher"), ("Rosa", "Jimenez"), ("Sam", "Whitfield"),
]  # fmt: skip

# Final status per applicant, in order: every status of the application life cycle.
STATUSES = (
    ["started"] * 6
    + ["submitted"] * 10
    + ["waitlisted"] * 5
    + ["waitlist_confirmed"] * 3
    + ["accepted"] * 4
    + ["expired"] * 2
    + ["waitlist_accepted"] * 3
    + ["confirmed"] * 6
    + ["rejected"] * 5
    + ["declined"] * 4
    + ["checked_in"] * 2
)
# The organizer's decision that leads to each final status, and the applicant's answer after it.
PATHS = {
    "waitlist_confirmed": ("waitlisted", "waitlist_confirmed"),
    "confirmed": ("accepted", "confirmed"),
    "declined": ("accepted", "declined"),
    "checked_in": ("accepted", "confirmed"),
    # An offer left unanswered past its deadline (the deadline task's move, by no person).
    "expired": ("accepted", None),
}

# (school, email domain); the host school gets the largest share.
SCHOOLS = [
    ("Princeton University", "princeton.edu"),
    ("Princeton University", "princeton.edu"),
    ("Princeton University", "princeton.edu"),
    ("Yale University", "yale.edu"),
    ("Massachusetts Institute of Technology", "mit.edu"),
    ("Columbia University in the City of New York", "columbia.edu"),
    ("Stanford University", "stanford.edu"),
    ("Georgia Institute of Technology", "gatech.edu"),
    ("University of Michigan", "umich.edu"),
    ("University of Toronto", "utoronto.ca"),
    ("University of Waterloo", "uwaterloo.ca"),
    ("McGill University", "mcgill.ca"),
    ("University of Oxford", "ox.ac.uk"),
    ("Imperial College London", "imperial.ac.uk"),
    ("Politecnico di Milano", "polimi.it"),
    ("University of Lagos", "unilag.edu.ng"),
    ("Indian Institute of Technology, Bombay", "iitb.ac.in"),
]
COUNTRIES = {
    "edu": "United States of America",
    "ca": "Canada",
    "uk": "United Kingdom",
    "it": "Italy",
    "ng": "Nigeria",
    "in": "India",
}
# Teams: applicant indexes sharing a team code.
TEAMS = {"314159": (6, 7, 8), "2718281": (16, 17, 30, 31), "16180339": (36, 37)}

# Most university hackers are undergraduates: weight the answers that a real crowd gives.
LIKELY_CHOICES = {
    "level_of_study": (
        "Undergraduate University (3+ year)",
        "Undergraduate University (3+ year)",
        "Undergraduate University (3+ year)",
        "Undergraduate University (2 year - community college or similar)",
        "Graduate University (Masters, Professional, Doctoral, etc)",
    ),
    "tshirt_size": ("S", "M", "M", "L", "L", "XL"),
}
SHORT_ANSWERS = {
    "major": [
        "Computer Science",
        "Electrical Engineering",
        "Mathematics",
        "Operations Research and Financial Engineering",
        "Mechanical Engineering",
        "Economics",
        "Cognitive Science",
        "Physics",
        "Statistics and Data Science",
        "Molecular Biology",
    ],
    "travel_from": [
        "Boston, MA",
        "New York, NY",
        "Philadelphia, PA",
        "Toronto, ON",
        "Montreal, QC",
        "Pittsburgh, PA",
        "Atlanta, GA",
        "Ann Arbor, MI",
        "Washington, DC",
    ],
}
LONG_ANSWERS = {
    "why_attend": [
        "I want to spend a weekend building something useful with people I would never meet in class. "
        "I am hoping to prototype a tool that turns lecture recordings into searchable notes.",
        "Hackathons are where I learned to ship. This time I want to work on accessibility: an app that "
        "describes campus signage for students with low vision.",
        "I have only built projects alone so far and want to learn how a team divides a problem under "
        "time pressure. I am especially curious about the hardware track.",
        "My friends and I have an idea for a marketplace for lab equipment between universities, and a "
        "hackathon is the right place to test whether it works.",
        "I love meeting people who build things. I would like to try a machine-learning project for "
        "predicting dining-hall crowding from open data.",
    ],
    "proud_project": [
        "A bus tracker for our campus shuttle: I wrote the backend that polls the GPS feed and the map "
        "view; about 800 students use it every week.",
        "A Discord bot that schedules study groups across time zones. I designed the scheduling "
        "algorithm and learned a lot about edge cases with daylight saving time.",
        "A small compiler for a teaching language in Rust, with a type checker and good error messages; "
        "our intro course now uses it for one assignment.",
        "An Arduino-based plant monitor with a web dashboard. I soldered the sensors and wrote the "
        "firmware and the React front end.",
        "A volunteer sign-up site for a local food bank, which replaced a shared spreadsheet. I built it "
        "with Django and handled deployment.",
    ],
}


def minimal_pdf(title: str) -> bytes:
    """A small, valid one-page PDF with a line of text (header, objects, xref, trailer)."""
    text = title.replace("\\", "").replace("(", "").replace(")", "")
    stream = f"BT /F1 18 Tf 72 720 Td ({text}) Tj ET".encode("latin-1", "replace")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R"
        b" /Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    out += f"trailer << /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def _answer(question: dict, rng: random.Random, *, country: str, handle: str) -> str:
    qid, kind, options = question["question_id"], question["question_type"], question["options"]
    if kind == QuestionType.NUMERIC:
        return str(rng.choice([17, 18, 18, 19, 19, 19, 20, 20, 21, 21, 22, 23, 25]))
    if kind == QuestionType.BOOLEAN:
        return "yes" if rng.random() < (0.35 if qid == "first_hackathon" else 0.5) else "no"
    if kind == QuestionType.MULTIPLE_CHOICE:
        likely = [o for o in LIKELY_CHOICES.get(qid, ()) if o in options]
        return rng.choice(likely) if likely and rng.random() < 0.85 else rng.choice(options)
    if kind == QuestionType.MULTISELECT:
        picked = set(rng.sample(options, k=min(len(options), rng.choice([1, 1, 2, 2, 3]))))
        # "None" or "Prefer not to answer" stands alone, as the form and the validation require.
        alone = [o for o in options if o in picked and o in EXCLUSIVE_OPTIONS]
        return alone[0] if alone else ",".join(o for o in options if o in picked)
    if kind == QuestionType.COUNTRY:
        return country
    if kind == QuestionType.LIST:
        links = [f"https://github.com/{handle}", f"https://www.linkedin.com/in/{handle}", f"https://{handle}.dev"]
        return ",".join(links[: rng.choice([1, 2, 3])])
    if kind == QuestionType.SHORT_ANSWER:
        return rng.choice(SHORT_ANSWERS.get(qid) or ["Happy to share more at the event."])[:100]
    if kind == QuestionType.LONG_ANSWER:
        return rng.choice(LONG_ANSWERS.get(qid) or LONG_ANSWERS["why_attend"])[:1200]
    return ""  # resume: the upload is what counts


def application_body(sections: list[dict], rng: random.Random, *, first, last, school, country, handle, team):
    """A complete application in the contract's shape; conditional sections only when they apply."""
    answers: dict[str, str] = {}
    body_sections = []
    for section in sections:
        condition = section["conditional_on"]
        if condition and answers.get(condition) != "yes":
            continue
        items = []
        for question in section["questions"]:
            value = _answer(question, rng, country=country, handle=handle)
            answers[question["question_id"]] = value
            items.append({"question_id": question["question_id"], "answer": value})
        body_sections.append({"section_name": section["section_name"], "answers": items})
    return {
        "first": first,
        "last": last,
        "school": school,
        "sections": body_sections,
        "checkboxes": [True, True, rng.random() < 0.6],
        "teamcode": team,
    }


class Command(OperatorCommand):
    # The demo's data (names, answers) is written as the questions are: only the messages are translated.
    help = gettext_lazy(
        "Fill the portal with demo data: an admin (credentials printed), an open cycle, the default "
        "questions and about fifty applicants in every status with resumes. Safe to run again. "
        "Refuses under production settings unless --force is given."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--force",
            action="store_true",
            help=_("Seed even under production settings (a throwaway demo deployment only)."),
        )

    def handle(self, *args, **options):
        # The admin's password is published in the README: on a real deployment that is an
        # organizer account anyone can sign in to. Production settings set PRODUCTION = True.
        if getattr(settings, "PRODUCTION", False) and not options["force"]:
            raise CommandError(
                _(
                    "seed_demo refuses to run under production settings: it creates the organizer "
                    "%(email)s with the password published in the README (%(password)s) and "
                    "fifty demo applicants. Pass --force only for a throwaway demo deployment."
                )
                % {"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}
            )
        admin = self._admin()
        cycle = self._cycle()
        question_set_ensure(cycle)
        created = self._applicants(cycle, admin)
        total = Application.objects.filter(cycle=cycle).count()
        self.stdout.write(
            _("Applicants created: %(created)d; in the current cycle (%(cycle)s): %(total)d.")
            % {"created": created, "cycle": cycle, "total": total}
        )
        self.stdout.write(
            _("Demo applicants sign in with the password %(password)s.") % {"password": APPLICANT_PASSWORD}
        )

    def _admin(self) -> User:
        admin = User.objects.filter(email=ADMIN_EMAIL).first()
        if admin is None:
            admin = User.objects.create_superuser(email=ADMIN_EMAIL, password=ADMIN_PASSWORD)
            self.stdout.write(
                self.style.SUCCESS(
                    _("Admin created: %(email)s / %(password)s") % {"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}
                )
            )
        else:
            self.stdout.write(
                _("Admin: %(email)s (exists; the demo password is %(password)s unless changed)")
                % {"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}
            )
        return admin

    def _cycle(self):
        # Seeding may create: a database whose current cycle was deleted gets one back.
        cycle = ensure_current_cycle()
        unconfigured = all(getattr(cycle, name) == value for name, value in DEFAULT_DATES.items())
        if unconfigured or cycle.status == CycleStatus.NOT_OPEN:
            today = timezone.now().date()
            dates = {name: getattr(cycle, name) for name in DEFAULT_DATES}
            # Dates stored out of order (before the save checked their order) would refuse the
            # save below: they get the demo's dates too.
            if unconfigured or dates_check(dates):
                offsets = {
                    "due": 30,
                    "housing": 35,
                    "confirmation_first_deadline": 38,
                    "waitlist_deadline": 40,
                    "confirmation_second_deadline": 42,
                    "start": 45,
                    "end": 46,
                }
                dates = {name: today + datetime.timedelta(days=days) for name, days in offsets.items()}
            status = CycleStatus.OPEN if cycle.status == CycleStatus.NOT_OPEN else cycle.status
            cycle = save_config(
                cycle=cycle, dates=dates, status=status, location=cycle.location, housing_link=cycle.housing_link
            )
            self.stdout.write(
                _("Cycle %(cycle)s: %(status)s, applications due %(due)s.")
                % {"cycle": cycle, "status": cycle.get_status_display(), "due": cycle.due.isoformat()}
            )
        else:
            self.stdout.write(
                _("Cycle %(cycle)s: %(status)s (left as it is).")
                % {"cycle": cycle, "status": cycle.get_status_display()}
            )
        return cycle

    def _applicants(self, cycle, admin) -> int:
        existing = set(Application.objects.filter(cycle=cycle).values_list("email", flat=True))
        people = [self._person(i) for i in range(len(NAMES))]
        missing = [p for p in people if p["email"] not in existing]
        if not missing:
            return 0
        if cycle.status != CycleStatus.OPEN:
            self.stdout.write(
                self.style.WARNING(
                    _("The cycle is %(status)s: applications can only be seeded while it is open.")
                    % {"status": cycle.get_status_display()}
                )
            )
            return 0
        sections = question_set(cycle)
        # Room in the travel budget for the decisions' travel grants (DEFAULT_GRANT each).
        budget = travel_grants.budget_of(cycle)
        if budget.amount < DEMO_TRAVEL_BUDGET:
            travel_grants.set_budget(
                cycle=cycle, amount=DEMO_TRAVEL_BUDGET, currency=None, receipts_due=budget.receipts_due
            )
        password = make_password(APPLICANT_PASSWORD)  # hashed once: hashing is deliberately slow
        for person in missing:
            with transaction.atomic():
                self._applicant(cycle, admin, sections, password, person)
        # Two registered students who never started an application ("unsubmitted").
        for handle in ("noor.idris", "pablo.ruiz"):
            self._account(f"{handle}@princeton.edu", password)
        return len(missing)

    @staticmethod
    def _person(index: int) -> dict:
        first, last = NAMES[index]
        school, domain = SCHOOLS[index % len(SCHOOLS)]
        if school not in app_selectors.school_set():
            school, domain = settings.HOST_SCHOOL, "princeton.edu"
        handle = f"{first}.{last}".lower()
        team = next((code for code, members in TEAMS.items() if index in members), None)
        return {
            "index": index,
            "first": first,
            "last": last,
            "school": school,
            "email": f"{handle}@{domain}",
            "handle": handle.replace(".", ""),
            "country": COUNTRIES[domain.rsplit(".", 1)[-1]],
            "team": team,
            "status": STATUSES[index],
        }

    @staticmethod
    def _rsvp(cycle, application, rng: random.Random, person: dict) -> None:
        """The RSVP answers a confirmed demo applicant gave, checked by the one answer
        validation against the cycle's RSVP set (answers to questions it doesn't ask, or that it
        refuses, are dropped)."""
        given = {
            "rsvp_phone": f"+1 609 555 {rng.randint(1000, 9999)}",
            "rsvp_emergency_contact": f"{rng.choice(['Sam', 'Alex', 'Jordan', 'Robin'])} {person['last']}, "
            f"+1 609 555 {rng.randint(1000, 9999)}",
            "rsvp_dietary": [rng.choice(["None", "Vegetarian", "Vegan", "Halal", "Gluten-free"])],
            "rsvp_tshirt": rng.choice(["S", "M", "L", "XL"]),
            "rsvp_accessibility": rng.choice(["", "", "", "A seat near the exit, please."]),
            "rsvp_photo_release": rng.random() < 0.8,
        }
        body = {"sections": [{"answers": [{"question_id": k, "answer": v} for k, v in given.items()]}]}
        answers, errors = validate_rsvp(rsvp_question_set(cycle), body)
        # An organizer's own required questions stay unanswered rather than stopping the seed.
        rsvp.store(application, {k: v for k, v in answers.items() if k not in errors})

    @staticmethod
    def _review(cycle, admin, application, rng: random.Random, decision: str) -> None:
        """The organizer's scored review before the decision, through the reviewing service (so
        the funnel's "Reviewed" counts it and the ranking has its scores): higher for an
        acceptance than for a waitlist, lowest for a rejection."""
        review_services.assign(reviewer=admin, application_id=application.pk)
        level = {"accepted": 0.85, "waitlisted": 0.6}.get(decision, 0.3)
        scores = {}
        for criterion in criteria_of(cycle):
            span = criterion.scale_max - criterion.scale_min
            value = criterion.scale_min + round(span * level) + rng.choice((-1, 0, 0, 1))
            scores[str(criterion.pk)] = min(criterion.scale_max, max(criterion.scale_min, value))
        reviewing.save_review(user=admin, application_id=application.pk, scores=scores, comment="")

    @staticmethod
    def _account(email: str, password: str) -> User:
        user = User.objects.filter(email=email).first()
        if user is None:
            user = User.objects.create(email=email, password=password)
        EmailAddress.objects.get_or_create(user=user, email=email, defaults={"verified": True, "primary": True})
        return user

    def _applicant(self, cycle, admin, sections, password, person) -> None:
        rng = random.Random(f"hackportal-demo-{person['email']}")
        user = self._account(person["email"], password)
        if not Resume.objects.filter(user=user).exists():
            pdf = minimal_pdf(f"{person['first']} {person['last']} - Resume")
            name = f"{person['first']}-{person['last']}-resume.pdf"
            resume_upload(user=user, upload=SimpleUploadedFile(name, pdf, content_type="application/pdf"))
        body = application_body(
            sections,
            rng,
            first=person["first"],
            last=person["last"],
            school=person["school"],
            country=person["country"],
            handle=person["handle"],
            team=person["team"],
        )
        final = person["status"]
        if final == "started":
            app_services.application_save(user=user, data=body)
            return
        application = app_services.application_submit(user=user, data=body)
        if final == "submitted":
            # Half the undecided ones wait in the organizer's review queue; the others have no
            # reviewer yet: the admin panel's to-dos show both.
            if person["index"] % 2:
                review_services.assign(reviewer=admin, application_id=application.pk)
            return
        decision, answer = PATHS.get(final, (final, None))
        self._review(cycle, admin, application, rng, decision)
        # Travel reimbursement with an offer, granted as an organizer's decision grants it.
        travel = rng.random() < 0.5 and decision in status_machine.OFFERS
        decide_with_travel(
            application_id=application.pk,
            status=decision,
            actor=admin,
            travel_reimbursement=travel,
            housing_accommodations=rng.random() < 0.4,
            override=False,
        )
        if answer:
            # The applicant's own answer. Outside its window (the demo cycle is still open), so
            # it goes through the status machine's transition rather than applicant_act.
            status_machine.transition(application_id=application.pk, to=answer, actor=user)
        if answer == "confirmed":
            self._rsvp(cycle, application, rng, person)
        if final == "expired":
            status_machine.transition(
                application_id=application.pk,
                to=final,
                allowed_from=status_machine.OFFERS,
                source=status_machine.BY_DEADLINE,
            )
        if final == "checked_in":
            # Checked in at the door (by the organizer): the status machine's check-in rule.
            status_machine.transition(
                application_id=application.pk, to=final, actor=admin, rule=status_machine.CHECK_IN_RULE
            )
