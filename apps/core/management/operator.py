"""The base of the portal's operator commands: what they say is in the portal's language.

An operator reads a command's help and the lines it writes, so both are in the portal's
default language, `LANGUAGE_CODE` (the language an organizer's Spanish deployment is run in).
Django no longer deactivates translations around a command (only those marked
`@no_translations`, such as makemigrations, run untranslated), so whatever language happens to
be active would otherwise win: a command called from code inside another language's
`translation.override`, a test or a task. The command overrides to `LANGUAGE_CODE` instead, on
purpose, both while its parser is built (the help) and while it runs. Machine-readable output
(CSV, JSON) is data and is never translated; mail a command sends is still rendered in each
recipient's language (`apps.mailings.automated.send` overrides again).
"""

from __future__ import annotations

from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils import translation


class OperatorCommand(BaseCommand):
    # `help` is a gettext_lazy constant (the class is defined once, before any language is
    # chosen); `add_arguments` may use plain gettext: it runs inside the override below.

    def create_parser(self, prog_name, subcommand, **kwargs):
        with translation.override(settings.LANGUAGE_CODE):
            parser = super().create_parser(prog_name, subcommand, **kwargs)
            # argparse formats its texts with `re`, which takes no lazy string.
            if parser.description is not None:
                parser.description = str(parser.description)
        return parser

    def execute(self, *args, **options):
        with translation.override(settings.LANGUAGE_CODE):
            return super().execute(*args, **options)
