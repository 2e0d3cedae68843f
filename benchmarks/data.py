"""A scratch PostgreSQL database for the benchmarks, filled in bulk with realistic applications.

The database's name must contain `bench`, so that nothing here ever touches a real one; it is
created (dropped first if it exists) and dropped again by the caller.
"""

from __future__ import annotations

import datetime
import os
import random

SCRATCH_MARK = "bench"

# Twelve answers per application, like the default question set, with the cells an export
# must get right: formula-looking text, quotes, commas, line breaks, non-ASCII, empty answers.
ESSAY = "To learn and to build something useful with new friends, and to ship it. "
ANSWERS = {
    "age": lambda r: str(r.randint(16, 30)),
    "country": lambda r: r.choice(["Canada", "United States", "Côte d'Ivoire", "日本", "India"]),
    "level_of_study": lambda r: r.choice(["Undergraduate University (3+ year)", "Graduate University", ""]),
    "major": lambda r: r.choice(["Computer Science", "=1+1", "-Mathematics", "Physics, Applied", "Музыка"]),
    "first_hackathon": lambda r: r.choice(["yes", "no"]),
    "languages": lambda r: r.choice(["Python,Rust,Go", "C++", "", "@swift,Kotlin"]),
    "why_attend": lambda r: ESSAY * r.randint(2, 10) + r.choice(["", 'I said "yes".', "Two\nlines", "🚀"]),
    "proud_project": lambda r: "A bus tracker for our campus shuttle with a live map. " * r.randint(1, 8),
    "links": lambda r: r.choice(["https://github.com/ada,https://ada.dev", "", "+https://x.y"]),
    "needs_travel": lambda r: r.choice(["yes", "no"]),
    "gender": lambda r: r.choice(["Woman", "Man", "Non-binary", "Prefer not to say"]),
    "ethnicity": lambda r: r.choice(["Chinese,White", "Black", "\tTabbed", "Hispanic or Latino"]),
}
FIRST = ["Ada", "Grace", "=cmd", "Zoë", "Björn", "O'Neil", "Chidi", "Sakura", "José", '"Quoted"']
LAST = ["Lovelace", "Hopper", "Smith, Jr.", "Nakamura", "+Plus", "Okafor", "Ünal", "@Home"]
SCHOOLS = ["Princeton University", "Yale University", "Massachusetts Institute of Technology", "Université Laval"]
STATUSES = ["submitted"] * 5 + ["started"] * 2 + ["accepted", "confirmed", "waitlisted", "rejected", "declined"]


def admin_connection(server: str):
    import psycopg

    return psycopg.connect(f"{server.rstrip('/')}/postgres", autocommit=True)


def recreate_database(server: str, name: str) -> str:
    from psycopg import sql

    if SCRATCH_MARK not in name:
        raise SystemExit(f"the scratch database's name must contain '{SCRATCH_MARK}'")
    with admin_connection(server) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return f"{server.rstrip('/')}/{name}"


def drop_database(server: str, name: str) -> None:
    from psycopg import sql

    if SCRATCH_MARK not in name:
        raise SystemExit(f"the scratch database's name must contain '{SCRATCH_MARK}'")
    with admin_connection(server) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def setup_django(url: str, settings: str = "config.settings.test") -> None:
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", settings)
    import django

    django.setup()


def populate(rows: int, *, seed: int = 14, batch: int = 5000) -> None:
    """`rows` applications of the current cycle, each with up to twelve answers (some left out,
    some empty), plus an answer to a question no longer in the set for a few."""
    from django.db import connection

    from apps.accounts.models import User
    from apps.applications.models import Answer, Application
    from apps.cycles.selectors import current_cycle

    rng = random.Random(seed)
    cycle = current_cycle()
    start = datetime.datetime(2026, 3, 1, tzinfo=datetime.UTC)
    for offset in range(0, rows, batch):
        users = [User(email=f"bench{i:06d}@school.edu") for i in range(offset, min(rows, offset + batch))]
        for user in users:
            user.set_unusable_password()
        users = User.objects.bulk_create(users)
        applications = []
        for user in users:
            status = rng.choice(STATUSES)
            submitted = None
            if status != "started":
                # Whole seconds for some: isoformat() leaves the microseconds out then.
                micro = rng.choice([0, rng.randint(1, 999_999)])
                submitted = start + datetime.timedelta(seconds=rng.randint(0, 86_400 * 30), microseconds=micro)
            applications.append(
                Application(
                    cycle=cycle,
                    user=user,
                    email=user.email,
                    first=rng.choice(FIRST),
                    last=rng.choice(LAST),
                    school=rng.choice(SCHOOLS),
                    status=status,
                    teamcode=rng.choice([None, None, "1234567", "-765432"]),
                    travel_reimbursement=rng.random() < 0.2,
                    housing_accommodations=rng.random() < 0.1,
                    submitted_at=submitted,
                )
            )
        applications = Application.objects.bulk_create(applications)
        answers = []
        for application in applications:
            for question_id, make in ANSWERS.items():
                if rng.random() < 0.05:
                    continue  # never answered
                answers.append(Answer(application=application, question_id=question_id, value=make(rng)))
            if rng.random() < 0.01:
                answers.append(Answer(application=application, question_id="retired_question", value="=kept"))
        Answer.objects.bulk_create(answers, batch_size=batch)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
