import json

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from apps.core.management.operator import OperatorCommand
from apps.cycles.selectors import current_cycle
from apps.cycles.services import questions_dump


class Command(OperatorCommand):
    # The JSON itself is data, in the questions' own language: only the messages are translated.
    help = gettext_lazy("Print the current cycle's question set as JSON (the shape load_questions and the API accept).")

    def add_arguments(self, parser):
        parser.add_argument("--output", "-o", default="", help=_("A file to write (default: standard output)."))

    def handle(self, *args, output: str, **options):
        text = json.dumps(questions_dump(current_cycle()), indent=2, ensure_ascii=False)
        if output:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text + "\n")
            self.stderr.write(_("Question set written to %(file)s.") % {"file": output})
        else:
            self.stdout.write(text)
