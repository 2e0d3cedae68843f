import json

from django.core.management.base import BaseCommand, CommandError

from apps.core.exceptions import ApplicationError
from apps.cycles.selectors import current_cycle
from apps.cycles.services import questions_replace


class Command(BaseCommand):
    help = (
        "Replace the current cycle's question set with the one in FILE (JSON, the shape of "
        "GET /api/applications/questions; '-' reads standard input). Stored answers are kept."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, file: str, **options):
        try:
            if file == "-":
                import sys

                sections = json.load(sys.stdin)
            else:
                with open(file, encoding="utf-8") as handle:
                    sections = json.load(handle)
        except OSError as exc:
            raise CommandError(f"Can't read {file}: {exc.strerror or exc}") from exc
        except ValueError as exc:
            raise CommandError(f"{file} is not valid JSON: {exc}") from exc
        cycle = current_cycle()
        try:
            saved = questions_replace(cycle, sections)
        except ApplicationError as exc:
            details = "; ".join(f"{key}: {' '.join(map(str, msgs))}" for key, msgs in exc.errors.items())
            raise CommandError(f"{exc.message} {details}".strip()) from exc
        questions = sum(len(section["questions"]) for section in saved)
        self.stdout.write(f"Loaded {len(saved)} sections and {questions} questions into {cycle}.")
