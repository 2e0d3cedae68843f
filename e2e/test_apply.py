"""Browser journeys of the /apply form, from an empty page to a submitted application."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from apps.applications.models import Application, ApplicationStatus
from apps.applications.services import application_save
from apps.cycles.models import CycleStatus
from apps.cycles.questions import EXCLUSIVE_OPTIONS
from apps.cycles.selectors import current_cycle, question_set
from apps.cycles.services import cycle_set_status, question_set_ensure
from e2e.conftest import expect, shot, sign_in

ALL_TYPES = {
    "numeric",
    "boolean",
    "short_answer",
    "long_answer",
    "multiple_choice",
    "multiselect",
    "list",
    "resume",
    "country",
}


def tiny_pdf() -> bytes:
    """A minimal valid one-page PDF, with a correct cross-reference table."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>",
    ]
    stream = b"BT /F1 12 Tf 72 720 Td (Ada Lovelace) Tj ET"
    objects.append(b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream))
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def open_cycle() -> list[dict]:
    """Open the current cycle (the form is available only then) and return its question set."""
    cycle = current_cycle()
    question_set_ensure(cycle)
    cycle_set_status(cycle=cycle, status=CycleStatus.OPEN)
    return question_set(cycle)


def pick(page: Page, label: str, typed: str, option: str) -> None:
    """Type part of a name into an autocomplete and click the suggestion."""
    field = page.get_by_label(label, exact=True)
    field.click()
    field.fill("")
    field.press_sequentially(typed, delay=20)
    page.get_by_role("option", name=option, exact=True).click()
    expect(field).to_have_value(option)


def fill_basics(page: Page) -> None:
    page.get_by_label("First name").fill("Ada")
    page.get_by_label("Last name").fill("Lovelace")
    pick(page, "School", "princeton univ", "Princeton University")


def fill_question(page: Page, question: dict, pdf_path) -> None:
    """Answer one question through its control, as a person would."""
    text, kind, options = question["question_text"], question["question_type"], question["options"]
    if kind == "numeric":
        page.get_by_label(text, exact=True).fill("20")
    elif kind == "boolean":
        page.get_by_role("group", name=text, exact=True).get_by_role("radio", name="Yes", exact=True).check()
    elif kind == "short_answer":
        page.get_by_label(text, exact=True).fill("Computer Science")
    elif kind == "long_answer":
        page.get_by_label(text, exact=True).fill("A tool that helps my classmates find study partners. " * 3)
    elif kind == "multiple_choice":
        page.get_by_label(text, exact=True).select_option(options[-2])
    elif kind == "multiselect":
        group = page.get_by_role("group", name=text, exact=True)
        for option in two_combinable(options):
            group.get_by_role("checkbox", name=option, exact=True).check()
    elif kind == "list":
        group = page.get_by_role("group", name=text, exact=True)
        group.get_by_label(f"{text}, entry 1").fill("https://github.com/ada")
        group.get_by_role("button", name="Add another").click()
        group.get_by_label(f"{text}, entry 2").fill("https://ada.dev")
        group.get_by_role("button", name="Add another").click()
        expect(group.get_by_role("button", name="Add another")).to_have_count(0)
        group.get_by_label(f"{text}, entry 3").fill("https://example.org/ada")
        group.get_by_role("button", name="Remove entry 3").click()
        expect(group.get_by_role("textbox")).to_have_count(2)
    elif kind == "resume":
        page.get_by_label(text, exact=True).set_input_files(str(pdf_path))
        expect(page.get_by_text("New resume successfully uploaded")).to_be_visible()
    elif kind == "country":
        pick(page, text, "taiw", "Taiwan")


def two_combinable(options: list[str]) -> list[str]:
    """Two options that may be ticked together ("None" and the like stand alone)."""
    return [option for option in options if option not in EXCLUSIVE_OPTIONS][:2]


