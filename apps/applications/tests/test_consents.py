"""Consents as versioned records: the texts in one place (apps/applications/consents.py), in
every shipped language, pinned to their versions, and recorded by the submit in its
transaction in the language the applicant read them in."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.test import override_settings
from django.utils import translation

from apps.applications import consents
from apps.applications.models import Application, ConsentRecord
from apps.applications.tests.applicant_data import (  # noqa: F401
    body,
    open_cycle,
    resume_storage,
    upload_resume,
    with_answer,
)

SUBMIT = "/api/applications/application"
SAVE = "/api/applications/save"

# Every text's template, in every language, pinned to its version. A changed text (in any
# language) without a new version fails here: records that name a version must keep meaning
# the text they name. To change a text, raise its version in consents.py and pin the new
# hashes of all its languages here (the old ones can go).
PINNED = {
    ("code_of_conduct", 1, "en"): "677bc41d25462e450885a5bbea00b153bc8a8da90fddc819524bd65f2a5033e7",
    ("code_of_conduct", 1, "es"): "55a41346665880704d59b42209c7eac01923cca7786d2898f0887628b7c7cb06",
    ("mlh_data_sharing", 1, "en"): "28e57f4b8b593616ec23cf6073aad385aeac361774626cf9cfadb203c0b6e95e",
    ("mlh_data_sharing", 1, "es"): "989fa1d129aa51414692dae42bb74ee8c182a316f5b7586709f0785a2f054c7a",
    ("mlh_emails", 1, "en"): "48c1db5df9f17feda764ecd2fe8f98dbb4a7dca570896101282bf1fcd31652ee",
    ("mlh_emails", 1, "es"): "049fa46c50dbfe630f2800feeca73be823d687e983ee4b84a7cc8d458396e08b",
    ("share_resume_with_sponsors", 1, "en"): "c593a6addc75b562075b80dbf30b7d2bf43690353507d3daaf4f5c1e0b9702a1",
    ("share_resume_with_sponsors", 1, "es"): "ff619b29b86e40f6148e2f58b05f78f52c494f0c1f290b5615a58a53d10a0539",
}
BOTH = [("en", "English"), ("es", "Español")]


def post(client, url, data):
    return client.post(url, data, content_type="application/json")


def records(student) -> list[tuple[str, int, bool]]:
    rows = ConsentRecord.objects.filter(application__user=student).order_by("at", "pk")
    return list(rows.values_list("key", "version", "given"))


@pytest.fixture
def applicant(db, resume_storage, open_cycle, student_client):  # noqa: F811
    assert upload_resume(student_client).status_code == 201
    return student_client


def test_every_text_is_pinned_to_its_version():
    """Changing a consent's wording, in any language, without raising its version fails this test."""
    found = {
        (c.key, c.version, lang): hashlib.sha256(template.encode()).hexdigest()
        for c in consents.CONSENTS
        for lang, template in c.templates.items()
    }
    assert found == PINNED, "a consent text changed: raise its version and pin the new hashes"


def test_every_consent_has_a_text_in_every_shipped_language_with_the_same_links():
    for consent in consents.CONSENTS:
        assert set(consent.templates) == set(django_settings.SHIPPED_LANGUAGES), consent.key
        links = {lang: re.findall(r"\]\((\{\w+\})\)", t) for lang, t in consent.templates.items()}
        assert len({tuple(found) for found in links.values()}) == 1, f"{consent.key}: {links}"


def test_the_three_boxes_keep_their_places_and_the_sponsors_one_is_apart():
    boxes = sorted((c.checkbox, c.key) for c in consents.CONSENTS if c.checkbox is not None)
    assert boxes == [(0, "code_of_conduct"), (1, "mlh_data_sharing"), (2, "mlh_emails")]
    assert consents.BY_KEY[consents.SHARE_RESUME].checkbox is None
    assert [c.key for c in consents.CONSENTS if c.required] == ["code_of_conduct", "mlh_data_sharing"]


def test_a_submit_records_the_consents_given_with_their_exact_text(applicant, student):
    r = post(applicant, SUBMIT, body(share_resume_with_sponsors=True))
    assert r.status_code == 200, r.json()
    assert records(student) == [
        ("code_of_conduct", 1, True),
        ("mlh_data_sharing", 1, True),
        ("share_resume_with_sponsors", 1, True),
    ]
    conduct = ConsentRecord.objects.get(application__user=student, key="code_of_conduct")
    assert conduct.text == consents.BY_KEY["code_of_conduct"].text("en")
    assert "MLH Code of Conduct" in conduct.text
    assert conduct.text_hash == hashlib.sha256(conduct.text.encode()).hexdigest()
    assert conduct.language == "en"


