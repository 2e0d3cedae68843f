"""Benchmark: peak Python memory while streaming the CSV export of 50,000 applications.

Not collected by pytest (it takes a minute). Run it against a throwaway test database:

    DJANGO_SETTINGS_MODULE=config.settings.test [DATABASE_URL=postgres://...] \
        .venv/bin/python -m benchmarks.export [ROWS]

It creates the test database, fills it in bulk (each application with 12 answers), streams the
export exactly as GET /api/applications/export does, and prints the peak memory traced by
tracemalloc during the stream, next to the size of the CSV produced.
"""

from __future__ import annotations

import sys
import time
import tracemalloc


def main(rows: int) -> None:
    import django

    django.setup()
    from django.db import connection

    old_name = connection.settings_dict["NAME"]
    test_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        from apps.accounts.models import User
        from apps.applications.models import Answer, Application
        from apps.cycles.selectors import current_cycle
        from apps.reports import reports

        cycle = current_cycle()
        started = time.perf_counter()
        batch = 5000
        for offset in range(0, rows, batch):
            users = User.objects.bulk_create(
                [User(email=f"bench{i}@school.edu") for i in range(offset, min(rows, offset + batch))]
            )
            apps = Application.objects.bulk_create(
                [
                    Application(cycle=cycle, user=u, email=u.email, first="Ada", last="Lovelace", school="Yale")
                    for u in users
                ]
            )
            Answer.objects.bulk_create(
                [
                    Answer(application=a, question_id=qid, value=value)
                    for a in apps
                    for qid, value in (
                        ("age", "20"),
                        ("country", "Canada"),
                        ("level_of_study", "Undergraduate University (3+ year)"),
                        ("major", "Computer Science"),
                        ("first_hackathon", "no"),
                        ("languages", "Python,Rust,Go"),
                        ("why_attend", "To learn and to build something useful with new friends. " * 8),
                        ("proud_project", "A bus tracker for our campus shuttle with a live map. " * 8),
                        ("links", "https://github.com/ada,https://ada.dev"),
                        ("needs_travel", "no"),
                        ("gender", "Woman"),
                        ("ethnicity", "Chinese,White"),
                    )
                ],
                batch_size=5000,
            )
        print(f"filled {rows} applications in {time.perf_counter() - started:.1f}s ({connection.vendor})")

        started = time.perf_counter()
        tracemalloc.start()
        size = lines = 0
        for line in reports.csv_lines(reports.export_rows(cycle=cycle, filters=reports.parse_filters(None))):
            size += len(line.encode("utf-8"))
            lines += 1
        current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        elapsed = time.perf_counter() - started
        print(
            f"streamed {lines - 1} rows, {size / 1e6:.1f} MB of CSV in {elapsed:.1f}s; "
            f"tracemalloc peak {peak / 1e6:.2f} MB, at the end {current / 1e6:.2f} MB"
        )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        del test_name


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50_000)