def fill_everything(page: Page, sections: list[dict], pdf_path) -> None:
    fill_basics(page)
    answered: dict[str, str] = {}
    for section in sections:
        condition = section["conditional_on"]
        if condition:
            # A conditional section appears once its question is answered yes (filled above).
            assert answered.get(condition) == "yes"
            expect(page.get_by_role("group", name=section["section_name"], exact=True)).to_be_visible()
        for question in section["questions"]:
            fill_question(page, question, pdf_path)
            if question["question_type"] == "boolean":
                answered[question["question_id"]] = "yes"
    team = page.get_by_role("group", name="Are you starting a new team?")
    team.get_by_role("radio", name="Yes").check()
    expect(team.get_by_text(re.compile(r"^\d{6,8}$"))).to_be_visible()
    page.get_by_role("checkbox", name=re.compile("MLH Code of Conduct")).check()
    page.get_by_role("checkbox", name=re.compile("MLH Contest Terms")).check()


@pytest.fixture
def pdf_path(tmp_path):
    path = tmp_path / "ada-lovelace-resume.pdf"
    path.write_bytes(tiny_pdf())
    return path


def test_a_student_fills_saves_reloads_and_submits_the_application(page, make_student, pdf_path):
    """Every question type filled (school picked by typing part of its name), a PDF uploaded,
    saved for later, found again after a reload, submitted, and on to /dashboard."""
    sections = open_cycle()
    assert {q["question_type"] for s in sections for q in s["questions"]} == ALL_TYPES
    assert any(s["conditional_on"] for s in sections)
    student = make_student("ada@princeton.edu")
    sign_in(page, student, next="/apply")

    expect(page.get_by_role("heading", name="Apply", exact=True)).to_be_visible()
    expect(page.get_by_text("No resume uploaded.")).to_be_visible()
    conditional = next(s for s in sections if s["conditional_on"])
    expect(page.get_by_role("group", name=conditional["section_name"], exact=True)).to_have_count(0)

    fill_everything(page, sections, pdf_path)
    team_code = page.get_by_role("group", name="Are you starting a new team?").get_by_text(re.compile(r"^\d{6,8}$"))
    code = team_code.inner_text()

    page.get_by_role("button", name="Save for later").click()
    expect(page.get_by_text("Draft saved")).to_be_visible()
    page.wait_for_url(re.compile(r"/dashboard$"))
    application = Application.objects.get(email="ada@princeton.edu")
    assert application.status == ApplicationStatus.STARTED

    # The draft comes back as it was left.
    page.goto("/apply")
    expect(page.get_by_label("First name")).to_have_value("Ada")
    expect(page.get_by_label("School", exact=True)).to_have_value("Princeton University")
    expect(page.get_by_text("Resume previously submitted")).to_be_visible()
    expect(page.get_by_role("group", name=conditional["section_name"], exact=True)).to_be_visible()
    for section in sections:
        for question in section["questions"]:
            text, kind = question["question_text"], question["question_type"]
            if kind == "country":
                expect(page.get_by_label(text, exact=True)).to_have_value("Taiwan")
            elif kind == "numeric":
                expect(page.get_by_label(text, exact=True)).to_have_value("20")
            elif kind == "multiple_choice":
                expect(page.get_by_label(text, exact=True)).to_have_value(question["options"][-2])
            elif kind == "multiselect":
                group = page.get_by_role("group", name=text, exact=True)
                for option in two_combinable(question["options"]):
                    expect(group.get_by_role("checkbox", name=option, exact=True)).to_be_checked()
            elif kind == "boolean":
                group = page.get_by_role("group", name=text, exact=True)
                expect(group.get_by_role("radio", name="Yes", exact=True)).to_be_checked()
            elif kind == "list":
                group = page.get_by_role("group", name=text, exact=True)
                expect(group.get_by_label(f"{text}, entry 2")).to_have_value("https://ada.dev")
    expect(page.get_by_role("group", name="Are you starting a new team?").get_by_text(code)).to_be_visible()
    expect(page.get_by_role("checkbox", name=re.compile("MLH Code of Conduct"))).to_be_checked()

    page.get_by_role("button", name="Submit", exact=True).click()
    expect(page.get_by_text("Application submitted successfully")).to_be_visible()
    page.wait_for_url(re.compile(r"/dashboard$"))
    application.refresh_from_db()
    assert application.status == ApplicationStatus.SUBMITTED
    assert application.school == "Princeton University"
    assert application.teamcode == code
    assert page.js_errors == []