@override_settings(LANGUAGES=BOTH)
def test_a_spanish_applicant_sees_and_records_the_spanish_texts(applicant, student):
    """The page shows the texts in the applicant's language, and the submit records that text,
    its hash and its language: what was read, not its English."""
    html = applicant.get("/apply", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    shown = {c["key"]: c["text"] for c in apply_props(html)["consents"]}
    assert shown["code_of_conduct"] == consents.BY_KEY["code_of_conduct"].text("es")
    assert "Código de conducta de MLH" in shown["code_of_conduct"]
    r = applicant.post(SUBMIT, body(), content_type="application/json", HTTP_ACCEPT_LANGUAGE="es")
    assert r.status_code == 200, r.json()
    conduct = ConsentRecord.objects.get(application__user=student, key="code_of_conduct")
    assert (conduct.text, conduct.language) == (shown["code_of_conduct"], "es")
    assert conduct.text_hash == hashlib.sha256(conduct.text.encode()).hexdigest()


def test_a_language_without_texts_falls_back_to_english():
    conduct = consents.BY_KEY["code_of_conduct"]
    assert (conduct.language("fr"), conduct.text("fr")) == ("en", conduct.text("en"))
    assert conduct.language("es-MX") == "es"


def test_submitting_again_unchanged_adds_nothing_and_a_withdrawal_is_recorded(applicant, student):
    assert post(applicant, SUBMIT, body(checkboxes=[True, True, True])).status_code == 200
    assert post(applicant, SUBMIT, body(checkboxes=[True, True, True])).status_code == 200
    assert len(records(student)) == 3
    assert post(applicant, SUBMIT, body(checkboxes=[True, True, False])).status_code == 200
    assert records(student)[-1] == ("mlh_emails", 1, False)
    assert consents.is_given(Application.objects.get(user=student), "mlh_emails") is False


def test_a_body_without_the_sponsors_key_leaves_that_consent_as_it_was(applicant, student):
    assert post(applicant, SUBMIT, body(share_resume_with_sponsors=True)).status_code == 200
    assert post(applicant, SUBMIT, body()).status_code == 200
    assert consents.is_given(Application.objects.get(user=student), consents.SHARE_RESUME)
    assert post(applicant, SUBMIT, body(share_resume_with_sponsors=False)).status_code == 200
    assert not consents.is_given(Application.objects.get(user=student), consents.SHARE_RESUME)


def test_a_refused_submit_records_nothing(applicant, student):
    """The records are written in the submit's transaction: a 400 leaves none behind."""
    r = post(applicant, SUBMIT, {**with_answer("age", "15"), "share_resume_with_sponsors": True})
    assert r.status_code == 400
    assert records(student) == []


def test_a_draft_records_no_consent(applicant, student):
    assert post(applicant, SAVE, body(share_resume_with_sponsors=True)).status_code == 200
    assert records(student) == []


def test_a_new_version_is_recorded_again(applicant, student, monkeypatch):
    """Agreeing again to a changed text (a new version) is a new record."""
    assert post(applicant, SUBMIT, body()).status_code == 200
    newer = consents.Consent("code_of_conduct", 2, True, {"en": "I agree to the new [Code]({code_of_conduct})."}, 0)
    monkeypatch.setitem(consents.BY_KEY, "code_of_conduct", newer)
    assert post(applicant, SUBMIT, body()).status_code == 200
    assert records(student)[-1] == ("code_of_conduct", 2, True)
    assert ConsentRecord.objects.filter(application__user=student, key="code_of_conduct").count() == 2


def apply_props(html: str) -> dict:
    found = re.search(r'id="apply-props" type="application/json">(.*?)</script>', html, re.S)
    return json.loads(found[1])


def test_the_apply_page_carries_the_texts(applicant):
    props = apply_props(applicant.get("/apply").content.decode())
    assert [c["key"] for c in props["consents"]] == [c.key for c in consents.CONSENTS]
    assert props["consents"][0]["text"] == consents.BY_KEY["code_of_conduct"].text()
    assert props["shareResumeWithSponsors"] is False


@pytest.mark.parametrize("lang, name", [("en", "consent-texts.json"), ("es", "consent-texts.es.json")])
def test_the_frontends_fixture_is_the_servers_texts(settings, lang, name):
    """frontend/src/features/apply/consent-texts.json (what the form's unit tests render) and
    its Spanish twin consent-texts.es.json (what the Spanish islands' test renders) are what
    the apply page's props carry in each language: the unit tests test the real texts. After
    changing a text, rewrite the files from consents.consent_props() in each language."""
    settings.SOCIAL_LINKS = {**settings.SOCIAL_LINKS, "code_of_conduct": consents_fixture_conduct_url()}
    fixture = Path(__file__).resolve().parents[3] / "frontend" / "src" / "features" / "apply" / name
    with translation.override(lang):
        assert json.loads(fixture.read_text(encoding="utf-8")) == consents.consent_props()


def consents_fixture_conduct_url() -> str:
    return "https://github.com/MLH/mlh-policies/blob/main/code-of-conduct.md"
