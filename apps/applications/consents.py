"""The consents asked on the application form: their texts and versions, in this one place.

The apply page renders these texts (its props carry them, links written `[label](url)`), and a
submit records what was given as ConsentRecord rows holding the exact text shown, its SHA-256
and the language it was shown in. To change a text, change it here and raise its
version: a test pins every text's hash, in every language, to its version
(apps/applications/tests/test_consents.py), so a text can't change silently under records that
name its version.

Each consent has its text in every shipped language, written here beside the English rather
than taken from the gettext catalogue: a catalogue is edited freely (`make messages`, a fixed
typo, a reworded string) without anyone thinking of versions, and a record names a version, not
a catalogue. Here, a changed Spanish text fails the pinned hash like a changed English one, so
the version is raised with it. The apply page shows the text of the applicant's active language
(English when the consent has none in it), and a record keeps that text and its language.

The first three are the application's three code-of-conduct boxes (`checkboxes`, in order);
the sponsors' one is outside them (the body's optional `share_resume_with_sponsors`), so the
contract's three booleans keep their meaning.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from django.conf import settings
from django.db.models import Case, F, OuterRef, QuerySet, Subquery, When
from django.utils import timezone, translation

from .models import Application, ConsentRecord

MLH_PRIVACY_POLICY = "https://github.com/MLH/mlh-policies/blob/main/privacy-policy.md"
MLH_CONTEST_TERMS = "https://github.com/MLH/mlh-policies/blob/main/contest-terms.md"

CODE_OF_CONDUCT = "code_of_conduct"
MLH_DATA_SHARING = "mlh_data_sharing"
MLH_EMAILS = "mlh_emails"
SHARE_RESUME = "share_resume_with_sponsors"
# The body's key for the sponsors' consent (absent: left as it was).
SHARE_RESUME_FIELD = SHARE_RESUME


# The language of a text when the active one has none (and of the records made before texts
# had languages).
FALLBACK = "en"


@dataclass(frozen=True)
class Consent:
    key: str
    version: int
    required: bool
    # The text as shown, per language code; `{name}` placeholders are the links of `_links()`.
    # One version covers all its languages: changing any of them raises the version.
    templates: dict[str, str]
    # Its index in the application's `checkboxes`, or None for a consent outside them.
    checkbox: int | None

    def language(self, code: str | None = None) -> str:
        """The language its text is shown in: `code` (the active language when None) if it has
        a text in it, else English."""
        code = (code or translation.get_language() or FALLBACK).split("-")[0].lower()
        return code if code in self.templates else FALLBACK

    def text(self, code: str | None = None) -> str:
        """Its text in `code`'s language (the active language when None; English if none)."""
        return self.templates[self.language(code)].format(**_links())


CONSENTS: tuple[Consent, ...] = (
    Consent(
        CODE_OF_CONDUCT,
        1,
        True,
        {
            "en": "I have read and agree to the [MLH Code of Conduct]({code_of_conduct}).",
            "es": "He leído y acepto el [Código de conducta de MLH]({code_of_conduct}).",
        },
        0,
    ),
    Consent(
        MLH_DATA_SHARING,
        1,
        True,
        {
            "en": "I allow my application and registration details to be shared with Major League Hacking (MLH)"
            " for event administration, ranking and MLH administration, as the [MLH Privacy Policy]"
            "({privacy_policy}) describes, and I agree to the [MLH Contest Terms and Conditions]"
            "({contest_terms}) and the MLH Privacy Policy.",
            "es": "Permito que los datos de mi solicitud y de mi inscripción se compartan con Major League Hacking"
            " (MLH) para la gestión del evento, la clasificación y la administración de MLH, como describe la"
            " [Política de privacidad de MLH]({privacy_policy}), y acepto los [Términos y condiciones de los"
            " concursos de MLH]({contest_terms}) y la Política de privacidad de MLH.",
        },
        1,
    ),
    Consent(
        MLH_EMAILS,
        1,
        False,
        {
            "en": "I would like MLH to email me now and then about events, career opportunities and community news"
            " that may interest me.",
            "es": "Quiero que MLH me envíe de vez en cuando correos sobre eventos, oportunidades profesionales y"
            " noticias de la comunidad que puedan interesarme.",
        },
        2,
    ),
    Consent(
        SHARE_RESUME,
        1,
        False,
        {
            "en": "Share my resume with the event's sponsors: it goes into the resume book they receive if I"
            " attend. I can withdraw this from my dashboard at any time.",
            "es": "Compartir mi currículum con los patrocinadores del evento: estará en el libro de currículums"
            " que reciben si asisto. Puedo retirarlo desde mi panel en cualquier momento.",
        },
        None,
    ),
)
BY_KEY = {c.key: c for c in CONSENTS}
LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")


