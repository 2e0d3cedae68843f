"""Organizers' texts of a question set in the other enabled languages.

A section's name and a question's text, help text and option labels are written in the default
language (`LANGUAGE_CODE`) and may each be given again per enabled language, as a map beside them:

    section:  "translations": {"es": {"section_name": "Sobre ti"}}
    question: "translations": {"es": {"question_text": "...", "help_text": "...",
                                      "options": {"Woman": "Mujer"}}}

An option is keyed by its default-language text, the value answers are stored by: a translation
only changes what an applicant reads, so statistics, exports, review and the exclusive options
keep counting one value whatever language it was chosen in.

The applicant's pages read `localized(sections)`, the set in the active language with each text
missing from it in the default language; organizers' pages (review, builder preview, exports)
read the set as stored.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from apps.core.text import UNSTORABLE, is_storable

from .questions import BUILT_IN_TEXTS

TRANSLATIONS = "translations"
SECTION_FIELDS = ("section_name",)
QUESTION_FIELDS = ("question_text", "help_text", "options")
# What the applicant's form gets beside `options` when some are relabelled: {option: label}.
OPTION_LABELS = "option_labels"


def languages() -> list[str]:
    """The languages a text may be given in besides the default: the enabled ones but
    LANGUAGE_CODE (docs/i18n.md)."""
    return [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


def check(value, where: str, add, *, limits: dict[str, int], options: list[str] | None = None) -> None:
    """Report through `add(path, message)` what is wrong with a `translations` map at `where`:
    a language that is not enabled (or is the default), a field that can't be translated, a
    text that is not storable or too long (`limits` by field), an option that is not one of
    `options` (the question's, trimmed; None for a section). Absent or null is fine."""
    if value is None:
        return
    if not isinstance(value, dict):
        add(where, _("Expected an object keyed by language code."))
        return
    allowed = languages()
    fields = SECTION_FIELDS if options is None else QUESTION_FIELDS
    for language, entry in value.items():
        at = f"{where}.{language}"
        if language not in allowed:
            offered = ", ".join(allowed) if allowed else _("none: only the default language is enabled")
            add(
                at,
                _("'%(language)s' is not an enabled language besides the default (offered: %(offered)s).")
                % {"language": language, "offered": offered},
            )
            continue
        if not isinstance(entry, dict):
            add(at, _("Expected an object of texts."))
            continue
        for field, text in entry.items():
            if field not in fields:
                add(
                    f"{at}.{field}",
                    _("Can't be translated here; the fields are: %(fields)s.") % {"fields": ", ".join(fields)},
                )
            elif field == "options":
                _check_options(text, f"{at}.options", add, options or [], limits["options"])
            else:
                _check_text(text, f"{at}.{field}", add, limits[field])


def _check_text(text, at: str, add, limit: int) -> None:
    if text is None:
        return
    if not isinstance(text, str):
        add(at, _("Expected text."))
    elif not is_storable(text):
        add(at, UNSTORABLE)
    elif len(text.strip()) > limit:
        add(at, _("At most %(limit)s characters.") % {"limit": limit})


def _check_options(labels, at: str, add, options: list[str], limit: int) -> None:
    if labels is None:
        return
    if not isinstance(labels, dict):
        add(at, _("Expected an object of labels keyed by option."))
        return
    keys = {o.strip() for o in options if isinstance(o, str)}
    for key, label in labels.items():
        if key.strip() not in keys:
            add(at, _("'%(option)s' is not one of the question's options.") % {"option": key})
        else:
            _check_text(label, at, add, limit)


def clean(value, options: list[str] | None = None) -> dict:
    """A checked `translations` map as stored: texts trimmed, empty ones left out (a missing
    text shows in the default language), languages with nothing left dropped, option labels
    keyed by the trimmed option."""
    out: dict[str, dict] = {}
    for language, entry in (value or {}).items():
        kept: dict = {}
        for field, text in (entry or {}).items():
            if field == "options":
                labels = {k.strip(): v.strip() for k, v in (text or {}).items() if isinstance(v, str) and v.strip()}
                if options is not None:
                    labels = {k: v for k, v in labels.items() if k in options}
                if labels:
                    kept["options"] = labels
            elif isinstance(text, str) and text.strip():
                kept[field] = text.strip()
        if kept:
            out[language] = kept
    return out


def merged(sent, stored: dict | None, options: list[str] | None = None) -> dict:
    """What to store for a text whose client sent `sent`: left out (None), the stored map
    (a client that doesn't know translations must not erase them); else what was sent, with
    the stored texts of languages that are not enabled now, which the client never saw (the
    reads show enabled languages only), so disabling a language for a while loses nothing."""
    stored = clean(stored, options)
    if sent is None:
        return stored
    allowed = set(languages())
    kept = {language: entry for language, entry in stored.items() if language not in allowed}
    return {**kept, **clean(sent, options)}


def shown(value: dict | None) -> dict:
    """The stored map as the builder reads it: the enabled languages besides the default."""
    allowed = languages()
    return {language: entry for language, entry in (value or {}).items() if language in allowed}


def localized(sections: list[dict], language: str | None = None) -> list[dict]:
    """The question set as an applicant reading `language` (the active one when not given) sees
    it: each text in that language where given, else the portal's own translation of a
    built-in text kept as written (questions.BUILT_IN_TEXTS), else as written; option keys
    unchanged, with `option_labels` beside them when some are relabelled; no `translations` maps."""
    language = language or translation.get_language() or settings.LANGUAGE_CODE
    out = []
    with translation.override(language):
        for section in sections:
            own = _texts(section, {"section_name": section.get("section_name")}, language)
            shown_section = {k: v for k, v in section.items() if k not in (TRANSLATIONS, "questions")}
            if own.get("section_name"):
                shown_section["section_name"] = own["section_name"]
            shown_section["questions"] = [_localized_question(q, language) for q in section.get("questions", [])]
            out.append(shown_section)
    return out


def question_shown(question, language: str | None = None) -> tuple[str, dict[str, str]]:
    """One stored question (a cycles Question row) as a reader of `language` (the active one when
    not given) sees it: its text, and the labels of its relabelled options by option. For the
    organizers' pages that show answers per question (demographics), in the applicants' words."""
    language = language or translation.get_language() or settings.LANGUAGE_CODE
    item = {
        "question_text": question.text,
        "help_text": question.help_text,
        "options": question.options or [],
        TRANSLATIONS: question.translations or {},
    }
    with translation.override(language):
        shown_question = _localized_question(item, language)
    return shown_question["question_text"], shown_question.get(OPTION_LABELS, {})


def with_built_in(sections: list[dict]) -> list[dict]:
    """The set as the builder shows it (`sections`, changed in place and returned): each enabled
    language's texts as stored, with the portal's own translation of each built-in text kept
    as written filled in where the organizers gave none: what that language's applicants read
    (`localized`), so the builder's fields and preview show it, and a save keeps it as theirs."""
    for language in languages():
        with translation.override(language):
            for section in sections:
                _fill(section, {"section_name": section.get("section_name")}, language)
                for question in section.get("questions", []):
                    texts = {"question_text": question.get("question_text"), "help_text": question.get("help_text")}
                    _fill(question, texts, language, options=question.get("options") or [])
    return sections


def _fill(item: dict, texts: dict, language: str, options: list[str] | None = None) -> None:
    if entry := _texts(item, texts, language, options):
        item[TRANSLATIONS] = {**(item.get(TRANSLATIONS) or {}), language: entry}


def _texts(item: dict, texts: dict, language: str, options: list[str] | None = None) -> dict:
    """`item`'s texts in `language` (the active one): the organizers' where given, else the
    catalog's for each built-in text kept as written (`texts`: field -> the text as written;
    `options`: the options, labelled under "options")."""
    entry = dict((item.get(TRANSLATIONS) or {}).get(language) or {})
    for field, text in texts.items():
        if not entry.get(field) and (shown := _built_in(text, language)):
            entry[field] = shown
    if options:
        labels = dict(entry.get("options") or {})
        for option in options:
            if not labels.get(option) and (shown := _built_in(option, language)):
                labels[option] = shown
        if labels:
            entry["options"] = labels
    return entry


def _built_in(text, language: str) -> str | None:
    """The catalog's translation (in the active language, `language`) of a built-in text, or
    None: another text, the default language, or no translation in the catalog."""
    if not text or language == settings.LANGUAGE_CODE or text not in BUILT_IN_TEXTS:
        return None
    shown = translation.gettext(text)
    return shown if shown != text else None


def _localized_question(question: dict, language: str) -> dict:
    options = question.get("options") or []
    texts = {"question_text": question.get("question_text"), "help_text": question.get("help_text")}
    own = _texts(question, texts, language, options)
    shown_question = {k: v for k, v in question.items() if k != TRANSLATIONS}
    for field in texts:
        if own.get(field):
            shown_question[field] = own[field]
    labels = {key: label for key, label in (own.get("options") or {}).items() if key in options}
    if labels:
        shown_question[OPTION_LABELS] = labels
    return shown_question
