import json

from django.core.management.base import BaseCommand

from apps.cycles.selectors import current_cycle
from apps.cycles.services import questions_dump


class Command(BaseCommand):
    help = "Print the current cycle's question set as JSON (the shape load_questions and the API accept)."

    def add_arguments(self, parser):
        parser.add_argument("--output", "-o", default="", help="A file to write (default: standard output)")

    def handle(self, *args, output: str, **options):
        text = json.dumps(questions_dump(current_cycle()), indent=2, ensure_ascii=False)
        if output:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text + "\n")
            self.stderr.write(f"Question set written to {output}.")
        else:
            self.stdout.write(text)