def test_the_form_says_so_when_applications_are_not_open(page, make_student):
    """With the cycle closed, /apply shows 'Applications are not currently open' and no form."""
    cycle_set_status(cycle=current_cycle(), status=CycleStatus.CLOSED)
    student = make_student("grace@princeton.edu")
    sign_in(page, student, next="/apply")
    expect(page.get_by_text("Applications are not currently open")).to_be_visible()
    expect(page.get_by_role("button", name="Submit")).to_have_count(0)
    shot(page, "apply-closed-desktop")


def test_server_errors_appear_beside_their_fields(page, make_student, pdf_path, settings):
    """A submission the server refuses (a full team) shows 'Error submitting application' and the
    message beside the team code, which receives focus."""
    sections = open_cycle()
    settings.TEAM_MAX_SIZE = 1
    teammate = make_student("grace@princeton.edu")
    application_save(user=teammate, data={"first": "Grace", "teamcode": "24681357"})
    student = make_student("ada@princeton.edu")
    sign_in(page, student, next="/apply")
    fill_everything(page, sections, pdf_path)
    team = page.get_by_role("group", name="Are you starting a new team?")
    team.get_by_role("radio", name="No").check()
    team.get_by_label("Your teammate's team code").fill("24681357")
    page.get_by_role("button", name="Submit", exact=True).click()
    expect(page.get_by_text("Error submitting application")).to_be_visible()
    code_input = team.get_by_label("Your teammate's team code")
    expect(code_input).to_be_focused()
    expect(code_input).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_text("This team is full")).to_be_visible()


@pytest.mark.gallery
@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_form_gallery(new_page, make_student, pdf_path, phone):
    """Screenshots of the form empty, with errors and filled, at 1280 and 390 pixels wide."""
    sections = open_cycle()
    page = new_page(phone=phone)
    size = "phone" if phone else "desktop"
    student = make_student("ada@princeton.edu")
    sign_in(page, student, next="/apply")
    expect(page.get_by_label("School", exact=True)).to_be_visible()
    # Nothing may stick out sideways at phone width.
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    shot(page, f"apply-empty-{size}")

    page.get_by_role("button", name="Submit", exact=True).click()
    expect(page.get_by_label("First name")).to_be_focused()
    expect(page.get_by_text("Please select a valid resume file.")).to_be_visible()
    shot(page, f"apply-errors-{size}")

    fill_everything(page, sections, pdf_path)
    expect(page.get_by_text("Please fix the highlighted fields.")).to_have_count(0)
    field = page.get_by_label("School", exact=True)
    field.fill("")
    field.press_sequentially("tech", delay=10)
    expect(page.get_by_role("listbox")).to_be_visible()
    shot(page, f"apply-school-menu-{size}", full_page=False)
    page.keyboard.press("Escape")
    pick(page, "School", "princeton univ", "Princeton University")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    shot(page, f"apply-filled-{size}")
    assert page.js_errors == []


def test_the_school_picker_stays_responsive_with_every_school(page, make_student):
    """Typing into the picker with all 12,717 schools: each keystroke renders its suggestions
    (and the browser paints) quickly, even the first letter, which matches most of the list."""
    open_cycle()
    student = make_student("ada@princeton.edu")
    sign_in(page, student, next="/apply")
    field = page.get_by_label("School", exact=True)
    # The list has arrived once the picker stops showing its loading indicator.
    expect(page.locator(".ac__loading-indicator")).to_have_count(0)
    field.click()
    timings = page.evaluate(
        """async (text) => {
            const input = document.getElementById("apply-school");
            const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set;
            const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
            const out = [];
            for (const ch of text) {
                const started = performance.now();
                setValue.call(input, input.value + ch);
                input.dispatchEvent(new Event("input", { bubbles: true }));
                await frame();
                out.push({
                    text: input.value,
                    ms: performance.now() - started,
                    options: document.querySelectorAll("[role=option]").length,
                });
            }
            return out;
        }""",
        "universit",
    )
    print("\nschool picker, ms per keystroke (text, ms, mounted options):")
    for row in timings:
        print(f"  {row['text']!r:14} {row['ms']:7.1f}  {row['options']}")
    assert all(row["options"] > 0 for row in timings)
    assert all(row["options"] < 40 for row in timings), "the menu should mount only the rows in view"
    assert max(row["ms"] for row in timings) < 250
    expect(page.get_by_role("option").first).to_be_visible()