def _links() -> dict[str, str]:
    # The code of conduct is the event's (CODE_OF_CONDUCT_URL, MLH's by default); the terms and
    # the privacy policy are MLH's own. The stored text holds the addresses as shown.
    return {
        "code_of_conduct": settings.SOCIAL_LINKS["code_of_conduct"],
        "privacy_policy": MLH_PRIVACY_POLICY,
        "contest_terms": MLH_CONTEST_TERMS,
    }


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def plain(text: str) -> str:
    """The text without link markup, as a person reads it (the data export's)."""
    return LINK.sub(r"\1", text)


def consent_props() -> list[dict]:
    """What the apply page shows: every consent with its text in the active language (links as
    `[label](url)`)."""
    return [
        {"key": c.key, "version": c.version, "required": c.required, "checkbox": c.checkbox, "text": c.text()}
        for c in CONSENTS
    ]


def given_in_body(data, checkboxes: list[bool]) -> dict[str, bool]:
    """The consents a submit's body gives or refuses: the three boxes always; the sponsors'
    only when the body says (true or false), so a client that does not know it changes nothing."""
    given = {c.key: bool(checkboxes[c.checkbox]) for c in CONSENTS if c.checkbox is not None}
    share = data.get(SHARE_RESUME_FIELD) if isinstance(data, dict) else None
    if isinstance(share, bool):
        given[SHARE_RESUME] = share
    return given


def latest(application: Application) -> dict[str, ConsentRecord]:
    """The newest record of each consent of the application (one query)."""
    out: dict[str, ConsentRecord] = {}
    for row in ConsentRecord.objects.filter(application=application).order_by("at", "pk"):
        out[row.key] = row
    return out


def _annotation(key: str) -> str:
    return f"consent_state_{key}"


def state_annotations() -> dict[str, Subquery]:
    """Annotations for an Application query: per consent, its newest record's version, negated
    for a withdrawal, NULL when there is none. The submit reads them in the query that locks
    the application, so recording the consents costs no extra read."""
    out = {}
    for consent in CONSENTS:
        newest = ConsentRecord.objects.filter(application=OuterRef("pk"), key=consent.key).order_by("-at", "-pk")
        signed = Case(When(given=True, then=F("version")), default=-F("version"))
        out[_annotation(consent.key)] = Subquery(newest.annotate(signed=signed).values("signed")[:1])
    return out


def _states(application: Application) -> dict[str, tuple[bool, int]]:
    """(given, version) of each consent's newest record: from state_annotations() when the
    application was read with them, else read now."""
    if all(hasattr(application, _annotation(c.key)) for c in CONSENTS):
        out = {}
        for consent in CONSENTS:
            signed = getattr(application, _annotation(consent.key))
            if signed is not None:
                out[consent.key] = (signed > 0, abs(signed))
        return out
    return {key: (row.given, row.version) for key, row in latest(application).items()}


def record(application: Application, given: dict[str, bool], *, at=None) -> list[ConsentRecord]:
    """Record what changed: a consent given for the first time, withdrawn, or given again to
    a newer version of its text. A consent never given and still not given adds nothing.
    The text recorded is the one the request showed, in its active language (the page the
    person read), with that language. At most one read (none after state_annotations()) and
    one insert, in the caller's transaction (a submit's), so the records and their application
    commit or roll back together."""
    at = at or timezone.now()
    before = _states(application)
    rows = []
    for key, now_given in given.items():
        consent = BY_KEY[key]
        if key not in before:
            changed = now_given
        else:
            was_given, version = before[key]
            changed = was_given != now_given or (now_given and version != consent.version)
        if changed:
            lang = consent.language()
            text = consent.text(lang)
            rows.append(
                ConsentRecord(
                    application=application,
                    key=key,
                    version=consent.version,
                    given=now_given,
                    text=text,
                    text_hash=text_hash(text),
                    language=lang,
                    at=at,
                )
            )
    if rows:
        ConsentRecord.objects.bulk_create(rows)
    return rows


def is_given(application: Application | None, key: str) -> bool:
    if application is None:
        return False
    newest = latest(application).get(key)
    return bool(newest and newest.given)


def newest_given(key: str) -> Subquery:
    """An annotation for an Application query: whether the newest record of `key` gives it
    (NULL when there is none), what is_given() reads with one more query."""
    newest = ConsentRecord.objects.filter(application=OuterRef("pk"), key=key).order_by("-at", "-pk")
    return Subquery(newest.values("given")[:1])


def consenting(applications: QuerySet, key: str) -> QuerySet:
    """The applications of `applications` whose newest record of `key` gives it."""
    return applications.annotate(_consent=newest_given(key)).filter(_consent=True)
