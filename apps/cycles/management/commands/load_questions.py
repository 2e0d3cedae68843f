import json

from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from apps.core.exceptions import ApplicationError
from apps.core.management.operator import OperatorCommand
from apps.cycles.selectors import current_cycle
from apps.cycles.services import questions_replace


class Command(OperatorCommand):
    help = gettext_lazy(
        "Replace the current cycle's question set with the one in FILE (JSON, the shape dump_questions "
        "writes and the questions API returns; '-' reads standard input). Stored answers are kept."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help=_("The question set's JSON file, or - for standard input."))

    def handle(self, *args, file: str, **options):
        try:
            if file == "-":
                import sys

                sections = json.load(sys.stdin)
            else:
                with open(file, encoding="utf-8") as handle:
                    sections = json.load(handle)
        except OSError as exc:
            message = _("Can't read %(file)s: %(error)s") % {"file": file, "error": exc.strerror or exc}
            raise CommandError(message) from exc
        except ValueError as exc:
            raise CommandError(_("%(file)s is not valid JSON: %(error)s") % {"file": file, "error": exc}) from exc
        cycle = current_cycle()
        try:
            saved = questions_replace(cycle, sections)
        except ApplicationError as exc:
            details = "; ".join(f"{key}: {' '.join(map(str, msgs))}" for key, msgs in exc.errors.items())
            raise CommandError(f"{exc.message} {details}".strip()) from exc
        questions = sum(len(section["questions"]) for section in saved)
        self.stdout.write(
            _("Question set loaded into %(cycle)s. Sections: %(sections)d; questions: %(questions)d.")
            % {"sections": len(saved), "questions": questions, "cycle": cycle}
        )
