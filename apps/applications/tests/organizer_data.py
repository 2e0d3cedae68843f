"""Test data for the organizer calls: applicants and applications made through the real
models and the status machine (no status is ever written directly)."""

from __future__ import annotations

from apps.accounts.models import User
from apps.applications import status_machine
from apps.applications.models import Answer, Application, Team
from apps.cycles.models import Cycle, Question, Section
from apps.cycles.selectors import current_cycle

PASSWORD = "Coffee-Beans-42"


def make_application(
    email: str,
    *,
    status: str = "submitted",
    first: str = "",
    last: str = "",
    school: str = "Princeton University",
    teamcode: str | None = None,
    cycle: Cycle | None = None,
    answers: dict[str, str] | None = None,
    user: User | None = None,
) -> Application:
    """An applicant who never signs in in the test, with an application in `status`."""
    cycle = cycle or current_cycle()
    if user is None:
        user = User.objects.filter(email=email.lower()).first() or User.objects.create_user(
            email=email, password=PASSWORD
        )
    team = Team.objects.get_or_create(cycle=cycle, code=teamcode)[0] if teamcode else None
    application = Application.objects.create(
        cycle=cycle,
        user=user,
        email=user.email,
        first=first or email.split("@")[0].title(),
        last=last or "Tester",
        school=school,
        team=team,
        teamcode=teamcode,
        checkboxes=[True, True, False],
    )
    for question_id, value in (answers or {}).items():
        Answer.objects.create(application=application, question_id=question_id, value=value)
    if status != application.status:
        status_machine.transition(application_id=application.pk, to=status, actor=user)
    application.refresh_from_db()
    return application


def other_cycle() -> Cycle:
    return Cycle.objects.get_or_create(season="spring", year=1999)[0]


def small_question_set(cycle: Cycle | None = None) -> list[Section]:
    """Replace the cycle's question set with a small one: a numeric, a short answer, a yes/no
    that opens a conditional section, and a list."""
    cycle = cycle or current_cycle()
    Section.objects.filter(cycle=cycle).delete()
    about = Section.objects.create(cycle=cycle, order=0, name="About You")
    Question.objects.create(cycle=cycle, section=about, order=0, question_id="age", text="Age?", type="numeric")
    Question.objects.create(
        cycle=cycle, section=about, order=1, question_id="major", text="Major?", type="short_answer"
    )
    Question.objects.create(
        cycle=cycle, section=about, order=2, question_id="needs_travel", text="Travel?", type="boolean"
    )
    Question.objects.create(cycle=cycle, section=about, order=3, question_id="links", text="Links", type="list")
    travel = Section.objects.create(cycle=cycle, order=1, name="Travel", conditional_on="needs_travel")
    Question.objects.create(
        cycle=cycle, section=travel, order=0, question_id="travel_from", text="From?", type="short_answer"
    )
    return [about, travel]
